#!/usr/bin/env python3
"""Writes crates/engine/src/time/tzdata.bin: the IANA time-zone rules of the chrono-tz crate the
engine is tested against (Cargo.lock's version), in a compact form the page can afford (about
22 KB gzip against chrono-tz's ~130 KB of generated code and tables in the wasm).

Read from chrono-tz's own generated source (src/prebuilt/timezones.rs: each zone's first offset and
its transitions, utc_offset + dst_offset) and name table; zones with identical rules are stored once.
crates/engine/src/time/tzdb.rs decodes it; its test `tzdb_matches_chrono_tz` checks every zone
against chrono-tz's public API (offsets around every transition, local times in gaps and overlaps)
and that this file is what this script writes. Run after a chrono-tz update:

    python3 scripts/gen-tzdata.py

Format (LEB128 varints; s = zigzag-signed): b"JLTZ" 2, u len + tzdb version; u N names, each
u len + UTF-8 + u zone index (sorted by name); u Z zones, each u byte length then s first offset (s),
u K distinct offsets, K x s offset (ascending), u n transitions, n x u step (the seconds since the
previous transition, the first since the epoch: (|d| / unit) << 3 | negative << 2 | unit, unit 0
hours, 1 minutes, 2 seconds; 97 % are whole hours), then n bytes: each transition's offset as an
index into the K. The steps and the indexes in two runs: gzip finds the repeats of each (about
22 KB gzip, 29 KB when each step sat beside its offset).
"""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def chrono_tz_dir():
    meta = json.loads(subprocess.check_output(
        ["cargo", "metadata", "--format-version", "1", "--manifest-path", os.path.join(ROOT, "Cargo.toml")]))
    for p in meta["packages"]:
        if p["name"] == "chrono-tz":
            return os.path.dirname(p["manifest_path"])
    sys.exit("gen-tzdata: chrono-tz is not in the workspace's dependency graph")


def uvar(x):
    out = bytearray()
    while True:
        b = x & 0x7F
        x >>= 7
        if x:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def svar(x):
    return uvar((x << 1) ^ (x >> 63) if x < 0 else x << 1)


def step(d):
    """A transition's distance from the one before, in the largest unit that divides it."""
    unit = 0 if d % 3600 == 0 else 1 if d % 60 == 0 else 2
    return (abs(d) // (3600, 60, 1)[unit]) << 3 | (4 if d < 0 else 0) | unit


def main():
    d = os.path.join(chrono_tz_dir(), "src", "prebuilt")
    src = open(os.path.join(d, "timezones.rs"), encoding="utf-8").read()
    version = re.search(r'IANA_TZDB_VERSION: &str = "([^"]+)"', open(os.path.join(d, "directory.rs"), encoding="utf-8").read()).group(1)
    names = dict(re.findall(r'Tz::(\w+) => "([^"]+)",', src))
    spans = src[src.index("fn timespans"):]
    parts = re.split(r"\n\s*Tz::(\w+) => \{", spans)
    rules = {}
    for j in range(1, len(parts), 2):
        body = parts[j + 1]
        first = re.search(r"first: FixedTimespan \{\s*utc_offset: (-?\d+),\s*dst_offset: (-?\d+)", body)
        rest = re.findall(r"\((-?\d+), FixedTimespan \{ utc_offset: (-?\d+), dst_offset: (-?\d+)", body.split("FixedTimespanSet")[0])
        rules[parts[j]] = (int(first.group(1)) + int(first.group(2)), tuple((int(t), int(u) + int(s)) for t, u, s in rest))
    if set(rules) != set(names):
        sys.exit(f"gen-tzdata: {len(rules)} rule sets for {len(names)} names")
    zones, index = [], {}
    for variant in sorted(rules, key=lambda v: names[v]):
        r = rules[variant]
        if r not in index:
            index[r] = len(zones)
            zones.append(r)
    out = bytearray(b"JLTZ\x02")
    out += uvar(len(version)) + version.encode()
    out += uvar(len(names))
    for variant in sorted(names, key=lambda v: names[v].encode()):
        n = names[variant].encode()
        out += uvar(len(n)) + n + uvar(index[rules[variant]])
    out += uvar(len(zones))
    for first, rest in zones:
        offsets = sorted({first} | {off for _, off in rest})
        if len(offsets) > 256:
            sys.exit("gen-tzdata: a zone with more than 256 offsets")
        z = bytearray(svar(first) + uvar(len(offsets)))
        for off in offsets:
            z += svar(off)
        z += uvar(len(rest))
        prev = 0
        for t, _ in rest:
            z += uvar(step(t - prev))
            prev = t
        z += bytes(offsets.index(off) for _, off in rest)
        out += uvar(len(z)) + z
    path = os.path.join(ROOT, "crates", "engine", "src", "time", "tzdata.bin")
    open(path, "wb").write(bytes(out))
    print(f"gen-tzdata: {len(names)} names, {len(zones)} distinct zones, {len(out)} bytes (tzdb {version}) -> {os.path.relpath(path, ROOT)}")


if __name__ == "__main__":
    main()

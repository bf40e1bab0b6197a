#!/usr/bin/env python3
"""The summary of one `npm run bench` run (scripts/bench.sh pipes its log here): per workload the
engine natively and in wasm (the page's size-tuned build and the speed-tuned one, each in Node and
in headless Chromium), Apache Flink 2.3 at parallelism 1 and the bare-loop floor measured in the
same run, and the ratios issue 16 tracks: engine / Flink (goal >= 10x), floor / engine (how far
from the machine's limit), wasm / native (goal >= 0.6, in Node and in Chromium). Workloads whose
figure is missing from the log (Flink not set up, a workload not run) show "-".

    python3 scripts/bench_table.py LOG
"""
import re
import sys

NAMES = ["w1", "w2-inner", "w2-left", "w4-inner", "w4-left", "w5-inner", "w5-left",
         "w3-cascade", "w3-multi", "lookup-key", "lookup-vector"]
FLINK = {"w1": "w1", "w2inner": "w2-inner", "w2left": "w2-left", "w4inner": "w4-inner",
         "w4left": "w4-left", "w5inner": "w5-inner", "w5left": "w5-left"}


def num(s):
    return float(s.replace(",", ""))


def main():
    native, trace_on, wasm, fast, flink, floor = {}, None, {}, {}, {}, {}
    chrome, chrome_fast = {}, {}  # the same builds in headless Chromium (tests/wasm/bench-chromium.mjs)
    traced = {}  # w1 with the trace on in wasm: (where, speed-tuned) -> rows/s
    speed = False  # in the speed-tuned wasm build's section of the log
    for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
        if line.startswith("== "):
            speed = "speed-tuned" in line
        m = re.match(r"^(\S+)\s+throughput\s+([\d.]+) input rows/s", line)
        if m and m.group(1) in NAMES:
            native[m.group(1)] = num(m.group(2))
        m = re.match(r"^w1 \(trace on\)\s+throughput\s+([\d.]+)", line)
        if m:
            trace_on = num(m.group(1))
        m = re.match(r"^(\S+)\s+trace (off|on )\s+([\d,]+) input rows/s \(wasm( in Chromium)?", line)
        if m and m.group(2) == "off":
            if m.group(4):
                (chrome_fast if speed else chrome)[m.group(1)] = num(m.group(3))
            else:
                (fast if speed else wasm)[m.group(1)] = num(m.group(3))
        elif m and m.group(1) == "w1":
            traced[("Chromium" if m.group(4) else "Node", speed)] = num(m.group(3))
        m = re.match(r"^floor (\S+)\s+([\d.]+) rows/s", line)
        if m:
            floor[m.group(1)] = num(m.group(2))
        m = re.search(r"RESULT query=(\S+) .*rows_per_s\(min/med/max\)=\d+/(\d+)/\d+", line)
        if m and m.group(1) in FLINK:
            flink[FLINK[m.group(1)]] = num(m.group(2))

    def cell(v, fmt="{:,.0f}"):
        return "-" if v is None else fmt.format(v)

    def ratio(a, b):
        return None if a is None or b is None or b == 0 else a / b

    print("| workload | native rows/s | wasm rows/s (Node) | speed-tuned wasm rows/s | wasm rows/s (Chromium) "
          "| speed-tuned wasm rows/s (Chromium) | Flink 2.3 p=1 (median) | floor rows/s | native / Flink (goal 10x) "
          "| floor / native | wasm / native (goal 0.6) | speed-tuned wasm / native | wasm in Chromium / native (goal 0.6) "
          "| speed-tuned wasm in Chromium / native |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for w in NAMES:
        n, x, s, f, fl = native.get(w), wasm.get(w), fast.get(w), flink.get(w), floor.get(w)
        c, cs = chrome.get(w), chrome_fast.get(w)
        if n is None and x is None and c is None:
            continue
        print(f"| {w} | {cell(n)} | {cell(x)} | {cell(s)} | {cell(c)} | {cell(cs)} | {cell(f)} | {cell(fl)} "
              f"| {cell(ratio(n, f), '{:.1f}x')} | {cell(ratio(fl, n), '{:.1f}x')} | {cell(ratio(x, n), '{:.2f}')} "
              f"| {cell(ratio(s, n), '{:.2f}')} | {cell(ratio(c, n), '{:.2f}')} | {cell(ratio(cs, n), '{:.2f}')} |")
    if trace_on is not None:
        print(f"\nw1 with the trace on (what the page runs): {trace_on:,.0f} input rows/s natively (goal 1,000,000)")
    parts = [f"{traced[k]:,.0f} {label}" for k, label in [
        (("Node", False), "in Node"), (("Chromium", False), "in Chromium"),
        (("Node", True), "speed-tuned in Node"), (("Chromium", True), "speed-tuned in Chromium")] if k in traced]
    if parts:
        print(f"{'' if trace_on is not None else chr(10)}w1 with the trace on, wasm: {', '.join(parts)} input rows/s")
        if trace_on:
            # both sides time the page's whole path: every step built and packed (bench::run_packed)
            shares = [f"{traced[k] / trace_on:.2f} {label}" for k, label in [
                (("Node", False), "in Node"), (("Chromium", False), "in Chromium"),
                (("Node", True), "speed-tuned in Node"), (("Chromium", True), "speed-tuned in Chromium")] if k in traced]
            print(f"w1 with the trace on, wasm / native (goal 0.6): {', '.join(shares)}")
    missing = [w for w in FLINK.values() if w not in flink]
    if missing:
        print(f"\n(no Flink figure for {', '.join(missing)}: the oracle is not set up here, or JOINLAB_BENCH_FLINK=0)")


if __name__ == "__main__":
    main()

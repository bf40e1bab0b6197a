#!/usr/bin/env python3
"""Writes the oracle's .expected for many scenarios in as few JVMs as possible, skipping any
scenario Flink does not finish within --timeout seconds (a planner that never terminates):

    python3 scripts/fuzz/oracle_batch.py --timeout 120 /tmp/fw/*.sql   # then scripts/fuzz/diff.sh /tmp/fw

Scenarios skipped this way are listed on stderr and get no .expected (diff.sh ignores them).
"""
import argparse
import os
import subprocess
import sys
import time

# the oracle lives next to the repository (../shared/oracle), or where ORACLE_DIR says
RUN = os.path.join(
    os.environ.get("ORACLE_DIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../shared/oracle")),
    "run-scenario",
)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--timeout", type=float, default=120, help="seconds without progress before a file counts as hung")
    p.add_argument("files", nargs="+")
    a = p.parse_args()
    todo = [f for f in a.files if not os.path.exists(f[:-4] + ".expected")]
    while todo:
        proc = subprocess.Popen([RUN, "--write-expected"] + todo, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        last, seen = time.time(), 0
        while proc.poll() is None:
            n = sum(os.path.exists(f[:-4] + ".expected") for f in todo)
            if n != seen:
                last, seen = time.time(), n
            if time.time() - last > a.timeout:
                os.killpg(proc.pid, 9)
                proc.wait()
                break
            time.sleep(1)
        done = [f for f in todo if os.path.exists(f[:-4] + ".expected")]
        rest = [f for f in todo if f not in done]
        if rest and proc.returncode not in (0, None) and proc.returncode < 0:
            print("hung: %s" % rest[0], file=sys.stderr)
            rest = rest[1:]
        elif rest:
            print("no output for: %s" % " ".join(rest), file=sys.stderr)
            break
        todo = rest


if __name__ == "__main__":
    main()

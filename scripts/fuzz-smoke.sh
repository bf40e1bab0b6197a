#!/usr/bin/env bash
# `npm test`'s fuzz smoke: every fuzz target for a few seconds (FUZZ_SMOKE_SECONDS, default 6)
# from its seed corpus, where the nightly toolchain and cargo-fuzz are present ("skipped: …"
# otherwise). Each target is one test. From a clean checkout it took 3 min 39 s on 2 cores
# (184 s of nightly build with coverage instrumentation, 35 s of runs).
set -uo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
FUZZ_WORK="$work" bash scripts/fuzz-run.sh "${FUZZ_SMOKE_SECONDS:-6}"
rc=$?
# the corpora go; a failure keeps its inputs (artifacts/) for a look
[ "$rc" = 0 ] && rm -rf "$work"
exit "$rc"

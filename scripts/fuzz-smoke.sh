#!/usr/bin/env bash
# `npm test`'s fuzz smoke: every fuzz target for a few seconds (FUZZ_SMOKE_SECONDS, default 10)
# from its seed corpus, where the nightly toolchain and cargo-fuzz are present ("skipped: …"
# otherwise). Each target is one test. From a clean checkout the nightly build takes about
# 4 minutes on 2 cores, the runs 50 s.
set -uo pipefail
cd "$(dirname "$0")/.."
FUZZ_WORK="$(mktemp -d)" exec bash scripts/fuzz-run.sh "${FUZZ_SMOKE_SECONDS:-10}"

#!/usr/bin/env bash
# The long fuzz run behind the README's figures: every target for SECONDS_PER_TARGET (default
# 600), one at a time, keeping the grown corpora in FUZZ_WORK (default /tmp/joinlab-fuzz) so
# that a second run starts where the first stopped.
# Usage: bash scripts/fuzz-long.sh [SECONDS_PER_TARGET] [TARGET…]
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
FUZZ_WORK="${FUZZ_WORK:-/tmp/joinlab-fuzz}" exec bash scripts/fuzz-run.sh "$seconds" "$@"

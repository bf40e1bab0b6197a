#!/usr/bin/env bash
# The benchmark (not a test): every workload of ../shared/BENCHMARKS.md natively and in the
# wasm build (Node), the generators' speed, and the compressed size of what the page downloads.
#   npm run bench [-- ROWS]      (default 500000 rows per table)
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-500000}"
bash scripts/setup.sh >&2
cargo build -q --release -p joinlab-cli
cli="${CARGO_TARGET_DIR:-target}/release/joinlab"
echo "== native (joinlab bench, median of 3)"
for w in w1 w2-inner w2-left w4-inner w4-left w5-inner w5-left w3-cascade w3-multi; do
  "$cli" bench "$w" --rows "$rows" --repeat 3 | sed "s/^/$w  /" | grep -E "throughput|output|peak|check"
done
# issue 14's lookups: 10^5 lookups against 10^4 external-table rows
for w in lookup-key lookup-vector; do
  "$cli" bench "$w" --rows 100000 --repeat 3 | sed "s/^/$w  /" | grep -E "throughput|output|peak|check"
done
"$cli" bench w1 --rows "$rows" --repeat 3 --trace | sed "s/^/w1 (trace on)  /" | grep -E "throughput|trace "
"$cli" bench gen --repeat 3
"$cli" bench insert-parse --rows 100000 --repeat 3
echo "== wasm (Node)"
pkg="$(mktemp -d)"
JOINLAB_WASM_OUT="$pkg" bash scripts/build-wasm.sh
JOINLAB_WASM_PKG="$pkg" node tests/wasm/bench.mjs "$rows" 3
echo "== what the page downloads"
if [ -d dist ]; then
  find dist -type f \( -name '*.js' -o -name '*.wasm' -o -name '*.css' -o -name '*.html' \) -print0 |
    xargs -0 -I{} sh -c 'printf "%9d %9d  %s\n" "$(wc -c < "{}")" "$(gzip -9c "{}" | wc -c)" "{}"' | sort -k3
fi
echo "(bytes raw, gzip -9; run npm run build first for dist/)"

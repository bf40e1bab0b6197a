#!/usr/bin/env bash
# The benchmark (not a test): every workload of ../shared/BENCHMARKS.md natively and in the
# wasm build (Node, and headless Chromium: tests/wasm/bench-chromium.mjs), the bare-loop floor
# (crates/floor) and Apache Flink 2.3 at parallelism 1 (../shared/bench/flink/bench, when the
# oracle is set up) in the same run, the generators' speed, the compressed size of what the page
# downloads, and a table of the ratios (scripts/bench_table.py).
#   npm run bench [-- ROWS]      (default 500000 rows per table)
#   JOINLAB_BENCH_FLINK=0 skips Flink (about 6 minutes at the default size); JOINLAB_BENCH_WASM=0
#   skips the wasm builds and runs (native, floor and Flink only: the 10x comparison alone);
#   JOINLAB_SHARED=DIR says where ../shared is.
set -euo pipefail
cd "$(dirname "$0")/.."
rows="${1:-500000}"
log="$(mktemp)"
{
bash scripts/setup.sh >&2
cargo build -q --release -p joinlab-cli -p joinlab-floor
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
echo "== the floor (bare Rust loops, median of 5)"
"${CARGO_TARGET_DIR:-target}/release/joinlab-floor" --rows "$rows" --repeat 5
shared="${JOINLAB_SHARED:-../shared}"
cache="${JOINLAB_ORACLE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/joinlab-oracle}"
if [ "${JOINLAB_BENCH_FLINK:-1}" != 0 ] && [ -x "$shared/bench/flink/bench" ] && [ -f "$cache/flink-lib.path" ]; then
  echo "== Apache Flink 2.3, p=1, heap state (1 warm-up + 3 runs, fresh JVM per query)"
  for q in w1 w2inner w2left w4inner w4left w5inner w5left; do
    "$shared/bench/flink/bench" --query "$q" --n "$rows" --p 1 --warmup 1 --runs 3 2>/dev/null | grep '^RESULT' || echo "flink $q: failed"
  done
else
  echo "== Apache Flink: skipped (JOINLAB_BENCH_FLINK=0, or no $shared/bench/flink/bench with the oracle set up)"
fi
pkg="$(mktemp -d)"
fast="$(mktemp -d)"
if [ "${JOINLAB_BENCH_WASM:-1}" != 0 ]; then
  echo "== wasm (Node)"
  JOINLAB_WASM_OUT="$pkg" bash scripts/build-wasm.sh
  JOINLAB_WASM_PKG="$pkg" node tests/wasm/bench.mjs "$rows" 3
  echo "== wasm (Chromium, headless, the same build in a Web Worker)"
  JOINLAB_WASM_PKG="$pkg" node tests/wasm/bench-chromium.mjs "$rows" 3
  echo "== wasm (Node, speed-tuned build: opt-level 3, for headless use)"
  JOINLAB_WASM_SPEED=1 JOINLAB_WASM_OUT="$fast" bash scripts/build-wasm.sh
  JOINLAB_WASM_PKG="$fast" node tests/wasm/bench.mjs "$rows" 3
  echo "== wasm (Chromium, speed-tuned build, headless, in a Web Worker)"
  JOINLAB_WASM_PKG="$fast" node tests/wasm/bench-chromium.mjs "$rows" 3
else
  echo "== wasm: skipped (JOINLAB_BENCH_WASM=0)"
fi
echo "== what the page downloads"
node -e '
  const fs = require("fs"), path = require("path"), zlib = require("zlib");
  const files = [];
  const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); e.isDirectory() ? walk(p) : /\.(js|wasm|css|html)$/.test(p) && files.push(p); } };
  const pkg = process.argv[1];
  walk(pkg); if (fs.existsSync("dist")) walk("dist");
  for (const f of files.sort()) {
    const b = fs.readFileSync(f);
    const gz = zlib.gzipSync(b, { level: 9 }).length;
    const br = zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    console.log(`${String(b.length).padStart(9)} ${String(gz).padStart(9)} ${String(br).padStart(9)}  ${f}`);
  }' "$pkg"
echo "(bytes raw, gzip -9, brotli -q 11; run npm run build first for dist/)"
rm -rf "$fast" "$pkg"
} 2>&1 | tee "$log"
echo "== summary (this run)"
python3 scripts/bench_table.py "$log"
rm -f "$log"

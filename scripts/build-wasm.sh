#!/usr/bin/env bash
# Builds the engine for the browser: size-tuned release (fat LTO, opt-level z), wasm-bindgen
# (web target) into www/pkg (or $JOINLAB_WASM_OUT), then npm binaryen's wasm-opt -Oz (never Debian's: it breaks the
# module). LTO is skipped for a crate that is also an rlib, hence `cargo rustc --crate-type cdylib`.
# JOINLAB_WASM_SPEED=1 builds the speed-tuned module instead (the release profile, opt-level 3, no
# wasm-opt -Oz: about twice the size, 1.2-2x faster; `npm run bench` measures both).
# JOINLAB_WASM_FEATURES=cli builds the npm package's module (packages/joinlab: `prepack` sets it,
# with JOINLAB_WASM_OUT=packages/joinlab/wasm): the same flags in a profile of its own
# (wasm-package), with joinlab-wasm's `cli` feature; the page's module never has it (size budget).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${JOINLAB_WASM_OUT:-www/pkg}"
target="${CARGO_TARGET_DIR:-target}"
features="${JOINLAB_WASM_FEATURES:-}"
if [ -n "$features" ]; then
  cargo rustc -q -p joinlab-wasm --lib --profile wasm-package --features "$features" --target wasm32-unknown-unknown --crate-type cdylib
  built="$target/wasm32-unknown-unknown/wasm-package/joinlab_wasm.wasm"
  # The same module, features and script as the last build into $out: its output is still there
  # (npm pack runs this on every pack; wasm-opt takes a minute or two).
  stamp="$(cat "$built" scripts/build-wasm.sh | sha256sum | cut -d' ' -f1) $features $(wasm-bindgen --version)"
  if [ -f "$out/joinlab_wasm_bg.wasm" ] && [ -f "$out/joinlab_wasm.js" ] && [ "$(cat "$out/.built-from" 2>/dev/null)" = "$stamp" ]; then
    echo "[build-wasm] features $features: up to date in $out" >&2
    exit 0
  fi
  rm -f "$out/.built-from"
  wasm-bindgen --target web --out-dir "$out" "$built"
  node_modules/.bin/wasm-opt -Oz --low-memory-unused --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals "$out/joinlab_wasm_bg.wasm" -o "$out/joinlab_wasm_bg.wasm"
  echo "$stamp" > "$out/.built-from"
  echo "[build-wasm] features $features: $(wc -c < "$out/joinlab_wasm_bg.wasm") bytes ($(gzip -9c "$out/joinlab_wasm_bg.wasm" | wc -c) gzip)" >&2
  exit 0
fi
if [ "${JOINLAB_WASM_SPEED:-0}" = 1 ]; then
  cargo rustc -q -p joinlab-wasm --lib --profile release --target wasm32-unknown-unknown --crate-type cdylib
  wasm-bindgen --target web --out-dir "$out" "$target/wasm32-unknown-unknown/release/joinlab_wasm.wasm"
  echo "[build-wasm] speed-tuned: $(wc -c < "$out/joinlab_wasm_bg.wasm") bytes ($(gzip -9c "$out/joinlab_wasm_bg.wasm" | wc -c) gzip)" >&2
  exit 0
fi
cargo rustc -q -p joinlab-wasm --lib --profile wasm-release --target wasm32-unknown-unknown --crate-type cdylib
wasm-bindgen --target web --out-dir "$out" "$target/wasm32-unknown-unknown/wasm-release/joinlab_wasm.wasm"
# --low-memory-unused: no address below 1 KiB is reached by wrapping a pointer around (Rust never
# does), so constant offsets fold into loads and stores; --converge repeats the passes until
# nothing shrinks (about a minute): together 8 KB of gzip (docs/design.md "Size").
node_modules/.bin/wasm-opt -Oz --low-memory-unused --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals "$out/joinlab_wasm_bg.wasm" -o "$out/joinlab_wasm_bg.wasm"
echo "[build-wasm] $(wc -c < "$out/joinlab_wasm_bg.wasm") bytes ($(gzip -9c "$out/joinlab_wasm_bg.wasm" | wc -c) gzip)" >&2

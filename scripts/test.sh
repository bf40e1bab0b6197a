#!/usr/bin/env bash
# `npm test`: every test. Installs what is missing (scripts/setup.sh), then runs
#   1. the Rust tests (engine units, oracle conformance, trace expectations, CLI determinism,
#      the layering check, the generated trace.ts), cargo fmt and clippy,
#   2. the engine compiled to wasm, in Node and in headless Chromium (wasm-bindgen-test),
#   3. wasm vs native: byte-identical output for every conformance script, and the npm package
#      (packages/joinlab) packed, installed and checked against Flink's files and the native CLI,
#   4. the fuzz smoke (every cargo-fuzz target for a few seconds, where the nightly toolchain
#      and cargo-fuzz are present), the share-link decoder's seeded fuzz in Node and the page's
#      model split and joined as the worker and the page do it (tests/model),
#   5. the static site build and the Playwright tests against it.
# Every section runs even when an earlier one fails; the last line is `N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }

passed=0
failed=0
log=$(mktemp)

# Adds the counts of cargo/libtest result lines in $log; a section without any is one failure.
count_cargo() {
  local p f found=0
  while read -r p f; do
    passed=$((passed + p)); failed=$((failed + f)); found=1
  done < <(sed -n 's/.*test result: [a-zA-Z]*\. \([0-9]*\) passed; \([0-9]*\) failed.*/\1 \2/p' "$log")
  [ "$found" = 1 ] || failed=$((failed + 1))
}

section() { echo; echo "=== $*"; }

section "Rust tests (native)"
cargo test --workspace --exclude joinlab-wasm 2>&1 | tee "$log" | grep -E "^(test result|test .* FAILED|failures:|---- )" || true
count_cargo

section "formatting (cargo fmt --check, rustfmt.toml)"
if cargo fmt --version >/dev/null 2>&1; then
  if cargo fmt --all --check >/dev/null 2>&1; then passed=$((passed + 1)); else echo "cargo fmt --check: run cargo fmt"; failed=$((failed + 1)); fi
else
  echo "rustfmt not installed: skipped"
fi

section "lints (cargo clippy, warnings denied; no unwrap/expect outside tests)"
if cargo clippy --version >/dev/null 2>&1; then
  # and joinlab-wasm with its `cli` feature (the npm package's exports), off in the workspace's build
  if { cargo clippy --workspace -- -D warnings 2>&1; cargo clippy -p joinlab-wasm --features cli -- -D warnings 2>&1; } \
      | tee "$log" | grep -E "^(warning|error)" ; then
    echo "cargo clippy: fix the warnings above"; failed=$((failed + 1))
  else passed=$((passed + 1)); fi
else
  echo "clippy not installed: skipped"
fi

section "wasm tests (Node.js)"
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
  cargo test -p joinlab-wasm --target wasm32-unknown-unknown --test node 2>&1 | tee "$log" | grep -E "^(test result|test .* FAILED)" || true
count_cargo

section "wasm tests (headless Chromium)"
target_dir="${CARGO_TARGET_DIR:-target}"
mkdir -p "$target_dir"
webdriver_json="$(cd "$target_dir" && pwd)/webdriver.json"
cat > "$webdriver_json" <<'JSON'
{ "goog:chromeOptions": { "binary": "/usr/bin/chromium",
  "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"] } }
JSON
CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner CHROMEDRIVER=/usr/bin/chromedriver \
  WASM_BINDGEN_TEST_WEBDRIVER_JSON="$webdriver_json" WASM_BINDGEN_TEST_TIMEOUT=300 \
  cargo test -p joinlab-wasm --target wasm32-unknown-unknown --test browser 2>&1 | tee "$log" | grep -E "^(test result|test .* FAILED)" || true
count_cargo

section "site build"
if bash scripts/build.sh 2>&1 | tee "$log"; then passed=$((passed + 1)); else failed=$((failed + 1)); fi

section "wasm vs native output"
cargo build -q -p joinlab-cli 2>/dev/null
if node tests/wasm/native_vs_wasm.mjs 2>&1 | tee "$log"; then :; fi
p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | tail -1)
f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | tail -1)
if [ -n "$p" ]; then passed=$((passed + p)); failed=$((failed + f)); else failed=$((failed + 1)); fi

section "npm package (packages/joinlab: npm pack, installed into a temporary project; API, types, CLI vs native)"
# npm pack's prepack builds the package's wasm (scripts/build-wasm.sh, JOINLAB_WASM_FEATURES=cli,
# its own cargo profile: built once, then only wasm-bindgen and wasm-opt run again).
node --test tests/npm/ 2>&1 | tee "$log" | grep -E "^(# (pass|fail|skipped)|not ok|# \[build-wasm\])" || true
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
if [ -n "$p" ]; then passed=$((passed + p)); failed=$((failed + ${f:-0})); else failed=$((failed + 1)); fi

section "fuzz smoke (cargo-fuzz, nightly; scripts/fuzz-smoke.sh)"
bash scripts/fuzz-smoke.sh 2>&1 | tee "$log"
if grep -q '^skipped:' "$log"; then :; else
  p=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$log" | tail -1)
  f=$(sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$log" | tail -1)
  if [ -n "$p" ]; then passed=$((passed + p)); failed=$((failed + f)); else failed=$((failed + 1)); fi
fi

section "page modules in Node (tests/fuzz: the share-link decoder's fuzz; tests/model: a big model's blocks of steps)"
node --test tests/fuzz/ tests/model/ 2>&1 | tee "$log" | grep -E "^(# (pass|fail)|not ok)" || true
p=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
f=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
if [ -n "$p" ]; then passed=$((passed + p)); failed=$((failed + ${f:-0})); else failed=$((failed + 1)); fi

if [ -d tests/e2e ]; then
  section "Playwright (built site, Debian Chromium)"
  # The page's TypeScript in strict mode (Vite strips types without checking them).
  if node_modules/.bin/tsc -p www/tsconfig.json; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 node_modules/.bin/playwright test --config tests/e2e/playwright.config.ts 2>&1 | tee "$log"
  p=$(grep -oE '[0-9]+ passed' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  f=$(grep -oE '[0-9]+ failed' "$log" | tail -1 | grep -oE '[0-9]+' || true)
  passed=$((passed + ${p:-0})); failed=$((failed + ${f:-0}))
  [ -z "$p" ] && [ -z "$f" ] && failed=$((failed + 1))
fi

rm -f "$log"
echo
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

#!/usr/bin/env bash
# Runs the coverage-guided fuzz targets (fuzz/, cargo-fuzz + libFuzzer, nightly toolchain) one
# after another, each for SECONDS, one process at a time, with the issue's bounds: no input
# over 1 s (-timeout=1), no allocation or RSS over 512 MB. Prints a line per target
# (executions, exec/s, result) and `N passed, M failed`; a crash, panic, timeout or OOM fails
# its target and leaves the input in $FUZZ_WORK/artifacts/TARGET/ (reproduce with
# `fuzz/target/x86_64-unknown-linux-gnu/release/TARGET FILE`; read a run/planner input with
# `cargo run --manifest-path fuzz/Cargo.toml --example show -- run FILE`).
#
# Usage: scripts/fuzz-run.sh SECONDS [TARGET…]     (default: every target)
# Env:   FUZZ_WORK   corpora and artifacts (default: a fresh temporary directory; give a
#                    directory to keep the corpus between runs, as scripts/fuzz-long.sh does)
#        FUZZ_TARGET_DIR  where the nightly build goes (default: fuzz/target, git-ignored; not
#                    CARGO_TARGET_DIR, which holds the stable builds)
# Without the nightly toolchain or cargo-fuzz it prints `skipped: …` and exits 0.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-10}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(script planner run values datagen)

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
  echo "skipped: fuzzing needs the nightly toolchain (rustup toolchain install nightly)"
  exit 0
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "skipped: fuzzing needs cargo-fuzz (cargo install cargo-fuzz, about 1.5 minutes)"
  exit 0
fi

target_dir="${FUZZ_TARGET_DIR:-fuzz/target}"
work="${FUZZ_WORK:-$(mktemp -d)}"
mkdir -p "$work"
start=$(date +%s)
# -s none: the engine is safe Rust; debug assertions (overflow checks) stay on
mkdir -p "$target_dir"
target_dir="$(cd "$target_dir" && pwd)"
if ! (cd fuzz && cargo +nightly fuzz build -s none --target-dir "$target_dir" 2>&1 | tail -3); then
  echo "fuzz build failed"
  echo "0 passed, 1 failed"
  exit 1
fi
bin="$target_dir/x86_64-unknown-linux-gnu/release"
echo "fuzz build: $(($(date +%s) - start)) s"

seeds_of() {
  case "$1" in
    script) echo "fuzz/seeds/scripts fuzz/seeds/queries" ;;
    planner) echo "fuzz/seeds/queries fuzz/seeds/generated" ;;
    run) echo "fuzz/seeds/scripts fuzz/seeds/generated" ;;
    values) echo "fuzz/seeds/values" ;;
    datagen) echo "fuzz/seeds/datagen" ;;
  esac
}

passed=0
failed=0
total_execs=0
for t in "${targets[@]}"; do
  corpus="$work/corpus/$t"
  artifacts="$work/artifacts/$t"
  mkdir -p "$corpus" "$artifacts"
  log="$work/$t.log"
  # shellcheck disable=SC2046
  "$bin/$t" "$corpus" $(seeds_of "$t") -rss_limit_mb=512 -malloc_limit_mb=512 -timeout=1 \
    -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  total_execs=$((total_execs + ${execs:-0}))
  if [ "$rc" = 0 ]; then
    passed=$((passed + 1))
    echo "fuzz $t: ${execs:-0} executions, ${rate:-0} exec/s, $(ls "$corpus" | wc -l) corpus inputs: ok"
  else
    failed=$((failed + 1))
    echo "fuzz $t: FAILED (exit $rc) after ${execs:-?} executions; input: $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts/|")"
    grep -E "panicked at|ERROR: libFuzzer|SUMMARY" -A3 "$log" | head -12
  fi
done
echo "fuzz: $total_execs executions over ${#targets[@]} targets in $(($(date +%s) - start)) s (work dir $work)"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]

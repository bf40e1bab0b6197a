#!/usr/bin/env bash
# Generate a batch of random scenarios, run them on the Flink oracle (one JVM) and on JoinLab, and
# print the comparison summary. Usage: scripts/fuzz/run_batch.sh SEED COUNT DIR [GENERATOR]
# (run from the repository root after `cargo build -p joinlab-cli`). GENERATOR is the name of a
# generator in scripts/fuzz (regular_joins, the default, window_joins or interval_joins);
# JOINLAB_BIN=/path/to/joinlab runs another JoinLab binary than target/debug/joinlab;
# JOINLAB_FUZZ_BATCH=1 runs the scenarios in batch mode (execution.runtime-mode = batch).
set -u
seed=$1; count=$2; dir=$3; gen=${4:-regular_joins}
here=$(cd "$(dirname "$0")/../.." && pwd)
oracle="${ORACLE_DIR:-$here/../shared/oracle}"
bin="${JOINLAB_BIN:-${CARGO_TARGET_DIR:-$here/target}/debug/joinlab}"
python3 "$here/scripts/fuzz/$gen.py" --seed "$seed" --count "$count" --out "$dir"
if [ -n "${JOINLAB_FUZZ_BATCH:-}" ]; then
  # batch mode: the same scenarios as batch jobs (the oracle's harness needs Flink's adaptive joins off)
  for f in "$dir"/*.sql; do
    { printf "SET 'execution.runtime-mode' = 'batch';\nSET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';\nSET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';\n"; cat "$f"; } > "$f.tmp" && mv "$f.tmp" "$f"
  done
fi
export ORACLE_JAVA_OPTS="${ORACLE_JAVA_OPTS:--Doracle.quiet-polls=8 -Doracle.poll-ms=5 -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1}"
"$oracle/run-scenario" --write-expected "$dir"/*.sql > "$dir/oracle.log" 2>&1
for f in "$dir"/*.sql; do
  "$bin" run --dialect flink "$f" > "${f%.sql}.out" 2>&1
done
"$oracle/compare" --dir "$dir" "$dir" | grep -v '^PASS'
# a query whose filters contradict each other is pruned to empty Values by Flink, and the oracle
# prints "job terminated early: FINISHED" (a harness artifact, docs/flink-findings.md)
grep -l "job terminated early: FINISHED" "$dir"/*.expected 2>/dev/null | sed 's/^/harness artifact (empty plan): /'

#!/bin/sh
# Run JoinLab on every DIR/*.sql that has an oracle DIR/*.expected and compare:
#   scripts/fuzz/diff.sh /tmp/fw      (after run-scenario --write-expected /tmp/fw/*.sql)
dir=${1:?dir}
bin=${CARGO_TARGET_DIR:-$(dirname "$0")/../../target}/debug/joinlab
for f in "$dir"/*.sql; do
  [ -f "${f%.sql}.expected" ] || continue
  "$bin" run --dialect flink "$f" > "${f%.sql}.out" 2>&1
done
"${ORACLE_DIR:-$(dirname "$0")/../../../shared/oracle}/compare" --dir "$dir" "$dir"

-- Aggregate FILTER (WHERE ...) clauses: the planner adds a boolean column ($f2 ...) and the aggregate
-- only sees rows where it is TRUE; a filtered-out row still counts for COUNT(*) and for the hidden
-- row count, so the group exists (and emits) even if every FILTER rejects it.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT);
INSERT INTO t VALUES ('a', 5), ('a', -3), ('b', -1), ('a', 8), ('b', CAST(NULL AS INT));
EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(*) FILTER (WHERE v > 0) AS pos, SUM(v) FILTER (WHERE v < 0) AS neg, COUNT(*) AS c FROM t GROUP BY k;
SELECT k, COUNT(*) FILTER (WHERE v > 0) AS pos, SUM(v) FILTER (WHERE v < 0) AS neg, COUNT(*) AS c FROM t GROUP BY k;
SELECT k, MAX(v) FILTER (WHERE v > 100) AS mx FROM t GROUP BY k;
SELECT k, COUNT(DISTINCT v) FILTER (WHERE v > 0) AS dpos FROM t GROUP BY k;

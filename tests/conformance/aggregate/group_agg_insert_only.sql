-- GroupAggregate over an insert-only input: first row of a key emits +I, later rows -U/+U,
-- an unchanged result (MAX not raised, SUM + 0) emits nothing; global aggregation (no GROUP BY)
-- emits nothing before the first row; default column names EXPR$n; a NULL key is an ordinary group;
-- EXPLAIN CHANGELOG_MODE.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT);
INSERT INTO t VALUES ('a', 5), ('b', 1), ('a', 3), ('a', 0), ('b', 7), ('a', 9), (CAST(NULL AS STRING), 4), (CAST(NULL AS STRING), CAST(NULL AS INT));

EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(*), SUM(v), MAX(v) FROM t GROUP BY k;
SELECT k, COUNT(*), SUM(v), MAX(v) FROM t GROUP BY k;
-- only MAX: rows 3 and 4 of key a do not change it -> no output at those steps
SELECT k, MAX(v) AS mx FROM t GROUP BY k;
-- SUM: v = 0 leaves the sum unchanged -> no output at step 4
SELECT k, SUM(v) AS s FROM t GROUP BY k;
-- global aggregation
EXPLAIN CHANGELOG_MODE
SELECT COUNT(*) AS c, MIN(v) AS mn FROM t;
SELECT COUNT(*) AS c, MIN(v) AS mn FROM t;
-- grouping key not selected / expression key
SELECT COUNT(*) AS c FROM t GROUP BY k;
SELECT UPPER(k) AS uk, v > 4 AS big, COUNT(*) AS c FROM t GROUP BY UPPER(k), v > 4;

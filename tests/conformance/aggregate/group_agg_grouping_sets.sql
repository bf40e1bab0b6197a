-- GROUPING SETS / ROLLUP / CUBE: Expand (one copy of each row per grouping set, $e = set id) +
-- GroupAggregate keyed by (keys, $e) + Calc; rolled-up key columns are NULL; GROUPING()/GROUPING_ID.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (a STRING, b STRING, v INT);
INSERT INTO t VALUES ('x', 'p', 1), ('x', 'q', 2), ('y', 'p', 4);
EXPLAIN CHANGELOG_MODE
SELECT a, b, SUM(v) AS s FROM t GROUP BY GROUPING SETS ((a, b), (a), ());
SELECT a, b, SUM(v) AS s FROM t GROUP BY GROUPING SETS ((a, b), (a), ());
SELECT a, b, COUNT(*) AS c, GROUPING(a) AS ga, GROUPING(b) AS gb, GROUPING_ID(a, b) AS gid FROM t GROUP BY ROLLUP (a, b);
EXPLAIN CHANGELOG_MODE
SELECT a, b, SUM(v) AS s FROM t GROUP BY CUBE (a, b);
SELECT a, b, SUM(v) AS s FROM t GROUP BY CUBE (a, b);
-- a single grouping set is a plain GROUP BY
EXPLAIN CHANGELOG_MODE
SELECT a, SUM(v) AS s FROM t GROUP BY GROUPING SETS ((a));

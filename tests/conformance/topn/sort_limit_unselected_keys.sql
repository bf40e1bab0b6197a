-- ORDER BY … LIMIT on keys that are not selected: Calcite sorts by an extra select item and
-- drops it after the SortLimit; a top-1 SortLimit retracts (-U/+U), unlike Flink 2.3's
-- insert-only ROW_NUMBER top-1 (fuzz finding order_by_limit1_asc_retracts).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (id INT, k INT, v INT);
INSERT INTO t VALUES (1, 1, 5), (2, 2, 3), (3, 1, 9), (4, 2, 1), (5, 1, 7);
SELECT id FROM t ORDER BY v DESC LIMIT 2;
SELECT id, v FROM t ORDER BY v + k LIMIT 2;
SELECT k FROM t GROUP BY k ORDER BY SUM(v) DESC LIMIT 1;
SELECT id, v FROM t ORDER BY v LIMIT 1;
SELECT id, v FROM t ORDER BY v DESC, id LIMIT 1;
SELECT id FROM t ORDER BY nope LIMIT 2;
SELECT DISTINCT k FROM t ORDER BY v LIMIT 2;

-- Processing-time deduplication (ORDER BY a PROCTIME() column): keep-first is
-- ProcTimeDeduplicateKeepFirstRowFunction (first arrival per key, +I, insert-only), keep-last is
-- ProcTimeDeduplicateKeepLastRowFunction (+I, then -U/+U for every later row of the key). The
-- PROCTIME() column itself is never selected (wall clock).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT, pt AS PROCTIME());
INSERT INTO t VALUES ('a', 1), ('a', 2), ('b', 3), ('a', 2), ('b', 3);
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt ASC) AS rn FROM t) WHERE rn = 1;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt ASC) AS rn FROM t) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC) AS rn FROM t) WHERE rn = 1;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC) AS rn FROM t) WHERE rn = 1;
-- first N by proctime (AppendOnlyFirstNFunction)
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt ASC) AS rn FROM t) WHERE rn <= 2;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt ASC) AS rn FROM t) WHERE rn <= 2;
-- keep-last repeats: the PROCTIME column is a NULL placeholder in the row, so an identical row compares
-- equal and is dropped - but only while the kept row is still the first (+I) one: after an update the
-- kept row object carries kind UPDATE_AFTER (heap state) and every identical repeat emits -U/+U.
-- With state TTL the equality check is skipped and every row emits.
CREATE TABLE t2 (k STRING, v INT, pt AS PROCTIME());
INSERT INTO t2 VALUES ('a', 1), ('a', 1), ('a', 1), ('b', 1), ('b', 2), ('b', 2), ('b', 2), ('a', 1);
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC) AS rn FROM t2) WHERE rn = 1;
SET 'table.exec.state.ttl' = '1 h';
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY pt DESC) AS rn FROM t2) WHERE rn = 1;

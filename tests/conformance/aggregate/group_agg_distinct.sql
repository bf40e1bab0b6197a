-- SELECT DISTINCT and GROUP BY without aggregates are a GroupAggregate with an empty select list
-- (select=[k]): +I on the first row of a key, nothing afterwards; on a retract input the last
-- retraction emits -D. COUNT(DISTINCT), SUM(DISTINCT) and several distinct aggregates share one
-- distinct map view per distinct argument (plan text: COUNT(DISTINCT v)).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT) WITH ('changelog-mode' = 'retract');
@t     a | 1
@t     a | 1
@t     a | 2
@t     b | 1
@t     a | NULL
@t -D  a | 1
@t -D  a | 1
@t -D  b | 1
@t     a | 3
EXPLAIN CHANGELOG_MODE
SELECT DISTINCT k FROM t;
SELECT DISTINCT k FROM t;
SELECT k FROM t GROUP BY k;
SELECT DISTINCT k, v FROM t;
EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(DISTINCT v) AS cd, SUM(DISTINCT v) AS sd, COUNT(v) AS c FROM t GROUP BY k;
SELECT k, COUNT(DISTINCT v) AS cd, SUM(DISTINCT v) AS sd, COUNT(v) AS c FROM t GROUP BY k;
SELECT COUNT(DISTINCT k) AS dk, COUNT(DISTINCT v) AS dv FROM t;

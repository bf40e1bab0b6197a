-- Four-way join with SET 'table.optimizer.multi-join.enabled' = 'true' (no hint): t1..t4 share the key
-- k through a chain of equalities. INNER-LEFT-LEFT and LEFT-INNER-LEFT, plus one with an extra
-- residual condition on a LEFT level. EXPLAIN before the SET (binary Join cascade) and after it
-- (one MultiJoin with 4 inputs).
CREATE TABLE t1 (
  k INT,
  v1 STRING
);

CREATE TABLE t2 (
  k INT,
  v2 STRING,
  n INT
);

CREATE TABLE t3 (
  k INT,
  v3 STRING
);

CREATE TABLE t4 (
  k INT,
  v4 STRING
);

@t1 1 | x1
@t3 1 | z1
@t2 1 | y1 | 5
@t4 1 | w1
@t1 2 | x2
@t2 2 | y2 | 1
@t4 2 | w2
@t3 2 | z2
@t2 1 | y1b | 9
@t1 3 | x3

EXPLAIN
SELECT t1.v1, t2.v2, t3.v3, t4.v4 FROM t1 JOIN t2 ON t1.k = t2.k LEFT JOIN t3 ON t2.k = t3.k LEFT JOIN t4 ON t3.k = t4.k;

SET 'table.optimizer.multi-join.enabled' = 'true';

EXPLAIN
SELECT t1.v1, t2.v2, t3.v3, t4.v4 FROM t1 JOIN t2 ON t1.k = t2.k LEFT JOIN t3 ON t2.k = t3.k LEFT JOIN t4 ON t3.k = t4.k;

SELECT t1.v1, t2.v2, t3.v3, t4.v4 FROM t1 JOIN t2 ON t1.k = t2.k LEFT JOIN t3 ON t2.k = t3.k LEFT JOIN t4 ON t3.k = t4.k;

SELECT t1.v1, t2.v2, t3.v3, t4.v4 FROM t1 LEFT JOIN t2 ON t1.k = t2.k JOIN t3 ON t1.k = t3.k LEFT JOIN t4 ON t1.k = t4.k;

-- residual condition on a LEFT level: t2 rows only match when n > 3
SELECT t1.v1, t2.v2, t3.v3, t4.v4 FROM t1 LEFT JOIN t2 ON t1.k = t2.k AND t2.n > 3 LEFT JOIN t3 ON t1.k = t3.k LEFT JOIN t4 ON t1.k = t4.k;

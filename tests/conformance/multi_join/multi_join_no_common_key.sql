-- MULTI_JOIN hint on joins that do NOT share one key (A.x = B.x, B.y = C.y): the planner cannot put
-- all inputs in one MultiJoin and splits the chain (EXPLAIN: a MultiJoin on x feeding a MultiJoin /
-- Join on y). 3-table chain with SELECT * (INNER and LEFT), and a 4-table chain where A, B, D share x
-- and C joins on y (projected columns). Outputs equal the binary-join cascade.
-- (Projected 3-table chains without a common key give WRONG results in Flink 2.3: see
-- tests/divergences/multi_join_no_common_key_pruned.sql.)
CREATE TABLE A (
  a_id INT,
  x INT
);

CREATE TABLE B (
  b_id INT,
  x INT,
  y INT
);

CREATE TABLE C (
  c_id INT,
  y INT
);

CREATE TABLE D (
  d_id INT,
  x INT
);

@A 1 | 10
@B 11 | 10 | 100
@C 21 | 100
@D 31 | 10
@A 2 | 20
@B 12 | 20 | 200
@C 22 | 200
@B 13 | 10 | 200
@D 32 | 20

EXPLAIN
SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;
EXPLAIN
SELECT /*+ MULTI_JOIN(A, B, D, C) */ A.a_id, B.b_id, D.d_id, C.c_id
FROM A JOIN B ON A.x = B.x LEFT JOIN D ON A.x = D.x LEFT JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, C) */ * FROM A LEFT JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT /*+ MULTI_JOIN(A, B, D, C) */ A.a_id, B.b_id, D.d_id, C.c_id
FROM A JOIN B ON A.x = B.x LEFT JOIN D ON A.x = D.x LEFT JOIN C ON B.y = C.y;

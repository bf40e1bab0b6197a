-- The queries of multi_join_no_common_key_pruned.sql without MULTI_JOIN (hint and option removed):
-- Flink 2.3 runs them correctly; JoinLab's multi-way join must give these rows.
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

@A 1 | 10
@B 11 | 10 | 100
@C 21 | 100
@A 2 | 20
@B 12 | 20 | 200
@C 22 | 200
@B 13 | 10 | 200

EXPLAIN
SELECT A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id FROM A LEFT JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, B.y, C.c_id, C.y FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;


SELECT A.a_id, B.b_id, C.c_id FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

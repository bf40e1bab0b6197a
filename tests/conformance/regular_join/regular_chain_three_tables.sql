-- Chains of three regular joins A -> B -> C with DIFFERENT keys per level (A.x = B.x, B.y = C.y),
-- FROM-clause order kept: INNER-INNER, INNER-LEFT, LEFT-LEFT, LEFT-INNER (binary joins, multi-join
-- off). Checks: late rows at each level; the LEFT-LEFT chain pads level by level and un-pads
-- (-D/+I) when a middle or last row arrives; LEFT-INNER drops A rows whose B partner has no C
-- partner. EXPLAIN of the LEFT-LEFT chain (two Join nodes, hash[x] then hash[y]).
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
  y INT,
  label STRING
);

@A 1 | 10
@B 11 | 10 | 100
@C 21 | 100 | c-100
@A 2 | 20
@C 22 | 200 | c-200
@B 12 | 20 | 200
@B 13 | 20 | 300
@A 3 | 10
@C 23 | 300 | c-300
@B 14 | 40 | 100
@A 4 | 40
@C 24 | 100 | c-100b

EXPLAIN
SELECT A.a_id, B.b_id, C.c_id, C.label FROM A LEFT JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id, C.label FROM A JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id, C.label FROM A JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id, C.label FROM A LEFT JOIN B ON A.x = B.x LEFT JOIN C ON B.y = C.y;

SELECT A.a_id, B.b_id, C.c_id, C.label FROM A LEFT JOIN B ON A.x = B.x JOIN C ON B.y = C.y;

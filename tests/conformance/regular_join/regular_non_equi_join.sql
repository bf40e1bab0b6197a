-- Regular joins whose ON clause holds ONLY a non-equi predicate (a.x < b.y): INNER, LEFT, RIGHT, FULL.
-- No join key, so every row is compared with every row of the other side. Checks padding and
-- un-padding when a later row satisfies the predicate for several earlier rows; a BETWEEN range
-- condition; EXPLAIN (Join with where=[<(x, y)], singleton Exchange).
CREATE TABLE a (
  a_id INT,
  x INT
);

CREATE TABLE b (
  b_id INT,
  y INT
);

@a 1 | 5
@a 2 | 15
@b 101 | 10
@b 102 | 3
@a 3 | 1
@b 103 | 20
@a 4 | 25

EXPLAIN
SELECT a.a_id, b.b_id FROM a LEFT JOIN b ON a.x < b.y;

SELECT a.a_id, a.x, b.b_id, b.y FROM a JOIN b ON a.x < b.y;

SELECT a.a_id, a.x, b.b_id, b.y FROM a LEFT JOIN b ON a.x < b.y;

SELECT a.a_id, a.x, b.b_id, b.y FROM a RIGHT JOIN b ON a.x < b.y;

SELECT a.a_id, a.x, b.b_id, b.y FROM a FULL JOIN b ON a.x < b.y;

SELECT a.a_id, a.x, b.b_id, b.y FROM a FULL JOIN b ON a.x BETWEEN b.y - 5 AND b.y + 5;

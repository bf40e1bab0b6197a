-- RIGHT JOIN inside a MULTI_JOIN query. The EXPLAIN blocks show that Flink 2.3 keeps the RIGHT join as
-- a binary Join(RightOuterJoin) and builds a 2-input MultiJoin for the remaining INNER join (below or
-- above it); the results equal the binary cascade.
-- a RIGHT JOIN b ... JOIN c and a JOIN b ... RIGHT JOIN c, all on key id; compared with the same
-- queries without the hint.
CREATE TABLE a (
  id INT,
  va STRING
);

CREATE TABLE b (
  id INT,
  vb STRING
);

CREATE TABLE c (
  id INT,
  vc STRING
);

@b 1 | b1
@a 1 | a1
@c 1 | c1
@b 2 | b2
@c 2 | c2
@a 2 | a2
@c 3 | c3
@b 3 | b3

EXPLAIN
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a RIGHT JOIN b ON a.id = b.id JOIN c ON b.id = c.id;
EXPLAIN
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id RIGHT JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a RIGHT JOIN b ON a.id = b.id JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a RIGHT JOIN b ON a.id = b.id LEFT JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id RIGHT JOIN c ON b.id = c.id;

-- without the hint (binary joins)
SELECT a.va, b.vb, c.vc FROM a RIGHT JOIN b ON a.id = b.id LEFT JOIN c ON b.id = c.id;

SELECT a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id RIGHT JOIN c ON b.id = c.id;

-- Multi-way join (MULTI_JOIN hint) of three insert-only tables that all join on the same key `id`:
-- directly (every condition references a.id) and by transitivity (a.id = b.id, b.id = c.id);
-- INNER-INNER, LEFT-LEFT, INNER-LEFT, LEFT-INNER. Several rows per key at each level.
-- Checks: one MultiJoin operator (EXPLAIN: commonJoinKey, joinTypes); LEFT levels pad and un-pad
-- per combination; an inner level after a LEFT level suppresses padded rows.
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

@a 1 | a1
@b 1 | b1
@a 2 | a2
@c 1 | c1
@b 1 | b1x
@c 2 | c2
@a 1 | a1x
@b 2 | b2
@c 1 | c1x
@a 3 | a3

EXPLAIN
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id JOIN c ON a.id = c.id;
EXPLAIN
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.id = b.id LEFT JOIN c ON b.id = c.id;

-- direct: both conditions on a.id
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id JOIN c ON a.id = c.id;

-- transitive: a.id = b.id, b.id = c.id
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.id = b.id LEFT JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.id = b.id LEFT JOIN c ON a.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a JOIN b ON a.id = b.id LEFT JOIN c ON b.id = c.id;

SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.id = b.id JOIN c ON b.id = c.id;

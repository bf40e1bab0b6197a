-- Joins without an equality key: comma join `FROM a, b` without condition, CROSS JOIN, LEFT JOIN ON TRUE,
-- and a comma join whose WHERE holds the equality (planned as an equi-join). The right table is a
-- retract input so that a -D retracts every combined row (and LEFT JOIN ON TRUE re-pads).
-- EXPLAIN shows the singleton distribution of the key-less joins vs hash[...] for the WHERE equality.
CREATE TABLE a (
  a_id INT,
  k INT
);

CREATE TABLE b (
  b_id INT,
  k INT
) WITH ('changelog-mode' = 'retract');

@a      1 | 10
@b      101 | 10
@b      102 | 20
@a      2 | 20
@b -D   101 | 10
@b -D   102 | 20
@a      3 | 30
@b      103 | 30

EXPLAIN
SELECT a.a_id, b.b_id FROM a, b;
EXPLAIN
SELECT a.a_id, b.b_id FROM a, b WHERE a.k = b.k;

SELECT a.a_id, b.b_id FROM a, b;

SELECT a.a_id, b.b_id FROM a CROSS JOIN b;

SELECT a.a_id, b.b_id FROM a LEFT JOIN b ON TRUE;

SELECT a.a_id, b.b_id FROM a, b WHERE a.k = b.k;

-- comma join with the equality and a non-equi residual in WHERE
SELECT a.a_id, b.b_id FROM a, b WHERE a.k = b.k AND a.a_id < 3;

-- Conditions Calcite proves FALSE (a comparison and its negation, `=` on two constants, a FALSE
-- literal) and what the planner makes of them: a LEFT / RIGHT join becomes a Calc that pads the
-- kept side (the other table's scan is gone: its rows move no watermark), a FULL join stays a
-- join that pads both sides, an INNER join or a FALSE filter is an empty Values (EXPLAIN only:
-- a job without sources finishes at once, and the oracle's changelog for it is a race).
-- `x < y AND x > y` is not a contradiction Calcite sees: that interval join runs.
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00
@B 1 | b1 | 2024-01-01 10:00:01
@A 2 | a2 | 2024-01-01 10:00:02
@B 2 | b2 | 2024-01-01 10:00:03
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t > A.t AND B.t <= A.t;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t > A.t AND A.t >= B.t;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t < A.t AND B.t > A.t;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.k > A.k AND B.k <= A.k;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND FALSE;
SELECT A.id, B.id FROM A RIGHT JOIN B ON A.k = B.k AND 1 = 0;
SELECT A.id, B.id, A.t AS a_t FROM A FULL JOIN B ON A.k = B.k AND B.t > A.t AND B.t <= A.t;
SELECT A.id, B.id FROM A FULL JOIN B ON FALSE;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t = A.t AND B.t <> A.t;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t >= A.t AND B.t < A.t;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.k = 1 AND B.k = 2;
EXPLAIN SELECT A.id FROM A WHERE A.k > 1 AND A.k <= 1;
EXPLAIN SELECT A.id FROM A WHERE A.k = 1 AND A.k = 2;
EXPLAIN SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND B.t > A.t AND B.t <= A.t;
EXPLAIN SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t > A.t AND B.t <= A.t;
EXPLAIN SELECT A.id, B.id FROM A FULL JOIN B ON A.k = B.k AND B.t > A.t AND B.t <= A.t;
EXPLAIN SELECT A.id, B.id FROM A RIGHT JOIN B ON A.k = B.k AND 1 = 0;

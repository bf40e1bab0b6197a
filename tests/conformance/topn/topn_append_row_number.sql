-- Top-N over an insert-only input (AppendFastStrategy -> AppendOnlyTopNFunction), ORDER BY a plain
-- column. With rn selected: a new row at rank r emits, for every rank i from r to N, -U(old row at i, i)
-- then +U(row now at i, i), and +I(row, n) when the Top-N was not full; the row pushed out of rank N
-- gets no -D. Without rn: -D(the row pushed out) then +I(new row). A row whose sort key is not better
-- than the current N-th is dropped (a tie with the N-th included); a tie inside the Top-N ranks after
-- the rows already there.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, name STRING, score INT);
INSERT INTO t VALUES ('a', 'p1', 50), ('a', 'p2', 70), ('a', 'p3', 60), ('a', 'p4', 80), ('a', 'p5', 10),
  ('a', 'p6', 60), ('a', 'p7', 70), ('b', 'q1', 1);
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 3;
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 3;
EXPLAIN CHANGELOG_MODE
SELECT k, name, score FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 3;
SELECT k, name, score FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 3;
-- a rank range with an offset: the row-number algorithm is used even when rn is not selected
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn BETWEEN 2 AND 3;
EXPLAIN CHANGELOG_MODE
SELECT k, name FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn = 2;
SELECT k, name FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn = 2;
-- ascending order, rn on the left/right, extra predicate kept as a Calc
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score ASC, name DESC) AS rn FROM t) WHERE 2 >= rn AND name <> 'p5';

-- Variants around deduplication: selecting rn with rn = 1 still plans a Deduplicate (rn becomes the
-- constant 1 in a Calc); rn = 2 on the rowtime is a Rank (AppendOnlyTopNFunction, rows are not dropped
-- as late); ORDER BY ts, v (two columns) is a Rank top-1 (FastTop1Function) whose changelog the
-- 2.1+ planner wrongly infers as insert-only ([I]): it emits +U without -U.
CREATE TABLE ev (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND);
INSERT INTO ev VALUES
  ('a', 1, TIMESTAMP '2024-01-01 10:00:10'),
  ('a', 2, TIMESTAMP '2024-01-01 10:00:08'),
  ('a', 3, TIMESTAMP '2024-01-01 10:00:08'),
  ('b', 4, TIMESTAMP '2024-01-01 10:00:30'),
  ('a', 5, TIMESTAMP '2024-01-01 10:00:01');
EXPLAIN CHANGELOG_MODE
SELECT k, v, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn = 1;
SELECT k, v, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn = 2;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn = 2;
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts, v) AS rn FROM ev) WHERE rn = 1;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts, v) AS rn FROM ev) WHERE rn = 1;

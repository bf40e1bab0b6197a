-- Keep-first event-time deduplication (ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) = 1 on an
-- insert-only input): Deduplicate(keep=[FirstRow], ..., outputInsertOnly=[true]) runs
-- RowTimeDeduplicateKeepFirstRowFunction. It buffers the earliest row per key and emits it as +I only
-- when the watermark reaches its rowtime (event-time timer); an earlier row replaces the buffered one,
-- an equal rowtime does not; rows below the watermark are dropped (a row equal to it is kept); after
-- the emission every later row of the key is ignored. rn <= 1 and rn < 2 plan the same.
CREATE TABLE ev (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND);
INSERT INTO ev VALUES
  ('a', 1, TIMESTAMP '2024-01-01 10:00:10'),
  ('a', 2, TIMESTAMP '2024-01-01 10:00:08'),
  ('a', 3, TIMESTAMP '2024-01-01 10:00:08'),
  ('b', 4, TIMESTAMP '2024-01-01 10:00:12'),
  ('a', 5, TIMESTAMP '2024-01-01 10:00:07'),
  ('a', 6, TIMESTAMP '2024-01-01 10:00:06'),
  ('c', 7, TIMESTAMP '2024-01-01 10:00:20'),
  ('a', 8, TIMESTAMP '2024-01-01 10:00:16'),
  ('d', 9, TIMESTAMP '2024-01-01 10:00:14');
EXPLAIN CHANGELOG_MODE
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) AS rn FROM ev) WHERE rn = 1;
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) AS rn FROM ev) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn <= 1;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn < 2;
-- SELECT * keeps the rowtime attribute and no rn column (rn is pruned)
SELECT * FROM (SELECT k, v, ts, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts) AS rn FROM ev) WHERE rn = 1;
-- no PARTITION BY: one global key
EXPLAIN CHANGELOG_MODE
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY ts) AS rn FROM ev) WHERE rn = 1;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY ts) AS rn FROM ev) WHERE rn = 1;

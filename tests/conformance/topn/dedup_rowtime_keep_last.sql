-- Keep-last event-time deduplication (ORDER BY ts DESC): Deduplicate(keep=[LastRow], ...,
-- outputInsertOnly=[false]) runs RowTimeDeduplicateFunction: emits at once (no timer): +I for the first
-- row of a key, then -U(old)/+U(new) whenever a row with rowtime >= the kept row's arrives (equal
-- rowtime: the later row wins, even if identical); an older rowtime is ignored. No lateness check:
-- a row behind the watermark still replaces the kept row if its rowtime is >= the kept one.
CREATE TABLE ev (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND);
INSERT INTO ev VALUES
  ('a', 1, TIMESTAMP '2024-01-01 10:00:10'),
  ('a', 2, TIMESTAMP '2024-01-01 10:00:08'),
  ('a', 3, TIMESTAMP '2024-01-01 10:00:10'),
  ('a', 3, TIMESTAMP '2024-01-01 10:00:10'),
  ('b', 4, TIMESTAMP '2024-01-01 10:00:30'),
  ('a', 5, TIMESTAMP '2024-01-01 10:00:11'),
  ('a', 6, TIMESTAMP '2024-01-01 10:00:09'),
  ('b', 7, TIMESTAMP '2024-01-01 10:00:31');
EXPLAIN CHANGELOG_MODE
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM ev) WHERE rn = 1;
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM ev) WHERE rn = 1;
-- the deduplicated view feeding an aggregate: the -U/+U are retractions for the COUNT
SELECT COUNT(*) AS c, SUM(v) AS s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM ev) WHERE rn = 1;

-- Window deduplication: ROW_NUMBER() OVER (PARTITION BY window_start, window_end[, k] ORDER BY <time attribute> [DESC]) = 1
-- -> WindowDeduplicate(window=[..], keep=[FirstRow|LastRow], partitionKeys=[k], orderKey=[ts], order=[ROWTIME]).
-- FirstRow keeps the smallest rowtime (ties: first arrival), LastRow the largest (ties: last arrival: i5 over i4).
-- Emitted once per (window, key) at wm >= window_end - 1 ms; late rows (i8 at 00:08 after wm 00:12) dropped.
-- Selecting rn keeps the dedup and adds Calc(1 AS rn). ORDER BY window_time (constant per window) -> last/first arrival.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, item STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 'i1', TIMESTAMP '2024-01-01 00:00:03'), ('a', 'i2', TIMESTAMP '2024-01-01 00:00:01'), ('b', 'i3', TIMESTAMP '2024-01-01 00:00:04'),
 ('a', 'i4', TIMESTAMP '2024-01-01 00:00:05'), ('a', 'i5', TIMESTAMP '2024-01-01 00:00:05'), ('b', 'i6', TIMESTAMP '2024-01-01 00:00:02'),
 ('a', 'i7', TIMESTAMP '2024-01-01 00:00:12'), ('a', 'i8', TIMESTAMP '2024-01-01 00:00:08'), ('a', 'i9', TIMESTAMP '2024-01-01 00:00:11'), ('b', 'i10', TIMESTAMP '2024-01-01 00:00:25');
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, item, ts, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, item, ts, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, item, ts, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, item, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY window_time DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, item, window_start, window_end FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts DESC) AS rn
  FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) WHERE rn = 1;

-- Window Top-N over a window aggregation (the documented pattern): the aggregation's window_start/window_end are
-- window properties, so the Rank becomes a WindowRank on the same windows. Both fire on the same watermark: the
-- aggregation emits its rows before forwarding the watermark, the rank buffers them and fires right after.
-- Ties (s = 30 for a and b) are broken by the order in which the aggregation emitted the rows (timer/key order).
-- The late row (a, 100 at 00:05 after wm 00:13) is dropped by the aggregation. CUMULATE variant ranks each step window.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 10, TIMESTAMP '2024-01-01 00:00:01'), ('b', 30, TIMESTAMP '2024-01-01 00:00:02'), ('c', 25, TIMESTAMP '2024-01-01 00:00:03'),
 ('a', 20, TIMESTAMP '2024-01-01 00:00:04'), ('b', 1, TIMESTAMP '2024-01-01 00:00:12'), ('c', 5, TIMESTAMP '2024-01-01 00:00:13'),
 ('a', 100, TIMESTAMP '2024-01-01 00:00:05'), ('a', 1, TIMESTAMP '2024-01-01 00:00:25');
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY s DESC) AS rn FROM
  (SELECT window_start, window_end, k, SUM(price) AS s, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))
   GROUP BY window_start, window_end, k)) WHERE rn <= 2;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY s DESC) AS rn FROM
  (SELECT window_start, window_end, k, SUM(price) AS s, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))
   GROUP BY window_start, window_end, k)) WHERE rn <= 2;
SELECT window_start, window_end, k, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY s DESC, k) AS rn FROM
  (SELECT window_start, window_end, k, SUM(price) AS s FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))
   GROUP BY window_start, window_end, k)) WHERE rn <= 1;

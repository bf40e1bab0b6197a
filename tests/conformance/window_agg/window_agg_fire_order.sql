-- Output order when one watermark fires many windows: timers fire in ascending timestamp (window end - 1 ms) order,
-- so all rows of an earlier window come before any row of a later window; rows of different keys with the same window
-- end come in timer-queue order (not meaningful; compared as a multiset). Step 7 (wm 00:30) fires TUMBLE windows
-- [0,5) [5,10) [10,15) [20,25) at once, and HOP windows in end order with the chain of follow-up windows.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '30' SECOND);
INSERT INTO t VALUES ('b', 1, TIMESTAMP '2024-01-01 00:00:12'), ('a', 2, TIMESTAMP '2024-01-01 00:00:01'),
 ('c', 3, TIMESTAMP '2024-01-01 00:00:07'), ('a', 4, TIMESTAMP '2024-01-01 00:00:22'), ('b', 5, TIMESTAMP '2024-01-01 00:00:03'),
 ('c', 6, TIMESTAMP '2024-01-01 00:00:11'), ('z', 7, TIMESTAMP '2024-01-01 00:01:00'), ('z', 8, TIMESTAMP '2024-01-01 00:02:00');
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '15' SECOND)) GROUP BY window_start, window_end;

-- Window aggregation on a TIMESTAMP_LTZ(3) rowtime: windows are computed on the session-zone wall clock,
-- window_start/window_end are TIMESTAMP(3) (local wall clock), window_time is TIMESTAMP_LTZ(3) *ROWTIME* (end - 1 ms
-- as an instant). Cases here are ones where the epoch-aligned flush schedule coincides with the true window ends
-- (5 s windows in Asia/Shanghai; 1-day windows in UTC), so every window fires on time (compare window_agg_ltz_flush_loss).
-- HOP 12 h / 1 day with offset -1 h in Shanghai: windows start at local 11:00 and 23:00 (flush interval 12 h).
SET 'table.local-time-zone' = 'Asia/Shanghai';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
INSERT INTO t VALUES
 ('a', 1, CAST('2024-01-01 23:59:58' AS TIMESTAMP_LTZ(3))), ('a', 2, CAST('2024-01-02 00:00:01' AS TIMESTAMP_LTZ(3))),
 ('a', 3, CAST('2024-01-02 00:00:07' AS TIMESTAMP_LTZ(3))), ('a', 4, CAST('2024-01-02 08:30:00' AS TIMESTAMP_LTZ(3))),
 ('a', 5, CAST('2024-01-03 00:00:00' AS TIMESTAMP_LTZ(3)));
SELECT k, window_start, window_end, window_time, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end, window_time;
SELECT k, window_start, window_end, COUNT(*) AS c
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '12' HOUR, INTERVAL '1' DAY, INTERVAL '-1' HOUR)) GROUP BY k, window_start, window_end;
SET 'table.local-time-zone' = 'UTC';
-- the same data read in UTC: 1-day windows at UTC midnight
SELECT k, window_start, window_end, window_time, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) GROUP BY k, window_start, window_end, window_time;

-- Cascading window aggregations.
-- (1) The first aggregation's window_time is a rowtime attribute and can be the DESCRIPTOR of a second TVF
--     (5 s -> 10 s TUMBLE; 5 s -> HOP 5/10 s). The second level fires when the watermark passes its own end - 1 ms.
-- (2) Aggregating again over window_start/window_end of the first aggregation (no new TVF) is a window-attached
--     WindowAggregate on the same windows: it fires in the same step as the first level.
-- (3) window_start of an aggregation is NOT a time attribute: see window_errors_planner_ids.sql.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('b', 2, TIMESTAMP '2024-01-01 00:00:03'), ('a', 3, TIMESTAMP '2024-01-01 00:00:06'),
 ('a', 4, TIMESTAMP '2024-01-01 00:00:12'), ('b', 5, TIMESTAMP '2024-01-01 00:00:13'), ('a', 6, TIMESTAMP '2024-01-01 00:00:25');
EXPLAIN CHANGELOG_MODE
WITH w1 AS (SELECT k, window_time AS wt, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end, window_time)
SELECT window_start, window_end, window_time, SUM(c) AS total FROM TABLE(TUMBLE(TABLE w1, DESCRIPTOR(wt), INTERVAL '10' SECOND)) GROUP BY window_start, window_end, window_time;
EXPLAIN CHANGELOG_MODE
SELECT window_start, window_end, SUM(c) AS total, COUNT(*) AS n
FROM (SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end)
GROUP BY window_start, window_end;
WITH w1 AS (SELECT k, window_time AS wt, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end, window_time)
SELECT window_start, window_end, window_time, SUM(c) AS total FROM TABLE(TUMBLE(TABLE w1, DESCRIPTOR(wt), INTERVAL '10' SECOND)) GROUP BY window_start, window_end, window_time;
WITH w1 AS (SELECT k, window_time AS wt, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end, window_time)
SELECT k, window_start, window_end, SUM(c) AS total FROM TABLE(HOP(TABLE w1, DESCRIPTOR(wt), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT window_start, window_end, SUM(c) AS total, COUNT(*) AS n
FROM (SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end)
GROUP BY window_start, window_end;

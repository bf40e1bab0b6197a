-- Window aggregation over TUMBLE (TIMESTAMP(3) rowtime, watermark ts - 1 s, zone UTC).
-- Shows: a window [s, e) fires when the watermark reaches e - 1 ms (step 4: wm 00:00:05.000 >= 00:00:04.999 fires [0,5));
-- a row exactly at 00:00:04.999 belongs to [0,5); late rows (steps 5, 8) are dropped silently; windows without rows
-- ([10,15), [15,20)) produce nothing; the last window fires only at end of input (+inf watermark).
-- Output columns are in SELECT order; window_start/window_end are TIMESTAMP(3) NOT NULL, window_time is a
-- TIMESTAMP(3) NOT NULL *ROWTIME* attribute (= window_end - 1 ms); COUNT(*) is BIGINT NOT NULL.
-- Default plan = two-phase LocalWindowAggregate + GlobalWindowAggregate (table.optimizer.agg-phase-strategy AUTO).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
INSERT INTO t VALUES
  ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('b', 2, TIMESTAMP '2024-01-01 00:00:02'),
  ('a', 3, TIMESTAMP '2024-01-01 00:00:04.999'), ('a', 4, TIMESTAMP '2024-01-01 00:00:06'),
  ('b', 5, TIMESTAMP '2024-01-01 00:00:03'),        -- late: [0,5) fired at step 4
  ('a', 6, TIMESTAMP '2024-01-01 00:00:05.999'), ('b', 7, TIMESTAMP '2024-01-01 00:00:06.001'),
  ('c', 8, TIMESTAMP '2024-01-01 00:00:02'),        -- late
  ('a', 9, TIMESTAMP '2024-01-01 00:00:21');

EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;

-- 1: the usual form
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
-- 2: window_time in GROUP BY and SELECT: a rowtime attribute in the output
SELECT window_start, window_end, window_time, k, COUNT(*) AS c
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end, window_time, k;
-- 3: no key, only window_end projected
SELECT window_end, COUNT(*) FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;
-- 4: no window column projected at all (still a window aggregation)
SELECT COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY window_start, window_end;
-- 5: TUMBLE with an offset of 2 s: windows [..:02, ..:07)
SELECT k, window_start, window_end, COUNT(*) AS c
FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '2' SECOND)) GROUP BY k, window_start, window_end;

-- Rejections around window aggregation (message texts and positions are Flink's):
-- 1 early/late-fire options set -> TableException at planning
-- 2 MONTH interval in TUMBLE
-- 3 CUMULATE max size not a multiple of the step
-- 4 legacy GROUP BY TUMBLE on a non-time column
-- 5 window TopN with RANK()
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), d TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01', TIMESTAMP '2024-01-01 00:00:01');
SET 'table.exec.emit.early-fire.enabled' = 'true';
SET 'table.exec.emit.early-fire.delay' = '1 s';
SELECT k, window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
SET 'table.exec.emit.early-fire.enabled' = 'false';
SELECT k, window_start, COUNT(*) FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' MONTH)) GROUP BY k, window_start, window_end;
SELECT k, window_start, COUNT(*) FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '4' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, COUNT(*) FROM t GROUP BY k, TUMBLE(d, INTERVAL '5' SECOND);
SELECT k, v FROM (SELECT *, RANK() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS r FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE r <= 2;

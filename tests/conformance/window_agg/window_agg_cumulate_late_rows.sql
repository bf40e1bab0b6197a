-- Window aggregation over CUMULATE (step 2 s, max size 6 s). Watermark = ts.
-- Shows: [0,2), [0,4), [0,6) fire one by one as the watermark passes 1.999, 3.999, 5.999; after a window fires the next
-- step of the same cycle is chained unconditionally (no emptiness check), so [6,8), [6,10), [6,12) all fire at step 8.
-- Late rows 4 (00:02) and 5 (00:00.500) arrive after [0,2) and [0,4) fired but before [0,6): they are merged into the
-- cycle's first slice and counted in [0,6) only ("1,2,4,5,3"). Step 7 (00:01 at wm 00:07): cycle ended -> dropped.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('a', 2, TIMESTAMP '2024-01-01 00:00:03'),
 ('a', 3, TIMESTAMP '2024-01-01 00:00:05'), ('a', 4, TIMESTAMP '2024-01-01 00:00:02'), ('a', 5, TIMESTAMP '2024-01-01 00:00:00.500'),
 ('a', 6, TIMESTAMP '2024-01-01 00:00:07'), ('a', 7, TIMESTAMP '2024-01-01 00:00:01'), ('a', 8, TIMESTAMP '2024-01-01 00:00:13');

EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND)) GROUP BY k, window_start, window_end;

SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s, LISTAGG(CAST(v AS STRING)) AS l
FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND)) GROUP BY k, window_start, window_end;
-- CUMULATE with an offset of 1 s (cycles [1,7), [7,13), [13,19)), grouped with window_time
SELECT window_start, window_end, window_time, COUNT(*) AS c
FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '2' SECOND, INTERVAL '6' SECOND, INTERVAL '1' SECOND)) GROUP BY window_start, window_end, window_time;

-- Exact boundary of window-join lateness with explicit watermarks (SOURCE_WATERMARK(), @watermark). (copied from oracle probe /tmp/probes/p5b)
-- Join watermark = min(L, R). Window [12:00,12:05) has window_end - 1 ms = 12:04:59.999.
-- Steps 3-4: both watermarks 12:04:59.998 -> window not yet fired; L2/R2 (12:03) arrive behind the watermark.
-- Steps 7-8: both watermarks 12:04:59.999 -> window fires.
-- Steps 9-10: L3late/R3late (12:04) arrive for the fired window.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS SOURCE_WATERMARK());
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS SOURCE_WATERMARK());

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@watermark LeftTable 2024-01-01 12:04:59.998
@watermark RightTable 2024-01-01 12:04:59.998
@LeftTable  2024-01-01 12:03:00 | 2 | L2
@RightTable 2024-01-01 12:03:00 | 2 | R2
@watermark LeftTable 2024-01-01 12:04:59.999
@watermark RightTable 2024-01-01 12:04:59.999
@LeftTable  2024-01-01 12:04:00 | 3 | L3late
@RightTable 2024-01-01 12:04:00 | 3 | R3late
@LeftTable  2024-01-01 12:05:00 | 4 | L4
@RightTable 2024-01-01 12:05:00 | 4 | R4

-- INNER TUMBLE window join
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL TUMBLE window join
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- INNER HOP (slide 5, size 10) window join: a late row's windows [11:55,12:05) fired, [12:00,12:10) not
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL HOP window join
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- TVF alone
SELECT id, window_start FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));

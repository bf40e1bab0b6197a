-- joins of window TVFs that are NOT window joins in Flink 2.3, so the planner
-- falls back to a regular join over the two WindowTableFunctions (immediate output per input row):
-- HOP windows of different sizes (FULL, also SELECT *), different TVFs (TUMBLE vs HOP), only window_start
-- equality, only window_end equality. Queries 1-2 come from oracle probe /tmp/probes/p6c.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:03:00 | 2 | L2
@RightTable 2024-01-01 12:07:00 | 2 | R2
@LeftTable  2024-01-01 12:12:00 | 3 | L3

-- FULL JOIN of HOP windows with different sizes (10 min vs 15 min)
SELECT L.id AS L_id, R.id AS R_id, L.window_start AS L_ws, L.window_end AS L_we, R.window_start AS R_ws, R.window_end AS R_we
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '15' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- the same, SELECT * (time attributes in the fallback)
SELECT *
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '15' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- TUMBLE 10 min on the left, HOP (slide 5, size 10) on the right, INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) L
JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- TUMBLE 5 min both sides, only window_start equality, INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start, R.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start;
-- TUMBLE 5 min both sides, only window_end equality, LEFT
SELECT L.id AS L_id, R.id AS R_id, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_end = R.window_end;

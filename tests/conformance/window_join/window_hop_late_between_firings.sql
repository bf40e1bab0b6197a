-- HOP (slide 5, size 10) window joins with rows late for their earlier window but not for the later one:
-- the copy for the fired window is dropped, the copy for the open window joins (INNER, FULL, SEMI, ANTI).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:06:00 | 2 | L2
@RightTable 2024-01-01 12:07:00 | 2 | R2
@LeftTable  2024-01-01 12:04:00 | 2 | L2a
@RightTable 2024-01-01 12:04:30 | 2 | R2a
@LeftTable  2024-01-01 12:11:00 | 3 | L3
@RightTable 2024-01-01 12:12:00 | 3 | R3
@LeftTable  2024-01-01 12:08:00 | 2 | L2b
@RightTable 2024-01-01 12:09:00 | 2 | R2b
@LeftTable  2024-01-01 12:16:00 | 4 | L4
@RightTable 2024-01-01 12:14:00 | 2 | R2c
@RightTable 2024-01-01 12:17:00 | 4 | R4

-- INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SEMI
SELECT L.id, L.window_start FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
WHERE L.num IN (SELECT num FROM (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- ANTI
SELECT L.id, L.window_start FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

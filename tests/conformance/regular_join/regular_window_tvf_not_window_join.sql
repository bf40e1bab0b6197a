-- Regular joins of two window TVF outputs that are NOT window joins (so Flink plans a regular Join over
-- the WindowTableFunction outputs and emits immediately per input row, never at window end):
-- TUMBLE 5 min vs TUMBLE 10 min joined on num and window_start only (FULL and LEFT), and equal
-- TUMBLE 5 min windows joined on window_start only (FULL). EXPLAIN of the FULL join shows Join, not
-- WindowJoin. Rows are @ lines (arrival as written, watermark per row).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

CREATE TABLE RightTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:06:00 | 2 | L2
@RightTable 2024-01-01 12:07:00 | 2 | R2
@LeftTable  2024-01-01 12:11:00 | 1 | L3
@RightTable 2024-01-01 12:13:00 | 1 | R3

EXPLAIN
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end, R.window_end AS R_we
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start;

SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end, R.window_end AS R_we
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start;

SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end, R.window_end AS R_we
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start;

SELECT L.id AS L_id, R.id AS R_id, L.window_start, R.window_start AS R_ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.window_start = R.window_start;

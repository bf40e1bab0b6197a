-- Column naming: SELECT *, expr on a scan; unaliased expressions and duplicate window columns over
-- window joins (regular / interval join queries of the probe left out). (copied from oracle probe /tmp/probes/p3c)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:03:00 | 2 | L2

-- SELECT *, expression
SELECT *, num + 1 FROM LeftTable;
-- unaliased expressions over a window join
SELECT L.num + 1, R.id, L.id, COALESCE(L.window_start, R.window_start)
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- window join selecting L.window_start and R.window_start unaliased
SELECT L.window_start, R.window_start, L.window_end, R.window_end, L.num, R.num
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

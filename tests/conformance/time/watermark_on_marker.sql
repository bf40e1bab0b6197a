-- SET 'oracle.watermark-emit' = 'on-marker': the sources emit their WATERMARK expression (row_time - 1 s) only at
-- '@watermark T' lines without a time, not after every row. The same INNER window join (TUMBLE 5 min) runs first
-- with the default 'per-record' emission, then (after the positional SET) with 'on-marker'.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' SECOND);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:06:00 | 2 | L2
@RightTable 2024-01-01 12:06:30 | 2 | R2
@RightTable 2024-01-01 12:03:00 | 1 | R1late
@watermark LeftTable
@watermark RightTable
@LeftTable  2024-01-01 12:04:00 | 1 | L1late
@LeftTable  2024-01-01 12:11:00 | 3 | L3
@RightTable 2024-01-01 12:11:30 | 3 | R3
@watermark RightTable
@watermark LeftTable
@RightTable 2024-01-01 12:08:00 | 2 | R2late

SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

SET 'oracle.watermark-emit' = 'on-marker';
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

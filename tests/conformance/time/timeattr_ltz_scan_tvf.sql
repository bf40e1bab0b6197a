-- Time attributes (*ROWTIME*, nullability, CAST note) in the == schema line with a TIMESTAMP_LTZ(3) rowtime:
-- plain scan and window TVF alone. (copied from oracle probe /tmp/probes/p3b)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP_LTZ(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP_LTZ(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable 2024-01-01 12:03:00 | 2 | L2
@RightTable 2024-01-01 12:04:00 | 3 | R3
@LeftTable 2024-01-01 12:06:00 | 5 | L5
@RightTable 2024-01-01 12:07:00 | 6 | R6

-- plain scan
SELECT * FROM LeftTable;
SELECT row_time, num FROM LeftTable;
SELECT num, CAST(row_time AS TIMESTAMP(3)) AS rt_cast FROM LeftTable;
-- window TVF alone
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
SELECT num, window_start, window_end, window_time FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
SELECT row_time, num, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));

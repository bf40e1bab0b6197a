-- Rows with a NULL rowtime: dropped by TUMBLE / HOP / CUMULATE and by a FULL window join. (copied from oracle probe /tmp/probes/p4b)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable NULL | 0 | Lnull_first
@LeftTable 2024-01-01 12:01:00 | 1 | L1
@LeftTable NULL | 2 | Lnull
@RightTable 2024-01-01 12:02:00 | 1 | R1
@RightTable NULL | 2 | Rnull
@LeftTable 2024-01-01 12:03:00 | 3 | L3

-- plain scan
SELECT * FROM LeftTable;
-- TUMBLE alone
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- HOP alone
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
-- CUMULATE alone
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
-- FULL window join
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

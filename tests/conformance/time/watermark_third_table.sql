-- Watermarks of tables a query does not read: ThirdTable's rows are far ahead in time. The L-R window join
-- (TUMBLE 5 min) ignores ThirdTable's watermark (its step lines show no '-> wm'); the L-T join ignores RightTable,
-- whose watermark lags; a self-join of LeftTable reads one table on both sides (one watermark for both inputs).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE ThirdTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@ThirdTable 2024-01-01 13:00:00 | 9 | T9
@LeftTable  2024-01-01 12:06:00 | 2 | L2
@ThirdTable 2024-01-01 12:07:00 | 2 | T2late
@LeftTable  2024-01-01 12:03:00 | 1 | L1b
@RightTable 2024-01-01 12:04:00 | 1 | R1b
@LeftTable  2024-01-01 12:12:00 | 3 | L3
@ThirdTable 2024-01-01 12:12:30 | 3 | T3
@RightTable 2024-01-01 12:13:00 | 3 | R3

-- L JOIN R
SELECT L.id AS L_id, R.id AS R_id, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- L FULL JOIN T
SELECT L.id AS L_id, T.id AS T_id, COALESCE(L.window_start, T.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON L.num = T.num AND L.window_start = T.window_start AND L.window_end = T.window_end;
-- self-join of LeftTable
SELECT A.id AS A_id, B.id AS B_id, A.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) A
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) B
ON A.num = B.num AND A.window_start = B.window_start AND A.window_end = B.window_end;

-- Cascaded window joins (TUMBLE 5 min): a window join's output keeps both sides' window columns (Flink's
-- getJoinWindowProperties), so joining it with a third windowed table on any of them is again a window join that
-- fires on min(watermark of the first join, ThirdTable's). A cast to the column's own type keeps the column.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE ThirdTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:01:30 | 1 | R1
@ThirdTable 2024-01-01 12:02:00 | 1 | T1
@LeftTable  2024-01-01 12:03:00 | 2 | L2
@ThirdTable 2024-01-01 12:03:30 | 2 | T2
@LeftTable  2024-01-01 12:06:00 | 1 | L3
@RightTable 2024-01-01 12:07:00 | 1 | R3
@ThirdTable 2024-01-01 12:04:00 | 1 | T1late
@RightTable 2024-01-01 12:08:00 | 9 | R9
@ThirdTable 2024-01-01 12:08:30 | 1 | T3
@LeftTable  2024-01-01 12:16:00 | 5 | L5
@RightTable 2024-01-01 12:17:00 | 5 | R5
@ThirdTable 2024-01-01 12:18:00 | 5 | T5

-- second join on the RIGHT side's window columns
SELECT L.id AS L_id, R.id AS R_id, T.id AS T_id, T.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON R.num = T.num AND R.window_start = T.window_start AND R.window_end = T.window_end;
-- first join in a derived table that projects its window columns
SELECT J.L_id, J.R_id, T.id AS T_id, J.ws
FROM (SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start AS ws, L.window_end AS we
      FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
      LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
      ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end) J
RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON J.num = T.num AND J.ws = T.window_start AND J.we = T.window_end;
-- window join output in an EXISTS (SEMI window join of a window join)
SELECT L.id AS L_id, R.id AS R_id, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
  WHERE T.num = L.num AND T.window_start = L.window_start AND T.window_end = L.window_end);
-- CAST(window_start AS TIMESTAMP(3)) is a no-op cast (Calcite drops it): still a window join
SELECT J.L_id, T.id AS T_id
FROM (SELECT L.id AS L_id, L.num, CAST(L.window_start AS TIMESTAMP(3)) AS ws, L.window_end AS we
      FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
      JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
      ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end) J
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON J.num = T.num AND J.ws = T.window_start AND J.we = T.window_end;
-- SELECT * of a three-way window join (time attributes)
SELECT *
FROM (SELECT id, num, window_start, window_end, window_time FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT id, num, window_start, window_end, window_time FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
JOIN (SELECT id, num, window_start, window_end FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON L.num = T.num AND L.window_start = T.window_start AND L.window_end = T.window_end;
-- three-way, LEFT then FULL (the FULL level pads the LEFT join's output and ThirdTable rows)
SELECT L.id AS L_id, R.id AS R_id, T.id AS T_id, COALESCE(L.window_start, T.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE ThirdTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON L.num = T.num AND L.window_start = T.window_start AND L.window_end = T.window_end;

-- Window joins (TUMBLE 5 min) on two equality keys (num, tag): rows that agree on one key only do not match;
-- INNER and FULL; a NULL in the second key never matches with '='.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, tag STRING, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, tag STRING, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'a', 'L1a'), (TIMESTAMP '2024-01-01 12:02:00', 1, 'b', 'L1b'),
  (TIMESTAMP '2024-01-01 12:03:00', 2, 'a', 'L2a'), (TIMESTAMP '2024-01-01 12:04:00', 3, CAST(NULL AS STRING), 'L3null');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 'a', 'R1a'), (TIMESTAMP '2024-01-01 12:02:30', 2, 'b', 'R2b'),
  (TIMESTAMP '2024-01-01 12:03:30', 1, 'a', 'R1a2'), (TIMESTAMP '2024-01-01 12:04:30', 3, CAST(NULL AS STRING), 'R3null'),
  (TIMESTAMP '2024-01-01 12:06:00', 1, 'b', 'R1b_next');

-- INNER on (num, tag)
SELECT L.id AS L_id, R.id AS R_id, L.num, L.tag, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.tag = R.tag AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL on (tag, num), keys written in the other order and the window conditions first
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND R.tag = L.tag AND R.num = L.num;

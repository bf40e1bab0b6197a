-- Arrival order 'by-time' (the default for INSERT data): rows are merged across tables by row_time, each table
-- keeping its written order. L1late (12:02) arrives after the join watermark passed 12:10 and is dropped; R1late
-- likewise. Same data and queries as arrival_as_written.sql.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:11:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:02:00', 1, 'L1late');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:03:00', 1, 'R1'), (TIMESTAMP '2024-01-01 12:10:00', 9, 'R9'),
  (TIMESTAMP '2024-01-01 12:12:00', 2, 'R2'), (TIMESTAMP '2024-01-01 12:04:00', 1, 'R1late');

-- INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

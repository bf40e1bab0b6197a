-- A table with INSERT rows but no WATERMARK (Names) forces arrival 'as-written' for the whole script (with a
-- '# note:' saying why), even though the window join does not read it. Same data and join as arrival_by_time.sql.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE Names (num INT, name STRING);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:11:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:02:00', 1, 'L1late');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:03:00', 1, 'R1'), (TIMESTAMP '2024-01-01 12:10:00', 9, 'R9'),
  (TIMESTAMP '2024-01-01 12:12:00', 2, 'R2'), (TIMESTAMP '2024-01-01 12:04:00', 1, 'R1late');
INSERT INTO Names VALUES (1, 'one'), (2, 'two');

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
-- plain scan of the table without watermark
SELECT num, name FROM Names;

-- Window INNER, LEFT, RIGHT and FULL joins over CUMULATE windows (step 3 min, max 9 min): a row is in every
-- window of its cycle that ends after it; rows match only in the windows that hold both; unmatched rows on both sides.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:03:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:06:00', 3, 'L3'), (TIMESTAMP '2024-01-01 12:09:00', 1, 'L1b');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:02:00', 1, 'R1'), (TIMESTAMP '2024-01-01 12:04:30', 4, 'R4'),
  (TIMESTAMP '2024-01-01 12:07:00', 2, 'R2'), (TIMESTAMP '2024-01-01 12:11:00', 3, 'R3');

-- JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- LEFT JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- RIGHT JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) L
RIGHT JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '3' MINUTES, INTERVAL '9' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

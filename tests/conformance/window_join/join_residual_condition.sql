-- Window joins (TUMBLE 5 min) with a residual non-equi condition in ON: L.val < R.val (INNER, LEFT, RIGHT, FULL),
-- and a condition on one side only (L.val > 10) in the ON of a LEFT join (pads the left row instead of dropping it).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, val INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, val INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 10, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', 1, 30, 'L1b'),
  (TIMESTAMP '2024-01-01 12:03:00', 2, 5, 'L2'), (TIMESTAMP '2024-01-01 12:06:00', 3, CAST(NULL AS INT), 'L3null');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 20, 'R1'), (TIMESTAMP '2024-01-01 12:03:30', 2, 5, 'R2'),
  (TIMESTAMP '2024-01-01 12:04:00', 2, 6, 'R2b'), (TIMESTAMP '2024-01-01 12:07:00', 3, 1, 'R3');

-- INNER with L.val < R.val
SELECT L.id AS L_id, R.id AS R_id, L.val AS L_val, R.val AS R_val, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.val < R.val;
-- LEFT with L.val < R.val
SELECT L.id AS L_id, R.id AS R_id, L.val AS L_val, R.val AS R_val, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.val < R.val;
-- RIGHT with L.val < R.val
SELECT L.id AS L_id, R.id AS R_id, L.val AS L_val, R.val AS R_val, R.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.val < R.val;
-- FULL with L.val < R.val
SELECT L.id AS L_id, R.id AS R_id, L.val AS L_val, R.val AS R_val, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.val < R.val;
-- LEFT with a left-only condition in ON
SELECT L.id AS L_id, R.id AS R_id, L.val AS L_val, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.val > 10;

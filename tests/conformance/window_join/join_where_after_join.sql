-- WHERE filters applied after window joins (TUMBLE 5 min): on the joined values (INNER), on the padded side
-- (LEFT ... WHERE R.id IS NULL keeps only unmatched left rows), on both sides of a FULL join, and on window_start.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, val INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, val INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 5, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', 2, 15, 'L2'),
  (TIMESTAMP '2024-01-01 12:03:00', 3, 25, 'L3'), (TIMESTAMP '2024-01-01 12:07:00', 1, 35, 'L1b');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 50, 'R1'), (TIMESTAMP '2024-01-01 12:02:30', 2, 8, 'R2'),
  (TIMESTAMP '2024-01-01 12:04:00', 4, 40, 'R4'), (TIMESTAMP '2024-01-01 12:08:00', 1, 12, 'R1b');

-- INNER, WHERE on values of both sides
SELECT L.id AS L_id, R.id AS R_id, L.val + R.val AS total, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
WHERE R.val > L.val;
-- LEFT, WHERE R.id IS NULL
SELECT L.id AS L_id, L.num, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
WHERE R.id IS NULL;
-- FULL, WHERE on a column of each side (NULL-padded rows pass only through the IS NULL branch)
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
WHERE L.val > 10 OR R.val IS NULL OR R.val >= 40;
-- INNER, WHERE on the window bounds
SELECT L.id AS L_id, R.id AS R_id, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end
WHERE L.window_start >= TIMESTAMP '2024-01-01 12:05:00';

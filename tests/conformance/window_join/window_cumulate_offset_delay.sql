-- CUMULATE (step 2 min, max 6 min) window joins with offsets (+1 min, -1 min), watermark delays on both sides
-- (1 min, 30 s), rows at exact window boundaries (12:03:59.999, 12:04:00) and a late row; ANTI (NOT IN).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '1' MINUTE);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '30' SECOND);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:00:30', 1, 'L1'), (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1b'),
  (TIMESTAMP '2024-01-01 12:03:59.999', 2, 'L2'), (TIMESTAMP '2024-01-01 12:04:00', 2, 'L2b'),
  (TIMESTAMP '2024-01-01 12:02:00', 1, 'L1late'),
  (TIMESTAMP '2024-01-01 12:07:00', 3, 'L3'), (TIMESTAMP '2024-01-01 12:12:00', 4, 'L4');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 'R1'), (TIMESTAMP '2024-01-01 12:04:10', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:05:00', 1, 'R1b'), (TIMESTAMP '2024-01-01 12:06:00', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:03:00', 1, 'R1late'), (TIMESTAMP '2024-01-01 12:13:00', 4, 'R4');

-- CUMULATE offset +1 min, INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end, L.window_time
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES, INTERVAL '1' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES, INTERVAL '1' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- CUMULATE offset -1 min, FULL
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES, INTERVAL '-1' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES, INTERVAL '-1' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- CUMULATE, ANTI NOT IN
SELECT L.id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) L
WHERE L.num NOT IN (SELECT num FROM (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

-- Window SEMI / ANTI joins over HOP (slide 5 min, size 10 min) and CUMULATE (step 2 min, max 6 min):
-- a left row belongs to several windows and is emitted (or not) once per window; NULL keys on both sides.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:03:00', CAST(NULL AS INT), 'Lnull'),
  (TIMESTAMP '2024-01-01 12:04:00', 2, 'L2'), (TIMESTAMP '2024-01-01 12:08:00', 1, 'L3');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:02:30', 2, 'R2'), (TIMESTAMP '2024-01-01 12:06:00', 1, 'R1'),
  (TIMESTAMP '2024-01-01 12:07:00', CAST(NULL AS INT), 'Rnull'), (TIMESTAMP '2024-01-01 12:13:00', 9, 'R9');

-- HOP, EXISTS
SELECT L.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
-- HOP, NOT IN
SELECT L.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
WHERE L.num NOT IN (SELECT R.num FROM (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- CUMULATE, IN
SELECT L.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) L
WHERE L.num IN (SELECT R.num FROM (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- CUMULATE, NOT EXISTS
SELECT L.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) L
WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

-- Window SEMI (IN, EXISTS) and ANTI (NOT IN, NOT EXISTS) joins, TUMBLE 5 min, with NULL keys:
-- [12:00,12:05) right side non-empty, no NULL on the right; left has a NULL key.
-- [12:05,12:10) right side has a NULL key and a match; left has a NULL key.
-- [12:10,12:15) right side empty; left has a NULL key and a non-NULL key.
-- [12:15,12:20) left side empty (right rows only).
-- [12:20,12:25) right side holds only a NULL key; left has a NULL key and a non-NULL key.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', CAST(NULL AS INT), 'Lnull1'),
  (TIMESTAMP '2024-01-01 12:03:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:06:00', 1, 'L4'), (TIMESTAMP '2024-01-01 12:07:00', CAST(NULL AS INT), 'Lnull2'),
  (TIMESTAMP '2024-01-01 12:08:00', 5, 'L5'),
  (TIMESTAMP '2024-01-01 12:11:00', 7, 'L7'), (TIMESTAMP '2024-01-01 12:12:00', CAST(NULL AS INT), 'Lnull3'),
  (TIMESTAMP '2024-01-01 12:21:00', 9, 'L9'), (TIMESTAMP '2024-01-01 12:22:00', CAST(NULL AS INT), 'Lnull5');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 'R1'), (TIMESTAMP '2024-01-01 12:02:30', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:06:30', CAST(NULL AS INT), 'Rnull'), (TIMESTAMP '2024-01-01 12:07:30', 1, 'R1b'),
  (TIMESTAMP '2024-01-01 12:16:00', 8, 'R8'), (TIMESTAMP '2024-01-01 12:17:00', CAST(NULL AS INT), 'Rnull4'),
  (TIMESTAMP '2024-01-01 12:21:30', CAST(NULL AS INT), 'Rnull5');

-- SEMI, IN
SELECT L.id, L.num, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num IN (SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- SEMI, EXISTS
SELECT L.id, L.num, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
-- ANTI, NOT IN (NULL-aware: a NULL on either side makes the comparison UNKNOWN)
SELECT L.id, L.num, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num NOT IN (SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
-- ANTI, NOT EXISTS
SELECT L.id, L.num, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

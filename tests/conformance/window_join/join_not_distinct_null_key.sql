-- Window joins (TUMBLE 5 min) with IS NOT DISTINCT FROM on a key that has NULLs: NULL keys match each other
-- (compared with '=' on the same data, where they do not). INNER, LEFT and FULL.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', CAST(NULL AS INT), 'Lnull'),
  (TIMESTAMP '2024-01-01 12:06:00', CAST(NULL AS INT), 'Lnull2');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 'R1'), (TIMESTAMP '2024-01-01 12:03:00', CAST(NULL AS INT), 'Rnull'),
  (TIMESTAMP '2024-01-01 12:04:00', CAST(NULL AS INT), 'Rnull2'), (TIMESTAMP '2024-01-01 12:11:00', CAST(NULL AS INT), 'Rnull3');

-- INNER, IS NOT DISTINCT FROM
SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num IS NOT DISTINCT FROM R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- INNER, '=' (reference)
SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- LEFT, IS NOT DISTINCT FROM
SELECT L.id AS L_id, R.id AS R_id, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num IS NOT DISTINCT FROM R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL, IS NOT DISTINCT FROM
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num IS NOT DISTINCT FROM R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- SET 'oracle.trace' = 'false' prints '# step' lines only for steps that produced output. The same FULL window
-- join (TUMBLE 5 min) runs with the default trace, then with trace off (positional SET), then with the
-- 'joinlab.trace' alias set back to 'true'.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:03:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:06:00', 3, 'L3');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:02:00', 1, 'R1'), (TIMESTAMP '2024-01-01 12:08:00', 4, 'R4'),
  (TIMESTAMP '2024-01-01 12:16:00', 5, 'R5');

SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

SET 'oracle.trace' = 'false';
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

SET 'joinlab.trace' = 'true';
SELECT L.id AS L_id, R.id AS R_id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

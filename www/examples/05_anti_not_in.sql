-- title: ANTI window join with NOT IN
-- about: NOT IN keeps a left row when its num differs from every right num of the same window, with SQL's three-valued logic: in [12:00, 12:05) L1 is kept but Lnull1 is not (NULL NOT IN (2) is unknown); in [12:05, 12:10) nothing is kept, not even L4, because the right side holds a NULL (Rnull) and x NOT IN (3, NULL) is never true; in [12:10, 12:15) the right side is empty, so both L5 and Lnull2 are kept. Compare with the NOT EXISTS example on the same data.
SET 'joinlab.dialect' = 'flink';
SET 'sql.local-time-zone' = 'UTC';

CREATE TABLE LeftTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

CREATE TABLE RightTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time
);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'),
  (TIMESTAMP '2024-01-01 12:02:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:03:00', CAST(NULL AS INT), 'Lnull1'),
  (TIMESTAMP '2024-01-01 12:06:00', 3, 'L3'),
  (TIMESTAMP '2024-01-01 12:07:00', 4, 'L4'),
  (TIMESTAMP '2024-01-01 12:11:00', 5, 'L5'),
  (TIMESTAMP '2024-01-01 12:12:00', CAST(NULL AS INT), 'Lnull2'),
  (TIMESTAMP '2024-01-01 12:16:00', 6, 'L6');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:02:30', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:06:30', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:08:00', CAST(NULL AS INT), 'Rnull'),
  (TIMESTAMP '2024-01-01 12:16:30', 7, 'R7');

SELECT L.id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num NOT IN (
  SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

-- title: ANTI window join with NOT EXISTS
-- about: NOT EXISTS keeps a left row when no right row of the same window has an equal num. NULLs simply never match, so unlike NOT IN it keeps Lnull1 and Lnull2, and it keeps L4 although the right side of [12:05, 12:10) holds a NULL. Windows are decided when the watermark of both tables passes their end: [12:00, 12:05) and [12:05, 12:10) while rows still arrive, [12:10, 12:15) when L6 and R7 move both watermarks past 12:15, and [12:15, 12:20) only at the end of input.
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
WHERE NOT EXISTS (
  SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

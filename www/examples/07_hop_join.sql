-- title: HOP window join
-- about: Hopping windows overlap: 10-minute windows that start every 5 minutes, so every row belongs to two windows and a pair of rows can meet in both of them. L1 and R1 (num 1, 12:01 and 12:04) join in [11:55, 12:05) and again in [12:00, 12:10); R3 (num 1, 12:09) meets L1 in [12:00, 12:10) and L3 (12:12) in [12:05, 12:15). Each window fires on its own once the watermark of both inputs passes its end.
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
  (TIMESTAMP '2024-01-01 12:06:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:12:00', 1, 'L3'),
  (TIMESTAMP '2024-01-01 12:21:00', 5, 'L5');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:04:00', 1, 'R1'),
  (TIMESTAMP '2024-01-01 12:08:00', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:09:00', 1, 'R3'),
  (TIMESTAMP '2024-01-01 12:22:00', 5, 'R5');

SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) L
JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- title: CUMULATE window join
-- about: Cumulating windows grow in 2-minute steps up to 6 minutes, all starting at the same time: [12:00, 12:02), [12:00, 12:04), [12:00, 12:06), then again from 12:06. A row belongs to every window of its period that ends after it, so L1 and R1 (num 1) meet in all three windows of the first period, while L2 and R2 (num 2, 12:03 and 12:03:30) meet only in [12:00, 12:04) and [12:00, 12:06). Each window fires when the watermark of both inputs passes its end, so the results grow step by step.
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
  (TIMESTAMP '2024-01-01 12:00:30', 1, 'L1'),
  (TIMESTAMP '2024-01-01 12:03:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:05:00', 3, 'L3'),
  (TIMESTAMP '2024-01-01 12:07:00', 1, 'L4');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'R1'),
  (TIMESTAMP '2024-01-01 12:03:30', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:05:30', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:07:30', 1, 'R4');

SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '6' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

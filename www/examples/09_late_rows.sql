-- title: Late rows are dropped
-- about: Rows arrive exactly as written here (SET 'joinlab.arrival' = 'as-written'), and each table's watermark trails its largest row time by one minute. When L2 and R2 lift both watermarks past 12:05, window [12:00, 12:05) fires and its state is freed. L1late (12:03) and R3late (12:04) arrive after that: their window is gone, so the join drops them as late and they never reach the output. L2b (12:05:30) is out of order too, but its window [12:05, 12:10) has not fired yet, so it still joins R2: the one-minute delay tolerates it.
SET 'joinlab.dialect' = 'flink';
SET 'sql.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'as-written';

CREATE TABLE LeftTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time - INTERVAL '1' MINUTE
);

CREATE TABLE RightTable (
  row_time TIMESTAMP(3),
  num INT,
  id STRING,
  WATERMARK FOR row_time AS row_time - INTERVAL '1' MINUTE
);

INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1');
INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:02:00', 1, 'R1');
INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:06:30', 2, 'L2');
INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:07:00', 2, 'R2');
INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:03:00', 1, 'L1late');
INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:04:00', 1, 'R3late');
INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:05:30', 2, 'L2b');
INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:12:00', 3, 'L3');
INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:13:00', 3, 'R3');

SELECT L.id AS L_id, R.id AS R_id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

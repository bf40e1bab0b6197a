-- title: SEMI window join with IN
-- about: A left row is emitted once when at least one right row with the same num falls in the same 5-minute window: L2 comes out once although R2 and R2b both match it, L3 does not come out because its partner R3 sits in the next window, and L5 (num 3) does. A NULL num never matches (Lnull). Each window's rows come out when the watermark of both tables passes the window's end; the last window waits for the end of input.
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
  (TIMESTAMP '2024-01-01 12:03:00', 3, 'L3'),
  (TIMESTAMP '2024-01-01 12:07:00', 1, 'L4'),
  (TIMESTAMP '2024-01-01 12:07:30', CAST(NULL AS INT), 'Lnull'),
  (TIMESTAMP '2024-01-01 12:08:00', 3, 'L5'),
  (TIMESTAMP '2024-01-01 12:11:00', 9, 'L9');

INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:03:30', 2, 'R2b'),
  (TIMESTAMP '2024-01-01 12:04:00', 4, 'R4'),
  (TIMESTAMP '2024-01-01 12:06:30', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:09:00', CAST(NULL AS INT), 'Rnull'),
  (TIMESTAMP '2024-01-01 12:11:30', 9, 'R9');

SELECT L.id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num IN (
  SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

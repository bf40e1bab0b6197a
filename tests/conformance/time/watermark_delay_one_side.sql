-- Bounded-delay watermark on one side only: LeftTable's watermark is row_time - 2 s, RightTable's is row_time.
-- TUMBLE 1 min window joins; the join's watermark is the minimum of both. R1b (12:00:59) arrives after
-- RightTable's watermark passed 12:01:01 (late for its own table) but LeftTable's watermark (12:00:58.5) holds the
-- window [12:00,12:01) open, so it is joined. L1late (12:00:30) arrives after the window fired: dropped.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time - INTERVAL '2' SECOND);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:00:10', 1, 'L1'), (TIMESTAMP '2024-01-01 12:01:00.500', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:00:59.500', 1, 'L1b'), (TIMESTAMP '2024-01-01 12:01:03', 3, 'L3'),
  (TIMESTAMP '2024-01-01 12:00:30', 1, 'L1late'), (TIMESTAMP '2024-01-01 12:02:30', 4, 'L4');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:00:20', 1, 'R1'), (TIMESTAMP '2024-01-01 12:01:01', 2, 'R2'),
  (TIMESTAMP '2024-01-01 12:00:59', 1, 'R1b'), (TIMESTAMP '2024-01-01 12:01:40', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:02:10', 4, 'R4');

-- INNER
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- TVF alone on each side (no lateness dropping)
SELECT id, window_start FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE));

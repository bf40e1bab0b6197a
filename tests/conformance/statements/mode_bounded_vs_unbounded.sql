-- The same window LEFT join (TUMBLE 5 min) and the same data run three times: with SET 'oracle.mode' = 'bounded'
-- (end of input, +inf watermark, no intermediate materialization), 'unbounded' (stops after the last row: the last
-- windows never fire) and 'both' (the default). The SET is positional: it applies to the queries below it.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:02:00', 2, 'L2'),
  (TIMESTAMP '2024-01-01 12:07:00', 3, 'L3'), (TIMESTAMP '2024-01-01 12:12:00', 4, 'L4');
INSERT INTO RightTable VALUES
  (TIMESTAMP '2024-01-01 12:01:30', 1, 'R1'), (TIMESTAMP '2024-01-01 12:07:30', 3, 'R3'),
  (TIMESTAMP '2024-01-01 12:11:00', 4, 'R4');

SET 'oracle.mode' = 'bounded';
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

SET 'oracle.mode' = 'unbounded';
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

SET 'joinlab.mode' = 'both';
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

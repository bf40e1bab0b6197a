-- DESCRIBE / SHOW TABLES / EXPLAIN statements (their output is not compared) do not stop the script;
-- EXPLAIN of an unknown table prints an error and is not fatal; the final query runs. (copied from oracle probe /tmp/probes/p8)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
DESCRIBE LeftTable;
SHOW TABLES;
EXPLAIN
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
EXPLAIN
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
EXPLAIN
SELECT L.id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num IN (
  SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
EXPLAIN
SELECT L.id, L.num, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE NOT EXISTS (
  SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
EXPLAIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
EXPLAIN CHANGELOG_MODE
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
EXPLAIN
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
EXPLAIN
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTES, INTERVAL '5' MINUTES));
EXPLAIN
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTES, INTERVAL '5' MINUTES, INTERVAL '1' MINUTES));
EXPLAIN
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '1' MINUTES));
EXPLAIN
SELECT * FROM NoSuchTable;
SELECT id FROM LeftTable;

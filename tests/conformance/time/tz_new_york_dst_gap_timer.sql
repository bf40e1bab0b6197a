-- TIMESTAMP_LTZ(3) window joins in America/New_York across the 2024-03-10 spring-forward gap (02:00 -> 03:00):
-- windows ending inside the gap ([01:15,02:15), [01:45,02:45) of HOP 1 h / 30 min, offset 15 min) fire at the first
-- skipped instant (07:00Z, Flink's toEpochMillsForTimer), not an hour later; CUMULATE 1 day / 6 h; window_time.
SET 'table.local-time-zone' = 'America/New_York';
CREATE TABLE LeftTable (row_time TIMESTAMP_LTZ(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP_LTZ(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES
  (CAST('2024-03-09 23:10:00' AS TIMESTAMP_LTZ(3)), 1, 'L1'), (CAST('2024-03-10 01:50:00' AS TIMESTAMP_LTZ(3)), 2, 'L2'),
  (CAST('2024-03-10 03:20:00' AS TIMESTAMP_LTZ(3)), 3, 'L3'), (CAST('2024-03-10 07:00:00' AS TIMESTAMP_LTZ(3)), 4, 'L4');
INSERT INTO RightTable VALUES
  (CAST('2024-03-09 23:40:00' AS TIMESTAMP_LTZ(3)), 1, 'R1'), (CAST('2024-03-10 01:55:00' AS TIMESTAMP_LTZ(3)), 2, 'R2'),
  (CAST('2024-03-10 03:05:00' AS TIMESTAMP_LTZ(3)), 3, 'R3'), (CAST('2024-03-10 08:00:00' AS TIMESTAMP_LTZ(3)), 4, 'R4');

-- HOP 1 h slide 30 min offset 15 min, INNER, window columns and expressions
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end, L.window_time,
  DATE_FORMAT(L.window_start, 'yyyy-MM-dd HH:mm') AS ws_text, CAST(L.window_end AS STRING) AS we_text,
  TIMESTAMPDIFF(MINUTE, L.window_start, L.window_end) AS len
FROM (SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '30' MINUTES, INTERVAL '1' HOUR, INTERVAL '15' MINUTES))) L
JOIN (SELECT * FROM TABLE(HOP(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '30' MINUTES, INTERVAL '1' HOUR, INTERVAL '15' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- CUMULATE 1 day / 6 h, FULL
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws, COALESCE(L.window_end, R.window_end) AS we
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '6' HOURS, INTERVAL '1' DAY))) L
FULL JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '6' HOURS, INTERVAL '1' DAY))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- TUMBLE 1 h, SEMI, window_time projected
SELECT L.id, L.row_time, L.window_time, CAST(L.window_time AS TIMESTAMP(3)) AS wt_ts
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' HOUR))) L
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '1' HOUR))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);

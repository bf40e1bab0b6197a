-- CUMULATE size errors, alone and inside a window join: max not an integral multiple of step, max smaller than
-- step, zero step, negative max; CUMULATE with max = step is valid (acts like TUMBLE) and runs as a reference.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1

-- join: max 5 min not a multiple of step 2 min
SELECT L.id, R.id FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- join: max 2 min smaller than step 4 min
SELECT L.id, R.id FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '4' MINUTES, INTERVAL '2' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '4' MINUTES, INTERVAL '2' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- join: step zero
SELECT L.id, R.id FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '0' MINUTES, INTERVAL '6' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '0' MINUTES, INTERVAL '6' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- alone: negative max
SELECT id, window_start, window_end FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTES, INTERVAL '-3' MINUTES));
-- alone: max not a multiple of step (seconds)
SELECT id, window_start, window_end FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '40' SECOND, INTERVAL '1' MINUTE));
-- valid: max = step
SELECT L.id AS L_id, R.id AS R_id, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(CUMULATE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

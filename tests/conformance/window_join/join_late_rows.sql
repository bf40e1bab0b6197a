-- Window join lateness (TUMBLE 5 min, all join kinds, SEMI/ANTI): rows for an already-fired window are dropped;
-- a row late for its own table but not for the join is joined. (copied from oracle probe /tmp/probes/p5)
-- Steps 1-4: window [12:00,12:05) fires in the join at step 4 (min wm = 12:11).
-- Step 5/6: rows for the already-fired window [12:00,12:05) (late for own table AND for the join).
-- Step 8: L 12:13 is late for LeftTable's own watermark (12:20, window [12:10,12:15) end-1 < 12:20)
--         but the join has not fired [12:10,12:15) yet (min wm = 12:12). R3 (step 9) matches it.
-- Step 11: R 12:14 late for both.
-- Steps 12-14: L 12:21 arrives behind LeftTable's wm (12:23) but its window [12:20,12:25) is not late.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@LeftTable  2024-01-01 12:11:00 | 9 | L9
@RightTable 2024-01-01 12:12:00 | 9 | R9
@LeftTable  2024-01-01 12:03:00 | 1 | L1late
@RightTable 2024-01-01 12:03:30 | 1 | R1late
@LeftTable  2024-01-01 12:20:00 | 20 | L20
@LeftTable  2024-01-01 12:13:00 | 3 | L3lateown
@RightTable 2024-01-01 12:13:30 | 3 | R3
@RightTable 2024-01-01 12:25:00 | 25 | R25
@RightTable 2024-01-01 12:14:00 | 3 | R3late
@LeftTable  2024-01-01 12:23:00 | 23 | L23
@LeftTable  2024-01-01 12:21:00 | 4 | L4behind
@RightTable 2024-01-01 12:21:30 | 4 | R4

-- JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- LEFT JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- RIGHT JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- FULL JOIN
SELECT L.id AS L_id, R.id AS R_id, COALESCE(L.window_start, R.window_start) AS ws
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SEMI (EXISTS)
SELECT L.id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
-- ANTI (NOT EXISTS)
SELECT L.id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
-- TVF alone, LeftTable
SELECT id, window_start FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- TVF alone, RightTable
SELECT id, window_start FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));

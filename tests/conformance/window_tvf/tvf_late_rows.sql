-- A window TVF on its own (TUMBLE / HOP / CUMULATE) does not drop rows that are late for its watermark. (copied from oracle probe /tmp/probes/p4a)
-- LeftTable: L3 (12:02) arrives after wm 12:07 -> its TUMBLE window [12:00,12:05) is late;
-- L4 (12:06) is behind the watermark but its window [12:05,12:10) is not late.
-- EdgeTable: E2 (12:03) arrives when wm = 12:04:59.999 = window_end - 1 ms exactly.
-- EdgeTable: E3 (12:04:59.998) arrives when wm = 12:04:59.999 (row late, window end-1 == wm).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE EdgeTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1
@LeftTable 2024-01-01 12:07:00 | 2 | L2
@LeftTable 2024-01-01 12:02:00 | 3 | L3late
@LeftTable 2024-01-01 12:06:00 | 4 | L4behindwm
@LeftTable 2024-01-01 12:04:59.999 | 5 | L5late
@LeftTable 2024-01-01 12:05:00 | 6 | L6
@EdgeTable 2024-01-01 12:04:59.998 | 1 | E1
@EdgeTable 2024-01-01 12:04:59.999 | 2 | E2
@EdgeTable 2024-01-01 12:03:00 | 3 | E3
@EdgeTable 2024-01-01 12:04:59.998 | 4 | E4

-- plain scan (reference)
SELECT * FROM LeftTable;
-- TUMBLE alone
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- HOP alone (size 10 min, slide 5 min)
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
-- CUMULATE alone (step 5 min, max 10 min)
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '10' MINUTES));
-- TUMBLE alone on EdgeTable
SELECT * FROM TABLE(TUMBLE(TABLE EdgeTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- TUMBLE alone, only non-time columns selected
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- TUMBLE with a WHERE on top
SELECT id, window_start FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) WHERE num > 0;

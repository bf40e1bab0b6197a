-- HOP / CUMULATE output order for one input row; offsets (positive, negative, larger than size),
-- named arguments, odd sizes. (copied from oracle probe /tmp/probes/p4c)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:06:30 | 1 | A
@LeftTable 2024-01-01 12:07:30 | 2 | B
@LeftTable 2024-01-01 12:08:30 | 3 | C

-- HOP slide 1 min, size 3 min
SELECT id, window_start, window_end, window_time FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE, INTERVAL '3' MINUTES));
-- CUMULATE step 1 min, max 3 min
SELECT id, window_start, window_end, window_time FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE, INTERVAL '3' MINUTES));
-- HOP slide 1 min, size 5 min (5 windows per row)
SELECT id, window_start, window_end FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE, INTERVAL '5' MINUTES));
-- CUMULATE step 1 min, max 5 min
SELECT id, window_start, window_end FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE, INTERVAL '5' MINUTES));
-- TUMBLE 5 min offset +1 min
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '1' MINUTE));
-- TUMBLE 5 min offset -1 min
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '-1' MINUTE));
-- HOP slide 2 min size 4 min offset 1 min
SELECT id, window_start, window_end FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '4' MINUTES, INTERVAL '1' MINUTE));
-- CUMULATE step 1 min max 3 min offset 1 min
SELECT id, window_start, window_end FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTE, INTERVAL '3' MINUTES, INTERVAL '1' MINUTE));
-- TUMBLE 5 min offset 7 min (offset larger than size)
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '7' MINUTES));
-- TUMBLE 5 min offset -7 min
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '-7' MINUTES));
-- HOP size not a multiple of slide (slide 2 min, size 5 min)
SELECT id, window_start, window_end FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '5' MINUTES));
-- CUMULATE max not a multiple of step (step 2 min, max 5 min)
SELECT id, window_start, window_end FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '5' MINUTES));
-- TUMBLE with named arguments
SELECT id, window_start, window_end FROM TABLE(TUMBLE(DATA => TABLE LeftTable, TIMECOL => DESCRIPTOR(row_time), SIZE => INTERVAL '5' MINUTES, `OFFSET` => INTERVAL '1' MINUTE));
-- HOP slide equal to size
SELECT id, window_start, window_end FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '5' MINUTES));
-- HOP slide larger than size (gaps)
SELECT id, window_start, window_end FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '1' MINUTE));
-- TUMBLE 90 seconds / 1 hour
SELECT id, window_start, window_end FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '90' SECOND));

-- Window TVF argument errors: zero/negative sizes, CUMULATE max vs step, DESCRIPTOR of a non-time /
-- unknown column, missing or wrong-typed size, year-month interval (the probe's query with planner ids
-- rel#... is left out). (copied from oracle probe /tmp/probes/p4d)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1

-- TUMBLE size zero
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '0' MINUTES));
-- TUMBLE negative size
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '-5' MINUTES));
-- HOP slide zero
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '0' MINUTES, INTERVAL '5' MINUTES));
-- HOP size zero
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTES, INTERVAL '0' MINUTES));
-- HOP negative slide
SELECT * FROM TABLE(HOP(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '-1' MINUTES, INTERVAL '5' MINUTES));
-- CUMULATE step zero
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '0' MINUTES, INTERVAL '5' MINUTES));
-- CUMULATE negative max
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MINUTES, INTERVAL '-5' MINUTES));
-- CUMULATE max not a multiple of step
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '2' MINUTES, INTERVAL '5' MINUTES));
-- CUMULATE max smaller than step
SELECT * FROM TABLE(CUMULATE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES, INTERVAL '2' MINUTES));
-- DESCRIPTOR of an INT column
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(num), INTERVAL '5' MINUTES));
-- DESCRIPTOR of an unknown column
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(nope), INTERVAL '5' MINUTES));
-- DESCRIPTOR of a STRING column
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(id), INTERVAL '5' MINUTES));
-- TUMBLE missing size
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time)));
-- TUMBLE size not an interval
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), 5));
-- TUMBLE with two descriptor columns
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time, num), INTERVAL '5' MINUTES));
-- TUMBLE on an unknown table
SELECT * FROM TABLE(TUMBLE(TABLE Nope, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- TUMBLE with a year-month interval
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '1' MONTH));
-- DESCRIPTOR of a computed (non-attribute) timestamp via subquery
SELECT * FROM TABLE(TUMBLE(TABLE (SELECT CAST(row_time AS TIMESTAMP(3)) AS ts, num FROM LeftTable), DESCRIPTOR(ts), INTERVAL '5' MINUTES));
-- TUMBLE over a subquery that keeps the rowtime
SELECT * FROM TABLE(TUMBLE(TABLE (SELECT row_time, num FROM LeftTable WHERE num > 0), DESCRIPTOR(row_time), INTERVAL '5' MINUTES));

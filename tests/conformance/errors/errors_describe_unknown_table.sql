-- DESCRIBE of an unknown table: harness error, no query runs. (copied from oracle probe /tmp/probes/p8b)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1

DESCRIBE NoSuchTable;
SELECT id FROM LeftTable;

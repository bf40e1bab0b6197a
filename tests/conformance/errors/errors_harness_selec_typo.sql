-- A statement that does not start with SELECT (typo SELEC) is a harness error and no query of the script runs. (copied from oracle probe /tmp/probes/p6b)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1

SELECT id FROM LeftTable;
SELEC id FROM LeftTable;

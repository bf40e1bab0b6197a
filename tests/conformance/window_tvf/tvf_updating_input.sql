-- Window TVF over an updating (upsert / retract) table with updates and deletes; window join with such inputs
-- is rejected. (copied from oracle probe /tmp/probes/p6d)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE UpsertTable (row_time TIMESTAMP(3), num INT, id STRING, PRIMARY KEY (num) NOT ENFORCED, WATERMARK FOR row_time AS row_time) WITH ('changelog-mode' = 'upsert');
CREATE TABLE RetractTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time) WITH ('changelog-mode' = 'retract');

@UpsertTable 2024-01-01 12:01:00 | 1 | U1
@UpsertTable +U 2024-01-01 12:02:00 | 1 | U1b
@UpsertTable 2024-01-01 12:03:00 | 2 | U2
@UpsertTable -D 2024-01-01 12:02:00 | 1 | U1b
@RetractTable 2024-01-01 12:01:00 | 1 | T1
@RetractTable -U 2024-01-01 12:01:00 | 1 | T1
@RetractTable +U 2024-01-01 12:02:00 | 1 | T1b
@RetractTable -D 2024-01-01 12:02:00 | 1 | T1b

EXPLAIN CHANGELOG_MODE
SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- plain scan of the upsert table
SELECT * FROM UpsertTable;
-- TUMBLE over the upsert table
SELECT id, num, window_start, window_end FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- TUMBLE over the retract table
SELECT id, num, window_start, window_end FROM TABLE(TUMBLE(TABLE RetractTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));
-- window join with a retract input
SELECT L.id, R.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RetractTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- Window join rejections: processing-time window join, updating (upsert) input into a window join;
-- a window TVF over an upsert table alone is accepted. (copied from oracle probe /tmp/probes/p6a)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE PtTable (row_time TIMESTAMP(3), num INT, id STRING, pt AS PROCTIME(), WATERMARK FOR row_time AS row_time);
CREATE TABLE PtTable2 (row_time TIMESTAMP(3), num INT, id STRING, pt AS PROCTIME());
CREATE TABLE UpsertTable (row_time TIMESTAMP(3), num INT, id STRING, PRIMARY KEY (num) NOT ENFORCED, WATERMARK FOR row_time AS row_time) WITH ('changelog-mode' = 'upsert');

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@UpsertTable 2024-01-01 12:02:30 | 1 | U1

-- window join over processing time
SELECT L.id, R.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE PtTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE PtTable2, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- (EXPLAIN statement, not a numbered query) window TVF over processing time alone (planning only; may run)
EXPLAIN SELECT * FROM TABLE(TUMBLE(TABLE PtTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES));
-- updating input into a window join
SELECT L.id, U.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) U
ON L.num = U.num AND L.window_start = U.window_start AND L.window_end = U.window_end;
-- window TVF over an upsert table alone
SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES));

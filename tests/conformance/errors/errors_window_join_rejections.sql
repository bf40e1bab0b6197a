-- Window joins Flink rejects at planning: processing-time windows (pt AS PROCTIME()) in LEFT and SEMI window joins,
-- and updating inputs (PRIMARY KEY + 'changelog-mode' = 'upsert', or a retract table) on either side of
-- LEFT / FULL / ANTI window joins. A valid event-time join of the insert-only tables runs last (reference).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, pt AS PROCTIME(), WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, pt AS PROCTIME(), WATERMARK FOR row_time AS row_time);
CREATE TABLE UpsertTable (row_time TIMESTAMP(3), num INT, id STRING, PRIMARY KEY (num) NOT ENFORCED,
  WATERMARK FOR row_time AS row_time) WITH ('changelog-mode' = 'upsert');
CREATE TABLE RetractTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time) WITH ('changelog-mode' = 'retract');

@LeftTable    2024-01-01 12:01:00 | 1 | L1
@RightTable   2024-01-01 12:02:00 | 1 | R1
@UpsertTable  2024-01-01 12:02:30 | 1 | U1
@RetractTable 2024-01-01 12:03:00 | 1 | T1

-- LEFT window join over processing time
SELECT L.id AS L_id, R.id AS R_id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SEMI (EXISTS) window join over processing time
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) L
WHERE EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(pt), INTERVAL '5' MINUTES))) R
  WHERE L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end);
-- upsert table on the left of a LEFT window join
SELECT U.id AS U_id, R.id AS R_id FROM (SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) U
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON U.num = R.num AND U.window_start = R.window_start AND U.window_end = R.window_end;
-- upsert table inside NOT EXISTS (right side of an ANTI window join)
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE UpsertTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) U
  WHERE L.num = U.num AND L.window_start = U.window_start AND L.window_end = U.window_end);
-- retract table on the right of a FULL window join
SELECT L.id AS L_id, T.id AS T_id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RetractTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) T
ON L.num = T.num AND L.window_start = T.window_start AND L.window_end = T.window_end;
-- reference: event-time window join of the two insert-only tables (with a proctime column they do not use)
SELECT L.id AS L_id, R.id AS R_id, L.window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- Window join keys of different numeric types (TUMBLE 5 min): INT = BIGINT, DECIMAL(3,1) = DECIMAL(5,2),
-- SMALLINT = DOUBLE compare in the common type (1.5 matches 1.50, 2 matches 2.0); SEMI (IN) and ANTI (NOT IN).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, amt DECIMAL(3, 1), small SMALLINT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num BIGINT, amt DECIMAL(5, 2), dbl DOUBLE, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | 1.5 | 2 | L1
@RightTable 2024-01-01 12:02:00 | 1 | 1.50 | 2.0 | R1
@LeftTable  2024-01-01 12:03:00 | 2 | 2.0 | 3 | L2
@RightTable 2024-01-01 12:03:30 | 3 | 2.00 | 3.5 | R2
@LeftTable  2024-01-01 12:12:00 | 9 | 9.9 | 9 | L9
@RightTable 2024-01-01 12:13:00 | 9 | 9.90 | 9.0 | R9

-- INT = BIGINT, INNER
SELECT L.id AS L_id, R.id AS R_id, L.num, R.num AS rnum
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- DECIMAL(3,1) = DECIMAL(5,2), FULL
SELECT L.id AS L_id, R.id AS R_id, L.amt, R.amt AS ramt
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.amt = R.amt AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SMALLINT = DOUBLE, LEFT
SELECT L.id AS L_id, R.id AS R_id, L.small, R.dbl
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.small = R.dbl AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- INT IN (SELECT BIGINT), SEMI; INT NOT IN (SELECT BIGINT), ANTI
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num IN (SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
WHERE L.num NOT IN (SELECT R.num FROM (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
  WHERE L.window_start = R.window_start AND L.window_end = R.window_end);

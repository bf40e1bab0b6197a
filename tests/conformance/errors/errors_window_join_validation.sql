-- errors: loose, query 8: Flink fails at runtime (NumberFormatException casting the string key) where JoinLab rejects the implicit conversion when it plans the query
-- Validation errors in window joins (TUMBLE 5 min): unknown table in a TVF, unknown column in ON / SELECT / WHERE,
-- ambiguous column, type mismatches in ON (INT = STRING, INT = TIMESTAMP) and in WHERE (INT = 'abc', STRING > INT),
-- non-boolean ON, missing parenthesis.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1

-- unknown table in the right TVF
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE NoSuchTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- unknown column in ON
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.nope = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- unknown column in SELECT
SELECT R.nope FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- ambiguous column in SELECT
SELECT id, window_start FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- type mismatch in ON: INT = STRING
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- type mismatch in ON: INT = TIMESTAMP
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.row_time AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- type mismatch in WHERE: INT = 'abc'
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end WHERE R.num = 'abc';
-- type mismatch in WHERE: STRING > INT
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end WHERE L.id > 5;
-- non-boolean ON
SELECT L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R ON L.num;
-- missing closing parenthesis in a function call
SELECT UPPER(L.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L;

-- Planning errors on a single table: unknown table/column/alias/function, WHERE type mismatch, non-boolean WHERE,
-- parse errors, wrong argument count, STRING + INT (regular-join / COUNT queries of the probe left out). (copied from oracle probe /tmp/probes/p6a)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable  2024-01-01 12:01:00 | 1 | L1

-- unknown table in FROM
SELECT * FROM NoSuchTable;
-- unknown column in SELECT
SELECT nope FROM LeftTable;
-- WHERE num = 'abc'
SELECT id FROM LeftTable WHERE num = 'abc';
-- WHERE num = '1' (numeric string)
SELECT id FROM LeftTable WHERE num = '1';
-- non-boolean WHERE
SELECT id FROM LeftTable WHERE num;
-- unknown function
SELECT NOSUCHFUNC(num) FROM LeftTable;
-- SELECT FROM t (no select list)
SELECT FROM LeftTable;
-- missing paren in TVF
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES);
-- unknown column qualified with unknown alias
SELECT X.id FROM LeftTable L;
-- unknown column in WHERE
SELECT id FROM LeftTable WHERE nope > 1;
-- wrong number of function args
SELECT UPPER(id, id) FROM LeftTable;
-- trailing garbage
SELECT id FROM LeftTable garbage garbage;
-- string + int
SELECT id + 1 FROM LeftTable;

-- UNION ALL result types (least restrictive type per column): INT + BIGINT -> BIGINT; CHAR(3) + VARCHAR(5) -> VARCHAR(5)
-- (the CHAR value keeps its padding 'x  '); DECIMAL(5,2) + DECIMAL(10,1) -> DECIMAL(11,2); STRING + CHAR(2) -> STRING
-- ('b ' padded); INT NOT NULL + INT -> INT; literals 'lit' + 'longer' -> VARCHAR(6) NOT NULL (no padding), 1.5 + 2 ->
-- DECIMAL(11,1) NOT NULL; TIMESTAMP(3) rowtime + TIMESTAMP_LTZ(3) rowtime -> TIMESTAMP(3) *ROWTIME*.
-- Errors: column count mismatch (position = the second SELECT list), incompatible types (position = first branch column).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (i INT, c CHAR(3), d DECIMAL(5,2), s STRING, n INT NOT NULL, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE b (i BIGINT, c VARCHAR(5), d DECIMAL(10,1), s CHAR(2), n INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts);
INSERT INTO a VALUES (1, 'x', 1.25, 'aa', 1, TIMESTAMP '2024-01-01 00:00:01');
INSERT INTO b VALUES (2, 'yy', 3.5, 'b', CAST(NULL AS INT), CAST('2024-01-01 00:00:02' AS TIMESTAMP_LTZ(3)));
SELECT i, c, d, s, n FROM a UNION ALL SELECT i, c, d, s, n FROM b;
SELECT i, 'lit' AS l, 1.5 AS x FROM a UNION ALL SELECT i, 'longer' AS l, 2 AS x FROM b;
SELECT ts FROM a UNION ALL SELECT ts FROM b;
SELECT i FROM a UNION ALL SELECT i, c FROM b;
SELECT c FROM a UNION ALL SELECT i FROM b;

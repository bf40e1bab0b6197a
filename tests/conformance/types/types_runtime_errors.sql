-- Division by zero and failing casts at runtime (== runtime error, partial changelog). (copied from oracle probe /tmp/probes/p1c)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, d DECIMAL(10,2), WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1 | 10.25
@LeftTable 2024-01-01 12:02:00 | 0 | abc | 0.00
@LeftTable 2024-01-01 12:03:00 | 5 | 42 | 1.00

-- int / 0 at runtime
SELECT num, 10 / num AS ten_div_num FROM LeftTable;
-- int % 0 at runtime
SELECT num, 10 % num AS ten_mod_num FROM LeftTable;
-- decimal / 0 at runtime
SELECT num, d / num AS d_div_num FROM LeftTable;
-- decimal / decimal zero
SELECT d, 1.5 / d AS dec_div_d FROM LeftTable;
-- double / 0
SELECT num, CAST(10 AS DOUBLE) / num AS dbl_div_num, CAST(num AS DOUBLE) / 0 AS dbl_div_0 FROM LeftTable;
-- CAST(id AS INT) with 'abc' / 'L1'
SELECT id, CAST(id AS INT) AS id_int FROM LeftTable;
-- literal division by zero
SELECT num, 1 / 0 AS lit_div0 FROM LeftTable;
-- BIGINT overflow
SELECT num, CAST(9223372036854775807 AS BIGINT) + num AS big_overflow FROM LeftTable;

-- More CASTs and literals, DECIMAL division/modulo by zero, narrowing casts, math and string functions. (copied from oracle probe /tmp/probes/p1d)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, d DECIMAL(10,2), e DECIMAL(5,1), WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1 | 10.25 | 2.5
@LeftTable 2024-01-01 12:02:00 | 0 | 42 | -3.10 | 0.0
@LeftTable 2024-01-01 12:03:00.5 | NULL | NULL | NULL | NULL

-- CASTs (p1b q8 without CAST(id AS INT))
SELECT num, CAST(num AS STRING) AS num_str, CAST(row_time AS STRING) AS rt_str, CAST(row_time AS DATE) AS rt_date, CAST(row_time AS TIMESTAMP_LTZ(3)) AS rt_ltz, CAST(d AS STRING) AS d_str, CAST(d AS INT) AS d_int, CAST(e AS DOUBLE) AS e_dbl, CAST(row_time AS TIMESTAMP(0)) AS rt_ts0, CAST(row_time AS TIME) AS rt_time FROM LeftTable;
-- more literal types
SELECT 9223372036854775807 AS lit_maxlong, 0.1 AS lit_0_1, 123.456 AS lit_123_456, -0.5 AS lit_neg_0_5, 1e0 AS lit_1e0, 2147483647 AS lit_maxint, -2147483648 AS lit_minint, 007 AS lit_007 FROM LeftTable;
-- decimal divided by integer zero (nonzero dividend)
SELECT d, num, d / num AS d_div_num FROM LeftTable WHERE d <> 0 OR d IS NULL;
-- decimal divided by decimal zero
SELECT d, e, d / e AS d_div_e FROM LeftTable;
-- modulo of decimals by zero
SELECT d, e, d % e AS d_mod_e FROM LeftTable;
-- CAST of INT to narrower types (wrap?)
SELECT CAST(2147483647 AS TINYINT) AS lit_tiny, CAST(300 AS TINYINT) AS lit_300_tiny, CAST(num + 299 AS TINYINT) AS col_300_tiny, CAST(num + 32767 AS SMALLINT) AS col_small FROM LeftTable;
-- CAST(id AS INT) alone on numeric-only ids
SELECT id, CAST(id AS INT) AS id_int, CAST(id AS BIGINT) AS id_big, CAST(id AS DOUBLE) AS id_dbl, CAST(id AS DECIMAL(5,2)) AS id_dec FROM LeftTable WHERE id <> 'L1' OR id IS NULL;
-- ROUND, ABS, POWER, SQRT types
SELECT num, ABS(num) AS abs_num, ROUND(d, 1) AS round_d, POWER(num, 2) AS pow, SQRT(CAST(num AS DOUBLE)) AS sq, FLOOR(d) AS fl, CEIL(d) AS ce, MOD(num, 3) AS mod_fn FROM LeftTable;
-- string comparisons / concatenation with NULL
SELECT id, CONCAT(id, CAST(NULL AS STRING)) AS cat_null, id || CAST(NULL AS STRING) AS op_null, CONCAT_WS('-', id, 'x') AS cws, SUBSTRING(id, 1, 1) AS sub FROM LeftTable;

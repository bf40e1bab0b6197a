-- Types and values of arithmetic (INT, DECIMAL, DOUBLE, FLOAT), comparisons, CASE, COALESCE, CAST,
-- string functions, INT overflow, CAST/TRY_CAST of bad strings. (copied from oracle probe /tmp/probes/p1b)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, d DECIMAL(10,2), e DECIMAL(5,1), WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1 | 10.25 | 2.5
@LeftTable 2024-01-01 12:02:00 | -7 | abc | -3.10 | 0.3
@LeftTable 2024-01-01 12:03:00 | 2147483647 | 42 | 12345678.99 | 9999.9
@LeftTable 2024-01-01 12:04:00 | NULL | NULL | NULL | NULL
@LeftTable 2024-01-01 12:05:00.5 | 3 | ' 7 ' | 7.00 | -0.1

-- integer arithmetic
SELECT num, num + 1 AS plus1, num * 2 AS times2, num / 2 AS div2, num % 3 AS mod3, -num AS neg FROM LeftTable;
-- mixed arithmetic
SELECT num, num + 1.5 AS plus_dec, num * 1.5e0 AS times_dbl, CAST(num AS BIGINT) + num AS big_plus_int, CAST(num AS TINYINT) + CAST(num AS SMALLINT) AS tiny_plus_small, CAST(num AS TINYINT) AS tiny, CAST(num AS SMALLINT) AS small FROM LeftTable;
-- DECIMAL(10,2) with INT
SELECT d, num, d + num AS d_plus_i, d - num AS d_minus_i, d * num AS d_times_i, d / num AS d_div_i FROM LeftTable;
-- DECIMAL(10,2) with DECIMAL(5,1)
SELECT d, e, d + e AS d_plus_e, d - e AS d_minus_e, d * e AS d_times_e, d / e AS d_div_e, d % e AS d_mod_e, -d AS neg_d FROM LeftTable;
-- comparisons / logic
SELECT num, id, num > 1 AS gt1, num > 1 AND id = 'L1' AS and_, num > 1 OR id IS NULL AS or_, NOT (num > 1) AS not_, num IS NULL AS isnull, id IS NOT NULL AS notnull, num IS NOT DISTINCT FROM 1 AS indf, num IS DISTINCT FROM 1 AS idf, num = 1 AS eq1, num <> 1 AS ne1 FROM LeftTable;
-- CASE
SELECT num, CASE WHEN num > 1 THEN 'a' ELSE 'bb' END AS case_else, CASE WHEN num > 1 THEN 'a' END AS case_noelse, CASE WHEN num > 1 THEN num ELSE CAST(num AS BIGINT) END AS case_int_big, CASE WHEN num > 1 THEN 1 ELSE 2 END AS case_lits, CASE WHEN num > 1 THEN 1 ELSE CAST(2 AS BIGINT) END AS case_lit_big, CASE num WHEN 1 THEN 'one' WHEN 3 THEN 'three' ELSE 'other' END AS case_simple FROM LeftTable;
-- COALESCE
SELECT num, id, COALESCE(num, 0) AS co_num_0, COALESCE(num, num) AS co_num_num, COALESCE(id, 'x') AS co_id_x, COALESCE(num, CAST(0 AS BIGINT)) AS co_num_big, COALESCE(CAST(NULL AS INT), num) AS co_null_num FROM LeftTable;
-- CAST
SELECT num, id, CAST(num AS STRING) AS num_str, CAST(id AS INT) AS id_int, CAST(row_time AS STRING) AS rt_str, CAST(row_time AS DATE) AS rt_date, CAST(row_time AS TIMESTAMP_LTZ(3)) AS rt_ltz, CAST(d AS STRING) AS d_str, CAST(d AS INT) AS d_int, CAST(e AS DOUBLE) AS e_dbl FROM LeftTable;
-- string functions
SELECT id, DATE_FORMAT(row_time, 'yyyy-MM-dd HH:mm:ss') AS df, id || 'x' AS cat_op, CHAR_LENGTH(id) AS len, UPPER(id) AS up, CONCAT(id, '-', CAST(num AS STRING)) AS cat_fn, CONCAT(id, 'x') AS cat_fn2, LOWER(id) AS low, TRIM(id) AS trimmed FROM LeftTable;
-- DOUBLE formatting
SELECT CAST(10000000 AS DOUBLE) AS d_1e7, CAST(0.0001 AS DOUBLE) AS d_1em4, 0.1e0 + 0.2e0 AS d_01_02, CAST(100 AS DOUBLE) AS d_100, CAST(1234567 AS DOUBLE) AS d_1234567, CAST(12345678.9 AS DOUBLE) AS d_12345678_9, CAST(0.001 AS DOUBLE) AS d_0_001, CAST(9999999 AS DOUBLE) AS d_9999999, 1e-3 AS d_1em3, -0.0e0 AS d_neg0 FROM LeftTable;
-- DOUBLE formatting computed at runtime from the column
SELECT num, CAST(num AS DOUBLE) * 1e7 AS x_1e7, CAST(num AS DOUBLE) / 10000 AS x_div_1e4, CAST(num AS DOUBLE) / 3 AS x_div3, num * 0.1e0 AS x_01, CAST(num AS DOUBLE) * 100 AS x_100, CAST(num AS DOUBLE) + 0.1e0 + 0.2e0 AS x_plus FROM LeftTable;
-- FLOAT formatting
SELECT num, CAST(1.1 AS FLOAT) AS f_1_1, CAST(num AS FLOAT) / 3 AS f_div3, CAST(0.1 AS FLOAT) + CAST(0.2 AS FLOAT) AS f_sum, CAST(10000000 AS FLOAT) AS f_1e7, CAST(num AS FLOAT) + 1.5e0 AS f_plus_dbl, CAST(num AS FLOAT) * 2 AS f_times_int, CAST(num AS FLOAT) AS f_num FROM LeftTable;
-- DECIMAL literal arithmetic / division scale
SELECT 0.1 + 0.2 AS dec_sum, 1.0 / 3 AS dec_div, 10 / 4 AS int_div, 10.0 / 4 AS dec_div2, 7 % -3 AS mod_pos_neg, -7 % 3 AS mod_neg_pos, -7 / 2 AS int_div_neg, CAST(1 AS DECIMAL(10,2)) / CAST(3 AS DECIMAL(5,1)) AS dd FROM LeftTable;
-- overflow INT arithmetic
SELECT num, num + 1 AS plus1, num * 2 AS times2, CAST(num AS BIGINT) + 1 AS big_plus1, 2147483647 + 1 AS lit_overflow FROM LeftTable;
-- CAST('abc' AS INT) literal
SELECT CAST('abc' AS INT) AS cast_abc FROM LeftTable;
-- TRY_CAST
SELECT id, TRY_CAST(id AS INT) AS try_id_int, TRY_CAST('abc' AS INT) AS try_abc FROM LeftTable;

-- Types and printed values of literals (INT/BIGINT/DECIMAL/DOUBLE, CHAR, BOOLEAN, DATE/TIME/TIMESTAMP,
-- INTERVAL, ARRAY, CAST), bare NULL and out-of-range literal errors. (copied from oracle probe /tmp/probes/p1a)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1

SELECT 1 AS lit_1, -7 AS lit_neg7, 2147483648 AS lit_2147483648, 1.5 AS lit_1_5, 78.0 AS lit_78_0, 1.5e3 AS lit_1_5e3 FROM LeftTable;
SELECT 'x' AS lit_x, 'abc' AS lit_abc, '' AS lit_empty, TRUE AS lit_true, FALSE AS lit_false, CAST(NULL AS INT) AS lit_null_int FROM LeftTable;
SELECT DATE '2024-01-01' AS lit_date, TIME '10:00:00' AS lit_time, TIME '10:00:01' AS lit_time_s, TIMESTAMP '2024-01-01 10:00:00' AS lit_ts, TIMESTAMP '2024-01-01 10:00:00.123456' AS lit_ts6, TIMESTAMP '2024-01-01 10:00:00.1' AS lit_ts1 FROM LeftTable;
SELECT INTERVAL '5' MINUTES AS lit_iv_min FROM LeftTable;
SELECT INTERVAL '1' DAY AS lit_iv_day, INTERVAL '90' SECOND AS lit_iv_sec, INTERVAL '2' YEAR AS lit_iv_year, INTERVAL '14' MONTH AS lit_iv_month FROM LeftTable;
SELECT ARRAY['a','b'] AS lit_arr_s, ARRAY[1, 2] AS lit_arr_i, ARRAY['a', 'bcd'] AS lit_arr_s2 FROM LeftTable;
SELECT NULL AS bare_null FROM LeftTable;
SELECT 9223372036854775808 AS lit_over_long FROM LeftTable;
SELECT CAST(1 AS TINYINT) AS c_tinyint, CAST(1 AS SMALLINT) AS c_smallint, CAST(1 AS BIGINT) AS c_bigint, CAST(1 AS FLOAT) AS c_float, CAST(1 AS DOUBLE) AS c_double, CAST(1 AS DECIMAL(10,2)) AS c_dec, CAST('a' AS VARCHAR(5)) AS c_varchar5, CAST('a' AS CHAR(3)) AS c_char3 FROM LeftTable;

-- DECIMAL rounding, overflow and CAST truncation (the aggregation query of the probe is left out). (copied from oracle probe /tmp/probes/p1e)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, d DECIMAL(10,2), WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1 | 10.25
@LeftTable 2024-01-01 12:02:00 | -1 | L2 | -10.25
@LeftTable 2024-01-01 12:03:00 | 2 | L3 | 99999999.99

-- rounding casts
SELECT d, CAST(d AS DECIMAL(10,1)) AS d1, CAST(d AS INT) AS di, CAST(d AS DECIMAL(3,1)) AS d_small, CAST(CAST(d AS DOUBLE) AS INT) AS dbl_int FROM LeftTable;
-- literal casts
SELECT CAST(1.5 AS INT) AS c15, CAST(-1.5 AS INT) AS cm15, CAST(2.5 AS DECIMAL(1,0)) AS c25, CAST(1.7e0 AS INT) AS cd17, CAST(-1.7e0 AS INT) AS cdm17 FROM LeftTable;
-- overflowing decimal arithmetic
SELECT d, CAST(d AS DECIMAL(38,2)) * CAST(d AS DECIMAL(38,2)) AS sq38, CAST(d AS DECIMAL(38,18)) * CAST(d AS DECIMAL(38,18)) AS sq38_18, d * d AS dd FROM LeftTable;
-- decimal + double, decimal * float, decimal / int
SELECT d, d + 1.5e0 AS d_plus_dbl, d * CAST(2 AS FLOAT) AS d_times_flt, d / 3 AS d_div3, d / 4 AS d_div4, num / d AS i_div_d FROM LeftTable;

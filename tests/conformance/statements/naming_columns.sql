-- Column naming: unaliased expressions (EXPR$n), duplicate names (id0), SELECT * / L.*, R.* over
-- window joins, quoted aliases (regular-join / USING / NATURAL queries of the probe left out). (copied from oracle probe /tmp/probes/p2)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE ThirdTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

@LeftTable 2024-01-01 12:01:00 | 1 | L1
@RightTable 2024-01-01 12:02:00 | 1 | R1
@ThirdTable 2024-01-01 12:03:00 | 1 | T1

-- unaliased expressions
SELECT num + 1, id, UPPER(id), num * 2 FROM LeftTable;
-- unaliased first after alias
SELECT num AS n, num + 1, CAST(num AS STRING), 'lit', 42 FROM LeftTable;
-- same column selected twice
SELECT id, id, L.id FROM LeftTable L;
-- SELECT * over a window join of two TVFs
SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SELECT * over a window join written directly on TVFs (no subquery)
SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) L
JOIN TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES)) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- L.*, R.* over a window join
SELECT L.*, R.* FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- SELECT * over a LEFT window join
SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- case of names: quoted and mixed case alias
SELECT num AS `Num`, id AS MyId, L.id AS `my id` FROM LeftTable L;

-- Column naming over window joins (TUMBLE 5 min): unaliased duplicate columns of both sides (id, id0, num, num0),
-- an alias that collides with a generated name, unaliased expressions (EXPR$n), and SELECT L.*, R.id over a
-- LEFT join.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);

INSERT INTO LeftTable VALUES (TIMESTAMP '2024-01-01 12:01:00', 1, 'L1'), (TIMESTAMP '2024-01-01 12:03:00', 2, 'L2');
INSERT INTO RightTable VALUES (TIMESTAMP '2024-01-01 12:02:00', 1, 'R1');

-- duplicates across the join
SELECT L.id, R.id, L.num, R.num, L.window_start, R.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- alias colliding with a generated name
SELECT L.id AS id0, R.id, L.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- unaliased expressions
SELECT L.num + R.num, COALESCE(L.id, R.id), UPPER(R.id), L.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;
-- L.*, R.id
SELECT L.*, R.id
FROM (SELECT * FROM TABLE(TUMBLE(TABLE LeftTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE RightTable, DESCRIPTOR(row_time), INTERVAL '5' MINUTES))) R
ON L.num = R.num AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- VALUES rows come out when the job starts, before the first data row ("# at job start"), then their source
-- finishes (+inf watermark); a job of VALUES only emits them as it ends. Column types: the least
-- restrictive of each column's values (VARCHAR for strings of different lengths, CHAR(n) when all are n long).
-- (The oracle waits for every task to run before it steps; a VALUES task may finish first, so this file was
-- written from a run in which every query ran; run-scenario --check can flake here.)
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('b', 2, TIMESTAMP '2024-01-01 00:00:06'), ('a', 3, TIMESTAMP '2024-01-01 00:00:12');
SELECT * FROM (VALUES (1, 'a'), (2, 'bb'), (3, CAST(NULL AS STRING))) AS x(k, v);
VALUES (1, 'a', 1.5), (20000000000, 'bcd', 2);
SELECT * FROM (VALUES (1, TRUE, DATE '2024-01-01', TIMESTAMP '2024-01-01 10:00:00', 1.5e0)) AS x(a, b, c, d, e);
SELECT k, v FROM t UNION ALL SELECT * FROM (VALUES ('z', 99), ('y', 98)) AS x(k, v);
SELECT x.k, x.name, t.v FROM (VALUES ('a', 'Alpha'), ('c', 'Gamma')) AS x(k, name) LEFT JOIN t ON t.k = x.k;

-- Query shapes around joins: a CTE, a subquery in FROM with WHERE over the padded side, a comma
-- join, IN over a table, USING and NATURAL; and ORDER BY on a non-time column (rejected).
CREATE TABLE a (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE b (k INT, w INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO a VALUES (1, 'x', TIMESTAMP '2024-01-01 00:00:01'), (2, 'y', TIMESTAMP '2024-01-01 00:00:02'), (1, 'z', TIMESTAMP '2024-01-01 00:00:03');
INSERT INTO b VALUES (1, 10, TIMESTAMP '2024-01-01 00:00:01.500'), (3, 30, TIMESTAMP '2024-01-01 00:00:04');
WITH aa AS (SELECT k, v FROM a WHERE v <> 'y') SELECT aa.v, b.w FROM aa JOIN b ON aa.k = b.k;
SELECT x.v, x.w FROM (SELECT a.v, b.w, a.k FROM a LEFT JOIN b ON a.k = b.k) x WHERE x.w IS NULL;
SELECT * FROM a ORDER BY v;
SELECT a.k, b.w FROM a, b WHERE a.k = b.k;
SELECT a.k FROM a WHERE a.k IN (SELECT k FROM b);
SELECT * FROM a JOIN b USING (k);
SELECT * FROM a NATURAL JOIN b;

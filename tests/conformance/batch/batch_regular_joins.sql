-- Batch mode: regular joins read all input, then emit final rows only (+I), at the end of input.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, v STRING);
CREATE TABLE b (id INT, w STRING);
INSERT INTO a VALUES (1, 'x'), (1, 'y'), (2, 'z'), (CAST(NULL AS INT), 'n');
INSERT INTO b VALUES (1, 'p'), (3, 'q'), (1, 'r'), (CAST(NULL AS INT), 'm');
SELECT a.id, a.v, b.w FROM a JOIN b ON a.id = b.id;
SELECT a.id, a.v, b.w FROM a LEFT JOIN b ON a.id = b.id;
SELECT a.id, b.w FROM a RIGHT JOIN b ON a.id = b.id;
SELECT a.id, a.v, b.id, b.w FROM a FULL JOIN b ON a.id = b.id;
SELECT a.v FROM a WHERE a.id IN (SELECT id FROM b);
SELECT a.v FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.id = a.id);
SELECT a.v, b.w FROM a JOIN b ON a.id = b.id AND a.v < b.w;
SELECT x.id, x.c, b.w FROM (SELECT id, COUNT(*) AS c FROM a GROUP BY id) x LEFT JOIN b ON x.id = b.id;
SELECT id, COUNT(*) AS c, MAX(v) AS m FROM (SELECT a.id, a.v FROM a FULL JOIN b ON a.id = b.id) GROUP BY id;

-- Batch mode: a three-way join; with table.optimizer.multi-join.enabled the batch planner keeps
-- binary joins (MULTI_JOIN is a streaming operator); the MULTI_JOIN hint is rejected.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, v STRING);
CREATE TABLE b (id INT, w STRING);
CREATE TABLE c (id INT, x STRING);
INSERT INTO a VALUES (1, 'v1'), (2, 'v2'), (3, 'v3');
INSERT INTO b VALUES (1, 'w1'), (3, 'w3');
INSERT INTO c VALUES (1, 'x1'), (2, 'x2'), (1, 'x1b');
SELECT a.id, b.w, c.x FROM a LEFT JOIN b ON a.id = b.id JOIN c ON a.id = c.id;
SELECT /*+ MULTI_JOIN(a, b, c) */ a.id, b.w, c.x FROM a LEFT JOIN b ON a.id = b.id JOIN c ON a.id = c.id;
SET 'table.optimizer.multi-join.enabled' = 'true';
SELECT a.id, b.w, c.x FROM a LEFT JOIN b ON a.id = b.id FULL JOIN c ON a.id = c.id;

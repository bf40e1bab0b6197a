-- Batch mode: a row that fails a CAST fails the job while it is read, as in streaming mode.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, v STRING);
INSERT INTO a VALUES (1, '10'), (2, 'x'), (3, '30');
SELECT id, CAST(v AS INT) AS n FROM a;
SELECT id, SUM(CAST(v AS INT)) AS n FROM a GROUP BY id;

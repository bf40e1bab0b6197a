-- Batch mode: Top-N and deduplication emit the final rows only.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, v STRING, score INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO a VALUES (1, 'x', 5, TIMESTAMP '2024-01-01 10:00:01'), (1, 'y', 7, TIMESTAMP '2024-01-01 10:00:00'), (2, 'z', 1, TIMESTAMP '2024-01-01 10:00:05'), (1, 'w', 6, TIMESTAMP '2024-01-01 10:00:09');
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM a) WHERE rn = 1;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM a) WHERE rn = 1;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY score DESC) AS rn FROM a) WHERE rn <= 2;
SELECT DISTINCT id FROM a;

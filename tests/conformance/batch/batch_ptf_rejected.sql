-- Batch mode: a process table function has no batch operator in Flink 2.3 (the planner cannot
-- convert FlinkLogicalTableFunctionScan to BATCH_PHYSICAL).
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (name STRING, score INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';
INSERT INTO a VALUES ('Bob', 1, TIMESTAMP '2024-01-01 10:00:01'), ('Bob', 2, TIMESTAMP '2024-01-01 10:00:02');
SELECT * FROM GreetingPtf(input => TABLE a PARTITION BY name);

-- Batch mode, a Top-N whose ORDER BY ties: Flink's batch Rank reads its input sorted, and below
-- 13 rows its sort (QuickSort's insertion sort) keeps tied rows in arrival order, as the
-- streaming Top-N ranks them (ops/batch_ties.rs). Partition k = 1 has s = 'a' twice (ids 1 and
-- 3): top-1 keeps id 1, the row number numbers id 1 before id 3. With 13 rows or more, or below a
-- blocking operator, JoinLab answers not supported yet (crates/engine/tests/batch_mode.rs).
SET 'execution.runtime-mode' = 'batch';
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
CREATE TABLE t (id INT, k INT, s STRING);
INSERT INTO t VALUES (1, 1, 'a'), (2, 1, 'b'), (3, 1, 'a'), (4, 2, 'z'), (5, 1, 'c');
SELECT id, k, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s) AS rn FROM t) WHERE rn <= 1;
SELECT id, k, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s) AS rn FROM t) WHERE rn <= 2;
SELECT id, k, s, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s) AS rn FROM t) WHERE rn <= 3;
SELECT k, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s) AS rn FROM t) WHERE rn <= 1;
SELECT id, k, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY s DESC) AS rn FROM t) WHERE rn BETWEEN 2 AND 3;

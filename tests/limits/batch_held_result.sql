-- Batch mode: the join's held result grows past the emitted-rows limit before the input ends.
SET 'execution.runtime-mode' = 'batch';
SET 'joinlab.dialect' = 'flink';
SET 'joinlab.limit.emitted-rows' = '50';
CREATE TABLE a (x INT);
CREATE TABLE b (y INT);
INSERT INTO a VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10);
INSERT INTO b VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10);
SELECT * FROM a, b;

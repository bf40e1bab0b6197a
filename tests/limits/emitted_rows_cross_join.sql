-- A cross join of 10 × 10 rows under an emitted-rows limit of 30: stops at step 14 (tests/e2e/limits.spec.ts).
SET 'joinlab.dialect' = 'flink';
SET 'joinlab.limit.emitted-rows' = '30';
CREATE TABLE a (x INT);
CREATE TABLE b (y INT);
INSERT INTO a VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10);
INSERT INTO b VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10);
SELECT * FROM a, b;

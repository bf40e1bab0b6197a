-- IS NOT DISTINCT FROM keys of different types are not cast: Flink rejects the binary join
-- (also a RIGHT join kept binary in a MULTI_JOIN chain); a MULTI_JOIN that folds it takes it.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE I (id INT, k INT, v INT);
CREATE TABLE L (id INT, k BIGINT, v INT);
@I 1 | 1 | 1
@L 1 | 1 | 1
@I 2 | NULL | 1
@L 2 | NULL | 1
SELECT I.id, L.id FROM I JOIN L ON I.k IS NOT DISTINCT FROM L.k;
SELECT /*+ MULTI_JOIN(I, L) */ I.id, L.id FROM I JOIN L ON I.k IS NOT DISTINCT FROM L.k;
SELECT /*+ MULTI_JOIN(I, L) */ I.id, L.id FROM I RIGHT JOIN L ON I.k IS NOT DISTINCT FROM L.k;

-- One row of c meets 10 × 10 rows of a and b in one step: the MultiJoin stops inside it.
SET 'joinlab.limit.emitted-rows' = '50';
CREATE TABLE a (k INT, x INT);
CREATE TABLE b (k INT, y INT);
CREATE TABLE c (k INT, z INT);
INSERT INTO a VALUES (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9);
INSERT INTO b VALUES (1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8), (1, 9);
INSERT INTO c VALUES (1, 1);
SELECT /*+ MULTI_JOIN(a, b, c) */ * FROM a JOIN b ON a.k = b.k JOIN c ON b.k = c.k;

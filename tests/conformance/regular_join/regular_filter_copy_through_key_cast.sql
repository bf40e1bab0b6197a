-- A WHERE on the BIGINT key side is copied to the INT side as CAST(k AS BIGINT) = 2 (Flink casts
-- the narrower key), lands in B's ChangelogNormalize (+I, not +U) and turns C LEFT JOIN B inner.
SET 'joinlab.arrival' = 'as-written';

CREATE TABLE A (id INT, k BIGINT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE B (id INT, k INT, v INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE C (id INT, k INT, v INT);

@B 1 | 1 | 1
@A 1 | 2 | 1
@C 1 | 2 | 1
@B +U 1 | 2 | 1
@B +U 1 | 3 | 1

SELECT A.id AS a_id, B.id AS b_id FROM B JOIN A ON B.k = A.k WHERE A.k = 2;
SELECT C.id AS c_id, B.id AS b_id, A.id AS a_id FROM C LEFT JOIN B ON C.k = B.k LEFT JOIN A ON B.k = A.k WHERE A.k = 2;

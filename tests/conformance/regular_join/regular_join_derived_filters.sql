-- A filter on join-key columns is copied to the other input (FlinkFilterJoinRule): there it can land in a
-- ChangelogNormalize (+I/-D instead of -U/+U) or turn an outer join below inner (found by scripts/fuzz).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE A (
  id INT,
  k INT,
  v INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE B (
  id INT,
  k INT,
  v INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE C (
  id INT,
  k INT,
  v INT
);

@A 1 | 1 | 1
@A 2 | 2 | 1
@A 3 | NULL | 1
@B 1 | 1 | 1
@B +U 1 | 2 | 3
@C 1 | 2 | 3
@B 2 | NULL | 3
@A +U 1 | 2 | 3
@B +U 1 | 3 | 3
@A +U 2 | 3 | 2
@C 2 | 3 | 1
@A -D 1 | 2 | 3

-- INNER: from the ON condition, from a WHERE, through IS NOT DISTINCT FROM, over two key columns
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND A.k > 1;
SELECT A.id, B.id FROM A JOIN B ON A.k IS NOT DISTINCT FROM B.k WHERE A.k > 1;
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k AND A.v = B.v WHERE A.k + A.v > 2;
-- LEFT made INNER by the WHERE: B.k > 1 is copied to A; so is the ON conjunct A.k > 1
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k WHERE B.k > 1;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND A.k > 1 WHERE B.v > 0;
-- LEFT: only a comparison with a literal is copied (not IS NULL, not IN)
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k WHERE B.k IS NULL AND A.v > 0;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k WHERE A.k IN (2, 3);
-- B.v > 1 reaches C.v through IS NOT DISTINCT FROM and turns A LEFT JOIN C inner
SELECT A.id, B.id, C.id FROM A LEFT JOIN C ON A.k = C.k LEFT JOIN B ON C.v IS NOT DISTINCT FROM B.v WHERE B.v > 1;

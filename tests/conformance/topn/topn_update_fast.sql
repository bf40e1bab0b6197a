-- Top-N over an updating input with an upsert key containing the partition key and a sort key that
-- only grows (COUNT(*) of an insert-only input, ORDER BY it DESC): UpdateFastStrategy[...] ->
-- UpdatableTopNFunction (top-1: FastTop1Function). Compare with SUM over a column that can shrink
-- (not monotonic -> RetractStrategy).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE clicks (cat STRING, item STRING, amount INT);
INSERT INTO clicks VALUES ('c', 'i1', 5), ('c', 'i2', 1), ('c', 'i2', 1), ('c', 'i3', -2), ('c', 'i3', 1),
  ('c', 'i3', 1), ('c', 'i1', 1), ('d', 'j1', 1);
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT cat, item, cnt, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn
  FROM (SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item)) WHERE rn <= 2;
SELECT * FROM (SELECT cat, item, cnt, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn
  FROM (SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item)) WHERE rn <= 2;
SELECT cat, item, cnt FROM (SELECT cat, item, cnt, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn
  FROM (SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item)) WHERE rn <= 2;
EXPLAIN CHANGELOG_MODE
SELECT cat, item, cnt FROM (SELECT cat, item, cnt, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn
  FROM (SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item)) WHERE rn = 1;
SELECT cat, item, cnt FROM (SELECT cat, item, cnt, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY cnt DESC) AS rn
  FROM (SELECT cat, item, COUNT(*) AS cnt FROM clicks GROUP BY cat, item)) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT cat, item, s, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY s DESC) AS rn
  FROM (SELECT cat, item, SUM(amount) AS s FROM clicks GROUP BY cat, item)) WHERE rn <= 2;
SELECT * FROM (SELECT cat, item, s, ROW_NUMBER() OVER (PARTITION BY cat ORDER BY s DESC) AS rn
  FROM (SELECT cat, item, SUM(amount) AS s FROM clicks GROUP BY cat, item)) WHERE rn <= 2;

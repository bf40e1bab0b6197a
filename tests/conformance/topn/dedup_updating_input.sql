-- ROW_NUMBER() ... ORDER BY rowtime = 1 over an updating input (upsert source with a rowtime, and a
-- retract source): not a Deduplicate (canConvertToDeduplicate needs an insert-only input) but a Rank
-- with RetractStrategy (RetractableTopNFunction); -D/-U of the current first row promotes the next one.
CREATE TABLE u (id INT, k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND,
  PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE r (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '5' SECOND)
  WITH ('changelog-mode' = 'retract');
@u      1 | a | 10 | 2024-01-01 10:00:10
@u      2 | a | 20 | 2024-01-01 10:00:05
@u +U   1 | a | 11 | 2024-01-01 10:00:01
@u -D   1 | a | 11 | 2024-01-01 10:00:01
@r      a | 1 | 2024-01-01 10:00:10
@r      a | 2 | 2024-01-01 10:00:12
@r -D   a | 1 | 2024-01-01 10:00:10
@r -U   a | 2 | 2024-01-01 10:00:12
@r +U   a | 3 | 2024-01-01 10:00:20
EXPLAIN CHANGELOG_MODE
SELECT id, k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) AS rn FROM u) WHERE rn = 1;
SELECT id, k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC) AS rn FROM u) WHERE rn = 1;
SELECT id, k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM u) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM r) WHERE rn = 1;
SELECT k, v, ts FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS rn FROM r) WHERE rn = 1;

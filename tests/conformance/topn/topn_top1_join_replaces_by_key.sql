-- A Top-1 by ROW_NUMBER whose rank number is the constant 1 (rn = 1) is, to Flink's metadata, a
-- deduplication (`RankUtil.isDeduplication`: ROW_NUMBER, top 1, no rank number column; the order
-- is not asked about): its partition key is its unique and upsert key
-- (`FlinkRelMdUniqueKeys.getRankUniqueKeys`). A regular join on that key keeps one row per key
-- of it (JoinKeyContainsUniqueKey): when a new top row comes (+U, without -U), it replaces the
-- old one, so a later row of the other side joins the current top row only. Found by
-- scripts/fuzz/aggregations.py --seed 3314 (scenario 11), minimised.
CREATE TABLE A (id INT, k INT, v BIGINT, s STRING) WITH ('changelog-mode' = 'retract');
CREATE TABLE B (id INT, k INT, v BIGINT, s STRING);
@B 2 | 2 | 2 | b
@A 2 | 2 | 3 | a
@B 5 | 2 | 4 | b
@B 6 | 2 | 5 | a
@B 7 | 2 | -1 | b
@A 3 | 2 | 4 | a
@A -D 2 | 2 | 3 | a
SELECT L.k AS lk, L.id AS l_id, L.rn AS l_rn, L.v AS l_v, R.id AS r_id, R.v AS r_v
FROM (SELECT id, k, v, s, rn FROM (SELECT id, k, v, s, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC, id) AS rn FROM B) WHERE rn = 1) L
JOIN A R
ON L.k = R.k;
SELECT L.k AS lk, L.id AS l_id, L.v AS l_v, R.id AS r_id
FROM (SELECT id, k, v FROM (SELECT id, k, v, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM B) WHERE rn = 1) L
LEFT JOIN A R
ON L.k = R.k;

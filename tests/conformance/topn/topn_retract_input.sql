-- Top-N over a retract input (RetractStrategy -> RetractableTopNFunction; state: sort key -> count and
-- sort key -> rows in arrival order). Insert: as the append algorithm but nothing is ever dropped from
-- state. Retract of a row inside the Top-N: with rn, -U/+U for each following rank (rows move up) and
-- -D of the last rank if nothing moves into it; without rn, -D(row) then +I(the row that moves into
-- rank N). Retracting a row outside the Top-N emits nothing; a retraction for a key without any state is
-- ignored (lenient = true in 2.3, only a log warning).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, name STRING, score INT) WITH ('changelog-mode' = 'retract');
@r -D  z | zz | 1
@r     a | p1 | 50
@r     a | p2 | 70
@r     a | p3 | 60
@r     a | p4 | 40
@r -D  a | p2 | 70
@r -U  a | p3 | 60
@r +U  a | p3 | 90
@r -D  a | p4 | 40
@r -D  a | p9 | 99
@r -D  a | p1 | 50
@r -D  a | p3 | 90
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM r) WHERE rn <= 2;
SELECT * FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM r) WHERE rn <= 2;
SELECT k, name, score FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM r) WHERE rn <= 2;
SELECT k, name, score FROM (SELECT k, name, score, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM r) WHERE rn = 1;

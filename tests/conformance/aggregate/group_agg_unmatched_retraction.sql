-- Retractions that do not match an accumulated row of an existing key (the aggregate trusts its input):
-- the hidden COUNT(*) just decrements, so the key can be deleted (-D) while "other" rows remain;
-- SUM subtracts, MAX_RETRACT keeps a negative count for the value (ignored for the result) that a
-- later accumulate of the same value cancels.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, v INT) WITH ('changelog-mode' = 'retract');
@r     a | 5
@r     a | 7
@r -D  a | 100
@r +U  a | 1
@r -U  a | 9
@r     a | 9
@r -D  a | 5
@r -D  a | 7
@r -D  a | 1
EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS mx, MIN(v) AS mn FROM r GROUP BY k;
SELECT k, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS mx, MIN(v) AS mn FROM r GROUP BY k;
SELECT k, MAX(v) AS mx FROM r GROUP BY k;

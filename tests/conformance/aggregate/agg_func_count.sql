-- COUNT(*), COUNT(1), COUNT(x), COUNT(DISTINCT x): result BIGINT NOT NULL; NULLs are not counted by
-- COUNT(x) (0 for a group of NULLs); on a retract input the planner uses COUNT_RETRACT and COUNT(*)
-- doubles as the hidden row counter.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, x STRING) WITH ('changelog-mode' = 'retract');
@r     a | NULL
@r     a | p
@r     a | p
@r     b | NULL
@r -D  a | p
@r -D  a | NULL
@r -U  a | p
@r +U  a | q
@r -D  b | NULL
EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(*) AS c_star, COUNT(1) AS c_one, COUNT(x) AS c_x, COUNT(DISTINCT x) AS c_dx FROM r GROUP BY k;
SELECT k, COUNT(*) AS c_star, COUNT(1) AS c_one, COUNT(x) AS c_x, COUNT(DISTINCT x) AS c_dx FROM r GROUP BY k;
-- COUNT(x) alone: the planner still adds a hidden COUNT(*) (row counter) for a retract input
EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(x) AS c_x FROM r GROUP BY k;
SELECT k, COUNT(x) AS c_x FROM r GROUP BY k;
SELECT COUNT(x) AS c_x, COUNT(*) AS c FROM r;

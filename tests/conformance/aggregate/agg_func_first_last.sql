-- FIRST_VALUE / LAST_VALUE: first / last non-NULL value in arrival order (NULLs skipped);
-- result type = argument type, nullable. With retraction (FIRST_VALUE_RETRACT...) every value keeps its
-- arrival order; retracting the current first/last falls back to the next oldest / newest remaining.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, s STRING, i INT) WITH ('changelog-mode' = 'retract');
@r     a | NULL | NULL
@r     a | x | 1
@r     a | y | 2
@r     a | NULL | NULL
@r     a | z | 3
@r     a | x | 1
@r -D  a | x | 1
@r -D  a | z | 3
@r -D  a | x | 1
@r -D  a | y | 2
EXPLAIN CHANGELOG_MODE
SELECT k, FIRST_VALUE(s) AS fv, LAST_VALUE(s) AS lv, FIRST_VALUE(i) AS fvi, LAST_VALUE(i) AS lvi FROM r GROUP BY k;
SELECT k, FIRST_VALUE(s) AS fv, LAST_VALUE(s) AS lv, FIRST_VALUE(i) AS fvi, LAST_VALUE(i) AS lvi FROM r GROUP BY k;
-- global aggregation over the same rows
SELECT FIRST_VALUE(s) AS fv, LAST_VALUE(s) AS lv FROM r;

-- LISTAGG(x) joins with ',' and LISTAGG(x, sep) with sep, in arrival order, NULLs skipped; NULL if no
-- non-NULL value. With retraction (LISTAGG_RETRACT / LISTAGG_WS_RETRACT) the first equal element is
-- removed from the list; retracting a value that is not in the list changes nothing (it is parked in a
-- retract list that a later accumulate of the same value does not cancel).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, s STRING) WITH ('changelog-mode' = 'retract');
@r     a | x
@r     a | NULL
@r     a | y
@r     a | x
@r     a | ''
@r -D  a | x
@r     b | NULL
@r -D  a | y
@r -D  a | q
@r     a | q
EXPLAIN CHANGELOG_MODE
SELECT k, LISTAGG(s) AS l1, LISTAGG(s, '; ') AS l2 FROM r GROUP BY k;
SELECT k, LISTAGG(s) AS l1, LISTAGG(s, '; ') AS l2 FROM r GROUP BY k;
SELECT k, LISTAGG(DISTINCT s, '|') AS ld FROM r GROUP BY k;

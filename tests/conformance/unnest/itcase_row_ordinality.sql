-- UnnestITCase U-2: an ARRAY<ROW<…>> with ORDINALITY: the row's fields become columns, the
-- 1-based ordinality (INT NOT NULL) is last; without ORDINALITY the fields keep their names.
CREATE TABLE T (a INT, b ARRAY<ROW<x INT, y STRING>>);
@T 2 | [(20, '41.6'), (14, '45.2136')]
@T 3 | [(18, '42.6')]
@T 4 | []
SELECT a, s, t, o FROM T, UNNEST(T.b) WITH ORDINALITY AS A(s, t, o);
SELECT * FROM T CROSS JOIN UNNEST(b);
SELECT a, s, t FROM T LEFT JOIN UNNEST(T.b) AS A(s, t) ON TRUE;

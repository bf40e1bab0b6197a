-- UnnestITCase U-4: COLLECT of rows per key (a MULTISET<ROW>), unnested WITH ORDINALITY: the
-- row's fields become columns, ordinality last, counting each element by its multiplicity.
CREATE TABLE T (a INT, b INT, c STRING);
@T 1 | 12 | '45.6'
@T 2 | 12 | '45.612'
@T 2 | 13 | '41.6'
@T 3 | 18 | '42.6'
@T 2 | 13 | '41.6'
SELECT a, b, c, o FROM (SELECT a, COLLECT(ROW(b, c)) AS s FROM T WHERE a < 3 GROUP BY a) T1
CROSS JOIN UNNEST(T1.s) WITH ORDINALITY AS A(b, c, o);

-- UnnestITCase (SEMANTICS.md §10.5 U-1): the comma form `FROM T, UNNEST(T.b) AS A(s)`, one row
-- per element in array order, the outer row's columns (the array too) beside each element.
CREATE TABLE T (a INT, b ARRAY<INT>);
@T 1 | [12, 45]
@T 2 | [41, 5]
@T 3 | [18, 42]
SELECT a, b, s FROM T, UNNEST(T.b) AS A(s);
SELECT a, s FROM T CROSS JOIN UNNEST(b) AS A(s) WHERE s > 15;

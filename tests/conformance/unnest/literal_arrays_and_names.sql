-- UNNEST of a constructed array (ARRAY[n, n + 1]) per row; UNNEST of a literal array alone (a
-- bounded values source: its rows come at the end of input); the names Calcite gives
-- unaliased columns (EXPR$0, ORDINALITY); an alias alone names the element column.
CREATE TABLE t (id INT, tags ARRAY<STRING>, n INT);
@t 1 | [a, b] | 5
@t 2 | [c] | 6
SELECT id, x FROM t CROSS JOIN UNNEST(ARRAY[n, n + 1]) AS u(x);
SELECT * FROM UNNEST(ARRAY[1, 2, 3]) AS u(x);
SELECT * FROM UNNEST(ARRAY['p', 'q']) WITH ORDINALITY;
SELECT * FROM t CROSS JOIN UNNEST(tags);
SELECT * FROM t CROSS JOIN UNNEST(tags) WITH ORDINALITY;
SELECT id, city FROM t CROSS JOIN UNNEST(tags) AS city;
SELECT id, city, ORDINALITY FROM t CROSS JOIN UNNEST(tags) WITH ORDINALITY AS city;

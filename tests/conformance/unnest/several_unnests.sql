-- Several UNNESTs in one query: two of the same array give every pair; the second can read the
-- first's output (an array of arrays, then its elements, with both ordinalities).
CREATE TABLE t (id INT, tags ARRAY<STRING>, aa ARRAY<ARRAY<INT>>);
@t 1 | [a, b] | [[1, 2], [3]]
@t 2 | [c] | [[], [4]]
SELECT id, a, b FROM t CROSS JOIN UNNEST(tags) AS u(a), UNNEST(tags) AS v(b);
SELECT id, i, e, j, x FROM t CROSS JOIN UNNEST(aa) WITH ORDINALITY AS u(e, i) CROSS JOIN UNNEST(u.e) WITH ORDINALITY AS v(x, j);

-- ROW and nested collection columns: `r.a`, `t.r.a` (named a0: a second `a`), `ar[1].y`,
-- `aa[1][2]`, an out-of-range index is NULL; UNNEST of an ARRAY<ARRAY<INT>> gives arrays; an
-- ARRAY<ROW> with a NULL element: without ORDINALITY the NULL row gives no row at all.
CREATE TABLE t (
  id INT,
  r ROW<a INT, b STRING>,
  ar ARRAY<ROW<x INT, y STRING>>,
  aa ARRAY<ARRAY<INT>>,
  ma MAP<STRING, ARRAY<INT>>
);
@t 1 | (1, hello) | [(1, p), (2, q)] | [[1, 2], [], [3]] | {k=[1, 2]}
@t 2 | (NULL, NULL) | [] | [] | {}
@t 3 | NULL | NULL | NULL | NULL
@t 4 | (3, NULL) | [(NULL, NULL), NULL] | [NULL, [NULL]] | {k=NULL}
SELECT * FROM t;
SELECT id, r.a, r.b, t.r.a, ar[1].y, aa[1], aa[1][2], aa[5], ma['k'] FROM t;
SELECT id, e FROM t CROSS JOIN UNNEST(t.aa) AS u(e);
SELECT id, x, y FROM t CROSS JOIN UNNEST(t.ar) AS u(x, y);

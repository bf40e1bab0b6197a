-- A table-qualified collection column with an access after it (`T.m['a']`, `T.a[1]`,
-- `T.r[1].y`): Calcite resolves `T.m` as the column m of T, then the item (fuzz finding
-- un1_002: JoinLab took T for a ROW column).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE T (id INT NOT NULL, a ARRAY<INT>, m MAP<STRING, INT>, r ARRAY<ROW<x INT, y STRING>>);
@T 1 | [5, 6] | {a=1, b=2} | [(1, p)]
@T 2 | [] | {b=3} | []
@T 3 | NULL | NULL | NULL
SELECT T.id, T.m['a'], T.a[1], T.r[1].y FROM T;
SELECT T.id, u.e, T.m['b'] FROM T CROSS JOIN UNNEST(T.a) WITH ORDINALITY AS u(e, o);

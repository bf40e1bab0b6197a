-- Constructors and functions of the collection types, with Flink's result types in the schema
-- line: ARRAY[..] (NOT NULL, elements of their common type), MAP[..] (a literal map prints in
-- hash order too), ROW(..) (fields EXPR$0, …), CARDINALITY, ELEMENT (NULL for an empty array),
-- ARRAY_CONTAINS (NULL for a NULL array), MAP_KEYS of a literal map (its written order),
-- a[i] with a column index.
CREATE TABLE t (id INT, tags ARRAY<STRING>, n INT, s STRING);
@t 1 | [a, b] | 5 | a
@t 2 | [c] | 6 | q
@t 3 | [] | 7 | z
@t 4 | NULL | NULL | NULL
SELECT id, ARRAY[n, 1], ARRAY['a', s], MAP['k', n, 'j', 2], MAP[s, id], ROW(n, s) FROM t;
SELECT id, CARDINALITY(tags), ARRAY_CONTAINS(tags, 'a'), ARRAY_CONTAINS(tags, s), tags[1], tags[3], tags[id] FROM t;
SELECT id, ELEMENT(tags), MAP_KEYS(MAP['z', 1, 'a', 2]), MAP_VALUES(MAP['z', n]) FROM t WHERE id > 1;

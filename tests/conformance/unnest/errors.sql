-- What Flink rejects, with its words and positions: UNNEST of an INT and of a STRING, LEFT JOIN
-- UNNEST without ON, an alias list of the wrong degree, a constant index 0, CARDINALITY of an
-- INT; and ELEMENT of an array with two elements fails the job at run time.
CREATE TABLE t (id INT, tags ARRAY<STRING>, n INT, s STRING);
@t 1 | [a] | 5 | x
@t 2 | [b, c] | 6 | y
SELECT id, x FROM t CROSS JOIN UNNEST(t.n) AS u(x);
SELECT id, x FROM t CROSS JOIN UNNEST(t.s) AS u(x);
SELECT id, tag FROM t LEFT JOIN UNNEST(tags) AS u(tag);
SELECT id, tag FROM t CROSS JOIN UNNEST(tags) AS u(tag, extra);
SELECT id, tags[0] FROM t;
SELECT id, CARDINALITY(n) FROM t;
SELECT id, ELEMENT(tags) FROM t;

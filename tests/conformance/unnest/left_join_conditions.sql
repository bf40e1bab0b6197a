-- Flink 2.3 accepts LEFT JOIN UNNEST with a condition other than TRUE (Correlate with a
-- condition): elements that fail it are dropped, a row with none left is padded once; an INNER
-- JOIN UNNEST ... ON drops the row; a WHERE on the element filters the produced rows.
CREATE TABLE t (id INT, tags ARRAY<STRING>);
@t 1 | [a, b]
@t 2 | [c]
@t 3 | []
@t 4 | NULL
SELECT id, tag FROM t LEFT JOIN UNNEST(tags) AS u(tag) ON tag = 'a';
SELECT id, tag FROM t JOIN UNNEST(tags) AS u(tag) ON tag = 'a';
SELECT id, tag FROM t CROSS JOIN UNNEST(tags) AS u(tag) WHERE tag <> 'a';
SELECT id, tag FROM t LEFT JOIN UNNEST(tags) AS u(tag) ON TRUE WHERE tag IS NULL;

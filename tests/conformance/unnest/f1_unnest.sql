-- Oracle example f1: CROSS JOIN UNNEST, WITH ORDINALITY and LEFT JOIN UNNEST ... ON TRUE over
-- a normal, an empty and a NULL array and one with a NULL element (empty and NULL give no row,
-- or one NULL-padded row with LEFT JOIN; a NULL element gives a row with NULL).
CREATE TABLE posts (
  id INT,
  tags ARRAY<STRING>
);

@posts 1 | [a, b, c]
@posts 2 | []
@posts 3 | NULL
@posts 4 | [x, NULL]

SELECT p.id, t.tag
FROM posts p CROSS JOIN UNNEST(p.tags) AS t(tag);

SELECT p.id, t.tag, t.pos
FROM posts p CROSS JOIN UNNEST(p.tags) WITH ORDINALITY AS t(tag, pos);

SELECT p.id, t.tag
FROM posts p LEFT JOIN UNNEST(p.tags) AS t(tag) ON TRUE;

SELECT p.id, t.tag, t.pos
FROM posts p LEFT JOIN UNNEST(p.tags) WITH ORDINALITY AS t(tag, pos) ON TRUE;

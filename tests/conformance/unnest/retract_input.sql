-- A retract table (all four change kinds written out) through UNNEST: -U/+U/-D of the outer
-- row become -U/+U/-D of each element row.
CREATE TABLE t (id INT, tags ARRAY<STRING>) WITH ('changelog-mode' = 'retract');
@t +I 1 | [a, b]
@t -U 1 | [a, b]
@t +U 1 | [c]
@t -D 1 | [c]
SELECT id, tag FROM t CROSS JOIN UNNEST(tags) AS u(tag);

-- FULL and RIGHT joins of two retract inputs: -U/+U pairs, deletes that empty a key, and a
-- residual condition (r.w > 3) that decides which rows count as matches.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE l (k INT, v STRING) WITH ('changelog-mode' = 'retract');
CREATE TABLE r (k INT, w INT) WITH ('changelog-mode' = 'retract');
@l +I 1 | 'a'
@r +I 2 | 20
@l +I 2 | 'b'
@r +I 1 | 5
@r -U 1 | 5
@r +U 1 | 50
@l -U 2 | 'b'
@l +U 2 | 'bb'
@r +I 2 | 21
@l -D 1 | 'a'
@r -D 2 | 20
@r -D 2 | 21
@l +I 3 | 'c'
@r +I 3 | 1
SELECT l.k, l.v, r.k AS rk, r.w FROM l FULL OUTER JOIN r ON l.k = r.k AND r.w > 3;
SELECT l.k, l.v, r.w FROM l RIGHT JOIN r ON l.k = r.k;

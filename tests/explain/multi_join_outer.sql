-- A MULTI_JOIN of a LEFT JOIN then an inner JOIN on k (explain_row.rs): query 1 joins c on a.k, so rows of b and
-- c need a row of a and c of their key and b may be padded; query 2 joins c on b.k, which the events do not show
CREATE TABLE a (k STRING, va INT);
CREATE TABLE b (k STRING, vb INT);
CREATE TABLE c (k STRING, vc INT);
@a x | 1
@b y | 2
@c y | 3
@a z | 4
@c z | 5
@b w | 6
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.k = b.k JOIN c ON a.k = c.k;
SELECT /*+ MULTI_JOIN(a, b, c) */ a.va, b.vb, c.vc FROM a LEFT JOIN b ON a.k = b.k JOIN c ON b.k = c.k;

-- A regular join with state TTL: rows leave state before their partners arrive (explain_row.rs)
SET 'table.exec.state.ttl' = '2 s';
CREATE TABLE A (k STRING, v INT);
CREATE TABLE B (k STRING, w INT);
@A x | 1
@A y | 2
@A z | 3
@A q | 4
@B x | 10
@B y | 20
SELECT A.v, B.w FROM A JOIN B ON A.k = B.k AND A.v > 1;

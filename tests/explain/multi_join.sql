-- A MULTI_JOIN: explain-row says it does not answer for it yet (explain_row.rs)
CREATE TABLE A (k STRING, a INT);
CREATE TABLE B (k STRING, b INT);
CREATE TABLE C (k STRING, c INT);
@A x | 1
@B y | 2
@C x | 3
SELECT /*+ MULTI_JOIN(A, B, C) */ A.a, B.b, C.c FROM A JOIN B ON A.k = B.k JOIN C ON A.k = C.k;

-- A MULTI_JOIN of inner joins on k (explain_row.rs): an input without a row of a key, different keys of a pair
CREATE TABLE A (k STRING, a INT);
CREATE TABLE B (k STRING, b INT);
CREATE TABLE C (k STRING, c INT);
@A x | 1
@B y | 2
@C x | 3
SELECT /*+ MULTI_JOIN(A, B, C) */ A.a, B.b, C.c FROM A JOIN B ON A.k = B.k JOIN C ON A.k = C.k;

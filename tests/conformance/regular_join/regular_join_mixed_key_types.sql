-- Join keys of different types: INT = BIGINT (retract side moving its key), INT = DECIMAL, INT =
-- SMALLINT, IN / NOT IN subqueries, and MULTI_JOIN with an INT, a BIGINT and a SMALLINT key: Flink
-- casts both sides to the common type, so 1 matches 1 and 1.00 (JoinLab once compared raw values).
CREATE TABLE A (
  k INT,
  a STRING
);
CREATE TABLE B (
  k BIGINT,
  b STRING
) WITH ('changelog-mode' = 'retract');
CREATE TABLE C (
  k DECIMAL(10, 2),
  c STRING
);
CREATE TABLE D (
  k SMALLINT,
  d STRING
);

@A      1 | a1
@B      1 | b1
@C      1.00 | c1
@D      1 | d1
@A      2 | a2
@B -U   1 | b1
@B +U   2 | b2
@C      2.50 | c25
@D      2 | d2

SELECT A.a, B.b FROM A LEFT JOIN B ON A.k = B.k;
SELECT A.a, C.c FROM A FULL JOIN C ON A.k = C.k;
SELECT A.a, D.d FROM A JOIN D ON A.k = D.k;
SELECT a FROM A WHERE k IN (SELECT k FROM B);
SELECT a FROM A WHERE k NOT IN (SELECT k FROM C);
SELECT /*+ MULTI_JOIN(A, B, D) */ A.a, B.b, D.d FROM A LEFT JOIN B ON A.k = B.k LEFT JOIN D ON A.k = D.k;
SELECT /*+ MULTI_JOIN(D, A, B) */ A.a, B.b, D.d FROM D JOIN A ON A.k = D.k LEFT JOIN B ON D.k = B.k;

-- A filter on an upsert table's non-key column is pushed into its ChangelogNormalize
-- (condition=[flag]): a key whose row starts passing comes out as +I, one that stops passing as -D
-- (not a lone +U / -U), through WHERE, a one-sided ON conjunct, an IN / EXISTS subquery's WHERE
-- and a MULTI_JOIN input; a key-only filter goes below the normalize (no change). A WHERE that
-- rejects NULLs of the padded side turns LEFT into INNER and FULL into LEFT / RIGHT (-U/+U, no pads).
CREATE TABLE O (
  oid INT,
  pid INT
);
CREATE TABLE P (
  id INT,
  pid INT,
  flag BOOLEAN,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE R (
  pid INT,
  v INT
) WITH ('changelog-mode' = 'retract');

@O      1 | 10
@R      10 | 5
@P      100 | 10 | TRUE
@P      101 | 10 | FALSE
@R -U   10 | 5
@R +U   10 | 6
@P +U   101 | 10 | TRUE
@P +U   101 | 20 | TRUE
@P +U   101 | 10 | FALSE
@R -U   10 | 6
@R +U   10 | 2
@P +U   100 | 10 | FALSE
@P -D   100 | 10 | FALSE
@P      100 | 10 | TRUE
@R -D   10 | 2

EXPLAIN CHANGELOG_MODE
SELECT O.oid, P.id FROM O JOIN P ON O.pid = P.pid WHERE P.flag;
EXPLAIN CHANGELOG_MODE
SELECT O.oid, R.v FROM O LEFT JOIN R ON O.pid = R.pid WHERE R.v > 3;

SELECT id, pid FROM P WHERE flag;
SELECT O.oid, P.id FROM O JOIN P ON O.pid = P.pid WHERE P.flag;
SELECT O.oid, P.id FROM O LEFT JOIN P ON O.pid = P.pid AND P.flag;
SELECT O.oid, P.id FROM O JOIN P ON O.pid = P.pid WHERE P.id > 100;
SELECT x.id, x.q FROM (SELECT id, pid AS q, flag FROM P) x WHERE x.flag;
SELECT O.oid FROM O WHERE O.pid IN (SELECT pid FROM P WHERE flag);
SELECT O.oid FROM O WHERE EXISTS (SELECT 1 FROM P WHERE P.pid = O.pid AND P.flag);
SELECT /*+ MULTI_JOIN(O, P, R) */ O.oid, P.id, R.v FROM O JOIN P ON O.pid = P.pid LEFT JOIN R ON O.pid = R.pid WHERE P.flag;
SELECT O.oid, R.v FROM O LEFT JOIN R ON O.pid = R.pid WHERE R.v > 3;
SELECT O.oid, R.v FROM O LEFT JOIN R ON O.pid = R.pid WHERE R.v > 3 OR R.v IS NULL;
SELECT O.oid, R.v FROM O FULL JOIN R ON O.pid = R.pid WHERE O.oid > 0;
SELECT O.oid, P.id, R.v FROM O JOIN P ON O.pid = P.pid LEFT JOIN R ON O.pid = R.pid WHERE P.flag AND R.v > 3;

-- A residual condition is checked on the ONE version AS OF chose; when it fails there is no
-- fall-back to an older version: p2 (its version r=1 fails R.r > 3) is padded although r=5 @00
-- satisfies it. A filtered VIEW of the upsert table (W: r > 3) is different and surprising:
-- the filter is pushed into ChangelogNormalize (see the EXPLAIN), which turns the update to r=1
-- into a -D of the OLD row, stamped with the OLD time 10:00:00; that retraction overwrites the
-- version @00, so even p1 (10:00:05, when r=5 was valid and passes the filter) gets NULL.
-- Query 3 (not a temporal join) shows the view's changelog: the -D carries the old row @00.
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 5 | 2024-01-01 10:00:00
@P p1 | 1 | 2024-01-01 10:00:05
@R +U 1 | 1 | 2024-01-01 10:00:10
@P p2 | 1 | 2024-01-01 10:00:12
@R 2 | 0 | 2024-01-01 10:00:20
SELECT P.id, R.r FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k AND R.r > 3;
EXPLAIN CHANGELOG_MODE WITH W AS (SELECT * FROM R WHERE r > 3)
SELECT P.id, W.r FROM P LEFT JOIN W FOR SYSTEM_TIME AS OF P.t ON P.k = W.k;
WITH W AS (SELECT * FROM R WHERE r > 3)
SELECT P.id, W.r FROM P LEFT JOIN W FOR SYSTEM_TIME AS OF P.t ON P.k = W.k;
SELECT k, r, t FROM R WHERE r > 3;

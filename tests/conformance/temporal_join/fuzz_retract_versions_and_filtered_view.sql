-- Retract versioned table: (a) versions at equal times -- +I@05 then -U@05/+U@05: the later
-- arrival at the same rowtime wins, p05 gets 6 (AS OF is inclusive); (b) -U rows never reach the
-- temporal join (the planner feeds it only I,UA,D: see the EXPLAIN, DropUpdateBefore / no UB on
-- the build side), so a -U stamped with an OLD time (the "before time" data of the ITCase) changes
-- nothing -- p07 still gets 6 (a stored -U@05 would have made it NULL) -- unlike SEMANTICS.md
-- §4.2 "retractions on the right are stored as versions too";
-- (c) a -D stamped with the deleted version's own time (10:00:10) overwrites that version by a
-- retraction: p12 finds no live version (NULL) although nothing was deleted "before" 10:00:12
-- in the meta-time sense; (d) a re-insert at 15 starts a new version.
-- (e) Query 2 reads R through a filter (W: r > 5): then the plan KEEPS the -U rows (Calc
-- changelogMode=[I,UB,UA,D], no DropUpdateBefore: see the second EXPLAIN), so the -U@05 of r=6
-- does reach the join and overwrites version @05 by a retraction: p07 gets NULL there.
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'retract');
@R 1 | 5 | 2024-01-01 10:00:05
@R -U 1 | 5 | 2024-01-01 10:00:05
@R +U 1 | 6 | 2024-01-01 10:00:05
@P p05 | 1 | 2024-01-01 10:00:05
@R -U 1 | 6 | 2024-01-01 10:00:05
@P p07 | 1 | 2024-01-01 10:00:07
@R +U 1 | 7 | 2024-01-01 10:00:10
@P p10 | 1 | 2024-01-01 10:00:10
@R -D 1 | 7 | 2024-01-01 10:00:10
@P p12 | 1 | 2024-01-01 10:00:12
@R +I 1 | 8 | 2024-01-01 10:00:15
@P p15 | 1 | 2024-01-01 10:00:15
@R 2 | 0 | 2024-01-01 10:00:30
@P p30 | 2 | 2024-01-01 10:00:30
EXPLAIN CHANGELOG_MODE SELECT P.id, R.r FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SELECT P.id, R.r FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
EXPLAIN CHANGELOG_MODE WITH W AS (SELECT * FROM R WHERE r > 5) SELECT P.id, W.r FROM P LEFT JOIN W FOR SYSTEM_TIME AS OF P.t ON P.k = W.k;
WITH W AS (SELECT * FROM R WHERE r > 5)
SELECT P.id, W.r FROM P LEFT JOIN W FOR SYSTEM_TIME AS OF P.t ON P.k = W.k;

-- A delete ends a version at its own time; a re-insert starts a new one. Upsert source:
-- +I @00, -D @05, +I @10: probes at 03 -> r=1, at 05 (the delete time itself) -> NULL, at 07 ->
-- NULL, at 10 -> r=2. INNER drops the padded ones.
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 1 | 2024-01-01 10:00:00
@P p03 | 1 | 2024-01-01 10:00:03
@R -D 1 | 1 | 2024-01-01 10:00:05
@P p05 | 1 | 2024-01-01 10:00:05
@P p07 | 1 | 2024-01-01 10:00:07
@R 1 | 2 | 2024-01-01 10:00:10
@P p10 | 1 | 2024-01-01 10:00:10
@R 2 | 0 | 2024-01-01 10:00:20
SELECT P.id, R.r FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
-- the version's time R.t stays a rowtime attribute in the output: a LEFT-padded row has a NULL rowtime
SELECT P.id, R.t AS vt FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;

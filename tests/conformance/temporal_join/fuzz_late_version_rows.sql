-- §4.4 build side: a late version (10:00:03 arriving when R's watermark is 10:00:10) is never
-- dropped; it is inserted and used by later firings: p2 (10:00:12) gets r=30 from the late
-- version @03, not r=0 from @00 (which cleanup kept as the newest <= wm). A late probe @04
-- also sees the late version.
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 0 | 2024-01-01 10:00:00
@P p1 | 1 | 2024-01-01 10:00:05
@R 2 | 0 | 2024-01-01 10:00:10
@P p0 | 2 | 2024-01-01 10:00:10
@R +U 1 | 30 | 2024-01-01 10:00:03
@P p2 | 1 | 2024-01-01 10:00:12
@P late | 1 | 2024-01-01 10:00:04
@R 2 | 1 | 2024-01-01 10:00:20
SELECT P.id, R.r, R.t AS vt, P.t AS pt FROM P LEFT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;

-- A versioned table that stops updating holds the combined watermark (§0.2, the seed's
-- warning): R's last row is at 10:00:01, so p2..p4 wait although the probe watermark reaches
-- 10:05; only the end of input (+inf watermark) releases them. unbounded mode: never emitted.
SET 'joinlab.mode' = 'both';
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 1 | 2024-01-01 10:00:00
@P p1 | 1 | 2024-01-01 10:00:00
@R 2 | 1 | 2024-01-01 10:00:01
@P p2 | 1 | 2024-01-01 10:01:00
@P p3 | 1 | 2024-01-01 10:02:00
@P p4 | 1 | 2024-01-01 10:05:00
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SET 'joinlab.mode' = 'unbounded';
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;

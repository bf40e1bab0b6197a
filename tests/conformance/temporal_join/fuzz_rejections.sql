-- Flink 2.3's rejections of event-time temporal joins, one per query (messages differ in places
-- from SEMANTICS.md §4.1: RIGHT/FULL give "IllegalStateException: Unknown join type RIGHT";
-- AS OF an expression or the versioned side's own time end the AS OF message with a stray quote
-- "field'", AS OF a non-rowtime TIMESTAMP column (t2) without it; AS OF R.t is "requires time
-- attribute in the left table"; a processing-time AS OF on a non-lookup table is rejected).
CREATE TABLE P (id STRING, k INT, v INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE N (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE Z (k INT, r INT, t TIMESTAMP(3), PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE Q (id STRING, k INT, pt AS PROCTIME());
CREATE TABLE M (k INT, r INT, t TIMESTAMP_LTZ(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@R 1 | 1 | 2024-01-01 10:00:00
@P p1 | 1 | 0 | 2024-01-01 10:00:05
SELECT P.id, N.r FROM P JOIN N FOR SYSTEM_TIME AS OF P.t ON P.k = N.k;
SELECT P.id, Z.r FROM P JOIN Z FOR SYSTEM_TIME AS OF P.t ON P.k = Z.k;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.v ON P.k = R.k;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t - INTERVAL '1' SECOND ON P.k = R.k;
SELECT P.id, R.r FROM P RIGHT JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SELECT P.id, R.r FROM P FULL JOIN R FOR SYSTEM_TIME AS OF P.t ON P.k = R.k;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON TRUE;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF P.t ON P.v = R.r;
SELECT P.id, M.r FROM P JOIN M FOR SYSTEM_TIME AS OF P.t ON P.k = M.k;
SELECT o.id, R.r FROM (SELECT *, CAST(t AS TIMESTAMP(3)) AS t2 FROM P) o JOIN R FOR SYSTEM_TIME AS OF o.t2 ON o.k = R.k;
SELECT Q.id, R.r FROM Q JOIN R FOR SYSTEM_TIME AS OF Q.pt ON Q.k = R.k;
SELECT P.id, R.r FROM P JOIN R FOR SYSTEM_TIME AS OF R.t ON P.k = R.k;

-- Deduplication views as versioned tables (§10.4 first-row / last-row views).
-- ORDER BY t DESC (last row, query 3 alone): emits at once; every newer row is a new version, two
-- rows at the same time (100, 101 @00): the later arrival wins (p05 -> 101); older rows (97, 99)
-- are ignored. ORDER BY t ASC (first row) is planned as Rank(AppendFastStrategy, ROWTIME t ASC)
-- and behaves differently (query 4 alone): it emits only when H's watermark passes the row, so
-- 97 @09:59:58, arriving later but while H's watermark is 09:59:55, replaces 100/101 before
-- anything is emitted, and 99 @03 (behind the watermark 10:00:05 when it arrives) is dropped.
-- So every probe gets 97 from the first-row view. Queries 3 and 4 are not temporal joins.
-- NULL keys: a dedup view's key is nullable (unlike a PRIMARY KEY column), and Flink's temporal
-- join MATCHES a NULL probe key with the NULL-key version: pnull (k NULL) gets r=5 in both
-- views (INNER too, query 5), unlike the null-rejecting `=` of regular joins (§0.3).
CREATE TABLE P (id STRING, k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE H (k INT, r INT, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '5' SECOND);
@H 1 | 100 | 2024-01-01 10:00:00
@H NULL | 5 | 2024-01-01 10:00:00
@H 1 | 101 | 2024-01-01 10:00:00
@P p05 | 1 | 2024-01-01 10:00:05
@P pnull | NULL | 2024-01-01 10:00:05
@H 1 | 97 | 2024-01-01 09:59:58
@H 1 | 102 | 2024-01-01 10:00:10
@P p12 | 1 | 2024-01-01 10:00:12
@H 1 | 99 | 2024-01-01 10:00:03
@H 1 | 103 | 2024-01-01 10:00:20
@P p20 | 1 | 2024-01-01 10:00:20
@H 2 | 0 | 2024-01-01 10:00:40
@P p40 | 1 | 2024-01-01 10:00:40
WITH V AS (SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t DESC) AS rn FROM H) WHERE rn = 1)
SELECT P.id, V.r FROM P LEFT JOIN V FOR SYSTEM_TIME AS OF P.t ON P.k = V.k;
WITH V AS (SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t ASC) AS rn FROM H) WHERE rn = 1)
SELECT P.id, V.r FROM P LEFT JOIN V FOR SYSTEM_TIME AS OF P.t ON P.k = V.k;
SELECT k, r, t FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t DESC) AS rn FROM H) WHERE rn = 1;
SELECT k, r, t FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t ASC) AS rn FROM H) WHERE rn = 1;
WITH V AS (SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t DESC) AS rn FROM H) WHERE rn = 1)
SELECT P.id, V.r FROM P JOIN V FOR SYSTEM_TIME AS OF P.t ON P.k = V.k;

-- What Flink rejects, and where a time-bounded condition is no interval join: an updating input
-- (an upsert table through ChangelogNormalize), rowtime attributes of different types (TIMESTAMP and
-- TIMESTAMP_LTZ), a processing-time interval join whose inputs keep an event-time attribute, and a
-- condition with only one bound (a regular join: state forever, padded rows retracted).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), p AS PROCTIME(), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), p AS PROCTIME(), WATERMARK FOR t AS t);
CREATE TABLE U (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
CREATE TABLE Z (k INT, id STRING, ms BIGINT, tz AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR tz AS tz);
@L 1 | l1 | 2024-01-01 10:00:00
@R 1 | r1 | 2024-01-01 10:05:00
@U 1 | u1 | 2024-01-01 10:02:00
@Z 1 | z1 | 1704103320000

SELECT L.id, U.id FROM L JOIN U ON L.k = U.k AND U.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

SELECT U.id, R.id FROM U LEFT JOIN R ON U.k = R.k AND R.t BETWEEN U.t AND U.t + INTERVAL '10' MINUTE;

SELECT L.id, Z.id FROM L JOIN Z ON L.k = Z.k AND CAST(Z.tz AS TIMESTAMP(3)) BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id, L.t FROM L JOIN R ON L.k = R.k AND R.p BETWEEN L.p - INTERVAL '1' HOUR AND L.p + INTERVAL '1' HOUR;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t > L.t;

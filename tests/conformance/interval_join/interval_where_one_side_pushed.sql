-- A WHERE conjunct on the preserved side of a LEFT interval join goes below the join: a row it rejects never probes the other side (fuzz finding).
SET 'joinlab.watermark-emit' = 'on-marker';
CREATE TABLE A (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '0' SECOND);
CREATE TABLE B (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '10' SECOND);
CREATE TABLE C (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '30' SECOND);
@A 1 | 2 | NULL | a4 | 1704130200000
@A NULL | 1 | 3 | a9 | 1704146400000
@watermark B 2024-01-02 00:30:00Z
@A 3 | 1 | 2 | a11 | 1704115800000
@watermark * 2024-01-04 04:30:00.001Z
SELECT A.id AS aid, A.k AS ak, A.v + B.v AS sv, B.id AS bid
FROM A LEFT JOIN B
ON A.t > B.t - INTERVAL '5' HOUR AND B.t + INTERVAL '2' HOUR > A.t AND B.v >= 2
WHERE A.v IS NOT NULL;

-- t + INTERVAL keeps the *ROWTIME* mark in the schema, but Flink computes it, so a NULL there (a padded row) does not fail the collecting sink (fuzz finding).
-- interval_joins.py --seed 12 --focus cleanup, scenario 23
SET 'table.local-time-zone' = 'America/Los_Angeles';
SET 'table.exec.interval-join.min-cleanup-interval' = '30 s';
CREATE TABLE A (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '1' SECOND);
CREATE TABLE B (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t);
CREATE TABLE C (k INT, k2 INT, v INT, id STRING, ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR t AS t - INTERVAL '1' SECOND);
@B 2 | 1 | 1 | b0 | 1704103201000
@A 2 | 2 | 1 | a1 | 1704103200501
@C 2 | 2 | 0 | c2 | 1704103205999
@C 2 | 2 | 3 | c3 | 1704103206999
@B 2 | 2 | 5 | b4 | 1704103208000
@A 1 | 2 | NULL | a5 | 1704103208000
SELECT A.id AS aid, B.id AS bid, A.t + INTERVAL '1' SECOND AS t1
FROM A FULL JOIN B
ON A.k = B.k AND B.t BETWEEN A.t - INTERVAL '4' SECOND AND A.t + INTERVAL '4' SECOND;
SELECT C.id AS cid, x.aid, x.bid
FROM (SELECT A.id AS aid, B.id AS bid, A.k AS k, A.v AS v, A.t AS t, B.t AS t_other FROM A LEFT JOIN B ON B.k = A.k AND (A.v < B.v OR B.v = 1) AND B.t BETWEEN A.t + INTERVAL '2' SECOND AND A.t + INTERVAL '1.5' SECOND AND A.k2 = B.k2 AND (A.v = 0 OR B.v = 0)) x
RIGHT JOIN C ON x.k = C.k AND C.t + INTERVAL '-5' SECOND < x.t AND C.t >= x.t - INTERVAL '5' SECOND;

-- A rowtime shifted by an interval (`t ± INTERVAL`, either order for TIMESTAMP) keeps its
-- time attribute in the validated schema, also through a subquery and a regular join; a CAST or
-- TIMESTAMPADD loses it. INTERVAL + TIMESTAMP_LTZ (interval first) fails in Flink's code
-- generator.
CREATE TABLE A (k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE L (k INT, t TIMESTAMP_LTZ(3), WATERMARK FOR t AS t);
@A 1 | 2024-01-01 10:00:00
@L 1 | 2024-01-01 10:00:00Z
SELECT k, t - INTERVAL '1' SECOND AS x FROM A;
SELECT k, INTERVAL '1' SECOND + t AS x FROM A;
SELECT k, t - INTERVAL '1' MONTH AS x FROM A;
SELECT k, t + INTERVAL '1' SECOND AS x FROM L;
SELECT k, INTERVAL '1' SECOND + t AS x FROM L;
SELECT k, t - INTERVAL '1' SECOND AS x FROM L;
SELECT k, CAST(t AS TIMESTAMP(3)) + INTERVAL '1' SECOND AS x FROM A;
SELECT k, TIMESTAMPADD(SECOND, 1, t) AS x FROM A;
SELECT k, x FROM (SELECT k, t + INTERVAL '1' SECOND AS x FROM A) WHERE x > TIMESTAMP '2020-01-01 00:00:00';
SELECT A.k, A.t + INTERVAL '1' SECOND AS x, B.k FROM A JOIN A AS B ON A.k = B.k;

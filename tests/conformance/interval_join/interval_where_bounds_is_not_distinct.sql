-- Time bounds in WHERE over an inner join with an IS NOT DISTINCT FROM key: Calcite's FilterJoinRule moves them into the join condition first, so Flink runs an interval join (fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '1' SECOND);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '10' SECOND);
@A 1 | a5 | 2024-01-01 10:11:00
@A 2 | a11 | 2024-01-01 10:18:00
@B 1 | b12 | 2024-01-01 10:18:59.999
@B 1 | b13 | 2024-01-01 10:11:00
SELECT A.id, B.id FROM A JOIN B ON A.k = B.k WHERE B.t BETWEEN A.t AND A.t + INTERVAL '4' MINUTE;

-- A time bound written twice is one conjunct (RexSimplify drops the copy): still an interval join (fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@B 1 | b1 | 2024-01-01 10:00:00
@A 1 | a1 | 2024-01-01 10:00:10
@B 1 | b2 | 2024-01-01 10:05:00
SELECT A.id, B.id FROM B LEFT JOIN A ON A.k = B.k AND A.t >= B.t - INTERVAL '1' MINUTE AND A.t <= B.t + INTERVAL '1' MINUTE AND A.t <= B.t + INTERVAL '1' MINUTE;

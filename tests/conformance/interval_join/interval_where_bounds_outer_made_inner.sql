-- A WHERE that rejects the padded side's NULLs makes the LEFT join inner and its time bounds join the condition: an interval join (fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00
@A 2 | a2 | 2024-01-01 10:10:00
@B 2 | b2 | 2024-01-01 10:10:00
@B 1 | b0 | 2024-01-01 10:01:00
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k WHERE B.t BETWEEN A.t AND A.t + INTERVAL '4' MINUTE;

-- A LEFT join whose condition Calcite proves FALSE is pruned to a Calc before the next join is planned, so its time attribute is still live and the next join is an interval join (fuzz finding).
-- interval_joins.py --seed 31 --focus markers, scenario 15
CREATE TABLE A (k INT, k2 INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '0' SECOND);
CREATE TABLE B (k BIGINT, k2 INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '2' SECOND);
CREATE TABLE C (k INT, k2 INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '2' SECOND);
@C 1 | 1 | 3 | c0 | 2024-01-01 09:59:55.500
@C 1 | 1 | 3 | c1 | 2024-01-01 10:00:01
@A 1 | NULL | 1 | a2 | 2024-01-01 10:00:01
@A 1 | 1 | 4 | a3 | 2024-01-01 10:00:01
@A 3 | 1 | 4 | a4 | 2024-01-01 09:59:46
@C 1 | 2 | 4 | c5 | 2024-01-01 10:00:01
@B 2 | NULL | 2 | b6 | 2024-01-01 10:00:04
SELECT A.id AS aid, B.id AS bid, B.t AS b_t
FROM (SELECT * FROM A WHERE k IS NOT NULL) A INNER JOIN B
ON (A.v < B.v OR B.v = 1) AND B.t BETWEEN A.t - INTERVAL '22' SECOND AND A.t + INTERVAL '10' SECOND;
SELECT C.id AS cid, B.id AS bid, A.id AS aid, C.t AS c_t
FROM A LEFT JOIN B ON A.t < B.t + INTERVAL '1' SECOND AND A.t < B.t AND B.t <= A.t
RIGHT JOIN C ON A.k = C.k AND A.t BETWEEN C.t + INTERVAL '2' SECOND AND C.t + INTERVAL '0:02' MINUTE TO SECOND;

-- An equality with an expression on a side is an equi-join key, not a time bound: b.t = a.t + INTERVAL '1' SECOND runs as a regular join (Calcite's JoinPushExpressionsRule; fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00
@B 2 | b1 | 2024-01-01 10:00:01
@A 2 | a2 | 2024-01-01 10:00:02
SELECT A.id, B.id FROM A JOIN B ON A.k + 1 = B.k;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k + 1 = B.k;
EXPLAIN SELECT A.id, B.id FROM A LEFT JOIN B ON A.k + 1 = B.k;
SELECT A.id, B.id FROM A LEFT JOIN B ON B.t = A.t + INTERVAL '1' SECOND;
EXPLAIN SELECT A.id, B.id FROM A LEFT JOIN B ON B.t = A.t + INTERVAL '1' SECOND;
SELECT A.id, B.id FROM A LEFT JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '2' SECOND AND UPPER(A.id) = UPPER(B.id);

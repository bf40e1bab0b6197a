-- Time bounds in an outer query's WHERE, over a subquery that projects a join: Calcite moves the filter below the projection and into the join (fuzz finding).
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:00:00
@A 2 | a2 | 2024-01-01 10:10:00
@B 2 | b2 | 2024-01-01 10:10:00
@B 1 | b0 | 2024-01-01 10:01:00
SELECT aid, bid FROM (SELECT A.id AS aid, B.id AS bid, A.t AS ta, B.t AS tb FROM A JOIN B ON A.k = B.k) WHERE tb BETWEEN ta AND ta + INTERVAL '4' MINUTE;

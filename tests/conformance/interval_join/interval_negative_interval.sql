-- An interval whose upper bound is below its lower bound (L.t BETWEEN R.t + 1 h AND R.t - 1 h):
-- no row can join, and Flink plans no join at all — INNER emits nothing, LEFT / RIGHT / FULL pad
-- every row of their outer side(s) at once, on arrival.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@L 1 | l1 | 2024-01-01 10:00:00
@R 1 | r1 | 2024-01-01 10:00:00
@L 2 | l2 | 2024-01-01 10:30:00
@R 2 | r2 | 2024-01-01 11:00:00

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND L.t > R.t + INTERVAL '1' HOUR AND L.t < R.t - INTERVAL '1' HOUR;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND L.t > R.t + INTERVAL '1' HOUR AND L.t < R.t - INTERVAL '1' HOUR;

SELECT L.id, R.id FROM L RIGHT JOIN R ON L.k = R.k AND L.t > R.t + INTERVAL '1' HOUR AND L.t < R.t - INTERVAL '1' HOUR;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND L.t > R.t + INTERVAL '1' HOUR AND L.t < R.t - INTERVAL '1' HOUR;

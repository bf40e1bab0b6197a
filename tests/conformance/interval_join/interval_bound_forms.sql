-- Every way to write an interval join's bounds, on the same data (left rows L at 10:00..10:40,
-- right rows R at 10:10..10:50, one key): BETWEEN; two range predicates written on either side and
-- in either order; strict bounds (< and > shift a bound by 1 ms: R at exactly the bound does not
-- join); INTERVAL + time; bounds in a comma join's WHERE; and one equality of the two times.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@L 1 | l1 | 2024-01-01 10:00:00
@R 1 | r1 | 2024-01-01 10:10:00
@L 1 | l2 | 2024-01-01 10:20:00
@R 1 | r2 | 2024-01-01 10:30:00
@L 1 | l3 | 2024-01-01 10:30:00
@L 1 | l4 | 2024-01-01 10:40:00
@R 1 | r3 | 2024-01-01 10:50:00

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.t >= L.t AND R.t <= L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND L.t + INTERVAL '10' MINUTE >= R.t AND L.t <= R.t;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.t > L.t AND R.t < L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND L.t > R.t - INTERVAL '10' MINUTE AND L.t < R.t;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.t BETWEEN L.t - INTERVAL '5' MINUTE AND INTERVAL '5' MINUTE + L.t;

SELECT L.id, R.id FROM L, R WHERE L.k = R.k AND L.t BETWEEN R.t - INTERVAL '20' MINUTE AND R.t - INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND L.t = R.t;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t > L.t AND R.t < L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND L.t = R.t;

-- Interval joins without a key equality (every row of the other side in range joins: one
-- partition), with residual conditions (a non-equi comparison, an OR over both sides, a condition
-- that fails so an outer row is padded although its times match), NULL keys on an outer side
-- (padded, never joined), and keys of different types (INT = BIGINT).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k BIGINT, v INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@L 1 | 5 | l1 | 2024-01-01 10:00:00
@R 1 | 7 | r1 | 2024-01-01 10:01:00
@L NULL | 1 | lnull | 2024-01-01 10:02:00
@R NULL | 1 | rnull | 2024-01-01 10:02:00
@L 2 | 9 | l2 | 2024-01-01 10:03:00
@R 2 | 3 | r2 | 2024-01-01 10:04:00
@L 1 | 8 | l1b | 2024-01-01 10:20:00
@R 1 | 8 | r1b | 2024-01-01 10:30:00

SELECT L.id, R.id FROM L JOIN R ON L.t BETWEEN R.t - INTERVAL '2' MINUTE AND R.t + INTERVAL '2' MINUTE;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.t BETWEEN R.t - INTERVAL '2' MINUTE AND R.t + INTERVAL '2' MINUTE AND L.v < R.v;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND L.t BETWEEN R.t - INTERVAL '2' MINUTE AND R.t + INTERVAL '2' MINUTE;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND L.t BETWEEN R.t - INTERVAL '2' MINUTE AND R.t + INTERVAL '2' MINUTE AND (L.v < R.v OR R.v = 1);

SELECT L.id, R.id, L.v + R.v AS s FROM L RIGHT JOIN R ON L.k = R.k AND L.v > R.v AND R.t BETWEEN L.t AND L.t + INTERVAL '1' MINUTE;

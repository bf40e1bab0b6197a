-- title: Interval join: equal times (L.t = R.t) and strict bounds
-- about: Two tables of readings, joined on their key and their time attributes. Query 1 asks for equal times (L.t = R.t): an interval join whose bounds are both 0, so a row meets only rows of the same millisecond: a1 and b1 (12:00:00.000) join, a2 one millisecond later does not, and each row leaves state as soon as the join's time passes its own time. With nothing to wait for, the join's output watermark is not held back. Query 2 is the same as a LEFT join: a2, d1 and d2 come out padded with NULLs once the join's time passes them. Query 3 uses strict bounds, R.t > L.t − 1 min AND R.t < L.t + 1 min: Flink turns them into the closed bounds −59.999 s and +59.999 s (see the plan), so a row exactly one minute away (b2 for a1, c1 for d2) does not join, while d1, 59.999 s after c1, does. Its output watermark is held back by 59.999 s.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE L (
  k INT,
  id STRING,
  t TIMESTAMP(3),
  WATERMARK FOR t AS t - INTERVAL '1' SECOND
);

CREATE TABLE R (
  k INT,
  id STRING,
  t TIMESTAMP(3),
  WATERMARK FOR t AS t - INTERVAL '1' SECOND
);

@L 1 | a1 | 2024-01-01 12:00:00
@R 1 | b1 | 2024-01-01 12:00:00
-- exactly one minute after a1
@R 1 | b2 | 2024-01-01 12:01:00
-- one millisecond after b1
@L 1 | a2 | 2024-01-01 12:00:00.001
@R 2 | c1 | 2024-01-01 12:02:00
-- 59.999 s after c1, then exactly one minute after it
@L 2 | d1 | 2024-01-01 12:02:59.999
@L 2 | d2 | 2024-01-01 12:03:00
@L 9 | z1 | 2024-01-01 12:10:00
@R 9 | z2 | 2024-01-01 12:10:00

SELECT L.id, R.id, L.t, R.t FROM L JOIN R ON L.k = R.k AND L.t = R.t;

SELECT L.id, R.id, L.t, R.t FROM L LEFT JOIN R ON L.k = R.k AND L.t = R.t;

SELECT L.id, R.id, L.t, R.t FROM L LEFT JOIN R
ON L.k = R.k AND R.t > L.t - INTERVAL '1' MINUTE AND R.t < L.t + INTERVAL '1' MINUTE;

-- Processing-time interval joins: rows are timed by the processing time they arrive at (the
-- oracle's wall clock; JoinLab's simulated clock). With bounds far wider than the run (one day),
-- every row of a key meets every other: the result does not depend on the clock. The inputs keep
-- no event-time attribute (Flink rejects that: see interval_rejections).
CREATE TABLE L (k INT, id STRING, p AS PROCTIME());
CREATE TABLE R (k INT, id STRING, p AS PROCTIME());
@L 1 | l1
@R 1 | r1
@L 2 | l2
@R 1 | r1b
@L 1 | l1b
@R 3 | r3

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.p BETWEEN L.p - INTERVAL '1' DAY AND L.p + INTERVAL '1' DAY;

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND L.p BETWEEN R.p - INTERVAL '1' DAY AND R.p + INTERVAL '1' DAY;

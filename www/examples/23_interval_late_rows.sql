-- title: Interval join: late rows on both sides
-- about: Payments and their confirmations, joined when the confirmation is within 10 minutes of the payment, with watermarks one minute behind each table's latest row. After step 6 the join's time (the smaller of both watermarks) stands at 10:30, and the rows of steps 8 to 11 arrive behind it: each is late. An interval join never drops a late row: it still probes the other side's state and joins what is still there, but it is not kept for rows to come. p3late (10:15) still meets c3 (10:22, kept until 10:32), and c2late (10:18) meets p2 (10:20, kept until 10:30); p4late and c5late find nobody, so the FULL join pads them with NULLs at once, at their own step. Compare p6 (10:30:30): it is on time, so it waits in state and is padded only when its cleanup timer fires, at step 13. The INNER join emits the same joined rows and no padded ones.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE Payments (
  k INT,
  id STRING,
  t TIMESTAMP(3),
  WATERMARK FOR t AS t - INTERVAL '1' MINUTE
);

CREATE TABLE Confirms (
  k INT,
  id STRING,
  t TIMESTAMP(3),
  WATERMARK FOR t AS t - INTERVAL '1' MINUTE
);

@Payments 1 | p1 | 2024-01-01 10:00:00
@Confirms 1 | c1 | 2024-01-01 10:05:00
@Payments 2 | p2 | 2024-01-01 10:20:00
@Confirms 3 | c3 | 2024-01-01 10:22:00
@Payments 8 | p8 | 2024-01-01 10:31:00
@Confirms 8 | c8 | 2024-01-01 10:35:00
-- on time (10:30:30 + 10 min is ahead of the join's time 10:30): kept
@Payments 6 | p6 | 2024-01-01 10:30:30
-- the join's time is 10:30: the next four rows are late (their time + 10 min is not ahead of it)
@Payments 3 | p3late | 2024-01-01 10:15:00
@Payments 4 | p4late | 2024-01-01 10:12:00
@Confirms 2 | c2late | 2024-01-01 10:18:00
@Confirms 5 | c5late | 2024-01-01 10:10:00
@Payments 9 | p9 | 2024-01-01 11:00:00
@Confirms 9 | c9 | 2024-01-01 11:05:00

SELECT P.id, C.id FROM Payments P JOIN Confirms C
ON P.k = C.k AND C.t BETWEEN P.t - INTERVAL '10' MINUTE AND P.t + INTERVAL '10' MINUTE;

SELECT P.id, C.id FROM Payments P FULL JOIN Confirms C
ON P.k = C.k AND C.t BETWEEN P.t - INTERVAL '10' MINUTE AND P.t + INTERVAL '10' MINUTE;

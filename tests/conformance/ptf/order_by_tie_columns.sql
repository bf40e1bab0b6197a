-- ORDER BY with further columns on a table argument (CheckoutPtf, watermark = ts - 5 s, reminder 1 s):
-- rows of one time are ordered by the next ORDER BY columns before eval. Bob's REMOVE 1 and ADD 1 at
-- 12:00:05 (arriving REMOVE first): by (ts, eventType) ADD comes first, the REMOVE then empties the
-- cart and clears the timers — no reminder; by (ts, eventType DESC) the REMOVE comes first (nothing to
-- remove) and the ADD sets a REMINDER; by ts alone they keep their arrival order (as DESC here).
-- Ann's CHECKOUT and ADD at 12:00:07: ascending, ADD < CHECKOUT, so she checks out {9=1}.
-- Last query: ORDER BY without on_time (GreetingPtf): rows are still sorted by the ORDER BY column and
-- late rows dropped, but the output has no rowtime.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION CheckoutPtf AS 'oracle.udf.CheckoutPtf';
CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

CREATE TABLE Events (
  `user` STRING,
  eventType STRING,
  productId BIGINT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
);
CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
);

INSERT INTO Events VALUES
  ('Bob', 'REMOVE', 1, TIMESTAMP '2025-03-27 12:00:05'),
  ('Bob', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:05'),
  ('Ann', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:07'),
  ('Ann', 'ADD', 9, TIMESTAMP '2025-03-27 12:00:07'),
  ('Bob', 'ADD', 2, TIMESTAMP '2025-03-27 12:00:30');

INSERT INTO Visits VALUES
  ('Bob', TIMESTAMP '2025-03-27 10:00:10'),
  ('Bob', TIMESTAMP '2025-03-27 10:00:07'),
  ('Bob', TIMESTAMP '2025-03-27 10:00:20'),
  ('Bob', TIMESTAMP '2025-03-27 10:00:14'),
  ('Bob', TIMESTAMP '2025-03-27 10:00:30');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user` ORDER BY (ts, eventType),
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' SECOND,
  timeoutInterval => INTERVAL '1' HOUR
);

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user` ORDER BY (ts, eventType DESC),
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' SECOND,
  timeoutInterval => INTERVAL '1' HOUR
);

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user` ORDER BY ts,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' SECOND,
  timeoutInterval => INTERVAL '1' HOUR
);

SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name ORDER BY ts);

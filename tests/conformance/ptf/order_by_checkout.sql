-- ORDER BY on CheckoutPtf's table argument (watermark = ts - 10 s, reminder 2 s, timeout 1 min):
-- out-of-order ADD/REMOVE/CHECKOUT rows of one user are sorted by time before eval, so the cart sees
-- them in event-time order; the sorted rows of a watermark advance are evaluated before the timers
-- that advance makes due. A late row (at or before the watermark) is dropped.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION CheckoutPtf AS 'oracle.udf.CheckoutPtf';

CREATE TABLE Events (
  `user` STRING,
  eventType STRING,
  productId BIGINT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '10' SECOND
);

INSERT INTO Events VALUES
  ('Bob', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:05'),
  ('Bob', 'REMOVE', 1, TIMESTAMP '2025-03-27 12:00:09'),
  ('Bob', 'ADD', 2, TIMESTAMP '2025-03-27 12:00:02'),
  ('Ann', 'ADD', 3, TIMESTAMP '2025-03-27 12:00:08'),
  ('Ann', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:12'),
  ('Ann', 'ADD', 4, TIMESTAMP '2025-03-27 12:00:11'),
  ('Bob', 'ADD', 5, TIMESTAMP '2025-03-27 12:00:20'),
  ('Ann', 'ADD', 6, TIMESTAMP '2025-03-27 12:00:09'),
  ('Bob', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:30'),
  ('Ann', 'ADD', 7, TIMESTAMP '2025-03-27 12:00:45');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user` ORDER BY ts,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '2' SECOND,
  timeoutInterval => INTERVAL '1' MINUTE
);

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '2' SECOND,
  timeoutInterval => INTERVAL '1' MINUTE
);

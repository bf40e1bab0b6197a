-- title: Process table function: a shopping cart with named timers (CheckoutPtf)
-- about: Flink's documentation example: the cart (a MAP) in state and two named event-time timers per user, REMINDER and TIMEOUT, registered again on every ADD. A timer fires when the watermark passes it, and its row carries the timer's time: Bob's reminder fires when Alice's row lifts the watermark (step 2), Alice's at Bob's REMOVE (step 3); Bob's CHECKOUT clears his cart and timers. The State tab lists each user's cart and timers as they change. Query 2 is the documentation's own call (reminder 1 DAY, timeout 2 DAY, uid): Alice's reminder only fires at the end of input.
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION CheckoutPtf AS 'oracle.udf.CheckoutPtf';

CREATE TABLE Events (
  `user` STRING,
  eventType STRING,
  productId BIGINT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Events VALUES
  ('Bob', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:11'),
  ('Alice', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:21'),
  ('Bob', 'REMOVE', 1, TIMESTAMP '2025-03-27 12:00:51'),
  ('Bob', 'ADD', 2, TIMESTAMP '2025-03-27 12:00:55'),
  ('Bob', 'ADD', 5, TIMESTAMP '2025-03-27 12:00:56'),
  ('Bob', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:01:50');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' SECOND,
  timeoutInterval => INTERVAL '1' MINUTE
);

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' DAY,
  timeoutInterval => INTERVAL '2' DAY, uid => 'cart-processor'
);

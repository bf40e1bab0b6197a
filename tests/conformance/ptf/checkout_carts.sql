-- CheckoutPtf (oracle's class), reminder 10 s, timeout 30 s, three users:
-- Ann: ADD 1, ADD 1, REMOVE 1 (cart {1=1}: timers reset), REMOVE 1 (last item: state and timers
--   cleared, so no reminder), ADD 7 again later, then her REMINDER and TIMEOUT fire (TIMEOUT clears
--   the cart, so a later CHECKOUT of hers emits nothing).
-- Ben: ADD 2, REMOVE 9 (not in the cart: timers reset anyway), CHECKOUT {2=1}; a second CHECKOUT
--   with an empty cart emits nothing.
-- Cat: an unknown event type and a NULL eventType do nothing; ADD 3, ADD 4, ADD 3 → {3=2, 4=1}.
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
  ('Ann', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:00'),
  ('Ben', 'ADD', 2, TIMESTAMP '2025-03-27 12:00:01'),
  ('Ann', 'ADD', 1, TIMESTAMP '2025-03-27 12:00:02'),
  ('Cat', 'BROWSE', 5, TIMESTAMP '2025-03-27 12:00:03'),
  ('Ann', 'REMOVE', 1, TIMESTAMP '2025-03-27 12:00:04'),
  ('Ben', 'REMOVE', 9, TIMESTAMP '2025-03-27 12:00:05'),
  ('Cat', CAST(NULL AS STRING), 5, TIMESTAMP '2025-03-27 12:00:06'),
  ('Ann', 'REMOVE', 1, TIMESTAMP '2025-03-27 12:00:07'),
  ('Cat', 'ADD', 3, TIMESTAMP '2025-03-27 12:00:08'),
  ('Ben', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:09'),
  ('Cat', 'ADD', 4, TIMESTAMP '2025-03-27 12:00:10'),
  ('Ben', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:12'),
  ('Cat', 'ADD', 3, TIMESTAMP '2025-03-27 12:00:13'),
  ('Ann', 'ADD', 7, TIMESTAMP '2025-03-27 12:00:20'),
  ('Cat', 'ADD', 17, TIMESTAMP '2025-03-27 12:00:40'),
  ('Ann', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:01:00'),
  ('Cat', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:01:05');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '10' SECOND,
  timeoutInterval => INTERVAL '30' SECOND
);

-- positional scalar arguments, only the checkout_type and the items
SELECT `user`, checkout_type, items FROM CheckoutPtf(
  TABLE Events PARTITION BY `user`,
  INTERVAL '5' SECOND,
  INTERVAL '1' MINUTE,
  DESCRIPTOR(ts)
);

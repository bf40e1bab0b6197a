-- CheckoutPtf: timers of several partitions fire at one watermark advance, in time order, with the
-- timer time as rowtime; a REMINDER replaced before it fires (Dan's second ADD moves it from
-- 10:00:03 to 10:00:06); equal timer times in two partitions (Eve and Fay both at 10:00:07);
-- TIMEOUT after REMINDER for the same user at one advance (the reminder still sees the cart).
-- The watermark jumps from 10:00:04 to 10:00:30 with Gus's row: three REMINDERs, then the three
-- TIMEOUTs (10:00:23, 10:00:24) clear the carts, so Dan's CHECKOUT at 10:00:31 emits nothing.
-- Fay's first REMINDER (10:00:04) fires at Eve's row, before Fay's second ADD. Watermark = ts.
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
  ('Dan', 'ADD', 10, TIMESTAMP '2025-03-27 10:00:00'),
  ('Eve', 'ADD', 20, TIMESTAMP '2025-03-27 10:00:01'),
  ('Fay', 'ADD', 30, TIMESTAMP '2025-03-27 10:00:01'),
  ('Dan', 'ADD', 11, TIMESTAMP '2025-03-27 10:00:03'),
  ('Eve', 'ADD', 21, TIMESTAMP '2025-03-27 10:00:04'),
  ('Fay', 'ADD', 31, TIMESTAMP '2025-03-27 10:00:04'),
  ('Gus', 'ADD', 40, TIMESTAMP '2025-03-27 10:00:30'),
  ('Dan', 'CHECKOUT', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 10:00:31');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '3' SECOND,
  timeoutInterval => INTERVAL '20' SECOND
);

-- CheckoutPtf: an ADD with a NULL productId makes the oracle's Java function unbox a null Long: the
-- job fails with a NullPointerException (no reminder fires: the job stopped before the watermark).
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
  ('Bob', 'ADD', CAST(NULL AS BIGINT), TIMESTAMP '2025-03-27 12:00:12'),
  ('Bob', 'ADD', 2, TIMESTAMP '2025-03-27 12:00:13');

SELECT * FROM CheckoutPtf(
  events => TABLE Events PARTITION BY `user`,
  on_time => DESCRIPTOR(ts),
  reminderInterval => INTERVAL '1' SECOND,
  timeoutInterval => INTERVAL '1' MINUTE
);

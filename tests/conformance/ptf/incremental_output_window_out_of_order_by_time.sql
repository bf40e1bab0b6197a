-- IncrementalOutputWindow on out-of-order trades, arrival by-time. The function keeps one window per
-- ticker and compares each trade's window with the stored one, so a trade of an earlier window
-- (arriving after a later one) closes the stored window as final and starts counting again in the
-- earlier window. The written order has ACME 09:01:10 before ACME 09:00:50; by-time arrival keeps
-- one table's written order, so both scripts see the same order for ACME: the difference is only
-- in how the two tables interleave.
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'by-time';

CREATE TEMPORARY FUNCTION IncrementalOutputWindow AS 'oracle.udf.IncrementalOutputWindow';

CREATE TABLE stock_trades (
  ticker STRING,
  price DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '1' MINUTE
);

CREATE TABLE other_trades (
  ticker STRING,
  price DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO stock_trades VALUES
  ('ACME', 100.0, TIMESTAMP '2026-07-01 09:00:10'),
  ('ACME', 102.0, TIMESTAMP '2026-07-01 09:01:10'),
  ('ACME', 101.0, TIMESTAMP '2026-07-01 09:00:50'),
  ('ACME', 103.0, TIMESTAMP '2026-07-01 09:01:20');

INSERT INTO other_trades VALUES
  ('ACME', 200.0, TIMESTAMP '2026-07-01 09:00:05'),
  ('ACME', 201.0, TIMESTAMP '2026-07-01 09:01:05');

SELECT ticker, avgPrice, numTrades, windowStart, isFinal
FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '1' MINUTE,
    on_time => DESCRIPTOR(event_time)
);

SELECT ticker, avgPrice, numTrades, windowStart, isFinal, rowtime
FROM IncrementalOutputWindow(
    input => TABLE other_trades PARTITION BY ticker,
    windowInterval => INTERVAL '1' MINUTE,
    on_time => DESCRIPTOR(event_time)
);

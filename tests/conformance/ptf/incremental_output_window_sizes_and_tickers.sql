-- IncrementalOutputWindow with 30-second and 2-minute windows, three tickers interleaved, a trade
-- exactly on a window boundary (09:01:00.000 opens the next window: windowStart = t - t % interval),
-- a NULL price (counted, not summed), a window skipped (a trade two windows later closes the stored
-- one only), SELECT * with rowtime.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION IncrementalOutputWindow AS 'oracle.udf.IncrementalOutputWindow';

CREATE TABLE stock_trades (
  ticker STRING,
  price DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO stock_trades VALUES
  ('ACME', 10.0, TIMESTAMP '2026-07-01 09:00:00'),
  ('GLBX', 20.0, TIMESTAMP '2026-07-01 09:00:15'),
  ('INIT', 5.0, TIMESTAMP '2026-07-01 09:00:29.999'),
  ('ACME', 11.0, TIMESTAMP '2026-07-01 09:00:30'),
  ('GLBX', CAST(NULL AS DOUBLE), TIMESTAMP '2026-07-01 09:00:40'),
  ('INIT', 6.0, TIMESTAMP '2026-07-01 09:00:59.999'),
  ('ACME', 12.0, TIMESTAMP '2026-07-01 09:01:00'),
  ('GLBX', 22.0, TIMESTAMP '2026-07-01 09:01:00'),
  ('ACME', 13.5, TIMESTAMP '2026-07-01 09:01:29'),
  ('INIT', 7.0, TIMESTAMP '2026-07-01 09:02:10'),
  ('ACME', 14.0, TIMESTAMP '2026-07-01 09:04:00'),
  ('GLBX', 23.0, TIMESTAMP '2026-07-01 09:04:01.5');

-- 30-second windows
SELECT ticker, avgPrice, numTrades, windowStart, windowEnd, isFinal
FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '30' SECONDS,
    on_time => DESCRIPTOR(event_time)
);

-- 2-minute windows, SELECT * (output fields alphabetical, ticker0, rowtime)
SELECT * FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '2' MINUTE,
    on_time => DESCRIPTOR(event_time)
);

-- only the final rows of 1-minute windows
SELECT ticker, numTrades, avgPrice, windowStart
FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '1' MINUTE,
    on_time => DESCRIPTOR(event_time)
)
WHERE isFinal;

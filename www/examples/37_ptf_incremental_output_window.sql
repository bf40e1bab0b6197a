-- title: Process table function: an early-firing window (IncrementalOutputWindow)
-- about: Confluent's incremental-windowing tutorial: one table of trades partitioned by ticker, 1-minute tumbling windows anchored to the epoch, no timers. Every trade emits its window's running count and average (isFinal = FALSE); the first trade of a later window first emits the previous window once more with isFinal = TRUE. The state view shows the running count and sum per ticker. Query 2 keeps only the final rows (WHERE isFinal); the second window never gets one, since no trade rolls it over.
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION IncrementalOutputWindow AS 'oracle.udf.IncrementalOutputWindow';

CREATE TABLE stock_trades (
  ticker STRING,
  price DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO stock_trades VALUES
  ('ACME', 150.00, TIMESTAMP '2026-07-01 09:00:05'),
  ('GLBX', 300.00, TIMESTAMP '2026-07-01 09:00:10'),
  ('ACME', 150.50, TIMESTAMP '2026-07-01 09:00:20'),
  ('GLBX', 300.50, TIMESTAMP '2026-07-01 09:00:30'),
  ('ACME', 151.00, TIMESTAMP '2026-07-01 09:00:45'),
  ('GLBX', 301.00, TIMESTAMP '2026-07-01 09:00:50'),
  ('GLBX', 301.20, TIMESTAMP '2026-07-01 09:01:05'),
  ('ACME', 151.25, TIMESTAMP '2026-07-01 09:01:10'),
  ('GLBX', 301.80, TIMESTAMP '2026-07-01 09:01:40'),
  ('ACME', 151.75, TIMESTAMP '2026-07-01 09:01:50');

SELECT
    ticker,
    avgPrice,
    numTrades,
    DATE_FORMAT(windowStart, 'yyyy-MM-dd HH:mm:ss') as windowStart,
    DATE_FORMAT(windowEnd, 'yyyy-MM-dd HH:mm:ss') as windowEnd,
    isFinal
FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '60' SECONDS,
    on_time => DESCRIPTOR(event_time)
);

-- consumers that want one authoritative row per closed window filter on isFinal
SELECT ticker, numTrades, avgPrice, windowStart, windowEnd
FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '60' SECONDS,
    on_time => DESCRIPTOR(event_time)
)
WHERE isFinal;

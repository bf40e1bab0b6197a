-- IncrementalOutputWindow on a TIMESTAMP_LTZ rowtime in the zone Asia/Kolkata (UTC+05:30): the
-- function's time is the epoch instant, so its 1-hour windows start at UTC hours (:30 on the Kolkata
-- clock), and its windowStart / windowEnd are LocalDateTime values on the UTC clock (TIMESTAMP(9),
-- not shifted by the session zone), while rowtime (TIMESTAMP_LTZ) prints on the Kolkata clock.
SET 'table.local-time-zone' = 'Asia/Kolkata';

CREATE TEMPORARY FUNCTION IncrementalOutputWindow AS 'oracle.udf.IncrementalOutputWindow';

CREATE TABLE stock_trades (
  ticker STRING,
  price DOUBLE,
  event_time TIMESTAMP_LTZ(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO stock_trades VALUES
  ('ACME', 10.0, CAST('2026-07-01 09:10:00' AS TIMESTAMP_LTZ(3))),
  ('ACME', 12.0, CAST('2026-07-01 09:29:59' AS TIMESTAMP_LTZ(3))),
  ('ACME', 14.0, CAST('2026-07-01 09:30:00' AS TIMESTAMP_LTZ(3))),
  ('GLBX', 20.0, CAST('2026-07-01 10:45:00' AS TIMESTAMP_LTZ(3)));

SELECT * FROM IncrementalOutputWindow(
    input => TABLE stock_trades PARTITION BY ticker,
    windowInterval => INTERVAL '1' HOUR,
    on_time => DESCRIPTOR(event_time)
);

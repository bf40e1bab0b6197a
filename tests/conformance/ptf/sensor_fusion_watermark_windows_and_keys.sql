-- SensorFusionWatermarkPtf (oracle's class): 2-minute windows, thresholds 70 / 60, three windows for
-- M1, a key only in the temperature table (M3) and one only in the humidity table (H9): their windows
-- close with readings from one table only and emit nothing. M2's second window has temperatures only
-- (no verdict); a NULL humidity is skipped but still opens M1's third window. Odd and even counts
-- (median of 3 = the middle value, of 2 = the mean). Arrival by-time.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION SensorFusionWatermarkPtf AS 'oracle.udf.SensorFusionWatermarkPtf';

CREATE TABLE temps (
  machine_id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);
CREATE TABLE hums (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO temps VALUES
  ('M1', 72.0, TIMESTAMP '2026-08-01 09:00:05'),
  ('M2', 65.0, TIMESTAMP '2026-08-01 09:00:20'),
  ('M1', 68.5, TIMESTAMP '2026-08-01 09:01:00'),
  ('M3', 90.0, TIMESTAMP '2026-08-01 09:01:10'),
  ('M1', 75.25, TIMESTAMP '2026-08-01 09:01:50'),
  ('M2', 80.0, TIMESTAMP '2026-08-01 09:02:30'),
  ('M1', 71.0, TIMESTAMP '2026-08-01 09:02:40'),
  ('M1', 69.0, TIMESTAMP '2026-08-01 09:03:10'),
  ('M1', 73.0, TIMESTAMP '2026-08-01 09:04:30'),
  ('M2', 66.0, TIMESTAMP '2026-08-01 09:05:00');

INSERT INTO hums VALUES
  ('M1', 61.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M2', 59.5, TIMESTAMP '2026-08-01 09:00:40'),
  ('H9', 99.0, TIMESTAMP '2026-08-01 09:01:20'),
  ('M1', 64.0, TIMESTAMP '2026-08-01 09:01:30'),
  ('M2', 70.0, TIMESTAMP '2026-08-01 09:01:45'),
  ('M1', 58.0, TIMESTAMP '2026-08-01 09:02:50'),
  ('M1', 62.0, TIMESTAMP '2026-08-01 09:03:20'),
  ('M1', CAST(NULL AS DOUBLE), TIMESTAMP '2026-08-01 09:04:40'),
  ('M2', 61.0, TIMESTAMP '2026-08-01 09:05:10');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '2' MINUTES,
    temperatureThreshold => CAST(70.0 AS DOUBLE),
    humidityThreshold => CAST(60.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 90-second windows over the same rows (epoch-anchored: 09:00:00, 09:01:30, 09:03:00, ...)
SELECT machine_id, windowStart, windowEnd, needsMaintenance FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '90' SECOND,
    temperatureThreshold => CAST(69.0 AS DOUBLE),
    humidityThreshold => CAST(61.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- SensorFusionWatermarkPtf with windowInterval INTERVAL '0' SECOND: the oracle's class throws
-- IllegalArgumentException("windowInterval must be a positive duration") in its first eval, so the
-- job fails at the first row (Flink accepts the call at planning).
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
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M1', 81.0, TIMESTAMP '2026-08-01 09:01:15');
INSERT INTO hums VALUES
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:00:20');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '0' SECOND,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

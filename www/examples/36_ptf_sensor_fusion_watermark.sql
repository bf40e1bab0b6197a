-- title: Process table function: the watermark-aware sensor fusion
-- about: SensorFusionWatermarkPtf, the production variant the tutorial recommends: same arguments and output, but readings are buffered per window and each window's verdict is emitted by an event-time timer at the window end, when the watermark of both tables has passed it (TimeContext#tableWatermark). The first window closes when the humidity reading of 09:05:12 lifts the combined watermark past 09:05: M1 TRUE, M2 FALSE; the second window closes at the end of input: M1 FALSE, M2 FALSE. The state view shows the timers each partition registered. Compare arrival orders: as written gives the same four verdicts, only at other steps.
-- compare: 11_ptf_sensor_fusion_tutorial
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION SensorFusionWatermarkPtf AS 'oracle.udf.SensorFusionWatermarkPtf';

CREATE TABLE temperature_readings (
  machine_id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);
CREATE TABLE humidity_readings (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO temperature_readings VALUES
  ('M1', 78.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:00:15'),
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:01:20'),
  ('M2', 62.0, TIMESTAMP '2026-08-01 09:01:25'),
  ('M1', 76.0, TIMESTAMP '2026-08-01 09:02:30'),
  ('M2', 58.0, TIMESTAMP '2026-08-01 09:02:35'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:03:40'),
  ('M2', 65.0, TIMESTAMP '2026-08-01 09:03:45'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:05:10'),
  ('M2', 55.0, TIMESTAMP '2026-08-01 09:05:15'),
  ('M1', 68.0, TIMESTAMP '2026-08-01 09:06:20'),
  ('M2', 58.0, TIMESTAMP '2026-08-01 09:06:25'),
  ('M1', 72.0, TIMESTAMP '2026-08-01 09:07:30'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:07:35'),
  ('M1', 65.0, TIMESTAMP '2026-08-01 09:08:40');

INSERT INTO humidity_readings VALUES
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:00:12'),
  ('M2', 75.0, TIMESTAMP '2026-08-01 09:00:17'),
  ('M1', 88.0, TIMESTAMP '2026-08-01 09:01:22'),
  ('M2', 78.0, TIMESTAMP '2026-08-01 09:01:27'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:02:32'),
  ('M2', 72.0, TIMESTAMP '2026-08-01 09:02:37'),
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:03:42'),
  ('M2', 80.0, TIMESTAMP '2026-08-01 09:03:47'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:05:12'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:05:17'),
  ('M1', 65.0, TIMESTAMP '2026-08-01 09:06:22'),
  ('M2', 65.0, TIMESTAMP '2026-08-01 09:06:27'),
  ('M1', 68.0, TIMESTAMP '2026-08-01 09:07:32'),
  ('M2', 62.0, TIMESTAMP '2026-08-01 09:07:37'),
  ('M1', 72.0, TIMESTAMP '2026-08-01 09:08:42');

SELECT
    machine_id,
    sensor_id,
    DATE_FORMAT(windowStart, 'yyyy-MM-dd HH:mm:ss') as windowStart,
    DATE_FORMAT(windowEnd, 'yyyy-MM-dd HH:mm:ss') as windowEnd,
    needsMaintenance
FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '5' MINUTES,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- the raw PTF output: partition keys, the declared output, rowtime (= the window end: the timer's time)
SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '5' MINUTES,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

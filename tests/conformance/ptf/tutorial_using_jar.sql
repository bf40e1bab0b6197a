-- The PTF tutorial exactly as written (seed 002), in Apache Flink: CREATE FUNCTION SensorFusionPtf … USING JAR
-- 'confluent-artifact://cfa-123456' registers the JAR when the query first uses the function, and no
-- Flink file system serves the scheme: Flink's validation fails (JoinLab's confluent dialect runs its
-- built-in SensorFusionPtf: gallery 11, which has the tutorial's rows; two rows a table here, since
-- Flink fails before reading any).
CREATE FUNCTION SensorFusionPtf
AS 'io.confluent.developer.SensorFusionPtf'
USING JAR 'confluent-artifact://cfa-123456';

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
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:00:15');

INSERT INTO humidity_readings VALUES
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:00:12'),
  ('M2', 75.0, TIMESTAMP '2026-08-01 09:00:17');

SELECT
    machine_id,
    sensor_id,
    DATE_FORMAT(windowStart, 'yyyy-MM-dd HH:mm:ss') as windowStart,
    DATE_FORMAT(windowEnd, 'yyyy-MM-dd HH:mm:ss') as windowEnd,
    needsMaintenance
FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '5' MINUTES,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- PTF errors: a mandatory argument left out is Calcite's "DEFAULT is only allowed for optional
-- parameters" at the whole call (lines counted inside the statement); no argument at all is
-- "No match found for function signature GreetingPtf()" with the supported signature.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';
CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

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
  ('M1', 80.0, TIMESTAMP '2026-08-01 10:00:05'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 10:01:05'),
  ('M1', 60.0, TIMESTAMP '2026-08-01 10:02:05');
INSERT INTO humidity_readings VALUES
  ('M1', 90.0, TIMESTAMP '2026-08-01 10:00:06'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 10:02:06');
CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Visits VALUES
  ('Bob',   TIMESTAMP '2025-03-27 10:00:05'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:10'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:20');
-- 1: no humidityThreshold
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 2: no humidity_reading table
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 3: no argument at all
SELECT * FROM GreetingPtf();

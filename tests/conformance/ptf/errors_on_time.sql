-- PTF errors of on_time: a column that is no TIMESTAMP, a column no table has, a TIMESTAMP
-- column without a watermark (Plain: a plain ValidationException of the physical planner), and
-- a function that requires on_time (REQUIRE ON TIME) called without it.
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
CREATE TABLE Plain (
  name STRING,
  ts TIMESTAMP(3)
);
INSERT INTO Plain VALUES ('Bob', TIMESTAMP '2025-03-27 10:00:05');

-- 1: on_time => a DOUBLE column
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(temperature)
);

-- 2: on_time => a column no table has
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(nope));

-- 3: on_time => a TIMESTAMP column without a watermark
SELECT * FROM GreetingPtf(input => TABLE Plain PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 4: SensorFusionPtf requires on_time
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE)
);

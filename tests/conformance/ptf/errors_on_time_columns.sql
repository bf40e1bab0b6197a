-- PTF errors of on_time, by column: a column only one of two tables has (the other "requires a
-- time attribute"), DESCRIPTOR of two columns where one is a STRING, a TIMESTAMP(6) column
-- (precision above 3), and TIMESTAMP_LTZ(3) rowtime (accepted: rowtime TIMESTAMP_LTZ(3)).
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
CREATE TABLE Other (
  sensor_id STRING,
  humidity DOUBLE,
  other_time TIMESTAMP(3),
  WATERMARK FOR other_time AS other_time
);
CREATE TABLE Ltz (
  name STRING,
  ts TIMESTAMP_LTZ(3),
  WATERMARK FOR ts AS ts
);
INSERT INTO Other VALUES ('M1', 1.0, TIMESTAMP '2026-08-01 10:00:06');
INSERT INTO Ltz VALUES ('Bob', TIMESTAMP WITH LOCAL TIME ZONE '2025-03-27 10:00:05'),
  ('Bob', TIMESTAMP WITH LOCAL TIME ZONE '2025-03-27 10:00:07');

-- 1: event_time only in the first table
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE Other PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 2: two columns, the second a STRING
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts, name));

-- 3: a STRING column
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(name));

-- 4: TIMESTAMP_LTZ(3) rowtime
SELECT * FROM GreetingPtf(input => TABLE Ltz PARTITION BY name, on_time => DESCRIPTOR(ts));

-- PTF errors: more positional arguments than the signature has (on_time and uid included) is
-- Calcite's "No match found for function signature" with the arguments as written.
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
-- 1: four arguments for three
SELECT * FROM GreetingPtf(TABLE Visits PARTITION BY name, DESCRIPTOR(ts), 'u1', 5);

-- 2: eight arguments for seven
SELECT * FROM SensorFusionPtf(TABLE temperature_readings PARTITION BY machine_id, TABLE humidity_readings PARTITION BY sensor_id,
  INTERVAL '1' MINUTE, CAST(75.0 AS DOUBLE), CAST(80.0 AS DOUBLE), DESCRIPTOR(event_time), 'u', TRUE);

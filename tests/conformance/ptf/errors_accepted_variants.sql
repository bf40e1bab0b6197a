-- PTF calls Flink accepts and runs: all arguments positional (on_time positional too), a named
-- argument the function does not have
-- (ignored), scalar arguments given as DOUBLE expressions over literals (CAST(70 AS DOUBLE) +
-- 1.0, an approximate literal 80.0e0), a valid uid with '-' and '_'. (An INT or DECIMAL literal
-- for a DOUBLE argument is accepted by the planner too but fails at run time: Flink 2.3's
-- generated code cannot cast it; not here.) EXPLAIN shows the operands as Flink prints them.
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
EXPLAIN SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(70 AS DOUBLE) + 1.0,
    humidityThreshold => 80.0e0,
    on_time => DESCRIPTOR(event_time)
);

EXPLAIN SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts), uid => 'a-b_9');

-- 1: all positional
SELECT * FROM SensorFusionPtf(TABLE temperature_readings PARTITION BY machine_id, TABLE humidity_readings PARTITION BY sensor_id,
  INTERVAL '1' MINUTE, CAST(75.0 AS DOUBLE), CAST(80.0 AS DOUBLE), DESCRIPTOR(event_time));

-- 2: named, in another order: REJECTED by Calcite, which checks a partitioned table against the
-- parameter at the position where it is written (here windowInterval)
SELECT * FROM SensorFusionPtf(
    on_time => DESCRIPTOR(event_time),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    temperatureThreshold => CAST(75.0 AS DOUBLE)
);

-- 3: an unknown named argument is ignored
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, nope => 1, other => 'x');

-- 4: DOUBLE expressions over literals
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(70 AS DOUBLE) + 1.0,
    humidityThreshold => 80.0e0,
    on_time => DESCRIPTOR(event_time)
);

-- 5: positional with on_time, and a uid with '-' and '_'
SELECT * FROM GreetingPtf(TABLE Visits PARTITION BY name, DESCRIPTOR(ts), 'a-b_9');

-- PTF errors: the PARTITION BY lists of the table arguments must have the same number of columns
-- of the same types ("Given partition key sets: [STRING], [DOUBLE]").
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';

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
-- 1: STRING against DOUBLE
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY humidity,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 2: two keys against one
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY (machine_id, temperature),
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- 3: a TIMESTAMP against a STRING
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY event_time,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

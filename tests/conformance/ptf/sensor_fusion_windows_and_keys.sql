-- SensorFusionPtf (own scenario): 2-minute windows, other thresholds, three windows for M1, a key
-- (M3) that only has temperature readings (median of an empty humidity list: NaN, so FALSE), a key
-- (H9) only in the humidity table, an odd count (middle value) and an even count (mean of the two
-- middle values), and SELECT * (partition keys, output, rowtime = the time of the row that rolled
-- the window forward). No NULL readings: the oracle's class does not skip them (the tutorial's does).
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

@temperature_readings M1 | 70.5 | 2026-08-01 10:00:05
@humidity_readings    M1 | 60.0 | 2026-08-01 10:00:06
@temperature_readings M3 | 99.0 | 2026-08-01 10:00:07
@temperature_readings M1 | 71.5 | 2026-08-01 10:01:05
@humidity_readings    M1 | 62.0 | 2026-08-01 10:01:06
@humidity_readings    H9 | 99.0 | 2026-08-01 10:01:07
@temperature_readings M1 | 72.0 | 2026-08-01 10:01:50
@humidity_readings    M1 | 50.0 | 2026-08-01 10:02:01
@temperature_readings M3 | 98.0 | 2026-08-01 10:02:07
@humidity_readings    H9 | 98.0 | 2026-08-01 10:03:07
@temperature_readings M1 | 80.0 | 2026-08-01 10:04:00
@humidity_readings    M1 | 90.0 | 2026-08-01 10:04:30
@temperature_readings M1 | 60.0 | 2026-08-01 10:06:00

SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,
    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,
    windowInterval => INTERVAL '2' MINUTES,
    temperatureThreshold => CAST(71.0 AS DOUBLE),
    humidityThreshold => CAST(55.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

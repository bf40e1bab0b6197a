-- SensorFusionWatermarkPtf when one table stops early: the humidity table's last row is at 09:01:10,
-- so its watermark stays there and holds the combined watermark back — later windows (09:02, 09:03)
-- close only at the end of input (watermark +inf), with the materialization before it showing only
-- the first window. Window [09:03, 09:04) has temperatures only: no verdict even at the end.
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

CREATE TABLE hums_none (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO temps VALUES
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M1', 81.0, TIMESTAMP '2026-08-01 09:01:15'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:02:20'),
  ('M1', 83.0, TIMESTAMP '2026-08-01 09:03:30');

INSERT INTO hums VALUES
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:00:20'),
  ('M1', 91.0, TIMESTAMP '2026-08-01 09:01:10');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- the humidity table has no rows at all: it never sends a watermark before the end of input, so
-- nothing fires until then, and then no window has readings from both tables: no output
SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums_none PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- SensorFusionWatermarkPtf, arrival as-written with all humidity rows before all temperature rows
-- (the humidity table is created first): while only humidity rows arrive, the temperature table has
-- sent no watermark, so the combined watermark does not exist and no timer fires; then each
-- temperature row lifts the combined watermark (the minimum) and the windows close one after the
-- other. Same verdicts as the by-time query below (only the steps differ).
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'as-written';

CREATE TEMPORARY FUNCTION SensorFusionWatermarkPtf AS 'oracle.udf.SensorFusionWatermarkPtf';

CREATE TABLE hums (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);
CREATE TABLE temps (
  machine_id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);

INSERT INTO hums VALUES
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:00:12'),
  ('M2', 75.0, TIMESTAMP '2026-08-01 09:00:17'),
  ('M1', 88.0, TIMESTAMP '2026-08-01 09:01:22'),
  ('M2', 85.0, TIMESTAMP '2026-08-01 09:01:27'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:02:32'),
  ('M2', 90.0, TIMESTAMP '2026-08-01 09:03:37');

INSERT INTO temps VALUES
  ('M1', 78.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M2', 80.0, TIMESTAMP '2026-08-01 09:00:15'),
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:01:20'),
  ('M2', 62.0, TIMESTAMP '2026-08-01 09:01:25'),
  ('M1', 76.0, TIMESTAMP '2026-08-01 09:02:30'),
  ('M2', 79.0, TIMESTAMP '2026-08-01 09:03:35'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:04:10');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

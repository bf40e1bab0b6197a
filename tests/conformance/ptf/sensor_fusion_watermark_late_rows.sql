-- SensorFusionWatermarkPtf with out-of-order rows (arrival as-written, watermark = event_time - 20 s):
-- a reading behind the newest rows whose window has not ended at the combined watermark is buffered
-- and counts (M1 temperature 60.0 at 09:00:50; 99.0 at 09:01:30, window end 09:02 > watermark
-- 09:01:50); a reading whose window end is at or before the combined watermark is ignored (M1
-- humidity 10.0 at 09:00:30, M2 96.0 at 09:01:59).
-- A reading exactly at a window end (09:02:00) belongs to the next window.
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'as-written';

CREATE TEMPORARY FUNCTION SensorFusionWatermarkPtf AS 'oracle.udf.SensorFusionWatermarkPtf';

CREATE TABLE temps (
  machine_id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '20' SECOND
);
CREATE TABLE hums (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '20' SECOND
);

INSERT INTO temps VALUES
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:01:05');
INSERT INTO hums VALUES
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:00:20'),
  ('M1', 91.0, TIMESTAMP '2026-08-01 09:01:10');
INSERT INTO temps VALUES
  ('M1', 60.0, TIMESTAMP '2026-08-01 09:00:50'),
  ('M1', 84.0, TIMESTAMP '2026-08-01 09:02:00'),
  ('M2', 70.0, TIMESTAMP '2026-08-01 09:02:10');
INSERT INTO hums VALUES
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:02:30'),
  ('M1', 10.0, TIMESTAMP '2026-08-01 09:00:30'),
  ('M2', 95.0, TIMESTAMP '2026-08-01 09:02:20');
INSERT INTO temps VALUES
  ('M1', 99.0, TIMESTAMP '2026-08-01 09:01:30'),
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:03:30');
INSERT INTO hums VALUES
  ('M1', 92.0, TIMESTAMP '2026-08-01 09:03:40'),
  ('M2', 96.0, TIMESTAMP '2026-08-01 09:01:59');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id,
    humidity_reading => TABLE hums PARTITION BY sensor_id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

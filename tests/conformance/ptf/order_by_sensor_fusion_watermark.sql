-- ORDER BY on both table arguments of SensorFusionWatermarkPtf (watermark = event_time - 30 s,
-- arrival as-written): each table's rows wait in its own sort buffer until that table's watermark
-- passes them, then reach eval in time order; rows at or before their table's watermark are dropped
-- before eval (even when their window is still open). The windows close when the combined watermark
-- passes their end, after the sorted rows of that advance were evaluated.
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'as-written';

CREATE TEMPORARY FUNCTION SensorFusionWatermarkPtf AS 'oracle.udf.SensorFusionWatermarkPtf';

CREATE TABLE temps (
  machine_id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '30' SECOND
);
CREATE TABLE hums (
  sensor_id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time - INTERVAL '30' SECOND
);

INSERT INTO temps VALUES
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:00:40'),
  ('M1', 76.0, TIMESTAMP '2026-08-01 09:00:20'),
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:01:30'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:00:50');
INSERT INTO hums VALUES
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:00:30'),
  ('M1', 95.0, TIMESTAMP '2026-08-01 09:01:40'),
  ('M1', 60.0, TIMESTAMP '2026-08-01 09:01:05'),
  ('M1', 65.0, TIMESTAMP '2026-08-01 09:00:59');
INSERT INTO temps VALUES
  ('M1', 91.0, TIMESTAMP '2026-08-01 09:02:45');
INSERT INTO hums VALUES
  ('M1', 96.0, TIMESTAMP '2026-08-01 09:02:50');

SELECT * FROM SensorFusionWatermarkPtf(
    temperature_reading => TABLE temps PARTITION BY machine_id ORDER BY event_time,
    humidity_reading => TABLE hums PARTITION BY sensor_id ORDER BY event_time,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

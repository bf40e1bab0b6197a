-- title: Sensor fusion (PTF tutorial data, preview)
-- about: The Process Table Function tutorial's temperature and humidity readings, with its exact rows. JoinLab does not run process table functions (PTFs) yet, so this preview asks a window join instead: each temperature reading meets the humidity reading of the same machine (machine_id = sensor_id) taken within 5 seconds after it, in the same 5-minute window, with a flag for readings that are both hot (> 75) and humid (> 80). The first window (09:00 to 09:05) fires as soon as both streams pass 09:05; the second waits for the end of input, much as the tutorial's PTF never emits its second window.
SET 'joinlab.dialect' = 'flink';
SET 'sql.local-time-zone' = 'UTC';

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
  ('M1', 78.0, TIMESTAMP '2026-08-01 09:00:10'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:00:15'),
  ('M1', 80.0, TIMESTAMP '2026-08-01 09:01:20'),
  ('M2', 62.0, TIMESTAMP '2026-08-01 09:01:25'),
  ('M1', 76.0, TIMESTAMP '2026-08-01 09:02:30'),
  ('M2', 58.0, TIMESTAMP '2026-08-01 09:02:35'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:03:40'),
  ('M2', 65.0, TIMESTAMP '2026-08-01 09:03:45'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:05:10'),
  ('M2', 55.0, TIMESTAMP '2026-08-01 09:05:15'),
  ('M1', 68.0, TIMESTAMP '2026-08-01 09:06:20'),
  ('M2', 58.0, TIMESTAMP '2026-08-01 09:06:25'),
  ('M1', 72.0, TIMESTAMP '2026-08-01 09:07:30'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:07:35'),
  ('M1', 65.0, TIMESTAMP '2026-08-01 09:08:40');

INSERT INTO humidity_readings VALUES
  ('M1', 85.0, TIMESTAMP '2026-08-01 09:00:12'),
  ('M2', 75.0, TIMESTAMP '2026-08-01 09:00:17'),
  ('M1', 88.0, TIMESTAMP '2026-08-01 09:01:22'),
  ('M2', 78.0, TIMESTAMP '2026-08-01 09:01:27'),
  ('M1', 82.0, TIMESTAMP '2026-08-01 09:02:32'),
  ('M2', 72.0, TIMESTAMP '2026-08-01 09:02:37'),
  ('M1', 90.0, TIMESTAMP '2026-08-01 09:03:42'),
  ('M2', 80.0, TIMESTAMP '2026-08-01 09:03:47'),
  ('M1', 70.0, TIMESTAMP '2026-08-01 09:05:12'),
  ('M2', 60.0, TIMESTAMP '2026-08-01 09:05:17'),
  ('M1', 65.0, TIMESTAMP '2026-08-01 09:06:22'),
  ('M2', 65.0, TIMESTAMP '2026-08-01 09:06:27'),
  ('M1', 68.0, TIMESTAMP '2026-08-01 09:07:32'),
  ('M2', 62.0, TIMESTAMP '2026-08-01 09:07:37'),
  ('M1', 72.0, TIMESTAMP '2026-08-01 09:08:42');

SELECT T.machine_id, T.temperature, H.humidity,
       T.temperature > 75 AND H.humidity > 80 AS hot_and_humid,
       T.window_start, T.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE temperature_readings, DESCRIPTOR(event_time), INTERVAL '5' MINUTES))) T
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE humidity_readings, DESCRIPTOR(event_time), INTERVAL '5' MINUTES))) H
ON T.machine_id = H.sensor_id AND T.window_start = H.window_start AND T.window_end = H.window_end
   AND H.event_time BETWEEN T.event_time AND T.event_time + INTERVAL '5' SECOND;

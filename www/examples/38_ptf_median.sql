-- title: Process table function: a trailing median (Median)
-- about: Confluent's Median PTF tutorial: per sensor, the median of its last 3 temperatures, emitted for every reading. The state is the list of the last readings: watch it slide in the State tab (the oldest leaves, the new one joins) and each emitted median linked to the readings in the list. The scalar argument is passed by position (query 1) or by name (query 2); there is no on_time, so no rowtime column. Flink gives 9 rows; the tutorial prints a 10th by mistake.
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';

CREATE TABLE temperature_readings (
  sensor_id INT,
  temperature DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO temperature_readings VALUES
(0, 55, TIMESTAMP '2026-05-01 02:15:30'),
(0, 50, TIMESTAMP '2026-05-01 02:20:30'),
(0, 45, TIMESTAMP '2026-05-01 02:25:30'),
(0, 40, TIMESTAMP '2026-05-01 02:30:30'),
(0, 45, TIMESTAMP '2026-05-01 02:35:30'),
(0, 50, TIMESTAMP '2026-05-01 02:40:30'),
(0, 55, TIMESTAMP '2026-05-01 02:45:30'),
(0, 60, TIMESTAMP '2026-05-01 02:50:30'),
(0, 60, TIMESTAMP '2026-05-01 02:53:30');

SELECT *
FROM Median(TABLE temperature_readings PARTITION BY sensor_id, 3);

-- the same call with named arguments (the Table API variant's name numTrailing)
SELECT *
FROM Median(input => TABLE temperature_readings PARTITION BY sensor_id, numTrailing => 3);

-- Median with on_time (optional for a PTF whose table argument does not require it: the output then
-- ends with rowtime) and with a constant expression as numTrailing.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';

CREATE TABLE readings (
  sensor_id INT,
  temperature DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO readings VALUES
  (1, 10.0, TIMESTAMP '2026-05-01 10:00:00'),
  (2, 15.0, TIMESTAMP '2026-05-01 10:00:01'),
  (1, 20.0, TIMESTAMP '2026-05-01 10:00:02'),
  (1, 60.0, TIMESTAMP '2026-05-01 10:00:03');

SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 2, on_time => DESCRIPTOR(ts));

SELECT * FROM Median(TABLE readings PARTITION BY sensor_id, 1 + 1);

-- Median (oracle.udf.Median): trailing median per partition with several keys interleaved, N = 1
-- (the row's own temperature), N larger than the number of rows (all rows kept: odd and even
-- counts), N = 2 (always an even window once full), NULL temperatures (not kept: the row shows the
-- median of the kept values, NULL while none are kept), N = 0 (nothing kept: median NULL).
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';

CREATE TABLE readings (
  sensor_id STRING,
  temperature DOUBLE,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO readings VALUES
  ('S2', CAST(NULL AS DOUBLE), TIMESTAMP '2026-05-01 10:00:00'),
  ('S1', 20.0, TIMESTAMP '2026-05-01 10:00:01'),
  ('S2', 31.5, TIMESTAMP '2026-05-01 10:00:02'),
  ('S1', 24.0, TIMESTAMP '2026-05-01 10:00:03'),
  ('S3', 10.0, TIMESTAMP '2026-05-01 10:00:04'),
  ('S1', 22.0, TIMESTAMP '2026-05-01 10:00:05'),
  ('S2', 30.5, TIMESTAMP '2026-05-01 10:00:06'),
  ('S1', CAST(NULL AS DOUBLE), TIMESTAMP '2026-05-01 10:00:07'),
  ('S1', 21.0, TIMESTAMP '2026-05-01 10:00:08'),
  ('S3', -4.5, TIMESTAMP '2026-05-01 10:00:09'),
  ('S2', 29.0, TIMESTAMP '2026-05-01 10:00:10'),
  ('S1', 26.0, TIMESTAMP '2026-05-01 10:00:11');

-- N = 1: the median is the row's own temperature (NULL row: the previous kept one)
SELECT * FROM Median(TABLE readings PARTITION BY sensor_id, 1);

-- N larger than any partition's row count: the median of all rows so far (odd and even counts)
SELECT * FROM Median(input => TABLE readings PARTITION BY sensor_id, numTrailing => 10);

-- N = 2: the mean of the last two once two are kept
SELECT sensor_id, median FROM Median(TABLE readings PARTITION BY sensor_id, 2);

-- N = 0: nothing is kept, every median is NULL
SELECT * FROM Median(TABLE readings PARTITION BY sensor_id, 0);

-- a filter and a projection on top
SELECT sensor_id, temperature, median FROM Median(TABLE readings PARTITION BY sensor_id, 3)
WHERE median > 21.0;

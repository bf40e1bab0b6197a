-- ORDER BY on a table argument (GreetingPtf, watermark = ts - 5 s): rows are buffered and passed to
-- eval in time order when the table's watermark passes them; equal times keep their arrival order;
-- rows at or before the watermark are dropped (also one exactly at it). Without ORDER BY (query 2)
-- every row reaches eval at once, in arrival order.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '5' SECOND
);

INSERT INTO Visits VALUES
  ('Bob',   TIMESTAMP '2025-03-27 10:00:10'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:08'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:07'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:10'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:16'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:12'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:11'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:05'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:30'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:25'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:24'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:40');

SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name ORDER BY ts, on_time => DESCRIPTOR(ts));

SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));

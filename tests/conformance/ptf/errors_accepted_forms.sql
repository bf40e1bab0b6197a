-- PTF call forms Flink accepts: an alias with a column list, a quoted and a qualified table
-- name, PARTITION BY (k) in parentheses, two keys (the time column among them), the same key
-- twice (the second output column is Calcite's name_$0), a filter on the output rowtime, a quoted
-- on_time column, and two table arguments partitioned by columns of the same name (id, id_$0).
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';
CREATE TEMPORARY FUNCTION SensorFusionPtf AS 'oracle.udf.SensorFusionPtf';

CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Visits VALUES
  ('Bob',   TIMESTAMP '2025-03-27 10:00:05'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:10'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:20');
CREATE TABLE temps (
  id STRING,
  temperature DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);
CREATE TABLE hums (
  id STRING,
  humidity DOUBLE,
  event_time TIMESTAMP(3),
  WATERMARK FOR event_time AS event_time
);
INSERT INTO temps VALUES
  ('M1', 80.0, TIMESTAMP '2025-03-27 10:00:05'),
  ('M1', 70.0, TIMESTAMP '2025-03-27 10:01:05');
INSERT INTO hums VALUES
  ('M1', 90.0, TIMESTAMP '2025-03-27 10:00:06'),
  ('M1', 60.0, TIMESTAMP '2025-03-27 10:01:06');

EXPLAIN SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY (name, ts), on_time => DESCRIPTOR(ts));

-- 1: alias with column list
SELECT n, greeting FROM GreetingPtf(input => TABLE Visits PARTITION BY name) AS g(n, greeting);

-- 2: quoted table name
SELECT * FROM GreetingPtf(input => TABLE `Visits` PARTITION BY name);

-- 3: qualified table name
SELECT * FROM GreetingPtf(input => TABLE default_catalog.default_database.Visits PARTITION BY name);

-- 4: PARTITION BY (name)
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY (name));

-- 5: two keys, the time column among them
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY (name, ts), on_time => DESCRIPTOR(ts));

-- 6: the same key twice
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY (name, name));

-- 7: a filter on the output rowtime
SELECT name, rowtime FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts)) WHERE rowtime > TIMESTAMP '2025-03-27 10:00:06';

-- 8: a quoted on_time column
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(`ts`));

-- 9: both tables partitioned by a column named id
SELECT * FROM SensorFusionPtf(
    temperature_reading => TABLE temps PARTITION BY id,
    humidity_reading => TABLE hums PARTITION BY id,
    windowInterval => INTERVAL '1' MINUTE,
    temperatureThreshold => CAST(75.0 AS DOUBLE),
    humidityThreshold => CAST(80.0 AS DOUBLE),
    on_time => DESCRIPTOR(event_time)
);

-- title: Process table function: greeting with memory (GreetingPtf)
-- about: Flink's documentation example: a table partitioned by name and a counter per partition in the function's state, so the second Bob is greeted "your 2 time?". The output is a scalar STRING (column EXPR$0) after the PARTITION BY column. Query 1 has no time attribute; query 2 adds on_time => DESCRIPTOR(ts), which is optional here, and the output gets a rowtime column.
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

CREATE TABLE Names (
  name STRING
);
CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Names VALUES ('Bob'), ('Alice'), ('Bob');
INSERT INTO Visits VALUES
  ('Bob', TIMESTAMP '2025-03-27 07:38:31.134'),
  ('Alice', TIMESTAMP '2025-03-27 07:38:32.000'),
  ('Bob', TIMESTAMP '2025-03-27 07:38:33.000');

SELECT * FROM GreetingPtf(TABLE Names PARTITION BY name);

SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));

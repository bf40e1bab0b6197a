-- PTF uid: a uid must match [a-zA-Z_][a-zA-Z-_0-9]* ("Invalid unique identifier for process
-- table function"); a valid one is the operator's uid (EXPLAIN uid=[…]).
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Visits VALUES
  ('Bob',   TIMESTAMP '2025-03-27 10:00:05'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:10'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:20');
-- 1: a space
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'my uid');

-- 2: a digit first
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => '1abc');

-- 3: a dot
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'a.b');

-- 4: valid: underscore first, digits and dashes after
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => '_g-1');

-- 5: an expression is no string literal: Flink finds an empty uid
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'g' || '1');

-- 6: a NULL uid is no uid (the default, the function name)
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => CAST(NULL AS STRING));

-- PTF errors: a call of a function no CREATE FUNCTION registered is Calcite's "No match found for
-- function signature" at the call (its span ends at the closing parenthesis), each argument as
-- its family: a table as its RecordType, DESCRIPTOR as COLUMN_LIST, named arguments with their
-- names. GreetingPtf is registered but not called by these names.
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
-- 1: positional table argument
SELECT * FROM Nope(TABLE Visits PARTITION BY name);

-- 2: named, without PARTITION BY
SELECT * FROM Nope(input => TABLE Visits);

-- 3: scalar families
SELECT * FROM Nope(input => TABLE Visits PARTITION BY name, n => 1, s => 'x', d => INTERVAL '1' MINUTE, t => DESCRIPTOR(ts), b => TRUE, x => CAST(1.5 AS DOUBLE));

-- 4: a lower-case spelling of an unregistered name keeps its case in the message
SELECT * FROM
  greeting(input => TABLE Visits PARTITION BY name);

-- 5: the TABLE(...) form of the call
SELECT * FROM TABLE(Nope(input => TABLE Visits PARTITION BY name));

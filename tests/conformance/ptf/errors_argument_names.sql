-- PTF errors of argument names: names are case-sensitive ("Param 'INPUT' not found in function
-- 'GreetingPtf'; did you mean 'input'?" at the name); a function registered under another name
-- (MyGreet AS 'oracle.udf.GreetingPtf') is named as called in messages and EXPLAIN, and its
-- default uid is that name; a partitioned table given twice (the second lands where the
-- signature has on_time: "Only tables with set semantics may be partitioned").
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';
CREATE TEMPORARY FUNCTION MyGreet AS 'oracle.udf.GreetingPtf';

CREATE TABLE Visits (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);

INSERT INTO Visits VALUES
  ('Bob',   TIMESTAMP '2025-03-27 10:00:05'),
  ('Alice', TIMESTAMP '2025-03-27 10:00:10'),
  ('Bob',   TIMESTAMP '2025-03-27 10:00:20');
EXPLAIN SELECT * FROM MyGreet(input => TABLE Visits PARTITION BY name);

-- 1: INPUT for input
SELECT * FROM GreetingPtf(INPUT => TABLE Visits PARTITION BY name);

-- 2: input twice
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, input => TABLE Visits PARTITION BY name);

-- 3: MyGreet runs as GreetingPtf
SELECT * FROM MyGreet(input => TABLE Visits PARTITION BY name);

-- 4: MyGreet called in lower case with a bad uid
SELECT * FROM mygreet(input => TABLE Visits PARTITION BY name, uid => 'a b');

-- 5: GreetingPtf and MyGreet in one statement: different default uids
SELECT * FROM MyGreet(input => TABLE Visits PARTITION BY name)
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name);

-- PTF uid per statement: two different calls with the default uid (the function name) clash,
-- also in a join and in a WITH; identical calls are one reused operator (UNION ALL of the same
-- call with on_time; the same call under two filters; the same call joined with itself), and
-- the check runs per statement (two queries with the default uid are fine). With
-- 'table.optimizer.reuse-sub-plan-enabled' = 'false' identical calls clash too.
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
CREATE TABLE Visits2 (
  name STRING,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts
);
INSERT INTO Visits2 VALUES ('Bob', TIMESTAMP '2025-03-27 10:00:06');

EXPLAIN SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts))
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 1: different calls joined, default uid
SELECT v.name FROM GreetingPtf(input => TABLE Visits PARTITION BY name) AS v
JOIN GreetingPtf(input => TABLE Visits2 PARTITION BY name) AS w ON v.name = w.name;

-- 2: different calls, one with on_time, same default uid
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts))
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits2 PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 3: identical calls with on_time
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts))
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 4: identical calls under different filters
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name) WHERE name = 'Alice'
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name) WHERE name = 'Bob';

-- 5: an identical call joined with itself
SELECT a.name, a.`EXPR$0` AS g1, b.`EXPR$0` AS g2
FROM GreetingPtf(input => TABLE Visits PARTITION BY name) AS a
JOIN GreetingPtf(input => TABLE Visits PARTITION BY name) AS b ON a.name = b.name;

-- 6: the same explicit uid on calls of different tables, in a WITH
WITH x AS (SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'u')),
     y AS (SELECT * FROM GreetingPtf(input => TABLE Visits2 PARTITION BY name, uid => 'u'))
SELECT * FROM x UNION ALL SELECT * FROM y;

-- 7: distinct uids
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'u1')
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits2 PARTITION BY name, uid => 'u2');

-- 8: identical calls, reuse off
SET 'table.optimizer.reuse-sub-plan-enabled' = 'false';
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts))
UNION ALL
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));

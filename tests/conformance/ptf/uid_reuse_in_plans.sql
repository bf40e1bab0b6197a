-- PTF calls in larger plans: a WITH query that calls GreetingPtf, used twice, is one reused
-- operator (EXPLAIN: reuse_id / Reused); an aggregation over a PTF; a PTF over a view (a filter
-- forwards the rowtime, so on_time works); a PTF over a view of another PTF (different uids;
-- the first one's rowtime is the second one's on_time); a scalar argument naming a column is
-- Calcite's "Column 'name' not found in any table".
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
CREATE VIEW g AS SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts), uid => 'first');
CREATE VIEW v2 AS SELECT name, ts FROM Visits WHERE name <> 'Alice';

EXPLAIN WITH x AS (SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name))
SELECT * FROM x UNION ALL SELECT * FROM x;

EXPLAIN SELECT name, COUNT(*) AS c FROM GreetingPtf(input => TABLE Visits PARTITION BY name) GROUP BY name;

EXPLAIN SELECT * FROM GreetingPtf(input => TABLE v2 PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 1: WITH used twice
WITH x AS (SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name))
SELECT * FROM x UNION ALL SELECT * FROM x;

-- 2: a scalar argument naming a column
SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => name);

-- 3: a PTF over a view of a PTF
SELECT * FROM GreetingPtf(input => TABLE g PARTITION BY name, uid => 'second');

-- 4: a PTF over a filtering view, with on_time
SELECT * FROM GreetingPtf(input => TABLE v2 PARTITION BY name, on_time => DESCRIPTOR(ts));

-- 5: an aggregation over a PTF
SELECT name, COUNT(*) AS c FROM GreetingPtf(input => TABLE Visits PARTITION BY name) GROUP BY name;

-- 6: the first PTF's rowtime as the second one's on_time
SELECT * FROM GreetingPtf(input => TABLE g PARTITION BY name, on_time => DESCRIPTOR(rowtime), uid => 'second');

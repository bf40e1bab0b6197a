-- PTF errors: a table argument that produces updates (an upsert table behind its
-- ChangelogNormalize) is rejected by the physical planner (TableException). GreetingPtf is no
-- ChangelogFunction: it takes inserts only.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';

CREATE TABLE Upd (
  name STRING,
  n INT,
  PRIMARY KEY (name) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE Retr (
  name STRING,
  n INT
) WITH ('changelog-mode' = 'retract');

INSERT INTO Upd VALUES ('Bob', 1), ('Bob', 2);
INSERT INTO Retr VALUES ('Bob', 1);

-- 1: an upsert table
SELECT * FROM GreetingPtf(input => TABLE Upd PARTITION BY name);

-- 2: a retract table
SELECT * FROM GreetingPtf(input => TABLE Retr PARTITION BY name);

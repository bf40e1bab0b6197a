-- ScorePtf's updating output (+I / -U,+U / -D) consumed downstream: a GROUP BY (it retracts the old
-- sums), a regular join with a team table, a GROUP BY over that join, and EXPLAIN CHANGELOG_MODE.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';

CREATE TABLE Scores (
  name STRING,
  score INT
);
CREATE TABLE Teams (
  person STRING,
  team STRING
);

INSERT INTO Teams VALUES ('Bob', 'red'), ('Alice', 'blue'), ('Carl', 'red');
INSERT INTO Scores VALUES ('Bob', 23), ('Alice', 42), ('Carl', 5), ('Alice', 2), ('Bob', -1), ('Bob', 45), ('Carl', 6);

EXPLAIN CHANGELOG_MODE SELECT * FROM ScorePtf(input => TABLE Scores PARTITION BY name);

SELECT COUNT(*) AS names, SUM(`sum`) AS total FROM ScorePtf(input => TABLE Scores PARTITION BY name);

SELECT t.team, s.name, s.`sum`
FROM ScorePtf(input => TABLE Scores PARTITION BY name) AS s
JOIN Teams AS t ON s.name = t.person;

SELECT t.team, SUM(s.`sum`) AS total, MAX(s.`sum`) AS best
FROM ScorePtf(input => TABLE Scores PARTITION BY name) AS s
JOIN Teams AS t ON s.name = t.person
GROUP BY t.team;

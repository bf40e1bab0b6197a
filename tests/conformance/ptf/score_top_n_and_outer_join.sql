-- ScorePtf's updating output into a Top-N (ROW_NUMBER over the sums: a retract rank, it revises its
-- ranks as sums change and one is deleted) and into outer joins. Flink's validator accepts a table
-- function on the right of a LEFT join only with ON TRUE ("Left outer joins with a table function do
-- not accept a predicate such as ..."), even a PTF that is not correlated with the left side; ON TRUE
-- is a join without keys (every team row with every sum, revised as the sums change). The PTF on the
-- left of a LEFT join, or on the right of a RIGHT join, is an ordinary regular join.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';

CREATE TABLE Teams (
  person STRING,
  team STRING
);
CREATE TABLE Scores (
  name STRING,
  score INT
);

INSERT INTO Teams VALUES ('Bob', 'red'), ('Alice', 'blue'), ('Carl', 'red');
INSERT INTO Scores VALUES ('Bob', 23), ('Alice', 42), ('Carl', 5), ('Carl', 30), ('Bob', -1), ('Alice', 2);

SELECT name, `sum`, rn FROM (
  SELECT name, `sum`, ROW_NUMBER() OVER (ORDER BY `sum` DESC) AS rn
  FROM ScorePtf(input => TABLE Scores PARTITION BY name)
) WHERE rn <= 2;

SELECT t.person, t.team, s.`sum`
FROM Teams AS t
LEFT JOIN ScorePtf(input => TABLE Scores PARTITION BY name) AS s ON t.person = s.name;

SELECT t.person, t.team, s.`sum`
FROM Teams AS t
LEFT JOIN ScorePtf(input => TABLE Scores PARTITION BY name) AS s ON t.person = s.name AND s.`sum` > 1;

SELECT t.person, t.team, s.`sum`
FROM Teams AS t
LEFT JOIN ScorePtf(input => TABLE Scores PARTITION BY name) AS s ON TRUE;

SELECT s.name, t.team, s.`sum`
FROM ScorePtf(input => TABLE Scores PARTITION BY name) AS s
LEFT JOIN Teams AS t ON t.person = s.name;

SELECT t.person, t.team, s.`sum`
FROM Teams AS t
RIGHT JOIN ScorePtf(input => TABLE Scores PARTITION BY name) AS s ON t.person = s.name;

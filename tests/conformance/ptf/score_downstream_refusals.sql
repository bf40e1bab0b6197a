-- ScorePtf's updating output where the consumer needs insert-only input: another PTF's table
-- argument, through a view (Median's and ScorePtf's own): Flink's TableException names the
-- ScorePtf node (its invocation with DEFAULT() for the omitted on_time and uid, or the given uid).
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';
CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';

CREATE TABLE Scores (
  name STRING,
  score INT
);

INSERT INTO Scores VALUES ('Bob', 23), ('Alice', 42), ('Alice', 2);

CREATE TEMPORARY VIEW Sums AS SELECT name, CAST(`sum` AS DOUBLE) AS temperature FROM ScorePtf(input => TABLE Scores PARTITION BY name);

SELECT * FROM Median(TABLE Sums PARTITION BY name, 2);

SELECT * FROM ScorePtf(input => TABLE Sums PARTITION BY name);

CREATE TEMPORARY VIEW TeamSums AS SELECT name, CAST(`sum` AS DOUBLE) AS temperature FROM ScorePtf(input => TABLE Scores PARTITION BY name, uid => 'team-scores');

SELECT * FROM Median(input => TABLE TeamSums PARTITION BY name, numTrailing => 2);

-- title: Process table function: an updating result (ScorePtf)
-- about: Flink's documentation example of a PTF that emits updates (it implements ChangelogFunction): the sum of the scores per name, as +I, then -U / +U when a score adds to it; a negative score deletes the name's result (-D) and the partition ignores every later row. The result table keeps only [Alice, 44]. Such a PTF cannot take on_time (Flink rejects it).
SET 'joinlab.dialect' = 'flink';
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';

CREATE TABLE Scores (
  name STRING,
  score INT
);

INSERT INTO Scores VALUES ('Bob', 23), ('Alice', 42), ('Alice', 2), ('Bob', -1), ('Bob', 45);

SELECT * FROM ScorePtf(input => TABLE Scores PARTITION BY name);


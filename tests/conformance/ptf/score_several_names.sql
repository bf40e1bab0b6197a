-- ScorePtf: several names interleaved; a negative score deletes the name's sum and every later row
-- of that name is ignored (also a later negative one); a first score of 0 keeps the sum at 0, so the
-- next score is emitted as +I again (the documentation's code), and the materialized result then
-- holds both rows; a negative score as the very first row deletes a sum of 0 that was never emitted.
SET 'table.local-time-zone' = 'UTC';

CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';

CREATE TABLE Scores (
  name STRING,
  score INT
);

INSERT INTO Scores VALUES
  ('Ann', 10), ('Ben', 0), ('Cid', 5), ('Ann', 7), ('Ben', 4),
  ('Cid', -3), ('Ann', 0), ('Cid', 8), ('Dee', -1), ('Cid', -2),
  ('Dee', 3), ('Ben', 1), ('Ann', -5), ('Ann', 9);

SELECT * FROM ScorePtf(input => TABLE Scores PARTITION BY name);

SELECT name, `sum` FROM ScorePtf(TABLE Scores PARTITION BY name) WHERE `sum` > 10;

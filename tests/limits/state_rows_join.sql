-- An inner join holding 4 rows after step 4 under a state-rows limit of 3.
SET 'joinlab.limit.state-rows' = '3';
CREATE TABLE a (k INT);
CREATE TABLE b (k INT);
INSERT INTO a VALUES (1), (2), (3);
INSERT INTO b VALUES (1);
SELECT * FROM a JOIN b ON a.k = b.k;

-- GroupAggregate over an upsert source (ChangelogNormalize in front): an upsert of an existing key
-- becomes -U/+U into the aggregate, a -D of an unknown key is dropped by ChangelogNormalize,
-- an identical upsert is dropped by ChangelogNormalize (no output from the aggregate).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE u (id INT, grp STRING, amount INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@u        1 | x | 10
@u        2 | x | 20
@u        3 | y | 5
@u +U     1 | x | 15
@u +U     1 | x | 15
@u +U     2 | y | 20
@u -D     9 | x | 0
@u -D     3 | y | 5
@u -D     2 | y | 20
@u        3 | x | 1

EXPLAIN CHANGELOG_MODE
SELECT grp, COUNT(*) AS c, SUM(amount) AS s FROM u GROUP BY grp;
SELECT grp, COUNT(*) AS c, SUM(amount) AS s FROM u GROUP BY grp;
SELECT COUNT(*) AS c, SUM(amount) AS s, MAX(amount) AS mx FROM u;
-- aggregate grouped by the primary key
SELECT id, SUM(amount) AS s FROM u GROUP BY id;

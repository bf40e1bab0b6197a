-- GroupAggregate over a retract input (-U/+U pairs, -D, retractions of never-seen keys):
-- -D of the last row of a key emits -D with the previous result and clears the key; a retraction
-- for an unseen key is dropped silently; a retraction that leaves the result equal emits nothing.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, v INT) WITH ('changelog-mode' = 'retract');
@r        a | 5
@r        a | 3
@r -U     a | 3
@r +U     a | 4
@r -D     z | 1
@r -U     y | 1
@r        b | 2
@r -D     b | 2
@r        b | 6
@r -D     a | 5
@r -D     a | 4
@r        a | 1
@r        a | 1
@r -D     a | 1

EXPLAIN CHANGELOG_MODE
SELECT k, COUNT(*) AS c, SUM(v) AS s FROM r GROUP BY k;
SELECT k, COUNT(*) AS c, SUM(v) AS s FROM r GROUP BY k;
-- only SUM: the hidden COUNT(*) still decides when the key is gone
EXPLAIN CHANGELOG_MODE
SELECT k, SUM(v) AS s FROM r GROUP BY k;
SELECT k, SUM(v) AS s FROM r GROUP BY k;
SELECT k, MAX(v) AS mx, MIN(v) AS mn FROM r GROUP BY k;
-- global aggregation on a retract input: the count goes back to 0 -> -D
SELECT COUNT(*) AS c, SUM(v) AS s FROM r;
SELECT COUNT(*) AS c FROM r WHERE k = 'b';

-- HAVING is a Calc (filter) after the GroupAggregate, applied to each change row on its own:
-- a group that stops satisfying HAVING emits a lone -U (old row passes, new row filtered out), a group
-- that starts satisfying it emits a lone +U; the same for a projection over the aggregate.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT) WITH ('changelog-mode' = 'retract');
@t     a | 5
@t     a | 3
@t     b | 1
@t     a | 4
@t -D  a | 5
@t -D  a | 3
@t     b | 20
@t -D  a | 4
EXPLAIN CHANGELOG_MODE
SELECT k, SUM(v) AS s FROM t GROUP BY k HAVING SUM(v) > 7;
SELECT k, SUM(v) AS s FROM t GROUP BY k HAVING SUM(v) > 7;
SELECT k, COUNT(*) AS c FROM t GROUP BY k HAVING COUNT(*) >= 2;
-- HAVING on an aggregate that is not selected
SELECT k FROM t GROUP BY k HAVING MAX(v) >= 5;
-- projection of the aggregate result: equal projected values still produce -U/+U pairs
SELECT k, SUM(v) > 7 AS big FROM t GROUP BY k;
-- global aggregate with HAVING
SELECT COUNT(*) AS c FROM t HAVING COUNT(*) > 2;

-- table.exec.state.ttl > 0 (far longer than the run, so nothing expires): GroupAggregate then emits
-- -U/+U even when the new result equals the old one (GroupAggHelper: the equal-result suppression
-- only applies without TTL). The STATE_TTL query hint has the same effect.
-- (The first SET pins the default explicitly: the oracle leaks a SET seen by a later EXPLAIN into
-- queries above it otherwise.)
SET 'joinlab.arrival' = 'as-written';
SET 'table.exec.state.ttl' = '0 ms';
CREATE TABLE t (k STRING, v INT);
INSERT INTO t VALUES ('a', 5), ('a', 3), ('a', 0), ('b', 1), ('a', 9);
-- no TTL: steps 2 and 3 emit nothing
SELECT k, MAX(v) AS mx FROM t GROUP BY k;
SELECT /*+ STATE_TTL('t' = '1 d') */ k, MAX(v) AS mx FROM t GROUP BY k;
SET 'table.exec.state.ttl' = '1 h';
EXPLAIN CHANGELOG_MODE
SELECT k, MAX(v) AS mx FROM t GROUP BY k;
SELECT k, MAX(v) AS mx FROM t GROUP BY k;
SELECT k, SUM(v) AS s, COUNT(*) AS c FROM t GROUP BY k;
SELECT MAX(v) AS mx FROM t;

-- Aggregates over an aggregate: the inner GroupAggregate's -U/+U pairs are retractions for the outer
-- one (SUM_RETRACT, COUNT_RETRACT); MAX over a COUNT that only grows is planned as plain MAX (retraction
-- ignored, FlinkRelMdModifiedMonotonicity) and the inner aggregate then emits no -U for it.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT);
INSERT INTO t VALUES ('a', 1), ('b', 2), ('a', 3), ('c', 1), ('a', 5), ('b', 1);
EXPLAIN CHANGELOG_MODE
SELECT cnt, COUNT(*) AS keys, SUM(s) AS total FROM (SELECT k, COUNT(*) AS cnt, SUM(v) AS s FROM t GROUP BY k) GROUP BY cnt;
SELECT cnt, COUNT(*) AS keys, SUM(s) AS total FROM (SELECT k, COUNT(*) AS cnt, SUM(v) AS s FROM t GROUP BY k) GROUP BY cnt;
EXPLAIN CHANGELOG_MODE
SELECT MAX(cnt) AS mx FROM (SELECT k, COUNT(*) AS cnt FROM t GROUP BY k);
SELECT MAX(cnt) AS mx FROM (SELECT k, COUNT(*) AS cnt FROM t GROUP BY k);
EXPLAIN CHANGELOG_MODE
SELECT MAX(cnt) AS mx, SUM(cnt) AS sm FROM (SELECT k, COUNT(*) AS cnt FROM t GROUP BY k);
SELECT MAX(cnt) AS mx, SUM(cnt) AS sm FROM (SELECT k, COUNT(*) AS cnt FROM t GROUP BY k);

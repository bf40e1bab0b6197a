-- Top-1 over an insert-only input with a plain-column order is FastTop1Function (not a Deduplicate):
-- +I for the first row of a key, -U(old)/+U(new) when a strictly better row arrives, nothing for
-- ties or worse rows. Flink 2.1+ planner bug (FlinkChangelogModeInferenceProgram + RankUtil):
-- without rn in the output, ORDER BY x ASC (or any multi-column ORDER BY) is inferred insert-only
-- (changelogMode=[I]), so the operator runs without UPDATE_BEFORE: it emits a lone +U on a change,
-- and a downstream COUNT(*) (planned without retraction) counts every change: 2 rows for one key.
-- ORDER BY x DESC (one column) is correct; selecting rn does not help for rn = 1 (rn is replaced by the
-- constant 1, so the Rank still has no rank column).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (id STRING, val STRING, ts TIMESTAMP(3));
INSERT INTO t VALUES ('a1', 'X', TIMESTAMP '2026-01-01 10:00:10'), ('a1', 'Y', TIMESTAMP '2026-01-01 10:00:05'),
  ('a1', 'Z', TIMESTAMP '2026-01-01 10:00:05'), ('b1', 'W', TIMESTAMP '2026-01-01 10:00:00'), ('a1', 'V', TIMESTAMP '2026-01-01 10:00:20');
EXPLAIN CHANGELOG_MODE
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM t) WHERE rn = 1;
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM t) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT COUNT(*) AS cnt FROM (SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM t) WHERE rn = 1);
SELECT COUNT(*) AS cnt FROM (SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM t) WHERE rn = 1);
-- DESC: correct -U/+U
EXPLAIN CHANGELOG_MODE
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;
SELECT COUNT(*) AS cnt FROM (SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1);
-- rn selected: still the lone +U (rn is a constant 1 computed in a Calc after the Rank)
SELECT id, val, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts ASC) AS rn FROM t) WHERE rn = 1;
-- two-column ORDER BY, even all DESC: also inferred [I] (keepLastDeduplicateRow gives up on >1 column)
EXPLAIN CHANGELOG_MODE
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC, val DESC) AS rn FROM t) WHERE rn = 1;
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY id ORDER BY ts DESC, val DESC) AS rn FROM t) WHERE rn = 1;
-- no PARTITION BY
EXPLAIN CHANGELOG_MODE
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;
SELECT id, val FROM (SELECT *, ROW_NUMBER() OVER (ORDER BY ts DESC) AS rn FROM t) WHERE rn = 1;

-- Validation errors around aggregation, with Flink's exact messages and positions (and a few that are
-- accepted: FIRST_VALUE on TIMESTAMP, GROUP BY (), ORDER BY + LIMIT over an aggregate).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k STRING, v INT, s STRING, ts TIMESTAMP(3));
INSERT INTO t VALUES ('a', 1, 'x', TIMESTAMP '2024-01-01 00:00:00');
SELECT k, v FROM t GROUP BY k;
SELECT k FROM t WHERE COUNT(*) > 1 GROUP BY k;
SELECT k, SUM(COUNT(*)) FROM t GROUP BY k;
SELECT k, SUM(s) FROM t GROUP BY k;
SELECT k, AVG(s) FROM t GROUP BY k;
SELECT k FROM t GROUP BY k HAVING v > 1;
SELECT k, FIRST_VALUE(ts) AS f FROM t GROUP BY k;
SELECT k, LISTAGG(s, s) AS l FROM t GROUP BY k;
SELECT k AS kk, COUNT(*) AS c FROM t GROUP BY kk;
SELECT k, COUNT(*) AS c FROM t GROUP BY 1;
SELECT * FROM t GROUP BY k;
SELECT k, COUNT(*) FROM t GROUP BY k ORDER BY k;
SELECT k, COUNT(*) FROM t GROUP BY k ORDER BY k LIMIT 1;
SELECT COUNT(*) FROM t GROUP BY ();
SELECT k, COUNT(*) FILTER (WHERE SUM(v) > 1) FROM t GROUP BY k;
SELECT k, GROUPING(v) FROM t GROUP BY k;

-- PruneAggregateCallRule: a call no one reads neither runs nor makes the aggregation emit;
-- grouping sets keep their calls, and a call over a grouping column reads a copy the Expand
-- does not null out (Flink's ExpandUtil).
-- An aggregation over an aggregation: the inner one's unread calls are pruned all the same (no change at the last row). Flink pushes projections
-- into the sources first: the upsert table's v is still read, so an update of v alone passes
-- its ChangelogNormalize and empties and refills the inner group (-D/+I at the top).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k INT, v INT, s STRING);
CREATE TABLE u (id INT, k INT, v INT, s STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
INSERT INTO t VALUES (1, 1, 'a'), (1, 0, 'b'), (2, 5, 'a'), (1, 1, 'c'), (1, 3, 'a');
INSERT INTO u VALUES (4, 2, 5, 'a'), (3, 1, 0, 'b'), (4, 2, 1, 'a');
SELECT k, sv FROM (SELECT k, SUM(v) AS sv, MIN(v) AS mnv FROM t GROUP BY k);
SELECT sv FROM (SELECT SUM(v) AS sv, MIN(v) AS mnv, COUNT(*) AS c FROM t);
SELECT c FROM (SELECT MIN(v) AS mnv, COUNT(*) AS c FROM t);
SELECT k, sv FROM (SELECT k, s, SUM(v) AS sv, MAX(v) AS mx FROM t GROUP BY ROLLUP (k, s));
SELECT k, s, FIRST_VALUE(s) AS fs, MIN(k) AS mk, COUNT(s) AS cs FROM t GROUP BY ROLLUP (k, s);
SELECT k, s, LISTAGG(s) AS ls FROM t GROUP BY CUBE (k, s);
SELECT k, LISTAGG(s) AS ls FROM (SELECT k, s, MIN(k) AS mk, SUM(v) AS sv FROM t GROUP BY k, s) GROUP BY k;
SELECT k, LISTAGG(s) AS ls, SUM(c) AS tc FROM (SELECT k, s, COUNT(*) AS c, SUM(v) AS sv FROM u GROUP BY k, s) GROUP BY k;

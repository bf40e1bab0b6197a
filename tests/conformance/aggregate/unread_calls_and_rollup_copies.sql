-- PruneAggregateCallRule: a call no one reads neither runs nor makes the aggregation emit;
-- grouping sets keep their calls, and a call over a grouping column reads a copy the Expand
-- does not null out (Flink's ExpandUtil).
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE t (k INT, v INT, s STRING);
INSERT INTO t VALUES (1, 1, 'a'), (1, 0, 'b'), (2, 5, 'a'), (1, 1, 'c');
SELECT k, sv FROM (SELECT k, SUM(v) AS sv, MIN(v) AS mnv FROM t GROUP BY k);
SELECT sv FROM (SELECT SUM(v) AS sv, MIN(v) AS mnv, COUNT(*) AS c FROM t);
SELECT c FROM (SELECT MIN(v) AS mnv, COUNT(*) AS c FROM t);
SELECT k, sv FROM (SELECT k, s, SUM(v) AS sv, MAX(v) AS mx FROM t GROUP BY ROLLUP (k, s));
SELECT k, s, FIRST_VALUE(s) AS fs, MIN(k) AS mk, COUNT(s) AS cs FROM t GROUP BY ROLLUP (k, s);
SELECT k, s, LISTAGG(s) AS ls FROM t GROUP BY CUBE (k, s);

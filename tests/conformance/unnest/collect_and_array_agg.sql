-- COLLECT and ARRAY_AGG, the aggregates whose results UNNEST expands: COLLECT is a MULTISET<T>
-- NOT NULL printed {value=count} in Java's HashMap order, UNNEST of it follows Flink's state
-- order (Integer hash for INT, murmur for STRING); ARRAY_AGG keeps arrival order and NULLs;
-- over an upsert input both retract; CARDINALITY of a MULTISET fails Flink's code generation.
CREATE TABLE t (k INT, v INT, s STRING);
CREATE TABLE u (id INT, k INT, s STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@t 1 | 30 | b
@t 1 | 1 | a
@t 1 | 17 | c
@t 1 | 30 | zz
@t 2 | 16 | Aa
@t 1 | NULL | BB
@t 2 | 16 | a
@u 1 | 1 | x
@u 2 | 1 | y
@u +U 1 | 1 | z
@u -D 2 | 1 | y
SELECT k, COLLECT(v) FROM t GROUP BY k;
SELECT k, COLLECT(s) FROM t GROUP BY k;
SELECT k, x, o FROM (SELECT k, COLLECT(v) AS c FROM t GROUP BY k) CROSS JOIN UNNEST(c) WITH ORDINALITY AS u(x, o);
SELECT k, x FROM (SELECT k, COLLECT(s) AS c FROM t GROUP BY k) CROSS JOIN UNNEST(c) AS u(x);
SELECT k, ARRAY_AGG(v) FROM t GROUP BY k;
SELECT k, ARRAY_AGG(s), COLLECT(s) FROM u GROUP BY k;
SELECT k, CARDINALITY(COLLECT(v)) FROM t GROUP BY k;

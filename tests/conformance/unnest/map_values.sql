-- MAP columns: a result row prints a map in the order of the java.util.HashMap Flink converts
-- it to (buckets of the keys' Java hash codes: {zz, Aa, BB} share bucket 0), while UNNEST,
-- MAP_KEYS and MAP_VALUES see the written order; m['k'] (NULL when absent), CARDINALITY, the
-- alias alone keeps a map's KEY and VALUE names; empty and NULL maps.
CREATE TABLE t (id INT, m MAP<STRING, INT>, mi MAP<INT, STRING>);
@t 1 | {b=2, a=1, c=3, zz=9, Aa=5, BB=6} | {30=x, 1=y, 17=z, 16=w}
@t 2 | {} | {}
@t 3 | NULL | NULL
@t 4 | {x=NULL} | {5=NULL}
SELECT * FROM t;
SELECT id, m['a'], m['nope'], mi[30], CARDINALITY(m), MAP_KEYS(m), MAP_VALUES(mi) FROM t;
SELECT id, k, v FROM t CROSS JOIN UNNEST(t.m) AS u(k, v);
SELECT * FROM t CROSS JOIN UNNEST(mi) AS kv;
SELECT id, k, v FROM t LEFT JOIN UNNEST(t.mi) AS u(k, v) ON TRUE;

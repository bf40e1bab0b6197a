-- UnnestITCase U-3: a COLLECT per key (a MULTISET; NULL values are not collected) unnested with
-- LEFT JOIN UNNEST ... ON TRUE: key 3, whose multiset is empty, keeps one row with NULL. Each
-- new value re-emits the key's multiset, so the UNNEST retracts all its rows (-U) and emits
-- the new ones (+U) in the order of Flink's heap state (the murmur hash of the strings).
CREATE TABLE T (a INT, b STRING);
@T 1 | '1'
@T 1 | '2'
@T 2 | '2'
@T 3 | NULL
@T 4 | '4'
@T 5 | '5'
@T 1 | '1'
SELECT a, s FROM (SELECT a, COLLECT(b) AS sets FROM T GROUP BY a) T1
LEFT JOIN UNNEST(T1.sets) AS A(s) ON TRUE WHERE a < 5;
SELECT a, COLLECT(b) FROM T GROUP BY a;

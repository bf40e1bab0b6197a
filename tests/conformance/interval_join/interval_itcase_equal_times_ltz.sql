-- Flink's IntervalJoinITCase I-3 testRowTimeInnerJoinWithEquiTimeAttrs (SEMANTICS.md §10.3):
-- t2.rowtime = t1.rowtime on TIMESTAMP_LTZ time attributes (bounds [0, 0]) with a key, watermark
-- rowtime - 1 s; three rows at one time on each side give nine pairs. Also LEFT and FULL, where a
-- row without a partner at its own time is padded once the watermark passes it.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE T1 (k STRING, ms BIGINT, id STRING, rowtime AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND);
CREATE TABLE T2 (k STRING, ms BIGINT, id STRING, rowtime AS TO_TIMESTAMP_LTZ(ms, 3), WATERMARK FOR rowtime AS rowtime - INTERVAL '1' SECOND);
@T1 K1 | 1000 | L1
@T1 K1 | 1000 | L2
@T1 K1 | 1000 | L3
@T1 K2 | 2000 | L4
@T1 K1 | 4000 | L5
@T1 K1 | 6000 | L7
@T1 K1 | 5001 | L8
@T2 K1 | 1000 | R1
@T2 K1 | 1000 | R2
@T2 K1 | 1000 | R3
@T2 K2 | 3000 | R4
@T2 K1 | 4000 | R5
@T2 K1 | 6000 | R6
@T2 K1 | 5001 | R7

SELECT t2.k, t2.ms, t1.id, t2.id FROM T1 t1 JOIN T2 t2 ON t1.k = t2.k AND t2.rowtime = t1.rowtime;

SELECT t1.k, t1.ms, t1.id, t2.id FROM T1 t1 LEFT JOIN T2 t2 ON t1.k = t2.k AND t2.rowtime = t1.rowtime;

SELECT t1.id, t2.id FROM T1 t1 FULL JOIN T2 t2 ON t1.k = t2.k AND t1.rowtime = t2.rowtime;

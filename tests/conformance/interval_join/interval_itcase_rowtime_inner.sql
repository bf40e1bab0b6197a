-- Flink's IntervalJoinITCase (SEMANTICS.md §10.3): I-1 testRowTimeInnerJoin (t1.rowtime BETWEEN
-- t2.rowtime - 5 s AND t2.rowtime + 6 s on a key; LEFT0.999 is 1 ms outside the lower bound, NULL
-- keys never match), with IS NOT DISTINCT FROM (NULL matches NULL: RIGHT10 with LEFT8), and I-2
-- without any key equality (a keyless interval join). Watermarks are the row times.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE T1 (k STRING, id STRING, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime);
CREATE TABLE T2 (k STRING, id STRING, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime);
@T1 A | LEFT0.999 | 1970-01-01 00:00:00.999
@T1 A | LEFT1 | 1970-01-01 00:00:01.000
@T1 A | LEFT2 | 1970-01-01 00:00:02.000
@T1 A | LEFT3 | 1970-01-01 00:00:03.000
@T1 B | LEFT4 | 1970-01-01 00:00:04.000
@T1 A | LEFT5 | 1970-01-01 00:00:05.000
@T1 A | LEFT6 | 1970-01-01 00:00:06.000
@T1 NULL | LEFT8 | 1970-01-01 00:00:08.000
@T2 A | RIGHT6 | 1970-01-01 00:00:06.000
@T2 B | RIGHT7 | 1970-01-01 00:00:07.000
@T2 NULL | RIGHT10 | 1970-01-01 00:00:10.000

SELECT t2.k, t2.id, t1.id FROM T1 t1 JOIN T2 t2
ON t1.k = t2.k AND t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND;

SELECT t2.k, t2.id, t1.id FROM T1 t1 JOIN T2 t2
ON t1.k IS NOT DISTINCT FROM t2.k AND t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND;

SELECT t2.k, t2.id, t1.id FROM T1 t1 JOIN T2 t2
ON t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND;

SELECT t2.k, t2.id, t1.id FROM T1 t1 LEFT JOIN T2 t2
ON t1.k = t2.k AND t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND;

SELECT t1.k, t1.id, t2.id FROM T1 t1 FULL JOIN T2 t2
ON t1.k IS NOT DISTINCT FROM t2.k AND t1.rowtime BETWEEN t2.rowtime - INTERVAL '5' SECOND AND t2.rowtime + INTERVAL '6' SECOND;

-- Flink's IntervalJoinITCase I-4 testRowTimeInnerJoinWithOtherConditions (SEMANTICS.md §10.3):
-- strict bounds (t1.rowtime > t2.rowtime - 5 s AND t1.rowtime < t2.rowtime - 1 s: [-4999, -1001] ms)
-- and residual conditions (t1.b < t2.b AND t1.b > 2). Also LEFT and RIGHT: a row that meets the
-- bounds but not the residual condition is padded.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE T1 (a INT, b BIGINT, c STRING, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime);
CREATE TABLE T2 (a INT, b BIGINT, c STRING, rowtime TIMESTAMP(3), WATERMARK FOR rowtime AS rowtime);
@T1 1 | 4 | LEFT1 | 1970-01-01 00:00:01.000
@T1 1 | 8 | LEFT1.1 | 1970-01-01 00:00:01.001
@T1 1 | 2 | LEFT2 | 1970-01-01 00:00:02.000
@T1 1 | 7 | LEFT3 | 1970-01-01 00:00:03.000
@T1 2 | 5 | LEFT4 | 1970-01-01 00:00:04.000
@T1 1 | 4 | LEFT4.9 | 1970-01-01 00:00:04.999
@T1 1 | 4 | LEFT5 | 1970-01-01 00:00:05.000
@T1 1 | 10 | LEFT6 | 1970-01-01 00:00:06.000
@T2 1 | 1 | RIGHT1 | 1970-01-01 00:00:01.000
@T2 1 | 9 | RIGHT6 | 1970-01-01 00:00:06.000
@T2 2 | 14 | RIGHT7 | 1970-01-01 00:00:07.000
@T2 1 | 4 | RIGHT8 | 1970-01-01 00:00:08.000

SELECT t2.a, t1.c, t2.c FROM T1 t1 JOIN T2 t2
ON t1.a = t2.a AND t1.rowtime > t2.rowtime - INTERVAL '5' SECOND AND t1.rowtime < t2.rowtime - INTERVAL '1' SECOND AND t1.b < t2.b AND t1.b > 2;

SELECT t1.a, t1.c, t2.c FROM T1 t1 LEFT JOIN T2 t2
ON t1.a = t2.a AND t1.rowtime > t2.rowtime - INTERVAL '5' SECOND AND t1.rowtime < t2.rowtime - INTERVAL '1' SECOND AND t1.b < t2.b AND t1.b > 2;

SELECT t2.a, t1.c, t2.c FROM T1 t1 RIGHT JOIN T2 t2
ON t1.a = t2.a AND t1.rowtime > t2.rowtime - INTERVAL '5' SECOND AND t1.rowtime < t2.rowtime - INTERVAL '1' SECOND AND t1.b < t2.b;

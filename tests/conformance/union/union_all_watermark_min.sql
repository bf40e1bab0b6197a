-- UNION ALL: Union(all=[true], union=[k, v, ts]) is not an operator but a merge of input streams; rows pass straight
-- through in arrival order (each row is emitted in its own step) and the downstream operator's watermark is the MINIMUM
-- of the inputs' watermarks (t1: wm = ts, t2: wm = ts - 2 s). INT + BIGINT -> BIGINT (a Calc casts the INT side).
-- Window aggregation over the union fires only when both inputs passed end - 1 ms (step 4, not step 3); a row of t2 at
-- 00:04 arriving when the union watermark is 00:06 is late and dropped. UNION (distinct) = Union(all) + GroupAggregate
-- over all columns: +I once per new distinct row, duplicates produce nothing. A union of two window aggregations
-- emits each branch's rows when that branch fires.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t1 (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE t2 (k STRING, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '2' SECOND);
INSERT INTO t1 VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('a', 2, TIMESTAMP '2024-01-01 00:00:06'), ('a', 3, TIMESTAMP '2024-01-01 00:00:12'), ('a', 4, TIMESTAMP '2024-01-01 00:00:21');
INSERT INTO t2 VALUES ('b', 10, TIMESTAMP '2024-01-01 00:00:02'), ('b', 20, TIMESTAMP '2024-01-01 00:00:08'), ('b', 30, TIMESTAMP '2024-01-01 00:00:04'), ('b', 40, TIMESTAMP '2024-01-01 00:00:16');
EXPLAIN CHANGELOG_MODE SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2;
EXPLAIN CHANGELOG_MODE SELECT k, v FROM t1 UNION SELECT k, v FROM t2;
EXPLAIN CHANGELOG_MODE
WITH u AS (SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2)
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE u, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2;
WITH u AS (SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2)
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE u, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
SELECT k FROM t1 UNION SELECT k FROM t2;
SELECT * FROM (SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t1, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end)
UNION ALL (SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t2, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end);

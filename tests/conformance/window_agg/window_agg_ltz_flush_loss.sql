-- SURPRISE (Flink 2.3 behaviour, reproduce it): window aggregation on TIMESTAMP_LTZ in a zone without DST whose UTC
-- offset is not a multiple of the slice size (Asia/Shanghai + 1-day windows, Asia/Kolkata + 1-hour windows) LOSES rows
-- or whole windows. Cause: the aggregation buffers rows and flushes the buffer only when the watermark crosses the
-- next *epoch-aligned* slice boundary (TimeWindowUtil.getNextTriggerWatermarkWithOffset ignores the zone when the zone
-- has no DST); a flushed slice gets a timer only if its window had not fired yet at the previous watermark.
-- Window TopN and window join are not affected (they flush on every watermark): see queries 4 and 5.
SET 'table.local-time-zone' = 'Asia/Shanghai';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, CAST('2024-01-01 12:00:00' AS TIMESTAMP_LTZ(3))), ('a', 2, CAST('2024-01-02 01:00:00' AS TIMESTAMP_LTZ(3))),
 ('a', 3, CAST('2024-01-02 09:00:00' AS TIMESTAMP_LTZ(3))), ('a', 4, CAST('2024-01-03 00:30:00' AS TIMESTAMP_LTZ(3))),
 ('a', 5, CAST('2024-01-03 09:00:00' AS TIMESTAMP_LTZ(3)));
-- 1: default two-phase plan: Jan 1 and Jan 2 are both lost, only Jan 3 comes out (at end of input)
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) GROUP BY k, window_start, window_end;
-- 2: LAST_VALUE has no merge -> one-phase WindowAggregate: Jan 1 lost, Jan 2 fires at step 4
SELECT k, window_start, window_end, LAST_VALUE(v) AS lv, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) GROUP BY k, window_start, window_end;
SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
-- 3: forced one-phase: same as query 2
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) GROUP BY k, window_start, window_end;
-- 4: window Top-1 over the same TVF: all three windows, each on time
SELECT k, item, window_start FROM (SELECT k, CAST(v AS STRING) AS item, window_start, window_end,
  ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY))) WHERE rn <= 1;
-- 5: window self-join: on time
SELECT L.v, R.v, L.window_start FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) L
JOIN TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' DAY)) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.v < R.v;

-- SURPRISE, second form (Asia/Kolkata = UTC+05:30, no DST, 1-hour TUMBLE on a TIMESTAMP_LTZ rowtime, wm = ts).
-- Local windows A=[10:00,11:00) B=[11:00,12:00) C=[12:00,13:00) end at UTC 05:30 / 06:30 / 07:30, but the window
-- aggregation flushes its row buffer only when the watermark crosses an epoch-aligned hour (hh:59:59.999 UTC) and
-- some buffered slice has fired. Step 2 (wm 06:05 UTC) flushes r1 (A, fires now) and r2 (B, timer 06:29:59.999).
-- r3 (B, on time) stays buffered; step 4 (wm 06:40) fires B with r2 only; step 5 flushes r3 after B fired -> r3 is
-- silently lost (one-phase: no timer; two-phase: the global stage drops the partial aggregate as late).
-- Query 3 is the same wall-clock data on a TIMESTAMP(3) rowtime (no zone shift): B counts 2.
SET 'table.local-time-zone' = 'Asia/Kolkata';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP_LTZ(3), WATERMARK FOR ts AS ts);
CREATE TABLE p (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, CAST('2024-01-01 10:40:00' AS TIMESTAMP_LTZ(3))), ('a', 2, CAST('2024-01-01 11:35:00' AS TIMESTAMP_LTZ(3))),
 ('a', 3, CAST('2024-01-01 11:40:00' AS TIMESTAMP_LTZ(3))), ('a', 4, CAST('2024-01-01 12:10:00' AS TIMESTAMP_LTZ(3))),
 ('a', 5, CAST('2024-01-01 12:35:00' AS TIMESTAMP_LTZ(3)));
INSERT INTO p VALUES ('a', 1, TIMESTAMP '2024-01-02 10:40:00'), ('a', 2, TIMESTAMP '2024-01-02 11:35:00'),
 ('a', 3, TIMESTAMP '2024-01-02 11:40:00'), ('a', 4, TIMESTAMP '2024-01-02 12:10:00'), ('a', 5, TIMESTAMP '2024-01-02 12:35:00');
-- 1: two-phase (default)
SELECT k, window_start, window_end, COUNT(*) AS c, LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY k, window_start, window_end;
SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
-- 2: one-phase
SELECT k, window_start, window_end, COUNT(*) AS c, LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY k, window_start, window_end;
-- 3: control: TIMESTAMP(3) rowtime
SELECT k, window_start, window_end, COUNT(*) AS c, LISTAGG(CAST(v AS STRING)) AS l FROM TABLE(TUMBLE(TABLE p, DESCRIPTOR(ts), INTERVAL '1' HOUR)) GROUP BY k, window_start, window_end;

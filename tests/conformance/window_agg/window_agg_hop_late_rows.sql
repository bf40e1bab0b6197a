-- Window aggregation over HOP (slide 5 s, size 10 s; slices of gcd = 5 s). Watermark = ts.
-- Shows: windows fire in ascending end order, each at wm >= end - 1 ms; after [s, e) fires the next window
-- [s+5, e+5) is chained only if the fired window was not empty, so empty windows ([15,25), [20,30)) never fire.
-- Late rows: step 4 (00:07 at wm 00:11): its slice [5,10) has fired but its last window [5,15) has not -> the row is
-- counted in [5,15) only; step 5 (00:02): last window [0,10) already fired -> dropped; step 7 (00:24 at wm 00:30): dropped.
-- LISTAGG shows the slice merge order: newest slice first ("2,1" for [0,10); "3,2,4" for [5,15)), within a slice arrival order.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('a', 2, TIMESTAMP '2024-01-01 00:00:06'),
 ('a', 3, TIMESTAMP '2024-01-01 00:00:11'), ('a', 4, TIMESTAMP '2024-01-01 00:00:07'), ('a', 5, TIMESTAMP '2024-01-01 00:00:02'),
 ('a', 6, TIMESTAMP '2024-01-01 00:00:30'), ('a', 7, TIMESTAMP '2024-01-01 00:00:24');

EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;

SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s, LISTAGG(CAST(v AS STRING)) AS l
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
-- without COUNT(*) in the SELECT the planner adds a hidden COUNT(*) (needed for the emptiness check); same rows
SELECT k, window_start, window_end, SUM(v) AS s
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
-- HOP with an offset of 1 s
SELECT k, window_start, window_end, COUNT(*) AS c
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND, INTERVAL '1' SECOND)) GROUP BY k, window_start, window_end;
-- size 10 s not a multiple of slide 4 s: rejected when the plan is translated
SELECT k, window_start, window_end, COUNT(*) AS c
FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '4' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;

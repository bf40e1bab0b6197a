-- A HOP window aggregation merges slices through the distinct view with retraction: a
-- DISTINCT SUM or LISTAGG fails in code generation; COUNT/AVG DISTINCT run, CUMULATE and
-- TUMBLE run them all; an unread FIRST_VALUE is pruned before the check (PruneAggregateCallRule);
-- over an updating input the retracting variants run (no failure), and FIRST_VALUE's failure
-- names FirstValueWithRetractAggFunction.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k INT, v INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE r (k INT, v INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('changelog-mode' = 'retract');
INSERT INTO r VALUES (1, 2, 'a', TIMESTAMP '2024-01-01 00:00:01'), (1, 4, 'b', TIMESTAMP '2024-01-01 00:00:02');
INSERT INTO t VALUES (1, 2, 'a', TIMESTAMP '2024-01-01 00:00:01'), (1, 2, 'b', TIMESTAMP '2024-01-01 00:00:06'), (2, 3, 'a', TIMESTAMP '2024-01-01 00:00:07');
SELECT k, window_start, SUM(DISTINCT v) AS x FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;
SELECT k, window_start, LISTAGG(DISTINCT s) AS x FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;
SELECT k, window_start, COUNT(DISTINCT v) AS c, AVG(DISTINCT v) AS a FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;
SELECT k, window_start, SUM(DISTINCT v) AS x, LISTAGG(DISTINCT s) AS l FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;
SELECT k, window_start, c FROM (SELECT k, window_start, COUNT(*) AS c, FIRST_VALUE(v) AS f FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k);
SELECT k, window_start, SUM(DISTINCT v) AS x, LISTAGG(DISTINCT s) AS l FROM TABLE(HOP(TABLE r, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;
SELECT k, window_start, FIRST_VALUE(v) AS f FROM TABLE(HOP(TABLE r, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end, k;

-- Window aggregation over a window join: the join output keeps window_start/window_end (window-attached), so
-- GROUP BY L.k, L.window_start, L.window_end is a WindowAggregate (win_start/win_end, no TVF) that fires at the same
-- watermark as the join (the join emits its rows before forwarding the watermark). Over a FULL window join grouped
-- by COALESCE(L.window_start, R.window_start) the window property is lost -> GroupAggregate with -U/+U.
-- A window join of two keyless window aggregations joins on the window columns only (where=[true]).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE s (k STRING, w INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('b', 2, TIMESTAMP '2024-01-01 00:00:03'), ('a', 3, TIMESTAMP '2024-01-01 00:00:06'),
 ('a', 4, TIMESTAMP '2024-01-01 00:00:12'), ('b', 5, TIMESTAMP '2024-01-01 00:00:13'), ('a', 6, TIMESTAMP '2024-01-01 00:00:25');
INSERT INTO s VALUES ('a', 10, TIMESTAMP '2024-01-01 00:00:02'), ('b', 20, TIMESTAMP '2024-01-01 00:00:07'), ('a', 30, TIMESTAMP '2024-01-01 00:00:14'), ('a', 40, TIMESTAMP '2024-01-01 00:00:26');
EXPLAIN CHANGELOG_MODE
SELECT L.k, L.window_start, L.window_end, COUNT(*) AS n, SUM(L.v + R.w) AS s
FROM (SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end GROUP BY L.k, L.window_start, L.window_end;
EXPLAIN CHANGELOG_MODE
SELECT L.window_start, L.window_end, L.c, R.c FROM
 (SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end) L
JOIN (SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT L.k, L.window_start, L.window_end, COUNT(*) AS n, SUM(L.v + R.w) AS s
FROM (SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end GROUP BY L.k, L.window_start, L.window_end;
SELECT COALESCE(L.k, R.k) AS k, COALESCE(L.window_start, R.window_start) AS ws, COUNT(*) AS n
FROM (SELECT * FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end GROUP BY COALESCE(L.k, R.k), COALESCE(L.window_start, R.window_start);
SELECT L.window_start, L.window_end, L.c, R.c FROM
 (SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end) L
JOIN (SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end;

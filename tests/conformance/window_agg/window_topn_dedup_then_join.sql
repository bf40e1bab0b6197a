-- What a window join can do with window Top-N / window dedup results: both keep window_start/window_end as window
-- properties, so joining them on the window bounds (+ key) is a WindowJoin. Left: top-2 prices per window from t;
-- right: the last row per (window, k) of s. The join fires at the same watermark as the rank/dedup.
-- A window join of a Top-N with a plain TVF works too (query 2). A window aggregation over a Top-N (query 3) is window-attached.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE s (k STRING, tag STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 10, TIMESTAMP '2024-01-01 00:00:01'), ('b', 30, TIMESTAMP '2024-01-01 00:00:02'), ('c', 20, TIMESTAMP '2024-01-01 00:00:03'),
 ('a', 40, TIMESTAMP '2024-01-01 00:00:12'), ('b', 5, TIMESTAMP '2024-01-01 00:00:14');
INSERT INTO s VALUES ('b', 's1', TIMESTAMP '2024-01-01 00:00:02'), ('b', 's2', TIMESTAMP '2024-01-01 00:00:04'), ('c', 's3', TIMESTAMP '2024-01-01 00:00:05'),
 ('a', 's4', TIMESTAMP '2024-01-01 00:00:13'), ('a', 's5', TIMESTAMP '2024-01-01 00:00:21');
EXPLAIN CHANGELOG_MODE
SELECT L.k, L.price, L.rn, R.tag, L.window_start FROM
 (SELECT * FROM (SELECT k, price, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
   FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2) L
JOIN
 (SELECT * FROM (SELECT k, tag, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts DESC) AS rn
   FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT L.k, L.price, L.rn, R.tag, L.window_start FROM
 (SELECT * FROM (SELECT k, price, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
   FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2) L
JOIN
 (SELECT * FROM (SELECT k, tag, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts DESC) AS rn
   FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT L.k, L.price, R.tag, L.window_start FROM
 (SELECT * FROM (SELECT k, price, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
   FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2) L
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE s, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
EXPLAIN CHANGELOG_MODE
SELECT window_start, window_end, SUM(price) AS top2_sum FROM
 (SELECT * FROM (SELECT k, price, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
   FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2) GROUP BY window_start, window_end;
SELECT window_start, window_end, SUM(price) AS top2_sum FROM
 (SELECT * FROM (SELECT k, price, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
   FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2) GROUP BY window_start, window_end;

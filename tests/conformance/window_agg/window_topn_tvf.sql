-- Window Top-N directly over a window TVF: ROW_NUMBER() OVER (PARTITION BY window_start, window_end [, k] ORDER BY ..)
-- with rn <= N / BETWEEN / = 1 (order not on a time attribute) -> WindowRank (insert-only), all rows of a window are
-- buffered and the top rows are emitted once, when the watermark reaches window_end - 1 ms, in rank order.
-- Ties: earlier arrival ranks first (b/i2 before a/i5 at price 30). NULLs: first for ASC, last for DESC.
-- Late rows (i7 at 00:06 after wm 00:11) are dropped. A filter on another column after the rank is applied after ranking.
-- PARTITION BY window_start only -> regular Rank (updating, -U/+U immediately). RANK()/DENSE_RANK() are rejected.
-- Output: the input columns (all TVF columns incl. ts and window_time stay rowtime attributes) + rn BIGINT NOT NULL.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, item STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 'i1', 10, TIMESTAMP '2024-01-01 00:00:01'), ('b', 'i2', 30, TIMESTAMP '2024-01-01 00:00:02'),
 ('a', 'i3', 20, TIMESTAMP '2024-01-01 00:00:03'), ('b', 'i4', 20, TIMESTAMP '2024-01-01 00:00:04'), ('a', 'i5', 30, TIMESTAMP '2024-01-01 00:00:05'),
 ('a', 'i6', 5, TIMESTAMP '2024-01-01 00:00:11'), ('b', 'i7', 40, TIMESTAMP '2024-01-01 00:00:06'), ('a', 'i8', CAST(NULL AS INT), TIMESTAMP '2024-01-01 00:00:12'),
 ('a', 'i9', 7, TIMESTAMP '2024-01-01 00:00:13'), ('b', 'i10', 50, TIMESTAMP '2024-01-01 00:00:21');
EXPLAIN CHANGELOG_MODE
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
EXPLAIN CHANGELOG_MODE
SELECT k, item, price, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
EXPLAIN CHANGELOG_MODE
SELECT k, item, price, window_start, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item, price, window_start, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY price ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item, price, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 3;
SELECT k, item, price, window_start, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn BETWEEN 2 AND 3;
SELECT k, item, price, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, item, price, window_start, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2 AND price > 10;
SELECT k, item, price, window_start, window_end, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) WHERE rn <= 1;
SELECT k, item, price, window_start, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item, price, window_start, r FROM (SELECT *, DENSE_RANK() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS r
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE r <= 2;

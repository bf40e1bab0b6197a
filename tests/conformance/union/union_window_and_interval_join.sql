-- A UNION ALL of two window TVFs with the same window spec keeps the window properties: it can be a window-join input
-- (WindowJoin over Union). The join's watermark is min(union = min(t1, t2), r): [0,10) fires at step 7, not before.
-- A UNION ALL of plain tables keeps the rowtime attribute: interval join over it works.
-- A UNION ALL of TUMBLE and HOP outputs (different specs) has no window properties -> GROUP BY window_start, window_end
-- is a normal GroupAggregate (updating).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t1 (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE t2 (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE r (k STRING, w INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t1 VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('a', 2, TIMESTAMP '2024-01-01 00:00:11'), ('a', 5, TIMESTAMP '2024-01-01 00:00:31');
INSERT INTO t2 VALUES ('a', 3, TIMESTAMP '2024-01-01 00:00:03'), ('b', 4, TIMESTAMP '2024-01-01 00:00:14');
INSERT INTO r VALUES ('a', 100, TIMESTAMP '2024-01-01 00:00:02'), ('b', 200, TIMESTAMP '2024-01-01 00:00:12'), ('a', 300, TIMESTAMP '2024-01-01 00:00:13');
EXPLAIN CHANGELOG_MODE
WITH u AS (SELECT * FROM TABLE(TUMBLE(TABLE t1, DESCRIPTOR(ts), INTERVAL '10' SECOND)) UNION ALL SELECT * FROM TABLE(TUMBLE(TABLE t2, DESCRIPTOR(ts), INTERVAL '10' SECOND)))
SELECT u.k, u.v, R.w, u.window_start FROM u JOIN (SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON u.k = R.k AND u.window_start = R.window_start AND u.window_end = R.window_end;
EXPLAIN CHANGELOG_MODE
WITH u AS (SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2)
SELECT u.k, u.v, r.w FROM u JOIN r ON u.k = r.k AND u.ts BETWEEN r.ts - INTERVAL '2' SECOND AND r.ts + INTERVAL '2' SECOND;
WITH u AS (SELECT * FROM TABLE(TUMBLE(TABLE t1, DESCRIPTOR(ts), INTERVAL '10' SECOND)) UNION ALL SELECT * FROM TABLE(TUMBLE(TABLE t2, DESCRIPTOR(ts), INTERVAL '10' SECOND)))
SELECT u.k, u.v, R.w, u.window_start FROM u JOIN (SELECT * FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
ON u.k = R.k AND u.window_start = R.window_start AND u.window_end = R.window_end;
WITH u AS (SELECT k, v, ts FROM t1 UNION ALL SELECT k, v, ts FROM t2)
SELECT u.k, u.v, r.w FROM u JOIN r ON u.k = r.k AND u.ts BETWEEN r.ts - INTERVAL '2' SECOND AND r.ts + INTERVAL '2' SECOND;
WITH u AS (SELECT * FROM TABLE(TUMBLE(TABLE t1, DESCRIPTOR(ts), INTERVAL '10' SECOND)) UNION ALL SELECT * FROM TABLE(HOP(TABLE t2, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)))
SELECT k, window_start, window_end, COUNT(*) AS c FROM u GROUP BY k, window_start, window_end;

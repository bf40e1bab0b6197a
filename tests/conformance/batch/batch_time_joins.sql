-- Batch mode: window and interval joins have no watermark to wait for: all rows join (none is
-- late), the unmatched are padded at the end. A row that a streaming job would drop as late
-- (10:00:02 after the watermark passed 10:00:20) is counted.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE b (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SET 'joinlab.arrival' = 'as-written';
INSERT INTO a VALUES (1, TIMESTAMP '2024-01-01 10:00:01'), (2, TIMESTAMP '2024-01-01 10:00:20'), (1, TIMESTAMP '2024-01-01 10:00:02');
INSERT INTO b VALUES (1, TIMESTAMP '2024-01-01 10:00:03'), (2, TIMESTAMP '2024-01-01 10:00:03'), (4, TIMESTAMP '2024-01-01 10:00:31');
SELECT L.id, L.window_start, R.id FROM (SELECT * FROM TABLE(TUMBLE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE b, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT L.id, L.window_start, L.window_end FROM (SELECT * FROM TABLE(HOP(TABLE a, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) L JOIN (SELECT * FROM TABLE(HOP(TABLE b, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND))) R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT a.id, b.id FROM a LEFT JOIN b ON a.id = b.id AND a.ts BETWEEN b.ts - INTERVAL '1' SECOND AND b.ts + INTERVAL '1' SECOND;
SELECT a.id, b.id FROM a FULL JOIN b ON a.id = b.id AND a.ts BETWEEN b.ts - INTERVAL '1' SECOND AND b.ts + INTERVAL '1' SECOND;
SELECT window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
SELECT window_start, window_end, COUNT(*) AS c FROM TABLE(CUMULATE(TABLE b, DESCRIPTOR(ts), INTERVAL '10' SECOND, INTERVAL '20' SECOND)) GROUP BY window_start, window_end;
SELECT * FROM TABLE(TUMBLE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND));

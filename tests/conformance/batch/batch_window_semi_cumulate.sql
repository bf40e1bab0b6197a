-- Batch mode: window semi / anti joins (IN / NOT EXISTS on the window columns) and a CUMULATE
-- window join: final rows at the end of input, late rows included.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE a (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE b (id INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SET 'joinlab.arrival' = 'as-written';
INSERT INTO a VALUES (1, TIMESTAMP '2024-01-01 10:00:01'), (2, TIMESTAMP '2024-01-01 10:00:12'), (3, TIMESTAMP '2024-01-01 10:00:25'), (1, TIMESTAMP '2024-01-01 10:00:03');
INSERT INTO b VALUES (1, TIMESTAMP '2024-01-01 10:00:04'), (2, TIMESTAMP '2024-01-01 10:00:02'), (3, TIMESTAMP '2024-01-01 10:00:27');
SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L WHERE L.id IN (SELECT id FROM (SELECT * FROM TABLE(TUMBLE(TABLE b, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end);
SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L WHERE NOT EXISTS (SELECT * FROM (SELECT * FROM TABLE(TUMBLE(TABLE b, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R WHERE L.window_start = R.window_start AND L.window_end = R.window_end AND L.id = R.id);
SELECT L.id, L.window_start, L.window_end, R.id AS rid FROM (SELECT * FROM TABLE(CUMULATE(TABLE a, DESCRIPTOR(ts), INTERVAL '10' SECOND, INTERVAL '30' SECOND))) L LEFT JOIN (SELECT * FROM TABLE(CUMULATE(TABLE b, DESCRIPTOR(ts), INTERVAL '10' SECOND, INTERVAL '30' SECOND))) R ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;

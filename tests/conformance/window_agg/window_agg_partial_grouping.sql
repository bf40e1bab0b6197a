-- Which GROUP BY over a window TVF becomes a WindowAggregate: only when the group keys contain BOTH a window_start and a
-- window_end column of the TVF (StreamPhysicalWindowAggregateRule / WindowUtil.groupingContainsWindowStartEnd).
-- GROUP BY k, window_start (or window_end, or window_time, or no window column) -> a normal GroupAggregate over the
-- WindowTableFunction: one +I per new group and -U/+U per further row, immediately, no watermark wait, late rows included.
-- A Calc between TVF and aggregation is fine (filter on v); an expression on window_start makes it a GroupAggregate.
-- MAX(window_time) keeps the WindowTableFunction node and a window-attached window aggregate (win_start/win_end).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
INSERT INTO t VALUES ('a', 1, TIMESTAMP '2024-01-01 00:00:01'), ('b', 2, TIMESTAMP '2024-01-01 00:00:02'),
 ('a', 3, TIMESTAMP '2024-01-01 00:00:06'), ('a', 5, TIMESTAMP '2024-01-01 00:00:03'), ('a', 4, TIMESTAMP '2024-01-01 00:00:12');
EXPLAIN CHANGELOG_MODE
SELECT k, window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start;
EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, COUNT(*) AS c
FROM (SELECT k, window_start, window_end FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) WHERE v > 1)
GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE
SELECT k, ws, window_end, COUNT(*) AS c
FROM (SELECT k, window_start + INTERVAL '1' SECOND AS ws, window_end FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)))
GROUP BY k, ws, window_end;
EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, MAX(window_time) AS mt FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;

SELECT k, window_start, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start;
SELECT k, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_end;
SELECT k, window_time, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_time;
SELECT k, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k;
SELECT k, window_start, window_end, COUNT(*) AS c
FROM (SELECT k, window_start, window_end FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) WHERE v > 1)
GROUP BY k, window_start, window_end;
SELECT k, window_start, window_end, MAX(window_time) AS mt FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;

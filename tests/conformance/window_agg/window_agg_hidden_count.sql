-- The planner adds a hidden COUNT(*) to a window aggregation when it needs it to detect empty windows: for HOP
-- (the follow-up window chain stops at an empty window) and for updating inputs (COUNT_RETRACT(*); a window whose count
-- nets to 0 - key c: +I then -D - emits nothing even though only SUM is selected).
-- EXPLAIN quirk: the GlobalWindowAggregate select list then labels the hidden count with the first window property name
-- ("COUNT(count1$1) AS window_start, start('w$) AS window_end") - the names are shifted by one, end('w$) is not shown.
-- WindowDeduplicate without extra partition keys prints partitionKeys=[] and uses Exchange(distribution=[single]).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE r (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('changelog-mode' = 'retract');
@r 'a' | 10 | 2024-01-01 00:00:01
@r 'c' | 7 | 2024-01-01 00:00:03
@r -D 'c' | 7 | 2024-01-01 00:00:03
@r 'z' | 0 | 2024-01-01 00:00:20
EXPLAIN SELECT k, window_start, window_end, SUM(v) AS s FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN SELECT k, window_start, window_end, SUM(v) AS s FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN SELECT item FROM (SELECT k AS item, window_start, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY ts DESC) AS rn FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;
SELECT k, window_start, window_end, SUM(v) AS s FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT window_start, window_end, SUM(v) AS s, MAX(v) AS mx FROM TABLE(HOP(TABLE r, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY window_start, window_end;

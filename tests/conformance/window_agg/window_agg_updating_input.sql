-- Window aggregation over an updating input is ACCEPTED in Flink 2.3 (no error): the aggregation switches to retract
-- versions (COUNT_RETRACT, SUM_RETRACT, MAX_RETRACT) and its output stays insert-only (changelogMode=[I]).
-- Upsert source -> ChangelogNormalize adds -U/-D; a retract source is consumed directly. A window whose COUNT(*)
-- ends at 0 (key b: +I then -D; key c: +I then -D) emits nothing. Each change is applied to the window of the row's
-- own rowtime (the -U carries the old row, so the old window is retracted).
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE u (k STRING, v INT, ts TIMESTAMP(3), PRIMARY KEY (k) NOT ENFORCED, WATERMARK FOR ts AS ts) WITH ('changelog-mode' = 'upsert');
CREATE TABLE r (k STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts) WITH ('changelog-mode' = 'retract');
@u 'a' | 1 | 2024-01-01 00:00:01
@u +U 'a' | 2 | 2024-01-01 00:00:02
@u 'b' | 5 | 2024-01-01 00:00:03
@u -D 'b' | 5 | 2024-01-01 00:00:03
@r 'a' | 10 | 2024-01-01 00:00:01
@r -U 'a' | 10 | 2024-01-01 00:00:01
@r +U 'a' | 20 | 2024-01-01 00:00:02
@r 'c' | 7 | 2024-01-01 00:00:03
@r -D 'c' | 7 | 2024-01-01 00:00:03
@u 'z' | 0 | 2024-01-01 00:00:20
@r 'z' | 0 | 2024-01-01 00:00:20
EXPLAIN CHANGELOG_MODE
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE u, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE
SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS mx FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE u, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS s FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS s, MAX(v) AS mx FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;
SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(HOP(TABLE r, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
-- window Top-N / dedup over an updating input: not insert-only -> what happens?
SELECT k, v, window_start FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY v DESC) AS rn
  FROM TABLE(TUMBLE(TABLE r, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 1;

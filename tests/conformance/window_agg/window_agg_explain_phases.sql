-- EXPLAIN forms of window aggregation. Default (agg-phase-strategy AUTO): rowtime windows whose aggregate functions
-- all have merge() -> LocalWindowAggregate(window=[TUMBLE(time_col=[ts], size=[5 s])] ... slice_end('w$) AS $slice_end)
-- + Exchange + GlobalWindowAggregate(window=[TUMBLE(slice_end=[$slice_end], size=[5 s])] ...). FIRST_VALUE/LAST_VALUE
-- (no merge) or 'ONE_PHASE' -> single WindowAggregate(groupBy=[k], window=[TUMBLE(time_col=[ts], size=[5 s])], select=[...]).
-- CUMULATE prints max_size/step[/offset]; HOP prints size/slide. Processing time: always one WindowAggregate, and
-- window_time becomes PROCTIME_MATERIALIZE(window_time). FIRST_VALUE over HOP and LAST_VALUE over CUMULATE (need merge) are rejected.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE t (k STRING, v INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE p (k STRING, v INT, pt AS PROCTIME());
INSERT INTO t VALUES ('a', 1, 'x', TIMESTAMP '2024-01-01 00:00:01'), ('a', 2, 'y', TIMESTAMP '2024-01-01 00:00:06'),
 ('a', 3, 'z', TIMESTAMP '2024-01-01 00:00:11'), ('a', 4, 'w', TIMESTAMP '2024-01-01 00:00:07');
EXPLAIN CHANGELOG_MODE SELECT k, window_start, window_end, LISTAGG(s) AS l FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE SELECT k, window_start, window_end, FIRST_VALUE(s) AS f, LAST_VALUE(s) AS l FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE SELECT window_start, window_end, window_time, COUNT(*) AS c FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '15' SECOND, INTERVAL '1' SECOND)) GROUP BY window_start, window_end, window_time;
EXPLAIN CHANGELOG_MODE SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE p, DESCRIPTOR(pt), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE SELECT k, window_start, window_end, window_time, COUNT(*) AS c FROM TABLE(HOP(TABLE p, DESCRIPTOR(pt), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end, window_time;
SET 'table.optimizer.agg-phase-strategy' = 'ONE_PHASE';
EXPLAIN CHANGELOG_MODE SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
EXPLAIN CHANGELOG_MODE SELECT window_start, window_end, COUNT(*) AS c, SUM(v) AS sv FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND, INTERVAL '2' SECOND)) GROUP BY window_start, window_end;
SET 'table.optimizer.agg-phase-strategy' = 'AUTO';
SELECT k, window_start, window_end, LISTAGG(s) AS l FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, window_start, window_end, FIRST_VALUE(s) AS f, LAST_VALUE(s) AS l FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, window_start, window_end, FIRST_VALUE(s) AS f FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;
SELECT k, window_start, window_end, LAST_VALUE(s) AS l FROM TABLE(CUMULATE(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY k, window_start, window_end;

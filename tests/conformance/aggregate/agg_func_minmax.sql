-- MIN/MAX over INT, STRING, TIMESTAMP(3), DECIMAL, BOOLEAN, DATE; insert-only input uses MIN/MAX
-- (no retraction state), a retract input MIN_RETRACT/MAX_RETRACT (value -> count map): retracting the
-- current max recomputes it from the remaining values; a group with only NULLs gives NULL.
SET 'joinlab.arrival' = 'as-written';
CREATE TABLE r (k STRING, i INT, s STRING, ts TIMESTAMP(3), d DECIMAL(6, 2), bo BOOLEAN, dt DATE) WITH ('changelog-mode' = 'retract');
@r     a | 3 | pear | 2024-01-01 10:00:00 | 1.50 | TRUE | 2024-03-01
@r     a | 7 | Apple | 2024-01-01 09:00:00.5 | -2.25 | FALSE | 2023-12-31
@r     a | 7 | apple | 2024-01-02 00:00:00 | 10.00 | TRUE | 2024-01-01
@r     b | NULL | NULL | NULL | NULL | NULL | NULL
@r -D  a | 7 | Apple | 2024-01-01 09:00:00.5 | -2.25 | FALSE | 2023-12-31
@r -D  a | 7 | apple | 2024-01-02 00:00:00 | 10.00 | TRUE | 2024-01-01
@r -D  a | 3 | pear | 2024-01-01 10:00:00 | 1.50 | TRUE | 2024-03-01
EXPLAIN CHANGELOG_MODE
SELECT k, MIN(i) AS mn_i, MAX(i) AS mx_i, MIN(s) AS mn_s, MAX(s) AS mx_s, MIN(ts) AS mn_ts, MAX(ts) AS mx_ts FROM r GROUP BY k;
SELECT k, MIN(i) AS mn_i, MAX(i) AS mx_i, MIN(s) AS mn_s, MAX(s) AS mx_s, MIN(ts) AS mn_ts, MAX(ts) AS mx_ts FROM r GROUP BY k;
SELECT k, MIN(d) AS mn_d, MAX(d) AS mx_d, MIN(bo) AS mn_bo, MAX(bo) AS mx_bo, MIN(dt) AS mn_dt, MAX(dt) AS mx_dt FROM r GROUP BY k;

-- A RIGHT window join outputs L.window_time (the only rowtime column): its NULL-padded row fails
-- the job only when the window fires at the end of input, which the oracle reports as "job failed".
CREATE TABLE A (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE B (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@A 1 | a1 | 2024-01-01 00:00:01
@B 2 | b1 | 2024-01-01 00:00:02
SELECT L.v, R.v, L.window_time AS lwt
FROM (SELECT * FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
RIGHT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE B, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;

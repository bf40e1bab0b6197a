-- A retract input into a window join is rejected; the message names the scan with its watermark in
-- Calcite's RexNode form: -(ts, 300:INTERVAL SECOND), -(ts, 120000:INTERVAL MINUTE).
CREATE TABLE A (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '0.3' SECOND, PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'retract');
CREATE TABLE B (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '2' MINUTE) WITH ('changelog-mode' = 'retract');
@A 1 | a1 | 2024-01-01 00:00:01
@B 1 | b1 | 2024-01-01 00:00:02
SELECT L.v, R.v FROM (SELECT * FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE B, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;
SELECT R.v, L.v FROM (SELECT * FROM TABLE(TUMBLE(TABLE B, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- `@watermark *` advances every table of the script, one step per table in CREATE order (only the script's
-- tables: not the examples catalog); here it fires a TUMBLE window join and a late row follows.
CREATE TABLE A (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '3' SECOND);
CREATE TABLE B (k INT, v STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '3' SECOND);
@A 1 | a1 | 2024-01-01 00:00:01
@B 1 | b1 | 2024-01-01 00:00:02
@B 2 | b2 | 2024-01-01 00:00:04
@watermark * 2024-01-01 00:00:05
@A 2 | late | 2024-01-01 00:00:04
@A 2 | a2 | 2024-01-01 00:00:06
@watermark B 2024-01-01 00:00:09
@B 2 | b3 | 2024-01-01 00:00:07
SELECT L.k, L.v, R.v AS rv, L.window_start
FROM (SELECT * FROM TABLE(TUMBLE(TABLE A, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE B, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end;

-- A tumbling-window join, unbounded: different windows, no partner, a window that never fires, a late row (explain_row.rs)
SET 'joinlab.mode' = 'unbounded';
CREATE TABLE L (id STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE R (id STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@L a | 2024-01-01 10:00:01
@R a | 2024-01-01 10:00:02
@L b | 2024-01-01 10:00:03
@R b | 2024-01-01 10:00:07
@L c | 2024-01-01 10:00:04
@R x | 2024-01-01 10:00:12
@L d | 2024-01-01 10:00:02
@L e | 2024-01-01 10:00:13
@L f | 2024-01-01 10:00:03
SELECT L.id, R.id AS rid, L.window_start FROM
  (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
  JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
  ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end;

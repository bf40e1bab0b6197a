-- Pairs of a tumbling-window join, unbounded (explain_row.rs): a pair that joins, different windows,
-- different keys, a pair the ON condition rejects, a late row, a window that never fires
SET 'joinlab.mode' = 'unbounded';
CREATE TABLE L (id STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE R (id STRING, w INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@L a | 1 | 2024-01-01 10:00:01
@R a | 5 | 2024-01-01 10:00:02
@L b | 2 | 2024-01-01 10:00:03
@R c | 0 | 2024-01-01 10:00:04
@R b | 5 | 2024-01-01 10:00:07
@L c | 3 | 2024-01-01 10:00:04
@R x | 9 | 2024-01-01 10:00:12
@L d | 1 | 2024-01-01 10:00:11
@L a | 1 | 2024-01-01 10:00:02
@L e | 1 | 2024-01-01 10:00:13
@R e | 5 | 2024-01-01 10:00:14
SELECT L.id, L.v, R.w FROM
  (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(ts), INTERVAL '5' SECOND))) L
  JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(ts), INTERVAL '5' SECOND))) R
  ON L.id = R.id AND L.window_start = R.window_start AND L.window_end = R.window_end AND L.v <= R.w;

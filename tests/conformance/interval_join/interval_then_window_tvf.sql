-- A window TVF over an interval join's output (the join keeps its inputs' time attributes), and
-- a window join of that with another table's windows: the windows of the joined rows fire only
-- when the interval join's output watermark — the minimum of its inputs held back by its larger
-- bound (10 min here) — passes their end.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE A (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE B (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE C (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@A 1 | a1 | 2024-01-01 10:01:00
@B 1 | b1 | 2024-01-01 10:03:00
@C 1 | c1 | 2024-01-01 10:04:00
@A 2 | a2 | 2024-01-01 10:06:00
@B 2 | b2 | 2024-01-01 10:08:00
@C 2 | c2 | 2024-01-01 10:09:00
@A 3 | a3 | 2024-01-01 10:12:00
@B 3 | b3 | 2024-01-01 10:14:00
@C 3 | c3 | 2024-01-01 10:18:00
@A 4 | a4 | 2024-01-01 10:25:00
@B 4 | b4 | 2024-01-01 10:26:00
@C 4 | c4 | 2024-01-01 10:31:00

WITH j AS (SELECT A.k, A.id AS aid, B.id AS bid, A.t FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE)
SELECT aid, bid, window_start, window_end FROM TABLE(TUMBLE(TABLE j, DESCRIPTOR(t), INTERVAL '5' MINUTE));

WITH j AS (SELECT A.k, A.id AS aid, B.id AS bid, A.t FROM A JOIN B ON A.k = B.k AND B.t BETWEEN A.t AND A.t + INTERVAL '10' MINUTE)
SELECT x.aid, x.bid, y.id, x.window_start FROM
  (SELECT * FROM TABLE(TUMBLE(TABLE j, DESCRIPTOR(t), INTERVAL '5' MINUTE))) x
  JOIN (SELECT * FROM TABLE(TUMBLE(TABLE C, DESCRIPTOR(t), INTERVAL '5' MINUTE))) y
  ON x.k = y.k AND x.window_start = y.window_start AND x.window_end = y.window_end;

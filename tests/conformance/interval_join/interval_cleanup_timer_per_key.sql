-- One cleanup timer per key and side: it is set for the key's first cached row (t + bound + 1 ms)
-- and re-set for the oldest row that stays. A row cached after an older-time row of its key (out
-- of order) waits for that timer: it is padded later than its own time + bound. A probe by the
-- other side of the same key evicts expired rows at once (padding them), whatever the timer.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '10' MINUTE);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@R 0 | r0 | 2024-01-01 09:00:00
@L 1 | l_1030 | 2024-01-01 10:30:00
@L 1 | l_1005 | 2024-01-01 10:05:00
@L 2 | l2_1010 | 2024-01-01 10:10:00
@R 0 | r0b | 2024-01-01 10:20:00
@L 0 | l0 | 2024-01-01 10:40:00
-- the combined watermark passes 10:05 + 10 min, then 10:10 + 10 min, then 10:30 + 10 min
@R 0 | r0c | 2024-01-01 10:45:00
@R 2 | r2 | 2024-01-01 10:46:00
@L 3 | l3 | 2024-01-01 11:00:00
@R 0 | r0d | 2024-01-01 11:20:00

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

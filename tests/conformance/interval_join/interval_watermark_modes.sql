-- Interval joins driven by explicit @watermark markers (oracle.watermark-emit = on-marker): rows do
-- not move the watermark, so padding waits for a marker; an explicit watermark far ahead pads every
-- row at once; the unbounded view (no end of input) keeps what never got padded.
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.watermark-emit' = 'on-marker';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@L 1 | l1 | 2024-01-01 10:00:00
@R 2 | r2 | 2024-01-01 10:01:00
@L 2 | l2 | 2024-01-01 10:02:00
@watermark L 2024-01-01 10:30:00
@watermark R 2024-01-01 10:20:00
@L 3 | l3 | 2024-01-01 10:25:00
@R 1 | r1late | 2024-01-01 10:05:00
@watermark L 2024-01-01 12:00:00
@watermark R 2024-01-01 12:00:00
@R 3 | r3 | 2024-01-01 12:01:00

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND R.t BETWEEN L.t - INTERVAL '5' MINUTE AND L.t + INTERVAL '5' MINUTE;

SET 'joinlab.mode' = 'unbounded';
SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t BETWEEN L.t - INTERVAL '5' MINUTE AND L.t + INTERVAL '5' MINUTE;

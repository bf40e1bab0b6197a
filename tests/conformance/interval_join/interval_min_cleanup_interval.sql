-- table.exec.interval-join.min-cleanup-interval delays the cleanup timers: an unmatched row of an
-- outer join is padded that much later than the watermark passing its bound (Flink's option text:
-- "will cause unmatched records in outer joins to be output later than watermark").
SET 'table.local-time-zone' = 'UTC';
SET 'table.exec.interval-join.min-cleanup-interval' = '20 min';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t);
@L 1 | l1 | 2024-01-01 10:00:00
@R 9 | r9 | 2024-01-01 10:15:00
@L 9 | l9 | 2024-01-01 10:20:00
@R 9 | r9b | 2024-01-01 10:25:00
@L 9 | l9b | 2024-01-01 10:35:00
@R 9 | r9c | 2024-01-01 10:40:00
@L 9 | l9c | 2024-01-01 10:45:00

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '10' MINUTE;

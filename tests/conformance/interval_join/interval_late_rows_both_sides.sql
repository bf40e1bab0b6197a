-- Late rows on both sides of an interval join (bounds R.t BETWEEN L.t AND L.t + 30 min, watermarks
-- t - 1 min): a late row is never dropped; it probes the other side's state (joining what is
-- still there), is not kept, and an outer side pads it at once. Rows that could still meet a late
-- partner are kept; the "expired" mark (the operator's, not the key's) decides whether a probe
-- looks at the other side at all.
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '1' MINUTE);
CREATE TABLE R (k INT, id STRING, t TIMESTAMP(3), WATERMARK FOR t AS t - INTERVAL '1' MINUTE);
@L 1 | l1 | 2024-01-01 10:00:00
@R 1 | r1 | 2024-01-01 10:10:00
@L 2 | l2 | 2024-01-01 10:05:00
@R 9 | r9 | 2024-01-01 11:00:00
@L 9 | l9 | 2024-01-01 11:30:00
-- combined watermark now 10:59: l1 and l2 have left state
@L 1 | l1late | 2024-01-01 10:05:00
@R 2 | r2late | 2024-01-01 10:20:00
@R 1 | r1late | 2024-01-01 10:15:00
@L 9 | l9b | 2024-01-01 10:40:00
@R 9 | r9b | 2024-01-01 11:10:00

SELECT L.id, R.id FROM L JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '30' MINUTE;

SELECT L.id, R.id FROM L LEFT JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '30' MINUTE;

SELECT L.id, R.id FROM L RIGHT JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '30' MINUTE;

SELECT L.id, R.id FROM L FULL JOIN R ON L.k = R.k AND R.t BETWEEN L.t AND L.t + INTERVAL '30' MINUTE;

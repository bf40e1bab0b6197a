-- TIMESTAMP_LTZ(3) row times in Europe/Berlin across the spring DST change (2024-03-31 02:00 CET -> 03:00 CEST,
-- i.e. 01:00 UTC): 1-hour windows on the Berlin wall clock ([01:00,02:00) CET is followed by [03:00,04:00) CEST)
-- and the 23-hour local day 2024-03-31. Values from CAST('...' AS TIMESTAMP_LTZ(3)) (Berlin wall clock, including
-- the non-existent 02:30) and TO_TIMESTAMP_LTZ(epoch ms) (absolute instants).
SET 'table.local-time-zone' = 'Europe/Berlin';
CREATE TABLE clicks (uid INT, page STRING, ct TIMESTAMP_LTZ(3), WATERMARK FOR ct AS ct);
CREATE TABLE orders (uid INT, amount INT, ot TIMESTAMP_LTZ(3), WATERMARK FOR ot AS ot);

INSERT INTO clicks VALUES
  (1, 'a', CAST('2024-03-30 23:30:00' AS TIMESTAMP_LTZ(3))),   -- 22:30 UTC, Berlin day 03-30
  (1, 'b', TO_TIMESTAMP_LTZ(1711845000000, 3)),                -- 00:30 UTC = 01:30 CET
  (2, 'c', TO_TIMESTAMP_LTZ(1711846799000, 3)),                -- 00:59:59 UTC = 01:59:59 CET
  (2, 'd', TO_TIMESTAMP_LTZ(1711846800000, 3)),                -- 01:00 UTC = 03:00 CEST
  (3, 'gap', CAST('2024-03-31 02:30:00' AS TIMESTAMP_LTZ(3))), -- wall clock that does not exist in Berlin
  (1, 'e', CAST('2024-03-31 23:30:00' AS TIMESTAMP_LTZ(3)));   -- 21:30 UTC, still Berlin day 03-31
INSERT INTO orders VALUES
  (1, 10, CAST('2024-03-31 01:45:00' AS TIMESTAMP_LTZ(3))),    -- 00:45 UTC
  (2, 20, TO_TIMESTAMP_LTZ(1711848600000, 3)),                 -- 01:30 UTC = 03:30 CEST
  (3, 40, CAST('2024-03-31 03:40:00' AS TIMESTAMP_LTZ(3))),    -- 01:40 UTC
  (1, 30, CAST('2024-04-01 00:10:00' AS TIMESTAMP_LTZ(3)));    -- 03-31 22:10 UTC, Berlin day 04-01

-- 1-hour windows
SELECT C.uid, C.page, O.amount, C.window_start, C.window_end, C.window_time
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ct), INTERVAL '1' HOUR))) C
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ot), INTERVAL '1' HOUR))) O
ON C.uid = O.uid AND C.window_start = O.window_start AND C.window_end = O.window_end;
-- 1-day windows, FULL
SELECT C.page, O.amount, COALESCE(C.window_start, O.window_start) AS ws, COALESCE(C.window_end, O.window_end) AS we
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ct), INTERVAL '1' DAY))) C
FULL JOIN (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ot), INTERVAL '1' DAY))) O
ON C.uid = O.uid AND C.window_start = O.window_start AND C.window_end = O.window_end;
-- the row times as Berlin wall clock and as plain TIMESTAMP
SELECT uid, page, ct, CAST(ct AS TIMESTAMP(3)) AS berlin_wall_clock FROM clicks;

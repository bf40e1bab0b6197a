-- TIMESTAMP_LTZ(3) row times in Europe/Berlin across the autumn DST change (2024-10-27 03:00 CEST -> 02:00 CET,
-- i.e. 01:00 UTC): the wall-clock hour [02:00,03:00) happens twice (00:xx UTC and 01:xx UTC). 1-hour windows
-- on the wall clock, the 25-hour local day 2024-10-27, and an ambiguous CAST('2024-10-27 02:30:00' AS TIMESTAMP_LTZ(3)).
SET 'table.local-time-zone' = 'Europe/Berlin';
CREATE TABLE clicks (uid INT, page STRING, ct TIMESTAMP_LTZ(3), WATERMARK FOR ct AS ct);
CREATE TABLE orders (uid INT, amount INT, ot TIMESTAMP_LTZ(3), WATERMARK FOR ot AS ot);

INSERT INTO clicks VALUES
  (1, 'a', TO_TIMESTAMP_LTZ(1729989000000, 3)),                -- 00:30 UTC = 02:30 CEST
  (1, 'b', TO_TIMESTAMP_LTZ(1729992600000, 3)),                -- 01:30 UTC = 02:30 CET
  (3, 'amb', CAST('2024-10-27 02:30:00' AS TIMESTAMP_LTZ(3))), -- ambiguous wall clock
  (2, 'c', CAST('2024-10-27 12:00:00' AS TIMESTAMP_LTZ(3)));   -- 11:00 UTC
INSERT INTO orders VALUES
  (1, 40, CAST('2024-10-26 23:30:00' AS TIMESTAMP_LTZ(3))),    -- 21:30 UTC, Berlin day 10-26
  (1, 10, TO_TIMESTAMP_LTZ(1729990799000, 3)),                 -- 00:59:59 UTC = 02:59:59 CEST
  (1, 20, TO_TIMESTAMP_LTZ(1729991400000, 3)),                 -- 01:10 UTC = 02:10 CET
  (3, 50, CAST('2024-10-27 02:45:00' AS TIMESTAMP_LTZ(3))),    -- ambiguous wall clock
  (2, 30, CAST('2024-10-27 23:59:00' AS TIMESTAMP_LTZ(3)));    -- 22:59 UTC, Berlin day 10-27

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
SELECT uid, amount, ot, CAST(ot AS TIMESTAMP(3)) AS berlin_wall_clock FROM orders;

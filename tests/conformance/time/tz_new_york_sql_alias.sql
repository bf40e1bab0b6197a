-- TIMESTAMP_LTZ(3) row times in America/New_York, zone set with the Confluent alias 'sql.local-time-zone', across
-- the spring DST change (2024-03-10 02:00 EST -> 03:00 EDT, i.e. 07:00 UTC): 1-hour and 1-day windows on the
-- New York wall clock (the local day 2024-03-10 starts at 05:00 UTC and ends at 04:00 UTC). A
-- TIMESTAMP WITH LOCAL TIME ZONE literal is read as UTC whatever the session zone.
SET 'sql.local-time-zone' = 'America/New_York';
CREATE TABLE clicks (uid INT, page STRING, ct TIMESTAMP_LTZ(3), WATERMARK FOR ct AS ct);
CREATE TABLE orders (uid INT, amount INT, ot TIMESTAMP_LTZ(3), WATERMARK FOR ot AS ot);

INSERT INTO clicks VALUES
  (1, 'a', CAST('2024-03-09 23:30:00' AS TIMESTAMP_LTZ(3))),   -- 03-10 04:30 UTC, NY day 03-09
  (1, 'b', TO_TIMESTAMP_LTZ(1710052200000, 3)),                -- 06:30 UTC = 01:30 EST
  (2, 'c', TO_TIMESTAMP_LTZ(1710055800000, 3)),                -- 07:30 UTC = 03:30 EDT
  (3, 'utc', TIMESTAMP WITH LOCAL TIME ZONE '2024-03-10 12:00:00'), -- 12:00 UTC = 08:00 EDT
  (2, 'd', CAST('2024-03-10 22:00:00' AS TIMESTAMP_LTZ(3)));   -- 03-11 02:00 UTC, NY day 03-10
INSERT INTO orders VALUES
  (1, 10, CAST('2024-03-10 00:15:00' AS TIMESTAMP_LTZ(3))),    -- 05:15 UTC
  (1, 20, CAST('2024-03-10 01:59:00' AS TIMESTAMP_LTZ(3))),    -- 06:59 UTC
  (2, 30, CAST('2024-03-10 03:05:00' AS TIMESTAMP_LTZ(3))),    -- 07:05 UTC
  (3, 50, CAST('2024-03-10 08:30:00' AS TIMESTAMP_LTZ(3))),    -- 12:30 UTC
  (2, 40, CAST('2024-03-11 00:30:00' AS TIMESTAMP_LTZ(3)));    -- 03-11 04:30 UTC, NY day 03-11

-- 1-hour windows
SELECT C.uid, C.page, O.amount, C.window_start, C.window_end, C.window_time
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ct), INTERVAL '1' HOUR))) C
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ot), INTERVAL '1' HOUR))) O
ON C.uid = O.uid AND C.window_start = O.window_start AND C.window_end = O.window_end;
-- 1-day windows, LEFT
SELECT C.page, O.amount, C.window_start, C.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE clicks, DESCRIPTOR(ct), INTERVAL '1' DAY))) C
LEFT JOIN (SELECT * FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ot), INTERVAL '1' DAY))) O
ON C.uid = O.uid AND C.window_start = O.window_start AND C.window_end = O.window_end;
-- the row times as New York wall clock and as plain TIMESTAMP
SELECT uid, page, ct, CAST(ct AS TIMESTAMP(3)) AS ny_wall_clock FROM clicks;

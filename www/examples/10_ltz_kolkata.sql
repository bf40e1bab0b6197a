-- title: TIMESTAMP_LTZ in Asia/Kolkata
-- about: With TIMESTAMP_LTZ time attributes, windows follow the session time zone: here Asia/Kolkata (UTC+05:30), so the 1-hour windows start on Kolkata's full hours, which are half past the hour in UTC. The rows are written in Kolkata wall-clock time and printed back in it, window bounds included; the step lines' watermarks are printed in UTC, as Flink's harness prints them. Order 1 and its shipment fall in the same hour and join; order 2 (09:55) and its shipment (10:05) straddle 10:00 and do not. Change the time zone in Settings to see the windows move.
SET 'joinlab.dialect' = 'flink';
SET 'sql.local-time-zone' = 'Asia/Kolkata';

CREATE TABLE Orders (
  order_time TIMESTAMP_LTZ(3),
  order_id INT,
  item STRING,
  WATERMARK FOR order_time AS order_time
);

CREATE TABLE Shipments (
  ship_time TIMESTAMP_LTZ(3),
  order_id INT,
  carrier STRING,
  WATERMARK FOR ship_time AS ship_time
);

INSERT INTO Orders VALUES
  (TIMESTAMP '2024-03-01 09:20:00', 1, 'kettle'),
  (TIMESTAMP '2024-03-01 09:55:00', 2, 'teapot'),
  (TIMESTAMP '2024-03-01 10:40:00', 3, 'cups');

INSERT INTO Shipments VALUES
  (TIMESTAMP '2024-03-01 09:50:00', 1, 'DHL'),
  (TIMESTAMP '2024-03-01 10:05:00', 2, 'UPS'),
  (TIMESTAMP '2024-03-01 10:45:00', 3, 'DHL');

SELECT O.order_id, O.item, S.carrier, O.window_start, O.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE Orders, DESCRIPTOR(order_time), INTERVAL '1' HOUR))) O
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE Shipments, DESCRIPTOR(ship_time), INTERVAL '1' HOUR))) S
ON O.order_id = S.order_id AND O.window_start = S.window_start AND O.window_end = S.window_end;

-- The seed's interval join (orders / Shipments, shipped within 4 hours of the order), INNER, LEFT, FULL,
-- RIGHT and the comma form with the bounds in WHERE: bounded-delay watermarks (ts - 5 s), an
-- out-of-order order, a shipment too late for its order, a late shipment (behind the watermark).
-- A NULL-padded row appears only once the combined watermark passes order_time + 4 h (LEFT) or
-- ship_time (RIGHT); a late row still probes, is not kept, and an outer side pads it at once.
CREATE TABLE orders (
  id INT,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
);

CREATE TABLE Shipments (
  order_id INT,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time - INTERVAL '5' SECOND
);

@orders    1 | 2024-01-01 10:00:00
@Shipments 1 | 2024-01-01 10:30:00
@orders    2 | 2024-01-01 10:15:00
@orders    3 | 2024-01-01 10:20:00
@Shipments 3 | 2024-01-01 11:00:00
@Shipments 4 | 2024-01-01 12:00:00
-- out-of-order order row: order 4 at 09:00 arrives after the orders watermark passed 10:14:55
@orders    4 | 2024-01-01 09:00:00
-- shipment for order 2 comes too late to match (16:00 - 4h = 12:00 > 10:15)
@Shipments 2 | 2024-01-01 16:00:00
-- moves the orders watermark to 14:29:55 -> combined watermark 14:29:55
@orders    5 | 2024-01-01 14:30:00
@Shipments 5 | 2024-01-01 16:00:00
-- moves orders watermark to 19:59:55 -> combined = shipments wm 15:59:55
@orders    6 | 2024-01-01 20:00:00
-- late shipment (ship_time 11:30 < shipments wm 15:59:55) that would match order 2 and 3
@Shipments 2 | 2024-01-01 11:30:00
-- moves the shipments watermark to 22:59:55 -> combined 19:59:55
@Shipments 7 | 2024-01-01 23:00:00

SELECT o.id, o.order_time, s.order_id, s.ship_time
FROM orders o JOIN Shipments s
ON o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

SELECT o.id, o.order_time, s.order_id, s.ship_time
FROM orders o LEFT JOIN Shipments s
ON o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

SELECT o.id, o.order_time, s.order_id, s.ship_time
FROM orders o FULL JOIN Shipments s
ON o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

SELECT o.id, o.order_time, s.order_id, s.ship_time
FROM orders o RIGHT JOIN Shipments s
ON o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

-- the seed's comma form: the bounds in WHERE
SELECT o.id, s.ship_time FROM orders o, Shipments s
WHERE o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

EXPLAIN CHANGELOG_MODE
SELECT o.id, o.order_time, s.order_id, s.ship_time
FROM orders o LEFT JOIN Shipments s
ON o.id = s.order_id AND o.order_time BETWEEN s.ship_time - INTERVAL '4' HOUR AND s.ship_time;

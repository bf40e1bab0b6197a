-- title: Interval join: orders shipped within 4 hours (INNER and LEFT)
-- about: An interval join bounds the two inputs' time attributes instead of cutting time into windows: an order joins the shipments of its id whose ship_time lies in [order_time, order_time + 4 h], and a shipment the orders of [ship_time − 4 h, ship_time]. Step through and watch the band on the other table's lane: the times the arriving row can still meet. Each row waits in state until the join's time (the smaller of both watermarks) passes its time plus its side's bound (the tick), removed by its key's cleanup timer (the clock). Order 4 (09:00) is out of order but still meets shipment 4. Shipment 2 (16:00) is too late for order 2 (10:15): the INNER join never emits order 2, the LEFT join pads it with NULLs at step 9, when order 5 lifts the join's time past 14:15, and order 6 only at the end of input. The late shipment of step 12 (11:30, behind the join's time) still probes but is not kept. The join's own watermark is held back by the 4-hour bound, since a padded row may come out that far behind it.
SET 'joinlab.dialect' = 'flink';

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

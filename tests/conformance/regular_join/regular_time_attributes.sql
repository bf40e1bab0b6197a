-- Regular joins over tables with time attributes (WATERMARK): the join output loses the *ROWTIME*
-- marker (schema line) and a padded side's rowtime is NULL. Queries: SELECT * (both rowtimes),
-- LEFT / FULL joins selecting the rowtime of the padded side, a condition comparing the two rowtimes
-- that is NOT an interval-join bound (stays a regular join), and a self-join of one table.
-- Data: @ lines with watermarks emitted per row (no effect on regular joins).
CREATE TABLE orders (
  order_id INT,
  pid INT,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '5' SECOND
);

CREATE TABLE shipments (
  ship_id INT,
  order_id INT,
  ship_time TIMESTAMP(3),
  WATERMARK FOR ship_time AS ship_time
);

@orders     1 | 10 | 2024-01-01 10:00:00
@orders     2 | 10 | 2024-01-01 10:01:00
@shipments  100 | 1 | 2024-01-01 10:05:00
@orders     3 | 20 | 2024-01-01 10:02:00
@shipments  101 | 9 | 2024-01-01 10:06:00
@shipments  102 | 3 | 2024-01-01 09:59:00
@orders     4 | 10 | 2024-01-01 10:10:00

SELECT * FROM orders o JOIN shipments s ON o.order_id = s.order_id;

-- one rowtime column only (the preserved side's): is it still a time attribute in the schema?
SELECT o.order_id, o.order_time, s.ship_id
FROM orders o LEFT JOIN shipments s ON o.order_id = s.order_id;

-- one rowtime column only, from the padded side
SELECT o.order_id, s.ship_id, s.ship_time
FROM orders o LEFT JOIN shipments s ON o.order_id = s.order_id;

SELECT o.order_id, o.order_time, s.ship_id, s.ship_time
FROM orders o LEFT JOIN shipments s ON o.order_id = s.order_id;

SELECT o.order_id, o.order_time, s.ship_id, s.ship_time
FROM orders o FULL JOIN shipments s ON o.order_id = s.order_id;

-- rowtime comparison that is not an interval bound: regular join with a residual
EXPLAIN
SELECT o.order_id, s.ship_id FROM orders o JOIN shipments s
ON o.order_id = s.order_id AND s.ship_time > o.order_time;
SELECT o.order_id, s.ship_id FROM orders o JOIN shipments s
ON o.order_id = s.order_id AND s.ship_time > o.order_time;

-- self-join: pairs of orders for the same product, earlier id first
SELECT o1.order_id AS first_id, o2.order_id AS second_id, o1.pid
FROM orders o1 JOIN orders o2 ON o1.pid = o2.pid AND o1.order_id < o2.order_id;

-- self LEFT join
SELECT o1.order_id, o2.order_id AS later_id
FROM orders o1 LEFT JOIN orders o2 ON o1.pid = o2.pid AND o1.order_id < o2.order_id;

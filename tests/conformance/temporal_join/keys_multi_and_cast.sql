-- Keys: two equality keys (one is the primary key, the other a plain column) and numeric keys of different types (INT probe, BIGINT primary key); a NULL probe key finds no version.
CREATE TABLE orders (
  order_id STRING, product_id INT, region STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE prices (
  id BIGINT, region STRING, price DECIMAL(10, 2), price_time TIMESTAMP(3),
  WATERMARK FOR price_time AS price_time,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@prices    1 | eu | 10.00 | 2024-01-01 10:00:00
@prices    2 | us | 20.00 | 2024-01-01 10:00:00
@orders    o1 | 1 | eu | 2024-01-01 10:01:00
@orders    o2 | 1 | us | 2024-01-01 10:01:30
@orders    o3 | NULL | eu | 2024-01-01 10:02:00
@prices +U 1 | us | 11.00 | 2024-01-01 10:02:30
@orders    o4 | 1 | us | 2024-01-01 10:03:00
@orders    o5 | 2 | us | 2024-01-01 10:03:30
@prices    3 | eu | 30.00 | 2024-01-01 10:04:00
SELECT o.order_id, p.price FROM orders o
LEFT JOIN prices FOR SYSTEM_TIME AS OF o.order_time AS p ON o.product_id = p.id AND o.region = p.region;
SELECT o.order_id, p.price FROM orders o
JOIN prices FOR SYSTEM_TIME AS OF o.order_time AS p ON p.id = o.product_id;

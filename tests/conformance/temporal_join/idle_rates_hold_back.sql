-- A quiet versioned table holds the join back: rates stops updating at 10:00, so its watermark stays there and every later order waits (the seed's warning) until the end of input.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:01:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:30:00
@orders    o3 | 3.00 | EUR | 2024-01-01 11:00:00
@orders    o4 | 4.00 | USD | 2024-01-01 12:00:00
SELECT o.order_id, r.rate FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SET 'oracle.mode' = 'unbounded';
SELECT o.order_id, r.rate FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

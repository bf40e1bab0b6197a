-- A rate deleted and re-inserted: a -D version ends the key from its time (probes between the delete and the re-insert find no rate), the re-insert starts a new version.
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
@rates -D  EUR | 1.1000 | 2024-01-01 10:02:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:03:00
@rates     EUR | 1.2500 | 2024-01-01 10:04:00
@orders    o3 | 3.00 | EUR | 2024-01-01 10:04:00
@orders    o4 | 4.00 | EUR | 2024-01-01 10:05:00
@rates     USD | 1.0000 | 2024-01-01 10:06:00
SELECT o.order_id, r.rate, r.update_time FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, r.rate, r.update_time FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

-- Version choice: the greatest version time at or before the probe time (a version stamped exactly at the probe time counts); two versions of one time: the later arrival wins; probe rows of one key come out in arrival order, not time order.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@rates     EUR | 1.0000 | 2024-01-01 10:00:00
@rates +U  EUR | 2.0000 | 2024-01-01 10:02:00
@rates +U  EUR | 3.0000 | 2024-01-01 10:02:00
@orders    o3 | 3.00 | EUR | 2024-01-01 10:03:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:02:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:01:59.999
@orders    o0 | 0.50 | EUR | 2024-01-01 09:59:59
@rates +U  EUR | 4.0000 | 2024-01-01 10:04:00
@orders    o4 | 4.00 | EUR | 2024-01-01 10:04:00
@rates +U  EUR | 5.0000 | 2024-01-01 10:05:00
SELECT o.order_id, r.rate, r.update_time FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

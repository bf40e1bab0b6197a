-- An updating probe: an upsert orders table (the sink needs -U, so its ChangelogNormalize stays); each -U/+U waits for the watermark and joins the version valid at its own time.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | 100.00 | EUR | 2024-01-01 10:01:00
@rates +U  EUR | 1.2000 | 2024-01-01 10:02:00
@orders +U o1 | 110.00 | EUR | 2024-01-01 10:03:00
@rates +U  EUR | 1.3000 | 2024-01-01 10:04:00
@orders -D o1 | 110.00 | EUR | 2024-01-01 10:05:00
@orders    o2 | 10.00 | EUR | 2024-01-01 10:06:00
@rates +U  EUR | 1.4000 | 2024-01-01 10:07:00
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.price, r.rate FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, o.price, r.rate FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, o.price, r.rate FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

-- Chains: a temporal join followed by a regular join (its output is the regular join's append-only left input), a WHERE above it, and a temporal join whose probe is a filtered projection.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE fees (currency STRING, fee DECIMAL(10, 2), PRIMARY KEY (currency) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@rates     USD | 1.0000 | 2024-01-01 10:00:00
@orders    o1 | 100.00 | EUR | 2024-01-01 10:01:00
@orders    o2 | 5.00 | USD | 2024-01-01 10:02:00
@rates +U  EUR | 0.9000 | 2024-01-01 10:02:30
@orders    o3 | 7.00 | EUR | 2024-01-01 10:03:00
@rates +U  USD | 1.2000 | 2024-01-01 10:05:00
@orders    o4 | 50.00 | USD | 2024-01-01 10:04:00
@rates +U  EUR | 1.3000 | 2024-01-01 10:06:00
@orders    o5 | 1.00 | GBP | 2024-01-01 10:06:30
@rates     GBP | 0.8000 | 2024-01-01 10:07:00
@fees      EUR | 0.50
@fees      USD | 0.25
@fees +U   EUR | 0.75
SELECT o.order_id, r.rate, f.fee FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
JOIN fees f ON f.currency = o.currency;
SELECT o.order_id, r.rate FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
WHERE o.price > 6.00;
SELECT x.order_id, r.rate FROM (SELECT order_id, currency, order_time FROM orders WHERE price < 60.00) AS x
JOIN rates FOR SYSTEM_TIME AS OF x.order_time AS r ON x.currency = r.currency;

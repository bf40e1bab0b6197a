-- Two temporal joins in a chain: each probe row waits for the first join's watermark, then the second's; the second probes with the same time attribute.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE taxes (
  currency STRING, tax DECIMAL(10, 2), tax_time TIMESTAMP(3),
  WATERMARK FOR tax_time AS tax_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
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
@taxes     EUR | 0.20 | 2024-01-01 10:00:00
@taxes     USD | 0.10 | 2024-01-01 10:03:00
@taxes +U  EUR | 0.25 | 2024-01-01 10:03:30
@taxes     GBP | 0.15 | 2024-01-01 10:10:00
SELECT o.order_id, r.rate, t.tax FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency
LEFT JOIN taxes FOR SYSTEM_TIME AS OF o.order_time AS t ON o.currency = t.currency;

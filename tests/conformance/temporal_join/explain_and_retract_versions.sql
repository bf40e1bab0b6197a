-- EXPLAIN CHANGELOG_MODE of temporal joins (an upsert versioned table read without ChangelogNormalize, a retract one behind DropUpdateBefore), then the retract versioned table's run.
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'retract');
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:01:00
@rates -U  EUR | 1.1000 | 2024-01-01 10:00:00
@rates +U  EUR | 1.2000 | 2024-01-01 10:02:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:03:00
@rates -U  EUR | 1.2000 | 2024-01-01 10:04:00
@orders    o3 | 3.00 | EUR | 2024-01-01 10:05:00
@rates     USD | 1.0000 | 2024-01-01 10:06:00
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

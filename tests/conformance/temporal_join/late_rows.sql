-- Late rows (Flink 2.3.0 keeps late probe rows: SEMANTICS.md §4.4's first reading): a probe row behind the join's watermark waits for the next advance and joins what the cleanup left (an older version may be gone); a late version is stored and used by later probes.
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
@rates +U  EUR | 2.0000 | 2024-01-01 10:05:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:06:00
@rates +U  EUR | 3.0000 | 2024-01-01 10:07:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:08:00
@orders    late1 | 9.00 | EUR | 2024-01-01 10:01:00
@orders    late2 | 9.50 | EUR | 2024-01-01 10:06:30
@rates     USD | 1.5000 | 2024-01-01 10:09:00
@rates +U  USD | 1.6000 | 2024-01-01 10:03:00
@orders    o3 | 3.00 | USD | 2024-01-01 10:10:00
@rates +U  EUR | 4.0000 | 2024-01-01 10:11:00
@orders    o4 | 4.00 | USD | 2024-01-01 10:12:00
@rates +U  USD | 1.7000 | 2024-01-01 10:13:00
SELECT o.order_id, r.rate, r.update_time FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, r.rate, r.update_time FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

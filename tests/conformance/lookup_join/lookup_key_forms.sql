-- More key forms: IS NOT DISTINCT FROM as the equality, the same lookup column equated twice, a
-- DECIMAL probe value against an INT column (the column would be cast: no lookup key), an extra
-- OR condition, a probe table with a WATERMARK (its row time passes through the lookup join into a
-- window aggregation), and an upsert-partial-delete lookup table (a -D carries only its key).
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  alt_id INT,
  price DECIMAL(10, 2),
  ts TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR ts AS ts
);

CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert-partial-delete', 'lookup' = 'true');

@customers    1 | Alice
@customers    2 | Bob
@orders       100 | 1 | 1 | 1.00 | 2024-01-01 10:00:00
@orders       101 | 2 | 1 | 2.00 | 2024-01-01 10:00:10
@customers -D 1 | NULL
@orders       102 | 1 | 1 | 1.00 | 2024-01-01 10:00:20
@orders       103 | NULL | 2 | 2.00 | 2024-01-01 10:01:30

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id IS NOT DISTINCT FROM c.id;

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON c.id = o.cust_id AND c.id = o.alt_id;

SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.price = c.id;

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.alt_id = c.id AND (c.name = 'Bob' OR o.order_id = 100);

CREATE VIEW enriched AS
SELECT o.order_id, o.ts, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.alt_id = c.id;

SELECT window_start, window_end, COUNT(*) AS n, COUNT(name) AS named
FROM TABLE(TUMBLE(TABLE enriched, DESCRIPTOR(ts), INTERVAL '1' MINUTE))
GROUP BY window_start, window_end;

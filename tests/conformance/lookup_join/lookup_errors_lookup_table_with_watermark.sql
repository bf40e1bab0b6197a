-- A lookup table that also declares a WATERMARK (a row time) and a PRIMARY KEY: Flink 2.3 plans the
-- processing-time join against it as a versioned table and fails in code generation
-- ("Unsupported call: __TEMPORAL_JOIN_CONDITION_PRIMARY_KEY"), whatever the query around it.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  ts TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR ts AS ts
);

CREATE TABLE customers (
  id INT,
  name STRING,
  updated TIMESTAMP(3),
  WATERMARK FOR updated AS updated,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@customers    1 | Alice | 2024-01-01 09:00:00
@orders       100 | 1 | 2024-01-01 10:00:00
@customers +U 1 | Alicia | 2024-01-01 09:30:00
@orders       101 | 1 | 2024-01-01 10:01:00
@customers    2 | Bob | 2024-01-01 09:40:00
@orders       102 | 2 | 2024-01-01 10:02:00

SELECT o.order_id, c.name AS looked_up, s.name AS scanned
FROM orders o
JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
JOIN customers s ON o.cust_id = s.id;

-- a window aggregation over a lookup join's output (its row time passes through)
SELECT window_start, c.name, COUNT(*) AS n
FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' MINUTE)) o
JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
GROUP BY window_start, window_end, c.name;

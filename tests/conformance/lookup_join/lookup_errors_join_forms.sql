-- Lookup-join forms Flink rejects or treats specially: RIGHT and FULL joins, AS OF a string column,
-- keys of different types, an expression as the probe's key, an expression on the lookup table's
-- column, an event-time period against a lookup table without a row time, and OR between keys.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  big_id BIGINT,
  code STRING,
  ts TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR ts AS ts
);

CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('lookup' = 'true');

@customers 1 | Alice
@customers 2 | Bob
@orders    100 | 1 | 1 | x | 2024-01-01 10:00:00
@orders    101 | 1 | 2 | y | 2024-01-01 10:00:01

SELECT o.order_id, c.name
FROM orders o RIGHT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, c.name
FROM orders o FULL JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.code AS c ON o.cust_id = c.id;

-- BIGINT probe key against an INT lookup key
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.big_id = c.id;

-- an expression as the probe's key
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id + 1 = c.id;

-- an expression on the lookup table's column
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id - 1;

-- event time against a lookup table without a row time
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.ts AS c ON o.cust_id = c.id;

-- OR of two equalities
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id OR o.order_id = c.id;

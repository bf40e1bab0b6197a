-- Conditions besides the lookup keys: on the looked-up row only, comparing both rows, and on the
-- probe row only. They are applied after the lookup: for INNER a failing row is dropped; for LEFT
-- the probe row is padded with NULLs (also when the condition is on the probe row alone: it is
-- part of the ON clause, not a filter).
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  amount INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  name STRING,
  credit INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@customers    1 | Alice | 100
@customers    2 | Bob   | 20
@customers    3 | NULL  | 50
@orders       10 | 1 | 50
@orders       11 | 2 | 50
@orders       12 | 3 | 5
@customers +U 2 | Bob   | 80
@orders       13 | 2 | 50
@orders       14 | 1 | 500

EXPLAIN
SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.cust_id = c.id AND o.amount <= c.credit AND c.name IS NOT NULL;

-- comparing both rows
SELECT o.order_id, c.name, c.credit
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.cust_id = c.id AND o.amount <= c.credit;

SELECT o.order_id, c.name, c.credit
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.cust_id = c.id AND o.amount <= c.credit;

-- on the looked-up row only (a NULL name fails IS NOT NULL)
SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.cust_id = c.id AND c.name IS NOT NULL;

-- on the probe row only: LEFT pads the orders that fail it
SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c
  ON o.cust_id = c.id AND o.amount > 10;

-- INNER with a WHERE on the looked-up row after the join
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
WHERE c.credit > 60;

-- Equalities with a constant are lookup keys too (Flink's LookupContext.getKeys()): a constant
-- alone (every order finds the same row), a constant next to an equality with the probe row, a
-- constant on a non-key column, and a constant written on the left of the equality.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  region STRING,
  name STRING
) WITH ('lookup' = 'true');

INSERT INTO customers VALUES (1, 'EU', 'Alice'), (2, 'US', 'Bob'), (3, 'EU', 'Carol');
INSERT INTO orders VALUES (100, 1), (101, 2), (102, 3), (103, CAST(NULL AS INT));

EXPLAIN
SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id AND c.region = 'EU';

EXPLAIN
SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON c.id = 2;

SELECT o.order_id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id AND c.region = 'EU';

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id AND c.region = 'EU';

SELECT o.order_id, c.id, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON 'EU' = c.region;

SELECT o.order_id, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON c.id = 2;

-- Three-table chain with an updating middle table: orders -> customers (upsert, PRIMARY KEY id) ->
-- regions (insert-only), keys differ per level (orders.cust_id = customers.id,
-- customers.region_id = regions.id). LEFT-LEFT and INNER-LEFT. Checks: a +U on the middle table
-- that changes region_id flows through both joins (retract old chain rows, emit new ones);
-- a -D of the middle row pads the orders rows again.
CREATE TABLE orders (
  order_id INT,
  cust_id INT
);

CREATE TABLE customers (
  id INT,
  name STRING,
  region_id INT,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE regions (
  id INT,
  rname STRING
);

@orders        1 | 100
@customers     100 | Alice | 1
@regions       1 | North
@orders        2 | 100
@customers +U  100 | Alice | 2
@regions       2 | South
@customers     200 | Bob | 1
@orders        3 | 200
@customers -D  100 | Alice | 2

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, c.name, r.rname FROM orders o LEFT JOIN customers c ON o.cust_id = c.id LEFT JOIN regions r ON c.region_id = r.id;

SELECT o.order_id, c.name, r.rname FROM orders o LEFT JOIN customers c ON o.cust_id = c.id LEFT JOIN regions r ON c.region_id = r.id;

SELECT o.order_id, c.name, r.rname FROM orders o JOIN customers c ON o.cust_id = c.id LEFT JOIN regions r ON c.region_id = r.id;

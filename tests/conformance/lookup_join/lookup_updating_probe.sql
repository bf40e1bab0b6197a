-- The probe side is an upsert table (its ChangelogNormalize emits -U/+U and -D): the lookup join
-- forwards each probe row's kind, looking up the store as it is when that row arrives, so the
-- -U of an order can carry a different customer version than its +I did. Also a retract probe.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  amount INT,
  proc_time AS PROCTIME(),
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@customers    1 | Alice
@customers    2 | Bob
@orders       100 | 1 | 10
@orders       101 | 2 | 20
@customers +U 1 | Alicia
@orders    +U 100 | 1 | 11           -- the retraction of 100 now finds Alicia
@orders    +U 101 | 1 | 21           -- order 101 moves to customer 1
@orders    -D 100 | 1 | 11
@orders       102 | 7 | 30

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.amount, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.amount, c.name
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.amount, c.name
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

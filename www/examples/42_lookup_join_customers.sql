-- title: Lookup join (Apache Flink): orders look up customers as the table is at that moment
-- about: Flink's lookup join: JOIN customers FOR SYSTEM_TIME AS OF o.proc_time on a table a lookup connector serves ('lookup' = 'true' here, as the oracle declares it; 'connector' = 'jdbc' works too). Each order looks up its customer in the table as it is at that step of the arrival order: order 100 sees Alice silver, order 102 (after the +U) Alice gold, order 103 finds nothing (customer 2 was deleted) and order 105 sees Bobby. Emitted rows are never revised: the output is insert-only. The last query joins the same data as a regular join, whose rows ARE revised when a customer changes. The lookup table has no watermark and nothing waits for it. Confluent Cloud looks up its external tables with KEY_SEARCH_AGG and friends instead: see examples 43-46.
SET 'joinlab.dialect' = 'flink';
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  amount INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  name STRING,
  tier STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@customers    1 | Alice | silver
@customers    2 | Bob   | gold
@orders       100 | 1 | 10
@orders       101 | 2 | 20
@customers +U 1 | Alice | gold       -- customer 1 changes tier
@orders       102 | 1 | 30
@customers -D 2 | Bob   | gold       -- customer 2 deleted
@orders       103 | 2 | 40
@orders       104 | 1 | 50
@customers    2 | Bobby | bronze     -- customer 2 back with a new version
@orders       105 | 2 | 60
@orders       106 | 7 | 70           -- no customer 7
@orders       107 | NULL | 80        -- NULL key

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, c.name, c.tier
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.amount, c.name, c.tier
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.cust_id, c.name, c.tier
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.cust_id, c.name, c.tier
FROM orders o LEFT JOIN customers c ON o.cust_id = c.id;

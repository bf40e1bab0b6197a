-- title: Lookup join (Apache Flink) in front of a regular join, with a NULL key
-- about: Orders are enriched with their customer by a lookup join (customers declared 'lookup' = 'true'), then joined with shipments by a regular LEFT join. The lookup reads the customers store at the order's step and never revises what it emitted: order 100 keeps tier silver after customer 1 becomes gold at step 5. The regular join above it does revise: it pads an order without a shipment with NULLs, then retracts that row (-D) when the shipment arrives. Order 101 has a NULL cust_id: a NULL key finds nothing (Flink never sends it to the store), so the LEFT lookup pads it and it still meets its shipment. The second query is the INNER lookup: order 101 and order 104 (customer 9 does not exist) never reach the regular join.
SET 'joinlab.dialect' = 'flink';
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  name STRING,
  tier STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

CREATE TABLE shipments (
  ship_order_id INT,
  carrier STRING
);

@customers    1 | Alice | silver
@customers    2 | Bob   | gold
@orders       100 | 1
@orders       101 | NULL             -- NULL key: finds nothing
@customers +U 1 | Alice | gold       -- comes after order 100: its row is not revised
@shipments    100 | DHL
@orders       102 | 1
@shipments    101 | UPS
@orders       103 | 2
@orders       104 | 9                -- no customer 9
@shipments    103 | DHL

SELECT e.order_id, e.name, e.tier, s.carrier
FROM (
  SELECT o.order_id, c.name, c.tier
  FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
) e
LEFT JOIN shipments s ON e.order_id = s.ship_order_id;

SELECT e.order_id, e.name, e.tier, s.carrier
FROM (
  SELECT o.order_id, c.name, c.tier
  FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
) e
LEFT JOIN shipments s ON e.order_id = s.ship_order_id;

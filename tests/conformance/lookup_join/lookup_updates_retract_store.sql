-- A lookup table fed as a retract changelog (-U / +U pairs, -D, re-insert) with a PRIMARY KEY:
-- each change is applied to the store at its place in the arrival order (-U removes the key's row,
-- +U puts the new one), so an order between the -U and the +U of its customer finds nothing; emitted
-- rows are never revised.
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
) WITH ('changelog-mode' = 'retract', 'lookup' = 'true');

@customers    1 | Alice | silver
@customers    2 | Bob   | gold
@orders       100 | 1
@customers -U 1 | Alice | silver
@orders       101 | 1                -- between -U and +U: customer 1 is gone
@customers +U 1 | Alice | gold
@orders       102 | 1
@customers -D 2 | Bob   | gold
@orders       103 | 2
@customers +I 2 | Bob   | platinum
@orders       104 | 2
@customers +U 3 | Carol | gold       -- +U of a key never inserted: put
@orders       105 | 3
@customers -D 9 | Nobody | none      -- -D of an absent key: nothing happens
@orders       106 | 9

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, c.name, c.tier
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, c.name, c.tier
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

SELECT o.order_id, o.cust_id, c.name, c.tier
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

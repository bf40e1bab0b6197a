-- A lookup join feeding a group aggregation: revenue per customer tier, the tier taken AS OF each
-- order. When a customer's tier changes, later orders count under the new tier; the earlier ones
-- stay where they were counted (the lookup never retracts). Also a lookup join whose probe side is
-- a filtered, projected view.
CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  amount INT,
  proc_time AS PROCTIME()
);

CREATE TABLE customers (
  id INT,
  tier STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@customers    1 | gold
@customers    2 | silver
@orders       100 | 1 | 10
@orders       101 | 2 | 20
@orders       102 | 1 | 30
@customers +U 2 | gold
@orders       103 | 2 | 40
@orders       104 | 3 | 50
@orders       105 | 2 | 5

SELECT c.tier, COUNT(*) AS n, SUM(o.amount) AS revenue
FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
GROUP BY c.tier;

SELECT COALESCE(c.tier, 'none') AS tier, COUNT(*) AS n
FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id
GROUP BY COALESCE(c.tier, 'none');

SELECT v.order_id, c.tier
FROM (SELECT order_id, cust_id, proc_time FROM orders WHERE amount >= 20) v
  JOIN customers FOR SYSTEM_TIME AS OF v.proc_time AS c ON v.cust_id = c.id;

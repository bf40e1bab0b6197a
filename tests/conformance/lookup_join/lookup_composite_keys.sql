-- Lookup by a composite key (two equality conditions, written in either order and either
-- direction): both must match. The store's primary key is (sku, region); a NULL in one key
-- column finds nothing. EXPLAIN shows the lookup keys in the lookup table's column order.
CREATE TABLE orders (
  order_id INT,
  sku STRING,
  region STRING,
  qty INT,
  proc_time AS PROCTIME()
);

CREATE TABLE prices (
  sku STRING,
  region STRING,
  price INT,
  PRIMARY KEY (sku, region) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert', 'lookup' = 'true');

@prices    apple | EU | 3
@prices    apple | US | 4
@prices    pear  | EU | 5
@orders    1 | apple | EU | 10
@orders    2 | apple | US | 20
@orders    3 | pear  | US | 30
@prices +U apple | EU | 6
@orders    4 | apple | EU | 40
@orders    5 | NULL  | EU | 50
@orders    6 | pear  | NULL | 60
@prices -D apple | US | 4
@orders    7 | apple | US | 70

EXPLAIN
SELECT o.order_id, o.qty, p.price
FROM orders o JOIN prices FOR SYSTEM_TIME AS OF o.proc_time AS p
  ON o.region = p.region AND p.sku = o.sku;

SELECT o.order_id, o.qty, p.price
FROM orders o JOIN prices FOR SYSTEM_TIME AS OF o.proc_time AS p
  ON o.region = p.region AND p.sku = o.sku;

SELECT o.order_id, o.sku, o.region, p.price
FROM orders o LEFT JOIN prices FOR SYSTEM_TIME AS OF o.proc_time AS p
  ON o.sku = p.sku AND o.region = p.region;

-- only part of the primary key: every row of that sku matches
SELECT o.order_id, p.region, p.price
FROM orders o JOIN prices FOR SYSTEM_TIME AS OF o.proc_time AS p ON o.sku = p.sku;

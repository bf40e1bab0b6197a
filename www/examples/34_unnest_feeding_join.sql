-- title: UNNEST feeding a join: each order's product ids joined with the products
-- about: An order lists its products as an ARRAY<INT>. UNNEST fans it out into one row per product id, and those rows feed a regular join with products, an upsert table keyed by id. Order 1 [10, 20, 30] at step 3 becomes three rows: 10 and 20 join Apple and Pear at once, 30 waits in the join's state until Plum arrives at step 6. The +U of product 20 at step 5 revises every joined row of 20 (orders 1 and 2): -U of the Pear rows, +U of the Green Pear rows. The LEFT JOIN (query 2) emits 30 padded with NULLs first and retracts it when Plum arrives; there the update of product 20 goes through a padded row: Flink's join takes the -U (the Pear rows go, each order's 20 padded with NULLs) and then the +U (the padded rows go, the Green Pear rows come).
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id INT,
  product_ids ARRAY<INT>
);

CREATE TABLE products (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@products 10 | Apple
@products 20 | Pear
@orders 1 | [10, 20, 30]
@orders 2 | [20]
@products +U 20 | Green Pear
@products 30 | Plum

SELECT o.order_id, u.pid, p.name
FROM orders o CROSS JOIN UNNEST(o.product_ids) AS u (pid)
JOIN products p ON u.pid = p.id;

SELECT o.order_id, u.pid, p.name
FROM orders o CROSS JOIN UNNEST(o.product_ids) AS u (pid)
LEFT JOIN products p ON u.pid = p.id;

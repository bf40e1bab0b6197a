-- UNNEST feeding a regular join (the gallery's case): each order's product ids unnested and
-- joined with an upsert products table; a product's update revises the joined rows.
CREATE TABLE orders (order_id INT, product_ids ARRAY<INT>);
CREATE TABLE products (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
@products 10 | Apple
@products 20 | Pear
@orders 1 | [10, 20, 30]
@orders 2 | [20]
@products +U 20 | Green Pear
@products 30 | Plum
SELECT o.order_id, u.pid, p.name
FROM orders o CROSS JOIN UNNEST(o.product_ids) AS u(pid)
JOIN products p ON u.pid = p.id;
SELECT o.order_id, u.pid, p.name
FROM orders o CROSS JOIN UNNEST(o.product_ids) AS u(pid)
LEFT JOIN products p ON u.pid = p.id;

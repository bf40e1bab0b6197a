-- A join of an append table and an upsert table, with @ lines that an INSERT cannot carry.
SET 'sql.local-time-zone' = 'UTC';
SET 'joinlab.watermark-emit' = 'on-marker';

CREATE TABLE orders (
  id INT,
  product_id INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
);
CREATE TABLE products (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders 1 | 10 | 2024-01-01 10:00:00
@products 10 | 'It''s'
@products -U 10 | 'It''s'
@products +U 10 | Pear
@watermark orders 2024-01-01 10:00:05
@orders -D 1 | 10 | 2024-01-01 10:00:00
@products -D 10 | Pear

SELECT o.id, p.name FROM orders o LEFT JOIN products p ON o.product_id = p.id;

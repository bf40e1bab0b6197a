-- Upsert input joined on a NON-primary-key column (Product.category), so the join key does not
-- contain the unique key: Flink must put ChangelogNormalize after the upsert source (see the
-- EXPLAIN CHANGELOG_MODE blocks: ChangelogNormalize(key=[id]) and rightInputSpec=[HasUniqueKey]).
-- Checks: +U that keeps the category, +U that moves a product to another category (retract from
-- the old key's partners, add to the new one's), -D, re-insert; INNER, LEFT, RIGHT, FULL.
CREATE TABLE orders (
  order_id INT,
  category STRING
);

CREATE TABLE Product (
  id INT,
  category STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders      1 | fruit
@Product     10 | fruit | Apple
@Product     11 | fruit | Pear
@orders      2 | veg
@Product +U  10 | fruit | Green Apple
@Product +U  11 | veg | Pear
@orders      3 | fruit
@Product -D  10 | fruit | Green Apple
@Product     12 | nuts | Almond
@Product     10 | veg | Apple

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.category, p.id, p.name FROM orders o JOIN Product p ON o.category = p.category;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.category, p.id, p.name FROM orders o LEFT JOIN Product p ON o.category = p.category;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.category, p.id, p.name FROM orders o RIGHT JOIN Product p ON o.category = p.category;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.category, p.id, p.name FROM orders o FULL JOIN Product p ON o.category = p.category;

SELECT o.order_id, o.category, p.id, p.name FROM orders o JOIN Product p ON o.category = p.category;

SELECT o.order_id, o.category, p.id, p.name FROM orders o LEFT JOIN Product p ON o.category = p.category;

SELECT o.order_id, o.category, p.id, p.name FROM orders o RIGHT JOIN Product p ON o.category = p.category;

SELECT o.order_id, o.category, p.id, p.name FROM orders o FULL JOIN Product p ON o.category = p.category;

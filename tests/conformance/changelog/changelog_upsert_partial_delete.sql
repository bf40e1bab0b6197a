-- 'changelog-mode' = 'upsert-partial-delete': deletes carry only the key, the other columns are NULL
-- (`@Product -D 10 | NULL | NULL`). Joined on the primary key (INNER, LEFT, FULL) and on a non-key
-- column (INNER, LEFT), plus the bare table. Checks what the -D of the join output carries (the stored
-- full row or the NULL columns) and where ChangelogNormalize is planned (EXPLAIN CHANGELOG_MODE).
CREATE TABLE orders (
  order_id INT,
  pid INT,
  category STRING
);

CREATE TABLE Product (
  id INT,
  category STRING,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert-partial-delete');

@orders      1 | 10 | fruit
@Product     10 | fruit | Apple
@Product     20 | veg | Leek
@orders      2 | 20 | veg
@Product +U  10 | fruit | Green Apple
@Product -D  10 | NULL | NULL
@orders      3 | 10 | fruit
@Product -D  20 | NULL | NULL
@Product     10 | fruit | Red Apple

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.category = p.category;

SELECT o.order_id, p.id, p.category, p.name FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.category, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.category, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.category, p.name FROM orders o JOIN Product p ON o.category = p.category;

SELECT o.order_id, p.id, p.category, p.name FROM orders o LEFT JOIN Product p ON o.category = p.category;

SELECT * FROM Product;

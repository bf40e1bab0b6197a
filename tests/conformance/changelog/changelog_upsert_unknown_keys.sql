-- Upsert input edge cases, joined on the primary key: +U of a key never inserted (acts as an insert),
-- -D of a key never inserted, and -D of an already deleted key. INNER, LEFT, RIGHT, FULL joins and
-- the bare table. Checks whether a spurious retraction reaches the join output (the materialized
-- blocks print `# WARNING retraction of absent row` if it does).
CREATE TABLE orders (
  order_id INT,
  pid INT
);

CREATE TABLE Product (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders      1 | 30
@Product +U  30 | Plum
@Product -D  40 | Ghost
@orders      2 | 40
@Product -D  30 | Plum
@Product -D  30 | Plum
@Product +U  50 | Fig
@Product +U  50 | Dried Fig

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, p.id, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o RIGHT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT * FROM Product;

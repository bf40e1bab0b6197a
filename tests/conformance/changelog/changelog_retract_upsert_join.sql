-- A retract input (orders with PRIMARY KEY order_id, -U/+U/-D) joined with an upsert input
-- (Product, PRIMARY KEY id) on Product's key: INNER, LEFT, FULL; and the upsert side preserved
-- (Product LEFT JOIN orders). Checks the interleaving of updates arriving from both sides and the
-- input specs (orders: HasUniqueKey, the join key is not its key; Product: JoinKeyContainsUniqueKey).
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT,
  PRIMARY KEY (order_id) NOT ENFORCED
) WITH ('changelog-mode' = 'retract');

CREATE TABLE Product (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders      1 | 10 | 2
@Product     10 | Apple
@orders -U   1 | 10 | 2
@orders +U   1 | 10 | 3
@Product +U  10 | Green Apple
@orders      2 | 20 | 1
@orders -U   1 | 10 | 3
@orders +U   1 | 20 | 3
@Product     20 | Pear
@Product -D  20 | Pear
@orders -D   2 | 20 | 1
@Product     20 | Nashi

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.qty, p.id, p.name FROM orders o JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, o.qty, p.id, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.qty, p.id, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

SELECT p.id, p.name, o.order_id, o.qty FROM Product p LEFT JOIN orders o ON p.id = o.pid;

-- A table with PRIMARY KEY (id) NOT ENFORCED in the default insert-only mode whose key repeats
-- (two +I rows with id 10). Joined on that key (the join state is chosen from the declared key:
-- JoinKeyContainsUniqueKey) in INNER and LEFT joins, from both sides, and on a non-key column.
-- Checks whether the second +I replaces the first (no retraction of the earlier joined rows) or is
-- kept as a second row. EXPLAIN CHANGELOG_MODE shows the input specs.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  tag STRING
);

CREATE TABLE Product (
  id INT,
  name STRING,
  tag STRING,
  PRIMARY KEY (id) NOT ENFORCED
);

@orders  1 | 10 | x
@Product 10 | Apple | x
@Product 10 | Green Apple | x
@orders  2 | 10 | x
@Product 20 | Pear | y
@Product 20 | Pear | y
@orders  3 | 20 | y

EXPLAIN CHANGELOG_MODE
SELECT o.order_id, p.id, p.name FROM orders o JOIN Product p ON o.pid = p.id;
EXPLAIN CHANGELOG_MODE
SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.tag = p.tag;

SELECT o.order_id, p.id, p.name FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT p.id, p.name, o.order_id FROM Product p LEFT JOIN orders o ON p.id = o.pid;

SELECT o.order_id, p.id, p.name FROM orders o JOIN Product p ON o.tag = p.tag;

SELECT o.order_id, p.id, p.name FROM orders o LEFT JOIN Product p ON o.tag = p.tag;

SELECT * FROM Product;

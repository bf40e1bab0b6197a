-- SET 'oracle.mode' = 'unbounded' on regular joins: the run stops after the last row, so there is no
-- end-of-input block and only the "materialized at end of script" table. INNER, LEFT and FULL joins
-- with a late match and an unmatched row on each side (same output as the bounded run, minus the
-- end-of-input part: regular joins emit nothing at end of input).
SET 'oracle.mode' = 'unbounded';

CREATE TABLE orders (
  order_id INT,
  pid INT
);

CREATE TABLE Product (
  id INT,
  name STRING
);

@orders  1 | 10
@Product 20 | Pear
@Product 10 | Apple
@orders  2 | 30
@orders  3 | 20

SELECT o.order_id, p.name FROM orders o JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.id, p.name FROM orders o FULL JOIN Product p ON o.pid = p.id;

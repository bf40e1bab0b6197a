-- Regular (non-window) equi-join orders.pid = Product.id: INNER / LEFT / RIGHT / FULL OUTER.
-- Checks: rows arriving before and after their match; several matches per key on BOTH sides
-- (key 10: two orders wait, then two products arrive -> per-match -D pad / +I sequences;
--  key 50: two products wait, then one order arrives -> RIGHT/FULL retract both padded rows);
-- unmatched keys on both sides (order 5 / key 30, product 40); no watermarks, arrival as written.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING
);

@orders  1 | 10 | 2
@orders  2 | 10 | 7
@Product 10 | Apple
@Product 20 | Pear
@Product 10 | Green Apple
@orders  3 | 10 | 1
@orders  4 | 20 | 3
@orders  5 | 30 | 1
@Product 40 | Kiwi
@Product 20 | Red Pear
@Product 50 | Fig
@Product 50 | Dried Fig
@orders  6 | 50 | 2
@orders  7 | 20 | 4

SELECT o.order_id, o.pid, o.qty, p.id, p.name
FROM orders o INNER JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.pid, o.qty, p.id, p.name
FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.pid, o.qty, p.id, p.name
FROM orders o RIGHT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, o.pid, o.qty, p.id, p.name
FROM orders o FULL OUTER JOIN Product p ON o.pid = p.id;

-- the same FULL join written with the tables swapped (Product is now the left input)
SELECT p.id, p.name, o.order_id, o.pid, o.qty
FROM Product p FULL JOIN orders o ON p.id = o.pid;

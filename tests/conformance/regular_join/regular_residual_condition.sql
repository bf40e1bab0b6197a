-- Residual (non-equi) conditions in the ON clause of regular joins:
-- ON o.pid = p.id AND o.qty > p.min_qty in INNER, LEFT, RIGHT and FULL joins. For key 10 only some
-- pairs pass the residual, so outer rows stay padded although their key has partners; a later
-- partner that passes retracts the padding. Also one-side-only conditions in a LEFT join's ON
-- (left-only: cannot filter the preserved side, its rows stay padded; right-only: pushed into the
-- right input) and the same condition in WHERE instead of ON.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING,
  min_qty INT
);

@orders  1 | 10 | 2
@Product 10 | Apple | 5
@orders  2 | 10 | 7
@Product 10 | Cheap Apple | 1
@orders  3 | 20 | 1
@Product 20 | Pear | 3
@Product 20 | Pear Bulk | 10
@orders  4 | 20 | 4
@orders  5 | 30 | 9

SELECT o.order_id, o.qty, p.name, p.min_qty
FROM orders o JOIN Product p ON o.pid = p.id AND o.qty > p.min_qty;

SELECT o.order_id, o.qty, p.name, p.min_qty
FROM orders o LEFT JOIN Product p ON o.pid = p.id AND o.qty > p.min_qty;

SELECT o.order_id, o.qty, p.name, p.min_qty
FROM orders o RIGHT JOIN Product p ON o.pid = p.id AND o.qty > p.min_qty;

SELECT o.order_id, o.qty, p.name, p.min_qty
FROM orders o FULL JOIN Product p ON o.pid = p.id AND o.qty > p.min_qty;

-- left-only condition in a LEFT join's ON: orders with qty <= 3 never match but are kept padded
SELECT o.order_id, o.qty, p.name
FROM orders o LEFT JOIN Product p ON o.pid = p.id AND o.qty > 3;

-- right-only condition in a LEFT join's ON (filters Product before the join)
SELECT o.order_id, o.qty, p.name
FROM orders o LEFT JOIN Product p ON o.pid = p.id AND p.min_qty < 5;

-- the same left-only condition in WHERE: filters the preserved side
SELECT o.order_id, o.qty, p.name
FROM orders o LEFT JOIN Product p ON o.pid = p.id WHERE o.qty > 3;

EXPLAIN
SELECT o.order_id, o.qty, p.name
FROM orders o LEFT JOIN Product p ON o.pid = p.id AND o.qty > 3;

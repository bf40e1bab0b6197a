-- title: Regular joins: INNER, LEFT, RIGHT, FULL with late matches
-- about: Orders and products joined on the product id, with no windows and no watermarks: a regular join keeps every row of both sides in state (forever, unless a state TTL is set) and emits as soon as a match exists. Orders 1 and 2 arrive before their product (10); product 50 (Fig) arrives before its order (3). The INNER join just waits; the LEFT join first emits each waiting order padded with NULLs, then retracts that row (-D) and emits the joined one (+I) when the product arrives; RIGHT does the same for the product waiting for an order, and FULL does both. A second product 10 (Green Apple) matches both stored orders again. Order 4 (product 30) and product 40 (Kiwi) never find a partner. Pick a query with the selector, and watch the state pane: "matches: 0" marks a row that is currently out padded with NULLs.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id INT,
  product_id INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING
);

INSERT INTO orders VALUES (1, 10, 2), (2, 10, 7);
INSERT INTO Product VALUES (10, 'Apple'), (50, 'Fig'), (40, 'Kiwi');
INSERT INTO orders VALUES (3, 50, 1), (4, 30, 5);
INSERT INTO Product VALUES (10, 'Green Apple');

-- INNER: only matched pairs, never a retraction
SELECT o.order_id, o.qty, p.id, p.name
FROM orders o INNER JOIN Product p ON o.product_id = p.id;

-- LEFT: every order, padded with NULLs until its product arrives
SELECT o.order_id, o.qty, p.id, p.name
FROM orders o LEFT JOIN Product p ON o.product_id = p.id;

-- RIGHT: every product, padded with NULLs until an order for it arrives
SELECT o.order_id, o.qty, p.id, p.name
FROM orders o RIGHT JOIN Product p ON o.product_id = p.id;

-- FULL: both
SELECT o.order_id, o.qty, p.id, p.name
FROM orders o FULL OUTER JOIN Product p ON o.product_id = p.id;

-- title: A cross join is rejected (Confluent Cloud)
-- error-at: 21:26
-- about: A join without an equality between its inputs pairs every row with every row, and a streaming engine would have to keep both inputs in state forever and re-emit every pair on each new row. Confluent Cloud rejects such joins (a CROSS JOIN, a comma join without WHERE equality, a theta join); the editor underlines where, and the error says why. Apache Flink 2.3 runs them: switch the dialect to Apache Flink to see query 1 run. Query 2 is what is usually meant: the same tables joined on the product id, which runs in both dialects.
CREATE TABLE orders (
  order_id INT,
  product_id INT
);

CREATE TABLE Product (
  id INT,
  name STRING
);

INSERT INTO orders VALUES (1, 10);
INSERT INTO orders VALUES (2, 20);
INSERT INTO Product VALUES (10, 'Apple');
INSERT INTO Product VALUES (20, 'Pear');

-- Query 1: every order with every product
SELECT o.order_id, p.name
FROM orders o CROSS JOIN Product p;

-- Query 2: each order with its product
SELECT o.order_id, p.name
FROM orders o JOIN Product p ON o.product_id = p.id;

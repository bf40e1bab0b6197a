-- Projections and filters on top of regular joins: WHERE on a padded column after a LEFT join
-- (`p.id IS NULL` = anti-join pattern: rows appear and are retracted later; `p.price > 1` keeps only
-- matched rows), CASE / COALESCE over nullable join outputs, arithmetic across both sides, and a
-- WHERE on the preserved side.
CREATE TABLE orders (
  order_id INT,
  pid INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING,
  price DECIMAL(10, 2)
);

@orders  1 | 10 | 2
@orders  2 | 20 | 1
@Product 10 | Apple | 1.50
@orders  3 | 30 | 4
@Product 20 | Pear | 0.80
@orders  4 | 10 | 3

SELECT o.order_id, o.pid FROM orders o LEFT JOIN Product p ON o.pid = p.id WHERE p.id IS NULL;

SELECT o.order_id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id WHERE p.price > 1;

SELECT o.order_id,
       COALESCE(p.name, 'unknown') AS name,
       CASE WHEN p.id IS NULL THEN 'missing' WHEN p.price > 1 THEN 'expensive' ELSE 'cheap' END AS kind,
       o.qty * p.price AS total
FROM orders o LEFT JOIN Product p ON o.pid = p.id;

SELECT o.order_id, p.name FROM orders o LEFT JOIN Product p ON o.pid = p.id WHERE o.qty >= 2;

SELECT COALESCE(o.pid, p.id) AS pid, o.order_id, p.name
FROM orders o FULL JOIN Product p ON o.pid = p.id WHERE COALESCE(o.qty, 0) < 4;

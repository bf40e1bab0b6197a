-- title: An upsert table: updates and deletes through a join
-- about: Product has a primary key and is read as an upsert stream: a row for a key that exists replaces it, and -D deletes it. Flink puts a ChangelogNormalize operator in front of the join; it keeps the latest row per key and turns each upsert into a proper update (-U old, +U new) or delete. The join then retracts what it emitted before, and the changelog pairs each retraction with the row that replaces it. When Apple becomes Green Apple, the join handles the update as the old product leaving and the new one arriving: order 1's joined row is retracted (-U) and the order is padded with NULLs (+I), then that padded row is retracted (-D) and the new joined row emitted (+I). When Pear is deleted, order 2 goes back to being padded with NULLs until a new product 20 arrives. Query 2 shows ChangelogNormalize's own output: the -U/+U pairs.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id INT,
  product_id INT,
  qty INT
);

CREATE TABLE Product (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@orders     1 | 10 | 2
@Product    10 | Apple
@orders     2 | 20 | 1
@Product    20 | Pear
@Product +U 10 | Green Apple
@Product -D 20 | Pear
@orders     3 | 10 | 5
@Product    20 | Nashi Pear

SELECT o.order_id, o.qty, p.id, p.name
FROM orders o LEFT JOIN Product p ON o.product_id = p.id;

SELECT * FROM Product;

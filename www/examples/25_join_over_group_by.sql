-- title: A regular join over a GROUP BY: updates flow through the join
-- about: The aggregation counts and sums each customer's orders; every new order changes its customer's result, so the GROUP BY sends -U (the old result) and +U (the new one), and the join, which already emitted a row for the old result, must retract it too: the -U/+U pair comes out of the join as well. The customers table is an upsert table, so renaming Alice (step 6) is an update on the other side, with its own -U/+U. The LEFT join (query 2) shows the bigger surprise: the join handles the -U and the +U one after the other, so between them the customer has no match and is padded with NULLs for a moment: a new order gives -U (the old joined row), +I (padded with NULLs), -D (that padded row) and +I (the new joined row) — four rows for one update (steps 3 and 7). Bob is first emitted padded with NULLs (step 4), then that row is deleted (-D) and replaced (+I) when his first order's result arrives. Both operators are updating (see their badges in the plan and the state pane), and so is the result.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id INT,
  customer_id INT,
  amount INT
);

CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@customers    1 | Alice
@orders       1 | 1 | 10
@orders       2 | 1 | 5
@customers    2 | Bob
@orders       3 | 2 | 7
@customers +U 1 | Alicia
@orders       4 | 1 | 20

SELECT c.name, t.order_count, t.total
FROM (SELECT customer_id, COUNT(*) AS order_count, SUM(amount) AS total FROM orders GROUP BY customer_id) t
JOIN customers c ON t.customer_id = c.id;

SELECT c.name, t.order_count, t.total
FROM customers c
LEFT JOIN (SELECT customer_id, COUNT(*) AS order_count, SUM(amount) AS total FROM orders GROUP BY customer_id) t
ON t.customer_id = c.id;

-- title: State TTL: a regular join forgets old rows
-- about: A regular join keeps every row forever unless a state TTL says otherwise. JoinLab runs state TTL on a simulated processing-time clock that moves 1 second per step (SET 'joinlab.proctime-step'; the clock is shown next to the step counter). Query 1 keeps its state; query 2 sets 'sql.state-ttl' to 5 seconds, so a row that was not written for 5 seconds of processing time leaves the state (the step says so), and product 10, arriving 7 seconds after order 1, no longer finds it. Apache Flink's state TTL counts the real wall clock, so its output for this script depends on how fast it runs: this example has no oracle output.
SET 'joinlab.dialect' = 'flink';
SET 'joinlab.proctime-step' = '1 s';

CREATE TABLE orders (
  order_id INT,
  product_id INT
);

CREATE TABLE Product (
  id INT,
  name STRING
);

INSERT INTO orders VALUES (1, 10), (2, 20);
INSERT INTO Product VALUES (20, 'Pear'), (30, 'Fig');
INSERT INTO orders VALUES (3, 30), (4, 30), (5, 40);
INSERT INTO Product VALUES (10, 'Apple'), (40, 'Kiwi');

-- Query 1: no TTL, the state keeps every row
SELECT o.order_id, p.id, p.name
FROM orders o JOIN Product p ON o.product_id = p.id;

SET 'sql.state-ttl' = '5 s';

-- Query 2: rows leave the state 5 s (5 steps) after they were last written
SELECT o.order_id, p.id, p.name
FROM orders o JOIN Product p ON o.product_id = p.id;

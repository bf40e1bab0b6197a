-- Batch mode: UNNEST of a column and a lookup join are pipelined (their rows come out at the step
-- that read them); a lookup
-- join above a regular join looks up when the join's rows come out, at the end, in the table
-- as it is then.
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE orders (order_id INT, cust_id INT, tags ARRAY<INT>, proc_time AS PROCTIME());
CREATE TABLE customers (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('lookup' = 'true');
CREATE TABLE payments (order_id INT, amount INT);
@customers 1 | Alice
@orders 100 | 1 | [1, 2]
@payments 100 | 10
@customers 1 | Alicia
@orders 101 | 1 | []
@orders 102 | 2 | [3]
@payments 102 | 20
@customers 2 | Bob
SELECT o.order_id, t.tag FROM orders o CROSS JOIN UNNEST(o.tags) AS t(tag);
SELECT o.order_id, c.name FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;
SELECT o.order_id, c.name FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;
SELECT j.order_id, j.amount, c.name FROM (SELECT o.order_id, o.cust_id, o.proc_time, p.amount FROM orders o JOIN payments p ON o.order_id = p.order_id) j LEFT JOIN customers FOR SYSTEM_TIME AS OF j.proc_time AS c ON j.cust_id = c.id;
SELECT order_id FROM orders UNION ALL SELECT order_id FROM payments;

-- Batch mode: what Flink 2.3's batch planner rejects. A temporal join names its correlation
-- variable, numbered across the script: the EXPLAINs are planned first, then the queries (the
-- UNNEST of a column and the correlated NOT EXISTS each take one).
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs only without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE orders (order_id STRING, currency STRING, tags ARRAY<INT>, order_time TIMESTAMP(3), WATERMARK FOR order_time AS order_time);
CREATE TABLE rates (currency STRING, rate INT, update_time TIMESTAMP(3), WATERMARK FOR update_time AS update_time, PRIMARY KEY (currency) NOT ENFORCED);
CREATE TABLE upserts (id INT, v STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
INSERT INTO orders VALUES ('o1', 'EUR', ARRAY[1, 2], TIMESTAMP '2024-01-01 10:00:00');
INSERT INTO rates VALUES ('EUR', 2, TIMESTAMP '2024-01-01 09:00:00');
INSERT INTO upserts VALUES (1, 'x'), (1, 'y');
EXPLAIN SELECT order_id, rate FROM orders JOIN rates FOR SYSTEM_TIME AS OF orders.order_time ON orders.currency = rates.currency;
SELECT o.order_id, t.v FROM orders o CROSS JOIN UNNEST(o.tags) AS t(v);
SELECT order_id, rate FROM orders JOIN rates FOR SYSTEM_TIME AS OF orders.order_time ON orders.currency = rates.currency;
SELECT o.order_id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM rates r WHERE r.currency = o.currency AND r.rate > 5);
SELECT order_id, rate FROM orders LEFT JOIN rates FOR SYSTEM_TIME AS OF orders.order_time ON orders.currency = rates.currency;
SELECT * FROM upserts;
SELECT o.order_id, u.v FROM orders o JOIN upserts u ON CHAR_LENGTH(o.order_id) = u.id;
SELECT window_start, COUNT(*) FROM TABLE(SESSION(TABLE orders, DESCRIPTOR(order_time), INTERVAL '2' SECOND)) GROUP BY window_start, window_end;
SELECT * FROM TABLE(SESSION(TABLE orders, DESCRIPTOR(order_time), INTERVAL '2' SECOND));

-- title: Batch mode: the same joins, final rows only
-- about: SET 'execution.runtime-mode' = 'batch' (Confluent Cloud: SET 'sql.snapshot.mode' = 'now', a snapshot query). The sources are bounded and there is no watermark before the end. The LEFT JOIN and the window count read all of their input first and emit only final rows (+I), all at the end of input: no padded row is emitted and retracted, and the 10:00:02 reading that a streaming job drops as late (the watermark had passed 10:00:10) is counted. The lookup join is pipelined: each order looks up its customer as it arrives. Compare with the streaming run of the same script.
-- compare: 50_streaming_same_script
SET 'joinlab.dialect' = 'flink';
SET 'execution.runtime-mode' = 'batch';
-- (the oracle's harness runs batch jobs without Flink 2.x's adaptive joins)
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';
SET 'joinlab.arrival' = 'as-written';

CREATE TABLE orders (
  order_id INT,
  cust_id INT,
  ts TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR ts AS ts
);
CREATE TABLE payments (order_id INT, amount INT);
CREATE TABLE customers (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH ('lookup' = 'true');

@customers 1 | Alice
@orders    100 | 1 | 2024-01-01 10:00:01
@orders    101 | 2 | 2024-01-01 10:00:15
@payments  100 | 30
@customers 2 | Bob
@orders    102 | 1 | 2024-01-01 10:00:02
@payments  101 | 45

SELECT o.order_id, p.amount FROM orders o LEFT JOIN payments p ON o.order_id = p.order_id;

SELECT window_start, COUNT(*) AS orders FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '10' SECOND)) GROUP BY window_start, window_end;

SELECT o.order_id, c.name FROM orders o LEFT JOIN customers FOR SYSTEM_TIME AS OF o.proc_time AS c ON o.cust_id = c.id;

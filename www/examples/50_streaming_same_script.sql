-- title: Streaming mode: the batch example's script as a stream
-- about: The script of the batch-mode example without its batch SET: a stream. The LEFT JOIN emits order 100 padded with NULLs at once and retracts it (-D) when its payment arrives; order 102 has no payment and stays padded. The window count fires when the watermark passes a window's end, and the 10:00:02 order arrives after the watermark passed 10:00:15: it is late and dropped, so the first window counts 1, where the batch run counts 2. The lookup join gives the same rows in both modes.
-- compare: 49_batch_mode_results
SET 'joinlab.dialect' = 'flink';
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

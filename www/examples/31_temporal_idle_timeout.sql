-- title: Temporal join: an idle timeout lets the quiet rates table go
-- about: The previous example with 'table.exec.source.idle-timeout' = '2 s' (Confluent's 'sql.tables.scan.idle-timeout'). JoinLab only: the timeout counts processing time, which Apache Flink reads from the wall clock, so the oracle cannot show it; JoinLab runs it on its simulated clock (one second per step) as Flink's WatermarksWithIdleness does, checking every 200 ms. rates' last row comes at step 1 (processing time 00:00:01); at step 3 the join is still held back by rates; the check at 00:00:03.600, more than 2 s after the inactivity timer started, marks rates idle (the label on its lane), and the join's watermark becomes the orders' alone: o1 and o2 come out at step 4, then o3 at its own step, and o4 (USD, no rate) is padded at step 5 — no end of input needed. The price: a rate that arrived late after that would not be waited for.
SET 'joinlab.dialect' = 'flink';
SET 'table.exec.source.idle-timeout' = '2 s';

CREATE TABLE orders (
  order_id STRING,
  price DECIMAL(10, 2),
  currency STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);

CREATE TABLE rates (
  currency STRING,
  rate DECIMAL(10, 4),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');

@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:01:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:30:00
@orders    o3 | 3.00 | EUR | 2024-01-01 11:00:00
@orders    o4 | 4.00 | USD | 2024-01-01 12:00:00

SELECT o.order_id, r.rate
FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

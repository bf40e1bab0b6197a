-- title: Temporal join: a quiet rates table holds everything back
-- about: The seed's warning. rates gets one row, at 10:00, and then nothing: its watermark stays at 10:00, and a temporal join's watermark is the smaller of its inputs', so every later order waits — hollow on the timeline, listed in the state pane with the watermark it needs — while the line under the step sentence says the join is held back by rates and the timeline hatches the time between the two watermarks. Only the end of input (watermark +inf on both tables) releases them: o1, o2 and o3 join 1.1000 and o4 (USD, no rate) is padded with NULLs. Query 2 stops before the end of input ('oracle.mode' = 'unbounded'), as a job reading Kafka would: its orders never come out. The next example shows what an idle timeout changes.
SET 'joinlab.dialect' = 'flink';

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

SET 'oracle.mode' = 'unbounded';

SELECT o.order_id, r.rate
FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

-- The oracle's example h2: EXPLAIN of event-time temporal joins in BATCH mode: Flink 2.3 rejects them naming the correlation variable ($cor0, then $cor1).
SET 'execution.runtime-mode' = 'batch';

CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);

CREATE TABLE currency_rates (
  currency STRING,
  conversion_rate DECIMAL(10, 4),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
);

EXPLAIN
SELECT order_id, orders.currency, conversion_rate, order_time
FROM orders
LEFT JOIN currency_rates FOR SYSTEM_TIME AS OF orders.order_time
ON orders.currency = currency_rates.currency;

EXPLAIN
SELECT order_id, orders.currency, conversion_rate, order_time
FROM orders
JOIN currency_rates FOR SYSTEM_TIME AS OF orders.order_time
ON orders.currency = currency_rates.currency;

-- A processing-time temporal join on a changelog table that is not a lookup table: Flink 2.3 rejects it ("Processing-time temporal join is not supported yet."), whatever the versioned table's time attributes.
CREATE TABLE orders (order_id STRING, currency STRING, pt AS PROCTIME());
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE rates_proc (
  currency STRING, rate DECIMAL(10, 4), pt AS PROCTIME(),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | EUR
SELECT o.order_id, r.rate FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.pt AS r ON o.currency = r.currency;
SELECT o.order_id, r.rate FROM orders o LEFT JOIN rates_proc FOR SYSTEM_TIME AS OF o.pt AS r ON o.currency = r.currency;

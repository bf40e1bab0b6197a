-- Rejections of the period (SEMANTICS.md §4.1): AS OF the versioned table's own column, a constant (time travel), a plain timestamp column, a CAST, an expression on the time attribute (Flink's message ends in a stray quote), a VARCHAR column (Calcite's message with its position).
CREATE TABLE orders (
  order_id STRING, price DECIMAL(10, 2), currency STRING, order_time TIMESTAMP(3), plain_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time
);
CREATE TABLE rates (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE rates_no_pk (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time
);
CREATE TABLE rates_no_rowtime (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
CREATE TABLE rates_plain (
  currency STRING, rate DECIMAL(10, 4), update_time TIMESTAMP(3)
);
@rates     EUR | 1.1000 | 2024-01-01 10:00:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:01:00 | 2024-01-01 10:01:00
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF r.update_time AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF TIMESTAMP '2024-01-01 00:00:00' AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.plain_time AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF CAST(o.order_time AS TIMESTAMP(3)) AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time - INTERVAL '1' SECOND AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_id AS r ON o.currency = r.currency;

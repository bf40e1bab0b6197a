-- Rejections of the join (SEMANTICS.md §4.1): RIGHT and FULL (an IllegalStateException), no equality key (ON TRUE, an OR), an equality that misses the primary key (the message names the cast key columns Calcite pushed below the join).
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
SELECT * FROM orders o RIGHT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT * FROM orders o FULL JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON TRUE;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency OR o.price = r.rate;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.price = r.rate;
SELECT * FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.order_id = r.rate;
SELECT * FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.order_id = r.currency;

-- title: Temporal join: a rate deleted and re-inserted
-- about: A -D row of a versioned table ends its key: from the delete's time the key has no version, until a new row starts one. EUR 1.1000 is valid from 10:00; it is deleted at 10:02 (an end mark on the EUR row of the TemporalJoin lane) and re-inserted as 1.2500 at 10:04. o1 (10:01) joins 1.1000. o2 (10:03) falls between the delete and the re-insert: the version valid at its time is the delete, so the INNER join (query 1) drops it and the LEFT join (query 2) pads it with NULLs. o3 (10:04, the very millisecond of the re-insert) and o4 (10:05) join 1.2500: a version is valid from its own time on. Each order waits until the join's watermark reaches its time; the last USD rate (10:06) lifts it past them all.
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
@rates -D  EUR | 1.1000 | 2024-01-01 10:02:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:03:00
@rates     EUR | 1.2500 | 2024-01-01 10:04:00
@orders    o3 | 3.00 | EUR | 2024-01-01 10:04:00
@orders    o4 | 4.00 | EUR | 2024-01-01 10:05:00
@rates     USD | 1.0000 | 2024-01-01 10:06:00

SELECT o.order_id, r.rate, r.update_time
FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

SELECT o.order_id, r.rate, r.update_time
FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

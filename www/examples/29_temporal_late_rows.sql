-- title: Temporal join: late orders and a late rate
-- about: Flink 2.3 keeps late rows in a temporal join. An order behind the join's watermark still waits — for the next watermark advance — and then joins what the cleanup left: when a key's timer fires, the join keeps only the newest version at or before its watermark (and the later ones), so older versions are gone. late1 (10:01) arrives at step 6, when the join's watermark is already 10:07: EUR 1.0000 (valid from 10:00) was cleaned up at step 3, so at step 8 the LEFT join (query 1) pads late1 with NULLs and the INNER join (query 2) drops it. late2 (10:06:30) still finds 2.0000 (from 10:05), which the cleanup had kept. A late version is kept too: USD 1.6000 (10:03) arrives at step 9, after USD 1.5000 (10:09), and takes its place before it on the USD row; o3 (10:10) joins 1.5000, the version valid at its time. Watch the EUR row of the TemporalJoin lane: versions the cleanup removed are drawn dashed and faded.
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

@rates     EUR | 1.0000 | 2024-01-01 10:00:00
@rates +U  EUR | 2.0000 | 2024-01-01 10:05:00
@orders    o1 | 1.00 | EUR | 2024-01-01 10:06:00
@rates +U  EUR | 3.0000 | 2024-01-01 10:07:00
@orders    o2 | 2.00 | EUR | 2024-01-01 10:08:00
@orders    late1 | 9.00 | EUR | 2024-01-01 10:01:00
@orders    late2 | 9.50 | EUR | 2024-01-01 10:06:30
@rates     USD | 1.5000 | 2024-01-01 10:09:00
@rates +U  USD | 1.6000 | 2024-01-01 10:03:00
@orders    o3 | 3.00 | USD | 2024-01-01 10:10:00
@rates +U  EUR | 4.0000 | 2024-01-01 10:11:00
@orders    o4 | 4.00 | USD | 2024-01-01 10:12:00
@rates +U  USD | 1.7000 | 2024-01-01 10:13:00

SELECT o.order_id, r.rate, r.update_time
FROM orders o
LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

SELECT o.order_id, r.rate, r.update_time
FROM orders o
JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r
ON o.currency = r.currency;

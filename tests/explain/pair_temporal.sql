-- Pairs of an event-time temporal join, unbounded (explain_row.rs): a version that arrives after
-- the probe was released, a probe still waiting when the query ends
SET 'joinlab.mode' = 'unbounded';
CREATE TABLE orders (id STRING, currency STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE rates (currency STRING, rate DECIMAL(5, 2), ts TIMESTAMP(3), PRIMARY KEY (currency) NOT ENFORCED,
  WATERMARK FOR ts AS ts) WITH ('changelog.mode' = 'upsert');
@rates EUR | 1.00 | 2024-01-01 10:00:00
@orders o1 | EUR | 2024-01-01 10:01:00
@rates EUR | 2.00 | 2024-01-01 10:02:00
@rates EUR | 3.00 | 2024-01-01 10:00:30
@orders o2 | EUR | 2024-01-01 10:05:00
SELECT o.id, r.rate FROM orders o JOIN rates FOR SYSTEM_TIME AS OF o.ts AS r ON o.currency = r.currency;

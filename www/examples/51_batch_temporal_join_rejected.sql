-- title: Batch mode rejects the temporal join: use a lookup join
-- about: "Temporal joins on regular tables, using FOR SYSTEM_TIME AS OF, are supported only in streaming mode. Flink rejects this join type in batch mode, which includes snapshot queries. To enrich data with a versioned table in batch mode, use a lookup join instead" (Confluent's joins page). Flink 2.3 rejects it with "unexpected correlate variable $cor0 in the plan" (Flink 2.4 says it plainly, and JoinLab's confluent dialect uses those words); the second query does the enrichment as a lookup join against the rates table, which batch mode runs: each order gets the rate the table holds when it arrives.
-- error-at: 40:1
SET 'joinlab.dialect' = 'flink';
SET 'execution.runtime-mode' = 'batch';
SET 'table.optimizer.adaptive-broadcast-join.strategy' = 'NONE';
SET 'table.optimizer.skewed-join-optimization.strategy' = 'NONE';
SET 'table.local-time-zone' = 'UTC';

CREATE TABLE orders (
  order_id STRING,
  currency STRING,
  order_time TIMESTAMP(3),
  proc_time AS PROCTIME(),
  WATERMARK FOR order_time AS order_time
);
-- a versioned table (primary key, event time) for the temporal join
CREATE TABLE rates_history (
  currency STRING,
  rate DECIMAL(10, 4),
  update_time TIMESTAMP(3),
  WATERMARK FOR update_time AS update_time,
  PRIMARY KEY (currency) NOT ENFORCED
);
-- the same rates in a table a lookup connector serves
CREATE TABLE rates (
  currency STRING,
  rate DECIMAL(10, 4),
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('lookup' = 'true');

@rates_history EUR | 1.1000 | 2024-01-01 09:00:00
@rates  EUR | 1.1000
@orders o1 | EUR | 2024-01-01 10:00:00
@rates_history EUR | 1.2000 | 2024-01-01 10:01:00
@rates  EUR | 1.2000
@orders o2 | EUR | 2024-01-01 10:05:00
@orders o3 | USD | 2024-01-01 10:06:00

SELECT o.order_id, r.rate FROM orders o JOIN rates_history FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

SELECT o.order_id, r.rate FROM orders o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.proc_time AS r ON o.currency = r.currency;

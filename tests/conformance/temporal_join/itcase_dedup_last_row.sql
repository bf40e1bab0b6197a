-- TemporalJoinITCase deduplication view, last-row (ORDER BY currency_time DESC): the versioned view Flink documents; two US Dollar rows at the same time: the later wins (SEMANTICS.md §10.4): the Deduplicate's unique key is the view's primary key.
CREATE TABLE orders (
  order_id BIGINT, currency STRING, amount BIGINT, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '2' DAY
) WITH ('changelog-mode' = 'retract');
CREATE TABLE rates_history (
  currency STRING, rate BIGINT, currency_time TIMESTAMP(3),
  WATERMARK FOR currency_time AS currency_time - INTERVAL '2' DAY
);
CREATE VIEW rates AS
SELECT currency, rate, currency_time FROM (
  SELECT *, ROW_NUMBER() OVER (PARTITION BY currency ORDER BY currency_time DESC) AS rn FROM rates_history
) WHERE rn = 1;
@orders     1 | Euro | 12 | 2020-08-15 00:01:00
@orders     2 | US Dollar | 1 | 2020-08-15 00:02:00
@orders     3 | RMB | 40 | 2020-08-15 00:03:00
@orders     4 | Euro | 14 | 2020-08-16 00:04:00
@orders -U  2 | US Dollar | 1 | 2020-08-16 00:03:00
@orders +U  2 | US Dollar | 18 | 2020-08-16 00:03:00
@orders     5 | RMB | 40 | 2020-08-16 00:03:00
@orders     6 | RMB | 40 | 2020-08-16 00:04:00
@orders -D  6 | RMB | 40 | 2020-08-16 00:04:00
@rates_history  Euro | 114 | 2020-08-15 00:00:01
@rates_history  US Dollar | 102 | 2020-08-15 00:00:02
@rates_history  Yen | 1 | 2020-08-15 00:00:03
@rates_history  RMB | 702 | 2020-08-15 00:00:04
@rates_history  Euro | 118 | 2020-08-16 00:01:00
@rates_history  US Dollar | 104 | 2020-08-16 00:02:00
@rates_history  US Dollar | 106 | 2020-08-16 00:02:00
SELECT o.order_id, o.currency, o.amount, o.order_time, r.rate, r.currency_time
FROM orders AS o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, o.currency, o.amount, o.order_time, r.rate, r.currency_time
FROM orders AS o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

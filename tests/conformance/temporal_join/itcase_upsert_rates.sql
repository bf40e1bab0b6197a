-- TemporalJoinITCase upsert rates (SEMANTICS.md §10.4): an upsert versioned table read without ChangelogNormalize (+U only; the -D of RMB at 00:00:04 ends the key from then, so orders 3 and 5 find no rate).
CREATE TABLE orders (
  order_id BIGINT, currency STRING, amount BIGINT, order_time TIMESTAMP(3),
  WATERMARK FOR order_time AS order_time - INTERVAL '2' DAY
) WITH ('changelog-mode' = 'retract');
CREATE TABLE rates (
  currency STRING, rate BIGINT, currency_time TIMESTAMP(3),
  WATERMARK FOR currency_time AS currency_time - INTERVAL '2' DAY,
  PRIMARY KEY (currency) NOT ENFORCED
) WITH ('changelog-mode' = 'upsert');
@orders     1 | Euro | 12 | 2020-08-15 00:01:00
@orders     2 | US Dollar | 1 | 2020-08-15 00:02:00
@orders     3 | RMB | 40 | 2020-08-15 00:03:00
@orders     4 | Euro | 14 | 2020-08-16 00:04:00
@orders -U  2 | US Dollar | 1 | 2020-08-16 00:03:00
@orders +U  2 | US Dollar | 18 | 2020-08-16 00:03:00
@orders     5 | RMB | 40 | 2020-08-16 00:03:00
@orders     6 | RMB | 40 | 2020-08-16 00:04:00
@orders -D  6 | RMB | 40 | 2020-08-16 00:04:00
@rates      Euro | 114 | 2020-08-15 00:00:01
@rates      US Dollar | 102 | 2020-08-15 00:00:02
@rates      Yen | 1 | 2020-08-15 00:00:03
@rates      RMB | 702 | 2020-08-15 00:00:04
@rates +U   Euro | 118 | 2020-08-16 00:01:00
@rates +U   US Dollar | 104 | 2020-08-16 00:02:00
@rates -D   RMB | 702 | 2020-08-15 00:00:04
SELECT o.order_id, o.currency, o.amount, o.order_time, r.rate, r.currency_time
FROM orders AS o JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;
SELECT o.order_id, o.currency, o.amount, o.order_time, r.rate, r.currency_time
FROM orders AS o LEFT JOIN rates FOR SYSTEM_TIME AS OF o.order_time AS r ON o.currency = r.currency;

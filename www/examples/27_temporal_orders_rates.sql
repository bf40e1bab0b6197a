-- title: Temporal join: each order AS OF its currency rate (LEFT and INNER)
-- about: The seed's example. currency_rates is a versioned table (an upsert table with a primary key and a watermark on update_time): every row is a new version of its currency, valid from its update_time until the next one. FOR SYSTEM_TIME AS OF orders.order_time joins each order with the version valid at the order's time. The timeline's TemporalJoin lane has one row per currency: each version is a segment up to the next version, and each order is a cut across its currency's row at its time. An order cannot know its rate until no older rate can still arrive, so it waits (hollow) until the join's watermark — the smaller of both tables' watermarks — reaches its time: o1 (09:30) waits until step 4 lifts the rates' watermark to 10:00. o3 (JPY, 10:20) arrives before any JPY rate and still joins 0.0067 (valid from 10:10), which arrives at step 8, because it waited. Nothing is known about GBP: the LEFT join pads o6 with NULLs ("no version"), and the late o7 (09:10, far behind the watermark) comes out padded too: the cleanup at step 9 had dropped EUR 1.1000 (from 09:00), the only version at or before its time. The INNER join (query 2) drops both. The state pane lists the orders waiting with the watermark they need, and the versions per currency with their validity.
SET 'joinlab.dialect' = 'flink';

CREATE TABLE orders (
  order_id STRING,
  price DECIMAL(10, 2),
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
) WITH ('changelog-mode' = 'upsert');

@currency_rates    EUR | 1.1000 | 2024-01-01 09:00:00
@currency_rates    USD | 1.0000 | 2024-01-01 09:00:00
@orders            o1 | 100.00 | EUR | 2024-01-01 09:30:00
@currency_rates +U EUR | 1.1200 | 2024-01-01 10:00:00
@orders            o2 | 50.00  | EUR | 2024-01-01 10:15:00
@orders            o3 | 70.00  | JPY | 2024-01-01 10:20:00
@orders            o4 | 20.00  | USD | 2024-01-01 10:30:00
@currency_rates    JPY | 0.0067 | 2024-01-01 10:10:00
@currency_rates +U EUR | 1.1500 | 2024-01-01 10:40:00
@orders            o5 | 10.00  | EUR | 2024-01-01 10:35:00
@orders            o6 | 30.00  | GBP | 2024-01-01 10:50:00
@orders            o7 | 5.00   | EUR | 2024-01-01 09:10:00
@currency_rates +U USD | 1.0100 | 2024-01-01 11:00:00
@orders            o8 | 1.00   | USD | 2024-01-01 11:05:00

SELECT order_id, price, orders.currency, conversion_rate, order_time
FROM orders
LEFT JOIN currency_rates FOR SYSTEM_TIME AS OF orders.order_time
ON orders.currency = currency_rates.currency;

SELECT order_id, price, orders.currency, conversion_rate, order_time
FROM orders
JOIN currency_rates FOR SYSTEM_TIME AS OF orders.order_time
ON orders.currency = currency_rates.currency;

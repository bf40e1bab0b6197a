-- Temporal join e1 (the oracle example): an upsert rates table versioned by update_time; orders wait for both watermarks, join the rate valid at their time (LEFT pads the unknown GBP and the late o7).
-- (e) Event-time temporal join against a versioned table (upsert changelog with PRIMARY KEY and
-- event-time watermark). Results are emitted only when the combined watermark passes order_time.
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
-- JPY order; its rate (valid from 10:10) only arrives after the order
@orders            o3 | 70.00  | JPY | 2024-01-01 10:20:00
@orders            o4 | 20.00  | USD | 2024-01-01 10:30:00
@currency_rates    JPY | 0.0067 | 2024-01-01 10:10:00
@currency_rates +U EUR | 1.1500 | 2024-01-01 10:40:00
@orders            o5 | 10.00  | EUR | 2024-01-01 10:35:00
-- no GBP rate ever: LEFT join pads with NULL
@orders            o6 | 30.00  | GBP | 2024-01-01 10:50:00
-- late order (09:10 is far behind the watermark): old EUR versions may already be cleaned up
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

-- The examples catalog: orders ⋈ customers (LEFT: about one order in five names a customer
-- that does not exist), 40 orders and the 200 customers (upsert, keyed by customer_id).
SET 'joinlab.examples.rows' = '40';
SELECT o.order_id, o.customer_id, c.name, c.city
FROM examples.marketplace.orders o
LEFT JOIN examples.marketplace.customers /*+ OPTIONS('number-of-rows' = '200') */ c
ON o.customer_id = c.customer_id;

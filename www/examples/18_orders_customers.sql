-- title: Orders ⋈ customers on the marketplace tables (generated)
-- about: A regular LEFT JOIN on Confluent's marketplace mock data, read from the examples catalog after USE CATALOG examples; USE marketplace;. orders is append-only; customers is an upsert table keyed by customer_id, so it goes through a ChangelogNormalize first. Both tables produce one row every 100 ms, so their rows arrive interleaved: most orders come before their customer, are emitted padded with NULLs, and are retracted (-D) and replaced by the joined row (+I) when the customer arrives. About one order in five names a customer that does not exist (3200–3249) and stays padded. SET 'joinlab.examples.rows' = '40' keeps 40 orders; the OPTIONS hint after customers keeps all 200 customers. The Data tab lists both tables' rows and changes the seed and the row counts.
SET 'joinlab.examples.rows' = '40';
USE CATALOG examples;
USE marketplace;

SELECT o.order_id, o.customer_id, c.name, c.city
FROM orders o
LEFT JOIN customers /*+ OPTIONS('number-of-rows' = '200') */ c
ON o.customer_id = c.customer_id;

-- title: KEY_SEARCH_AGG (Confluent): orders look up customers in an external table
-- about: Confluent Cloud's lookup join, as its joins page writes it: LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(o.customer_id), id)). customers_ext is an external table (CREATE CONNECTION, then 'connector' = 'confluent-jdbc'): JoinLab reaches no database, so its rows are the @customers_ext lines below, kept in an in-browser store. Each order comes out once with one more column, search_results, an ARRAY of the customers whose id equals the order's customer_id (no match: an empty array, JoinLab's reading of behaviour Confluent does not document). The second query unnests the array: an order without a customer disappears there. The DESCRIPTOR may name either side: JoinLab looks for it on the external table first, then on the orders, and the step explanation says which reading it took. No Apache Flink oracle can run this (a Confluent-only function), so there is no .expected file.
CREATE CONNECTION pg_shop WITH (
  'type' = 'confluent_jdbc',
  'endpoint' = 'jdbc:postgresql://db.example.com:5432/shop',
  'username' = 'reader',
  'password' = 'secret'
);

CREATE TABLE customers_ext (
  id INT,
  name STRING,
  tier STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'confluent-jdbc',
  'confluent-jdbc.connection' = 'pg_shop',
  'confluent-jdbc.table-name' = 'customers'
);

CREATE TABLE orders (
  order_id INT,
  customer_id INT,
  amount INT
);

@customers_ext 1 | Alice | gold
@customers_ext 2 | Bob   | silver
@orders 100 | 1 | 25
@orders 101 | 2 | 40
@orders 102 | 3 | 15
@orders 103 | 1 | 60

SELECT o.*, lookup.*
FROM orders AS o,
LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(o.customer_id), id)) AS lookup;

SELECT o.order_id, o.amount, c.name, c.tier
FROM orders AS o,
LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id))
CROSS JOIN UNNEST(search_results) AS c(id, name, tier);

-- title: KEY_SEARCH_AGG: the external table changes mid-stream, nothing is revised
-- about: An external table is not a changelog of the job (Confluent's joins page): each order looks up the store as it is at that step of the arrival order, and a later change of the store revises nothing already emitted. Order 1 finds Alice, then the @customers_ext line replaces customer 10 (same PRIMARY KEY), so order 2 finds Alicia; the -D line removes the customer, so order 3 gets an empty array. Order 1's row still says Alice: a replay would read today's data, not the data of its time (Confluent's external-tables warning). The orders table has a primary key, so it is an updating (upsert) table: order 2's second line is an update, and its -U is looked up again against the store as it is NOW. The output has the orders' change kinds, and the result table warns that the -U retracts a row that was never emitted (it carries Ally, the +I carried Alicia): JoinLab's reading, since Confluent does not say what an updating input meets. No .expected file (Confluent-only).
CREATE CONNECTION crm WITH ('type' = 'mongodb', 'endpoint' = 'mongodb+srv://crm.example.com', 'username' = 'reader', 'password' = 'secret');

CREATE TABLE customers_ext (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'mongodb',
  'mongodb.connection' = 'crm',
  'mongodb.database' = 'crm',
  'mongodb.collection' = 'customers',
  'mongodb.index' = 'default'
);

CREATE TABLE orders (
  order_id INT,
  customer_id INT,
  PRIMARY KEY (order_id) NOT ENFORCED
);

@customers_ext 10 | Alice
@orders 1 | 10
@customers_ext 10 | Alicia
@orders 2 | 10
@customers_ext -D 10 | Alicia
@orders 3 | 10
@customers_ext 10 | Ally
@orders 2 | 11

SELECT o.order_id, o.customer_id, k.search_results
FROM orders AS o,
LATERAL TABLE(KEY_SEARCH_AGG(customers_ext, DESCRIPTOR(id), o.customer_id)) AS k;

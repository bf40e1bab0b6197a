-- title: Faker tables: orders ⋈ customers (generated)
-- about: Confluent Cloud's faker tables ('connector' = 'faker'): each column says what it holds with a DataFaker expression — #{Name.fullName}, #{Address.city}, #{Commerce.productName}, #{Number.numberBetween '1','9'} (1 to 8: the upper bound is left out), #{Options.option …}, text around the expressions kept as written (ORD-#{numerify '####'}). The values are read as the column's type: the price as DECIMAL(10, 2), the ids as INT. JoinLab draws them from its seeded generator (SET 'joinlab.seed'; the same seed gives the same rows natively and in the browser), on its simulated clock: 'rows-per-second' = '2' puts an order every 500 ms from 2024-01-01 00:00 UTC, and #{date.past '30','SECONDS'} is up to 30 s before the row's time. Customers is an upsert table (PRIMARY KEY): a customer id drawn again replaces the customer (customer 4 at step 9 with this seed), and the regular join updates the pairs it made with the old row (-U, +U). An order waits in the join's state until its customer comes; orders of customers 9 and 10, which are never drawn, find none. No Apache Flink oracle can check this one (Flink needs flink-faker's JAR and draws other random values), so there is no .expected file; the supported expressions are listed in docs/mock-data.md.
SET 'joinlab.seed' = '3';

CREATE TABLE customers (
  customer_id INT,
  name STRING,
  email STRING,
  city STRING,
  PRIMARY KEY (customer_id) NOT ENFORCED
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '10',
  'rows-per-second' = '2',
  'fields.customer_id.expression' = '#{Number.numberBetween ''1'',''9''}',
  'fields.name.expression' = '#{Name.fullName}',
  'fields.email.expression' = '#{Internet.emailAddress}',
  'fields.city.expression' = '#{Address.city}'
);

CREATE TABLE orders (
  order_id STRING,
  customer_id INT,
  product STRING,
  price DECIMAL(10, 2),
  status STRING,
  placed_at TIMESTAMP(3)
) WITH (
  'connector' = 'faker',
  'number-of-rows' = '16',
  'rows-per-second' = '2',
  'fields.order_id.expression' = 'ORD-#{numerify ''####''}',
  'fields.customer_id.expression' = '#{Number.numberBetween ''1'',''11''}',
  'fields.product.expression' = '#{Commerce.productName}',
  'fields.price.expression' = '#{Commerce.price ''5'',''150''}',
  'fields.status.expression' = '#{Options.option ''PLACED'',''SHIPPED'',''CANCELLED''}',
  'fields.placed_at.expression' = '#{date.past ''30'',''SECONDS''}'
);

SELECT o.order_id, o.product, o.price, o.status, c.name, c.city
FROM orders o
JOIN customers c ON o.customer_id = c.customer_id;

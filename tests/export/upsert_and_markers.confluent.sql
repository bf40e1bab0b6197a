-- Exported by JoinLab for Confluent Cloud for Apache Flink: run the statements in order in a
-- workspace or the Flink SQL shell (confluent flink shell), each INSERT to completion first.
--
-- Tables are Kafka-backed (CREATE TABLE creates the topic); the examples catalog
-- (examples.marketplace.orders, ...) is Confluent's own. The script's data is written by INSERT
-- statements in the order JoinLab's rows arrived; the queries are statements as written.
-- Confluent Cloud reads each topic as it comes and emits watermarks itself: the order
-- across tables is not JoinLab's step by step.

SET 'sql.local-time-zone' = 'UTC';

-- JoinLab: SET 'joinlab.watermark-emit' = 'on-marker' is JoinLab's own: when a source emits its watermark (per record or only at @watermark markers); Kafka sources emit watermarks periodically

CREATE TABLE orders (
  id INT,
  product_id INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
);

CREATE TABLE products (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'changelog.mode' = 'upsert'
);

-- JoinLab: the script's data, in the order JoinLab's rows arrived: run each INSERT to its end first
INSERT INTO orders VALUES
  (1, 10, TIMESTAMP '2024-01-01 10:00:00.000');
INSERT INTO products VALUES
  (10, 'It''s');
-- JoinLab: line 19: products -U[10, It's] needs no row: the +U after it replaces the key's row
INSERT INTO products VALUES
  (10, 'Pear');
-- JoinLab: line 21: @watermark orders 2024-01-01 10:00:05 cannot be exported: a real source emits watermarks itself (from the table's WATERMARK clause)
-- JoinLab: line 22: orders -D[1, 10, 2024-01-01 10:00:00.000] cannot be exported: orders is append-only and an INSERT writes only +I rows
-- JoinLab: line 23: products -D[10, Pear] cannot be exported as an INSERT: delete the key with a record of this key and a null value (a tombstone)

-- query 1 (line 25)
SELECT o.id, p.name FROM orders o LEFT JOIN products p ON o.product_id = p.id;

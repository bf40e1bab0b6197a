-- Exported by JoinLab for Apache Flink's SQL client (Flink 2.3): sql-client.sh -f THIS_FILE.sql
--
-- Placeholders, to replace before running (e.g. envsubst < THIS_FILE.sql > run.sql):
--   ${BOOTSTRAP_SERVERS}  the Kafka bootstrap servers, e.g. broker:9092
--   ${SCHEMA_REGISTRY_URL}  the Schema Registry URL, e.g. http://schema-registry:8081
--
-- Tables are Kafka topics named after the tables ('connector' = 'kafka'; 'upsert-kafka' for a
-- table with a PRIMARY KEY and an upsert changelog), values in Avro through the Schema Registry
-- ('avro-confluent'), read from the earliest offset. Create each topic with one partition
-- (kafka-topics --create --topic NAME --partitions 1) so it keeps the rows' order.
-- Generated tables use Flink's 'datagen' connector. The script's data is written by INSERT
-- statements in the order JoinLab's rows arrived, one after the other ('table.dml-sync').
-- Each query is an INSERT INTO a 'print' table: its changelog (+I[...], -U[...], +U[...],
-- -D[...]) goes to the TaskManagers' stdout; the query jobs run until they are cancelled.
-- A job reading several topics interleaves them as it reads them, and Kafka sources emit
-- watermarks periodically: the order across tables is not JoinLab's step by step.

SET 'table.local-time-zone' = 'UTC';

-- JoinLab: SET 'joinlab.watermark-emit' = 'on-marker' is JoinLab's own: when a source emits its watermark (per record or only at @watermark markers); Kafka sources emit watermarks periodically

CREATE TABLE orders (
  id INT,
  product_id INT,
  ts TIMESTAMP(3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'kafka',
  'topic' = 'orders',
  'properties.bootstrap.servers' = '${BOOTSTRAP_SERVERS}',
  'scan.startup.mode' = 'earliest-offset',
  'value.format' = 'avro-confluent',
  'value.avro-confluent.url' = '${SCHEMA_REGISTRY_URL}'
);

-- JoinLab: table products: 'changelog-mode' = 'upsert': an upsert-kafka table
CREATE TABLE products (
  id INT,
  name STRING,
  PRIMARY KEY (id) NOT ENFORCED
) WITH (
  'connector' = 'upsert-kafka',
  'topic' = 'products',
  'properties.bootstrap.servers' = '${BOOTSTRAP_SERVERS}',
  'key.format' = 'avro-confluent',
  'key.avro-confluent.url' = '${SCHEMA_REGISTRY_URL}',
  'value.format' = 'avro-confluent',
  'value.avro-confluent.url' = '${SCHEMA_REGISTRY_URL}'
);

-- JoinLab: the script's data, in the order JoinLab's rows arrived; each INSERT runs to its end first
SET 'table.dml-sync' = 'true';
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
SET 'table.dml-sync' = 'false';

-- query 1 (line 25): its changelog is printed as joinlab_query_1
CREATE TABLE joinlab_query_1 (
  id INT,
  name STRING
) WITH (
  'connector' = 'print',
  'print-identifier' = 'joinlab_query_1'
);
INSERT INTO joinlab_query_1
SELECT o.id, p.name FROM orders o LEFT JOIN products p ON o.product_id = p.id;

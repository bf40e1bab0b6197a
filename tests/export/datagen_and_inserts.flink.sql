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

SET 'table.exec.state.ttl' = '1 h';

-- JoinLab: table clicks: 'joinlab.max-delay' = '2 s' is JoinLab's own (bounded out-of-orderness (disorder) of the rows' times); Flink's datagen connector has no equivalent
CREATE TABLE clicks (user_id INT, url STRING) WITH (
  'connector' = 'datagen',
  'number-of-rows' = '5',
  'fields.user_id.min' = '1',
  'fields.user_id.max' = '3'
);

CREATE TABLE users (
  user_id INT,
  seen TIMESTAMP_LTZ(3),
  WATERMARK FOR seen AS seen
) WITH (
  'connector' = 'kafka',
  'topic' = 'users',
  'properties.bootstrap.servers' = '${BOOTSTRAP_SERVERS}',
  'scan.startup.mode' = 'earliest-offset',
  'value.format' = 'avro-confluent',
  'value.avro-confluent.url' = '${SCHEMA_REGISTRY_URL}'
);

-- JoinLab: the script's data, in the order JoinLab's rows arrived; each INSERT runs to its end first
SET 'table.dml-sync' = 'true';
INSERT INTO users VALUES
  (2, TO_TIMESTAMP_LTZ(1704103260000, 3)),
  (1, TO_TIMESTAMP_LTZ(1704103200000, 3));
SET 'table.dml-sync' = 'false';

-- query 1 (line 19): its changelog is printed as joinlab_query_1
CREATE TABLE joinlab_query_1 (
  url STRING,
  seen TIMESTAMP_LTZ(3)
) WITH (
  'connector' = 'print',
  'print-identifier' = 'joinlab_query_1'
);
INSERT INTO joinlab_query_1
SELECT c.url, u.seen FROM clicks c JOIN users u ON c.user_id = u.user_id;

//! The comment at the top of an export: how to run it, the `${...}` placeholders, the choices.

use super::Target;
use crate::exec::Prepared;

/// Placeholders a Flink export uses (name, what it stands for, an example).
pub const PLACEHOLDERS: [(&str, &str, &str); 2] = [
    ("BOOTSTRAP_SERVERS", "the Kafka bootstrap servers", "broker:9092"),
    ("SCHEMA_REGISTRY_URL", "the Schema Registry URL", "http://schema-registry:8081"),
];

/// Placeholders of the database a lookup table (`'lookup' = 'true'`) is exported to (Flink's JDBC
/// connector), written only when the script has one.
pub const JDBC_PLACEHOLDERS: [(&str, &str, &str); 3] = [
    ("JDBC_URL", "the database of the lookup tables", "jdbc:postgresql://db:5432/joinlab"),
    ("JDBC_USERNAME", "its user", "joinlab"),
    ("JDBC_PASSWORD", "its password", "secret"),
];

pub fn header(target: Target, p: &Prepared) -> String {
    let mut h = String::new();
    match target {
        Target::Flink => {
            h.push_str(
                "-- Exported by JoinLab for Apache Flink's SQL client (Flink 2.3): sql-client.sh -f THIS_FILE.sql\n\
                 --\n\
                 -- Placeholders, to replace before running (e.g. envsubst < THIS_FILE.sql > run.sql):\n",
            );
            for (name, what, example) in PLACEHOLDERS {
                h.push_str(&format!("--   ${{{}}}  {}, e.g. {}\n", name, what, example));
            }
            if p.catalog.tables.iter().any(|t| super::options::is_lookup(t) && !super::options::is_jdbc(t)) {
                for (name, what, example) in JDBC_PLACEHOLDERS {
                    h.push_str(&format!("--   ${{{}}}  {}, e.g. {}\n", name, what, example));
                }
                h.push_str("--   (a lookup table, 'lookup' = 'true', is a table of that database: Flink's JDBC connector\n--   is a lookup source, Kafka is none; put the JDBC driver's jar beside Flink's)\n");
            }
            h.push_str(
                "--\n\
                 -- Tables are Kafka topics named after the tables ('connector' = 'kafka'; 'upsert-kafka' for a\n\
                 -- table with a PRIMARY KEY and an upsert changelog), values in Avro through the Schema Registry\n\
                 -- ('avro-confluent'), read from the earliest offset. Create each topic with one partition\n\
                 -- (kafka-topics --create --topic NAME --partitions 1) so it keeps the rows' order.\n\
                 -- Generated tables use Flink's 'datagen' connector. The script's data is written by INSERT\n\
                 -- statements in the order JoinLab's rows arrived, one after the other ('table.dml-sync').\n\
                 -- Each query is an INSERT INTO a 'print' table: its changelog (+I[...], -U[...], +U[...],\n\
                 -- -D[...]) goes to the TaskManagers' stdout; the query jobs run until they are cancelled.\n\
                 -- A job reading several topics interleaves them as it reads them, and Kafka sources emit\n\
                 -- watermarks periodically: the order across tables is not JoinLab's step by step.\n",
            );
        }
        Target::Confluent => {
            h.push_str(
                "-- Exported by JoinLab for Confluent Cloud for Apache Flink: run the statements in order in a\n\
                 -- workspace or the Flink SQL shell (confluent flink shell), each INSERT to completion first.\n\
                 --\n\
                 -- Tables are Kafka-backed (CREATE TABLE creates the topic); the examples catalog\n\
                 -- (examples.marketplace.orders, ...) is Confluent's own. The script's data is written by INSERT\n\
                 -- statements in the order JoinLab's rows arrived; the queries are statements as written.\n\
                 -- Confluent Cloud reads each topic as it comes and emits watermarks itself: the order\n\
                 -- across tables is not JoinLab's step by step.\n",
            );
        }
    }
    if p.dialect == crate::kinds::Dialect::Confluent && target == Target::Flink {
        h.push_str("-- The script ran in JoinLab's confluent dialect: Apache Flink has no `$rowtime` column and no\n-- default watermark, and a PRIMARY KEY table is append-only unless its connector says otherwise.\n");
    }
    h
}

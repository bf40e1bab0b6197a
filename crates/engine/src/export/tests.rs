//! The option names and values an export writes, against the targets' documented lists.

use super::{export, Target};
use crate::kinds::Dialect;

/// Flink 2.x "Kafka SQL connector" (docs/connectors/table/kafka), the options of its table;
/// the seed's tutorial tables (../shared/seeds/002_…: connector, topic, properties.bootstrap.servers,
/// scan.startup.mode, key.format, key.fields, value.format, value.avro-confluent.url,
/// value.fields-include) are among them.
const KAFKA: [&str; 22] = [
    "connector",
    "topic",
    "topic-pattern",
    "properties.bootstrap.servers",
    "properties.group.id",
    "format",
    "key.format",
    "key.fields",
    "key.fields-prefix",
    "value.format",
    "value.fields-include",
    "scan.startup.mode",
    "scan.startup.specific-offsets",
    "scan.startup.timestamp-millis",
    "scan.bounded.mode",
    "scan.topic-partition-discovery.interval",
    "sink.partitioner",
    "sink.delivery-guarantee",
    "sink.transactional-id-prefix",
    "sink.parallelism",
    "value.avro-confluent.url",
    // the "Debezium" format's Confluent Avro variant (docs/connectors/table/formats/debezium)
    "value.debezium-avro-confluent.url",
];
/// `scan.startup.mode`'s documented values.
const STARTUP_MODES: [&str; 5] = ["earliest-offset", "latest-offset", "group-offsets", "timestamp", "specific-offsets"];
/// Flink 2.x "Upsert Kafka SQL connector" (docs/connectors/table/upsert-kafka), with the
/// "Confluent Avro" format's `url` option under the key and value prefixes (docs/connectors/table/formats/avro-confluent).
const UPSERT_KAFKA: [&str; 13] = [
    "connector",
    "topic",
    "properties.bootstrap.servers",
    "key.format",
    "key.fields-prefix",
    "value.format",
    "value.fields-include",
    "sink.parallelism",
    "sink.buffer-flush.max-rows",
    "sink.buffer-flush.interval",
    "sink.delivery-guarantee",
    "key.avro-confluent.url",
    "value.avro-confluent.url",
];
/// Formats Flink's docs list for Kafka keys and values that carry a table's columns.
const FORMATS: [&str; 7] = ["json", "avro", "avro-confluent", "csv", "raw", "debezium-json", "debezium-avro-confluent"];
/// Flink 2.x "Print SQL connector" (docs/connectors/table/print).
const PRINT: [&str; 4] = ["connector", "print-identifier", "standard-error", "sink.parallelism"];
/// Flink 2.x "DataGen SQL connector" (docs/connectors/table/datagen): table options, then the
/// per-field suffixes of `fields.#.…`.
const DATAGEN: [&str; 4] = ["connector", "rows-per-second", "number-of-rows", "scan.parallelism"];
const DATAGEN_FIELD: [&str; 9] = ["kind", "min", "max", "max-past", "length", "var-len", "start", "end", "null-rate"];
/// Flink 2.x "JDBC SQL Connector" (flink-connector-jdbc docs, connectors/table/jdbc: "Connector
/// Options"): a lookup table is exported as one.
const JDBC: [&str; 22] = [
    "connector",
    "url",
    "table-name",
    "driver",
    "username",
    "password",
    "connection.max-retry-timeout",
    "scan.partition.column",
    "scan.partition.num",
    "scan.partition.lower-bound",
    "scan.partition.upper-bound",
    "scan.fetch-size",
    "scan.auto-commit",
    "lookup.cache",
    "lookup.partial-cache.max-rows",
    "lookup.partial-cache.expire-after-write",
    "lookup.partial-cache.expire-after-access",
    "lookup.partial-cache.cache-missing-key",
    "lookup.max-retries",
    "sink.buffer-flush.max-rows",
    "sink.buffer-flush.interval",
    "sink.max-retries",
];
/// Flink configuration keys the exports SET (docs/dev/table/config: table.local-time-zone,
/// table.exec.state.ttl, table.exec.source.idle-timeout, table.dml-sync; execution.runtime-mode;
/// table.optimizer.multi-join.enabled, Flink 2.1+).
const FLINK_SET: [&str; 6] = [
    "table.local-time-zone",
    "table.exec.state.ttl",
    "table.exec.source.idle-timeout",
    "table.dml-sync",
    "execution.runtime-mode",
    "table.optimizer.multi-join.enabled",
];
/// Confluent Cloud: the table option `changelog.mode` ('append' | 'upsert' | 'retract';
/// docs/dialects.md) and the statement options JoinLab knows as Confluent's (../shared/oracle/README.md
/// "Option names", ../shared/WAVE2-RESEARCH.md: `sql.snapshot.mode`).
const CONFLUENT_TABLE: [&str; 1] = ["changelog.mode"];
const CONFLUENT_CHANGELOG: [&str; 3] = ["append", "upsert", "retract"];
const CONFLUENT_SET: [&str; 4] =
    ["sql.local-time-zone", "sql.state-ttl", "sql.tables.scan.idle-timeout", "sql.snapshot.mode"];

/// The `'k' = 'v'` pairs of every WITH clause (one pair a line, as the exports write them) and
/// every SET of an exported text; comments skipped.
fn options(text: &str) -> (Vec<Vec<(String, String)>>, Vec<(String, String)>) {
    let pair = |l: &str| -> Option<(String, String)> {
        let l = l.trim().trim_end_matches(',').trim_end_matches(';');
        let (k, v) = l.split_once(" = ")?;
        Some((k.trim().trim_matches('\'').to_string(), v.trim().trim_matches('\'').to_string()))
    };
    let (mut withs, mut sets) = (Vec::new(), Vec::new());
    let mut cur: Option<Vec<(String, String)>> = None;
    for l in text.lines().filter(|l| !l.starts_with("--")) {
        if let Some(rest) = l.strip_prefix("SET ") {
            sets.extend(pair(rest));
        } else if l.ends_with("WITH (") {
            cur = Some(Vec::new());
        } else if l.starts_with(");") || l == ")" {
            withs.extend(cur.take());
        } else if let Some(c) = cur.as_mut() {
            c.extend(pair(l));
        }
    }
    (withs, sets)
}

const SCRIPTS: [&str; 6] = [
    include_str!("../../../../tests/conformance/window_agg/hop_distinct_without_retract.sql"),
    include_str!("../../../../tests/conformance/lookup_join/l1_inner_left_insert_data.sql"),
    include_str!("../../../../tests/export/upsert_and_markers.sql"),
    include_str!("../../../../tests/export/datagen_and_inserts.sql"),
    include_str!("../../../../www/examples/13_upsert_updates_deletes.sql"),
    include_str!("../../../../www/examples/14_state_ttl.sql"),
];

#[test]
fn flink_options_are_documented() {
    let mut seen = 0;
    for s in SCRIPTS {
        let e = export(s, Target::Flink, Dialect::Flink).unwrap();
        let (withs, sets) = options(&e.text);
        for w in &withs {
            let connector = w.iter().find(|(k, _)| k == "connector").map(|(_, v)| v.as_str()).unwrap_or("");
            for (k, v) in w {
                let ok = match connector {
                    "kafka" => KAFKA.contains(&k.as_str()),
                    "upsert-kafka" => UPSERT_KAFKA.contains(&k.as_str()),
                    "print" => PRINT.contains(&k.as_str()),
                    "jdbc" => JDBC.contains(&k.as_str()),
                    "datagen" => {
                        DATAGEN.contains(&k.as_str())
                            || k.strip_prefix("fields.")
                                .and_then(|r| r.rsplit_once('.'))
                                .is_some_and(|(_, s)| DATAGEN_FIELD.contains(&s))
                    }
                    c => panic!("connector '{}' is not one the export should write", c),
                };
                assert!(ok, "'{}' is not a documented option of Flink's '{}' connector", k, connector);
                if k == "scan.startup.mode" {
                    assert!(STARTUP_MODES.contains(&v.as_str()), "scan.startup.mode '{}'", v);
                }
                if k.ends_with("format") {
                    assert!(FORMATS.contains(&v.as_str()), "{} = '{}'", k, v);
                }
                seen += 1;
            }
        }
        for (k, _) in &sets {
            assert!(FLINK_SET.contains(&k.as_str()), "SET '{}' is not a Flink option", k);
        }
    }
    assert!(seen > 20);
}

#[test]
fn confluent_options_are_documented() {
    for s in SCRIPTS {
        let e = export(s, Target::Confluent, Dialect::Flink).unwrap();
        let (withs, sets) = options(&e.text);
        for (k, v) in withs.iter().flatten() {
            assert!(CONFLUENT_TABLE.contains(&k.as_str()), "'{}' is not a Confluent Cloud table option", k);
            assert!(CONFLUENT_CHANGELOG.contains(&v.as_str()), "changelog.mode '{}'", v);
        }
        for (k, _) in &sets {
            assert!(CONFLUENT_SET.contains(&k.as_str()), "SET '{}' is not a Confluent Cloud option", k);
        }
    }
}

#[test]
fn set_aliases_become_the_targets_names() {
    let s = "SET 'sql.local-time-zone' = 'Asia/Kolkata';\nSET 'table.exec.state.ttl' = '10 s';\nCREATE TABLE t (a INT);\nSELECT a FROM t;";
    let f = export(s, Target::Flink, Dialect::Flink).unwrap().text;
    assert!(f.contains("\nSET 'table.local-time-zone' = 'Asia/Kolkata';\n"), "{}", f);
    assert!(f.contains("\nSET 'table.exec.state.ttl' = '10 s';\n"), "{}", f);
    let c = export(s, Target::Confluent, Dialect::Flink).unwrap().text;
    assert!(c.contains("\nSET 'sql.local-time-zone' = 'Asia/Kolkata';\n"), "{}", c);
    assert!(c.contains("\nSET 'sql.state-ttl' = '10 s';\n"), "{}", c);
}

#[test]
fn exports_are_deterministic() {
    for s in SCRIPTS {
        assert_eq!(export(s, Target::Flink, Dialect::Flink), export(s, Target::Flink, Dialect::Flink));
    }
}

/// A lookup table (`'lookup' = 'true'`) is a JDBC table with the database as placeholders
/// (docs/export.md "Apache Flink": Kafka is no lookup source); faithful when its rows all arrive
/// before the probe rows, else said where the lookup sees other rows (JoinLab's probe row sees
/// the rows that arrived before it: ../shared/oracle/README.md "Lookup joins", Feeding).
#[test]
fn a_lookup_table_is_a_jdbc_table() {
    let table = "CREATE TABLE orders (id INT, cust INT, pt AS PROCTIME());\n\
                 CREATE TABLE customers (id INT, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ('lookup' = 'true');\n";
    let query = "SELECT o.id, c.name FROM orders o JOIN customers FOR SYSTEM_TIME AS OF o.pt AS c ON o.cust = c.id;\n";
    let first = format!("{}@customers 1 | Ann\n@orders 10 | 1\n{}", table, query);
    let e = export(&first, Target::Flink, Dialect::Flink).unwrap();
    let jdbc = "WITH (\n  'connector' = 'jdbc',\n  'url' = '${JDBC_URL}',\n  'table-name' = 'customers',\n  'username' = '${JDBC_USERNAME}',\n  'password' = '${JDBC_PASSWORD}'\n);";
    assert!(e.text.contains(&format!("PRIMARY KEY (id) NOT ENFORCED) {}", jdbc)), "{}", e.text);
    for p in ["${JDBC_URL}", "${JDBC_USERNAME}", "${JDBC_PASSWORD}"] {
        assert!(e.text.lines().take_while(|l| l.starts_with("--")).any(|l| l.contains(p)), "header names {}", p);
    }
    assert!(e.text.contains("-- JoinLab: table customers: 'lookup' = 'true': a JDBC table"), "{}", e.text);
    assert!(e.unfaithful.is_empty(), "{:?}", e.unfaithful);
    // orders stays a Kafka table
    assert!(e.text.contains("'topic' = 'orders'"), "{}", e.text);
    // a customer after the first order: the lookup would find it, JoinLab's probe did not
    let late = format!("{}@orders 10 | 1\n@customers 1 | Ann\n{}", table, query);
    let e = export(&late, Target::Flink, Dialect::Flink).unwrap();
    assert_eq!(e.unfaithful.len(), 1, "{:?}", e.unfaithful);
    assert!(e.unfaithful[0].contains("(line 4: a row of customers after another table's rows)"), "{:?}", e.unfaithful);
    // no lookup table: no JDBC placeholders
    let plain = export("CREATE TABLE t (a INT);\nSELECT a FROM t;", Target::Flink, Dialect::Flink).unwrap();
    assert!(!plain.text.contains("JDBC"), "{}", plain.text);
    // a JDBC table the script declares keeps its own options
    let own = "CREATE TABLE d (id INT, PRIMARY KEY (id) NOT ENFORCED) WITH ('connector' = 'jdbc', 'url' = 'jdbc:mysql://h/db', 'table-name' = 'dim');\nSELECT id FROM d;";
    let e = export(own, Target::Flink, Dialect::Flink).unwrap();
    assert!(
        e.text.contains("WITH (\n  'connector' = 'jdbc',\n  'url' = 'jdbc:mysql://h/db',\n  'table-name' = 'dim'\n);"),
        "{}",
        e.text
    );
    assert!(!e.text.contains("${JDBC_URL}"), "{}", e.text);
}

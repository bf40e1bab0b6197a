//! Option names: the script's SET statements in the target's names, and the WITH options of the
//! tables the export writes (Kafka, upsert-kafka, datagen, Confluent's `changelog.mode`).

use super::{Target, Writer};
use crate::catalog::Table;
use crate::kinds::ChangelogMode;
use crate::session::canonical_key;

/// What a JoinLab-only setting did, for the comment in its place; true when it changes what a
/// run shows (so the export is not faithful without it).
fn joinlab_setting(key: &str) -> (&'static str, bool) {
    match key {
        "joinlab.arrival" => ("the arrival order of the script's data; the INSERT statements below are in that order", false),
        "joinlab.dialect" => ("which engine JoinLab imitated", false),
        "oracle.mode" => ("whether the input ends (sources finish, watermark +inf) after the last row; Kafka sources never end", true),
        "oracle.watermark-emit" => ("when a source emits its watermark (per record or only at @watermark markers); Kafka sources emit watermarks periodically", true),
        "oracle.trace" => ("which steps JoinLab's output shows", false),
        "joinlab.proctime-step" => ("JoinLab's simulated processing clock (PROCTIME() advances by this much per step); a real engine reads the wall clock", true),
        "joinlab.seed" => ("the seed of JoinLab's generated rows; Flink's datagen draws other random values", true),
        "joinlab.examples.rows" => ("how many rows an examples table yields", false),
        k if k.starts_with("joinlab.limit.") => ("a limit of JoinLab's run", false),
        _ => ("a JoinLab setting", false),
    }
}

/// Confluent Cloud's names of Flink options (docs/dialects.md; crates/engine/src/session.rs).
const CONFLUENT_NAMES: [(&str, &str); 3] = [
    ("table.local-time-zone", "sql.local-time-zone"),
    ("table.exec.state.ttl", "sql.state-ttl"),
    ("table.exec.source.idle-timeout", "sql.tables.scan.idle-timeout"),
];

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// One SET statement of the script.
pub(super) fn set(w: &mut Writer, key: &str, value: &str) {
    let c = canonical_key(key);
    if c.starts_with("joinlab.") || c.starts_with("oracle.") {
        if c == "joinlab.examples.rows" && w.target == Target::Flink {
            w.say(&format!(
                "SET {} = {} is JoinLab's: {} (the examples tables have it as 'number-of-rows')",
                quote(key),
                quote(value),
                joinlab_setting(c).0
            ));
            return;
        }
        let (what, matters) = joinlab_setting(c);
        let text = format!("SET {} = {} is JoinLab's own: {}", quote(key), quote(value), what);
        if matters {
            w.unfaithful(text);
        } else {
            w.say(&text);
        }
        return;
    }
    match w.target {
        Target::Flink => {
            if c == "sql.snapshot.mode" {
                w.unfaithful(format!("SET {} = {} is Confluent Cloud's snapshot query; Apache Flink's nearest is SET 'execution.runtime-mode' = 'batch'", quote(key), quote(value)));
            } else if c.starts_with("sql.") {
                w.unfaithful(format!(
                    "SET {} = {} is a Confluent Cloud option; Apache Flink has no such option",
                    quote(key),
                    quote(value)
                ));
            } else {
                w.out.push_str(&format!("SET {} = {};\n", quote(c), quote(value)));
            }
        }
        Target::Confluent => {
            if let Some((_, name)) = CONFLUENT_NAMES.iter().find(|(f, _)| *f == c) {
                w.out.push_str(&format!("SET {} = {};\n", quote(name), quote(value)));
            } else if c == "execution.runtime-mode" && value.trim().eq_ignore_ascii_case("batch") {
                w.say("SET 'execution.runtime-mode' = 'batch' is Confluent Cloud's snapshot query:");
                w.out.push_str("SET 'sql.snapshot.mode' = 'now';\n");
            } else if c.starts_with("sql.") {
                w.out.push_str(&format!("SET {} = {};\n", quote(c), quote(value)));
            } else {
                w.unfaithful(format!(
                    "SET {} = {} is an Apache Flink option Confluent Cloud does not take in a statement",
                    quote(key),
                    quote(value)
                ));
            }
        }
    }
}

/// A Kafka topic name for a table: its name, with any character Kafka does not allow in a topic
/// name (letters, digits, `.`, `_`, `-`) as `_`.
pub fn topic(table: &str) -> String {
    table.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '_' }).collect()
}

/// Whether a table goes to an `upsert-kafka` topic.
pub fn is_upsert(t: &Table) -> bool {
    !t.primary_key.is_empty() && matches!(t.changelog, ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete)
}

/// The WITH options of a Kafka-backed table (Flink's names: docs "Kafka SQL connector",
/// "Upsert Kafka SQL connector", "Confluent Avro format"; the seed's tutorial tables).
pub fn kafka_options(t: &Table) -> Vec<(String, String)> {
    let registry = "${SCHEMA_REGISTRY_URL}".to_string();
    let mut o: Vec<(String, String)> = Vec::new();
    let mut put = |k: &str, v: String| o.push((k.to_string(), v));
    if is_upsert(t) {
        put("connector", "upsert-kafka".into());
        put("topic", topic(&t.name));
        put("properties.bootstrap.servers", "${BOOTSTRAP_SERVERS}".into());
        put("key.format", "avro-confluent".into());
        put("key.avro-confluent.url", registry.clone());
        put("value.format", "avro-confluent".into());
        put("value.avro-confluent.url", registry);
    } else if t.changelog != ChangelogMode::Insert {
        // every change kind (-U/+U/-D) on the topic: a Debezium changelog
        put("connector", "kafka".into());
        put("topic", topic(&t.name));
        put("properties.bootstrap.servers", "${BOOTSTRAP_SERVERS}".into());
        put("scan.startup.mode", "earliest-offset".into());
        put("value.format", "debezium-avro-confluent".into());
        put("value.debezium-avro-confluent.url", registry);
    } else {
        put("connector", "kafka".into());
        put("topic", topic(&t.name));
        put("properties.bootstrap.servers", "${BOOTSTRAP_SERVERS}".into());
        put("scan.startup.mode", "earliest-offset".into());
        put("value.format", "avro-confluent".into());
        put("value.avro-confluent.url", registry);
    }
    o
}

/// Whether a table is one a lookup join reads: the oracle's `'lookup' = 'true'`, or Flink's JDBC
/// connector, as the planner reads it (plan/bind/temporal.rs `is_lookup_table`).
pub fn is_lookup(t: &Table) -> bool {
    t.options.iter().any(|(k, v)| {
        (k.eq_ignore_ascii_case("lookup") && v.eq_ignore_ascii_case("true"))
            || (k.eq_ignore_ascii_case("connector") && v.eq_ignore_ascii_case("jdbc"))
    })
}

/// Whether the script itself declares the table with Flink's JDBC connector (its options are then
/// kept as written).
pub fn is_jdbc(t: &Table) -> bool {
    t.options.iter().any(|(k, v)| k.eq_ignore_ascii_case("connector") && v.eq_ignore_ascii_case("jdbc"))
}

/// The database table of a lookup table: its name with any character other than a letter, a
/// digit or `_` as `_`.
pub fn jdbc_table(table: &str) -> String {
    table.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect()
}

/// The WITH options of a lookup table (Flink's docs "JDBC SQL Connector": a lookup source, and a
/// sink for the script's INSERTs, upserting by the PRIMARY KEY when there is one); the database
/// as `${...}` placeholders (header.rs).
pub fn jdbc_options(t: &Table) -> Vec<(String, String)> {
    vec![
        ("connector".into(), "jdbc".into()),
        ("url".into(), "${JDBC_URL}".into()),
        ("table-name".into(), jdbc_table(&t.name)),
        ("username".into(), "${JDBC_USERNAME}".into()),
        ("password".into(), "${JDBC_PASSWORD}".into()),
    ]
}

/// Flink's `datagen` options (docs "DataGen SQL connector"): what a datagen table keeps as is.
pub fn is_flink_datagen_option(k: &str) -> bool {
    matches!(k, "connector" | "rows-per-second" | "number-of-rows" | "scan.parallelism")
        || k.strip_prefix("fields.").is_some_and(|rest| {
            [".kind", ".min", ".max", ".max-past", ".length", ".var-len", ".start", ".end", ".null-rate"]
                .iter()
                .any(|s| rest.ends_with(s))
        })
}

/// What a JoinLab-only datagen option did.
pub fn joinlab_datagen_option(k: &str) -> &'static str {
    match k {
        "joinlab.start" => "the time of the first row",
        "joinlab.interval" => "the event-time spacing of the rows",
        "joinlab.max-delay" => "bounded out-of-orderness (disorder) of the rows' times",
        "joinlab.late-rate" => "the share of rows behind the watermark",
        "joinlab.late-by" => "how far late rows are behind",
        "joinlab.idle-every" | "joinlab.idle-for" => "a source that pauses (idle source)",
        "joinlab.seed" => "the table's seed",
        "quickstart" | "schema.string" | "schema.keyfield" | "iterations" | "max.interval" | "random.seed" => {
            "kafka-connect-datagen's schema and pacing"
        }
        _ => "a JoinLab option",
    }
}

/// Confluent Cloud's `changelog.mode` value for a table (docs/dialects.md).
pub fn confluent_changelog(t: &Table) -> &'static str {
    match t.changelog {
        ChangelogMode::Insert => "append",
        ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete => "upsert",
        ChangelogMode::Retract => "retract",
    }
}

//! CREATE TABLE: the statement as written up to its WITH clause, then the target's options;
//! JoinLab's own options as comments. The examples catalog's tables as datagen tables (Flink).
//! A faker table keeps its faker options for both targets (Confluent Cloud has faker tables;
//! Apache Flink needs flink-faker's JAR).

use super::options::{self, confluent_changelog, is_flink_datagen_option, is_jdbc, is_lookup, joinlab_datagen_option};
use super::{Target, Writer};
use crate::catalog::{ColumnKind, Table};
use crate::sql::CreateTable;

/// Byte offsets of the statement's top-level `WITH` keyword and whether a column list `(…)`
/// comes before it (outside quotes, backquotes and parentheses).
fn with_clause(sql: &str) -> (Option<usize>, bool) {
    let b = sql.as_bytes();
    let (mut depth, mut i, mut columns) = (0i32, 0usize, false);
    while i < b.len() {
        match b[i] {
            q @ (b'\'' | b'`' | b'"') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    i += 1;
                }
            }
            b'(' => {
                if depth == 0 {
                    columns = true;
                }
                depth += 1;
            }
            b')' => depth -= 1,
            _ if depth == 0
                && b[i..].len() >= 4
                && b[i..i + 4].eq_ignore_ascii_case(b"WITH")
                && (i == 0 || !is_word(b[i - 1]))
                && b.get(i + 4).is_none_or(|c| !is_word(*c)) =>
            {
                return (Some(i), columns);
            }
            _ => {}
        }
        i += 1;
    }
    (None, columns)
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

pub(super) fn ident(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        name.to_string()
    } else {
        format!("`{}`", name.replace('`', "``"))
    }
}

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn with_text(opts: &[(String, String)]) -> String {
    let lines: Vec<String> = opts.iter().map(|(k, v)| format!("  {} = {}", quote(k), quote(v))).collect();
    format!("WITH (\n{}\n)", lines.join(",\n"))
}

/// The column list of a table from the catalog (physical, computed and metadata columns as
/// JoinLab read them; no `$rowtime`), its primary key and declared watermark.
pub(super) fn columns_of(t: &Table) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in &t.columns {
        match &c.kind {
            ColumnKind::Physical => parts.push(format!("  {} {}", ident(&c.name), c.ty.sql())),
            ColumnKind::Metadata { key, is_virtual } => parts.push(format!(
                "  {} {} METADATA FROM {}{}",
                ident(&c.name),
                c.ty.sql(),
                quote(key),
                if *is_virtual { " VIRTUAL" } else { "" }
            )),
            ColumnKind::Computed(_) | ColumnKind::System => {}
        }
    }
    if !t.primary_key.is_empty() {
        let keys: Vec<String> = t.primary_key.iter().map(|&k| ident(&t.columns[k].name)).collect();
        parts.push(format!("  PRIMARY KEY ({}) NOT ENFORCED", keys.join(", ")));
    }
    if let Some(wm) = t.watermark.as_ref().filter(|w| w.declared) {
        parts.push(format!("  WATERMARK FOR {} AS {}", ident(&t.columns[wm.column].name), wm.text));
    }
    format!("(\n{}\n)", parts.join(",\n"))
}

/// One CREATE TABLE of the script.
pub(super) fn create_table(w: &mut Writer, sql: &str, ct: &CreateTable) {
    let Some(t) = w.p.catalog.find(&ct.name).map(|i| &w.p.catalog.tables[i]) else {
        w.verbatim(sql);
        return;
    };
    let sql = sql.trim();
    let (with_at, has_columns) = with_clause(sql);
    let mut head = sql[..with_at.unwrap_or(sql.len())].trim_end().to_string();
    if !has_columns {
        // columns from a schema (a quickstart, an Avro schema): the columns JoinLab read from it
        head = format!("{} {}", head, columns_of(t));
    }
    let generated = t.generator.is_some();
    let faker = matches!(&t.generator, Some(Ok(g)) if g.origin == crate::datagen::Origin::Faker);
    let mut opts: Vec<(String, String)> = Vec::new();
    let mut comments: Vec<(String, bool)> = Vec::new();
    for (k, v) in &ct.options {
        let kv = format!("{} = {}", quote(k), quote(v));
        let changelog = k == "changelog-mode" || k == "changelog.mode";
        match w.target {
            Target::Flink | Target::Confluent if faker && !changelog && !k.starts_with("joinlab.") => {
                opts.push((k.clone(), v.clone()));
            }
            Target::Flink if faker && changelog => {
                comments.push((format!("{} left out: flink-faker's source is append-only", kv), true));
            }
            Target::Flink if generated => {
                if changelog {
                    comments.push((format!("{} left out: Flink's datagen connector is append-only", kv), true));
                } else if is_flink_datagen_option(k) {
                    opts.push((k.clone(), v.clone()));
                } else {
                    comments.push((
                        format!(
                            "{} is JoinLab's own ({}); {} has no equivalent",
                            kv,
                            joinlab_datagen_option(k),
                            if faker { "the faker connector" } else { "Flink's datagen connector" }
                        ),
                        true,
                    ));
                }
            }
            Target::Flink => {
                if changelog {
                    let said = match t.changelog {
                        crate::kinds::ChangelogMode::Insert => (format!("{}: an append-only Kafka table", kv), false),
                        crate::kinds::ChangelogMode::Upsert => (format!("{}: an upsert-kafka table", kv), false),
                        crate::kinds::ChangelogMode::Retract => (
                            format!("{}: a Kafka table of Debezium changelog records ('debezium-avro-confluent')", kv),
                            false,
                        ),
                        crate::kinds::ChangelogMode::UpsertPartialDelete => (
                            format!(
                                "{}: an upsert-kafka table (a delete is a tombstone, which carries only the key)",
                                kv
                            ),
                            false,
                        ),
                    };
                    comments.push(said);
                } else if k == "lookup" && is_jdbc(t) {
                    comments.push((format!("{} left out: the JDBC connector is a lookup source", kv), false));
                } else if k == "lookup" && is_lookup(t) {
                    comments.push(lookup_table(w, t, &kv));
                } else if is_jdbc(t) {
                    // a JDBC table as the script declares it: its options are Flink's own
                    opts.push((k.clone(), v.clone()));
                } else if k != "connector" {
                    comments.push((format!("{} left out (not a Kafka option)", kv), true));
                }
            }
            Target::Confluent => {
                if !(changelog || (generated && k == "connector")) {
                    let why = if generated { joinlab_datagen_option(k) } else { "not a Confluent Cloud table option" };
                    comments.push((format!("{} left out ({})", kv, why), true));
                }
            }
        }
    }
    match w.target {
        Target::Flink if !generated && is_jdbc(t) => {}
        Target::Flink if !generated && is_lookup(t) => opts = options::jdbc_options(t),
        Target::Flink if !generated => opts = options::kafka_options(t),
        Target::Flink => {}
        Target::Confluent => {
            let explicit = ct.options.iter().any(|(k, _)| k == "changelog-mode" || k == "changelog.mode");
            // Confluent Cloud's default: upsert for a table with a primary key, else append
            let default = if t.primary_key.is_empty() { "append" } else { "upsert" };
            if explicit || confluent_changelog(t) != default {
                opts.push(("changelog.mode".into(), confluent_changelog(t).into()));
            }
            if faker {
                comments.push((
                    "Confluent Cloud generates this faker table's rows itself, from the same expressions: DataFaker's random values, not the rows JoinLab drew".into(),
                    true,
                ));
            } else if generated {
                comments.push((
                    "this table's rows came from JoinLab's generator ('connector' = 'datagen'); Confluent Cloud tables are Kafka topics: fill it with a Datagen Source connector or INSERT statements".into(),
                    true,
                ));
            }
        }
    }
    if faker && w.target == Target::Flink {
        comments.push((
            "'connector' = 'faker' needs flink-faker's JAR in Flink's lib/ (github.com/knaufk/flink-faker); it draws DataFaker's random values, not the rows JoinLab drew".into(),
            true,
        ));
    }
    for (c, unfaithful) in comments {
        if unfaithful {
            w.unfaithful(format!("table {}: {}", t.name, c));
        } else {
            w.say(&format!("table {}: {}", t.name, c));
        }
    }
    w.out.push_str(&head);
    if !opts.is_empty() {
        w.out.push(' ');
        w.out.push_str(&with_text(&opts));
    }
    w.out.push_str(";\n");
}

/// What the export says of a lookup table (`'lookup' = 'true'`), which it writes as a JDBC table: a
/// lookup join needs a lookup source, and Flink's Kafka connector is none. The data's INSERTs all
/// run before the queries, so a probe row reads the table's last rows; JoinLab's probe row saw
/// the rows that arrived before it: the same whenever the table's rows all come first.
fn lookup_table(w: &Writer, t: &Table, kv: &str) -> (String, bool) {
    let me = w.p.catalog.find(&t.name);
    let is_row = |e: &&crate::data::Event| matches!(e.kind, crate::data::EventKind::Row { .. });
    let first_probe =
        w.p.events.iter().filter(is_row).position(|e| Some(e.table) != me && !is_lookup(&w.p.catalog.tables[e.table]));
    let late = first_probe
        .and_then(|at| w.p.events.iter().filter(is_row).skip(at).find(|e| Some(e.table) == me).map(|e| e.line));
    let base = format!(
        "{}: a JDBC table (Flink's JDBC connector is a lookup source; Kafka is none): create the table {} with these columns in the database first",
        kv,
        options::jdbc_table(&t.name)
    );
    match late {
        Some(line) => (
            format!(
                "{}; its rows are all written before the queries run, so a lookup finds the table's last rows, where JoinLab's probe row found only the rows that arrived before it (line {}: a row of {} after another table's rows)",
                base, line, t.name
            ),
            true,
        ),
        None => (base, false),
    }
}

/// The examples catalog's tables a script names, as Flink datagen tables in a catalog of the
/// same name (Flink has no examples catalog); nothing for Confluent Cloud, which has it.
pub(super) fn examples(w: &mut Writer, script: &str) {
    if w.target != Target::Flink {
        return;
    }
    let lower = script.to_ascii_lowercase();
    let uses_catalog = lower.contains("use catalog examples");
    let used: Vec<&Table> =
        w.p.catalog
            .tables
            .iter()
            .filter(|t| t.read_only)
            .filter(|t| {
                let name = t.name.to_ascii_lowercase();
                let short = name.rsplit('.').next().unwrap_or(&name).to_string();
                lower.contains(&name) || (uses_catalog && lower.contains(&short))
            })
            .collect();
    if used.is_empty() {
        return;
    }
    w.out.push('\n');
    w.say("the examples catalog (Confluent Cloud's) as Flink datagen tables with the same schema; the values");
    w.say("are Flink's random ones, not JoinLab's (value ranges, keys that repeat, one row every 100 ms)");
    w.out.push_str("CREATE CATALOG examples WITH ('type' = 'generic_in_memory');\n");
    let mut dbs: Vec<String> = Vec::new();
    for t in &used {
        let mut parts = t.name.split('.');
        if let (Some(c), Some(d)) = (parts.next(), parts.next()) {
            let db = format!("{}.{}", c, d);
            if !dbs.contains(&db) {
                w.out.push_str(&format!("CREATE DATABASE {};\n", db));
                dbs.push(db);
            }
        }
    }
    let rows = w.p.examples_rows;
    let mut text = String::new();
    for t in &used {
        let n = rows.or(t.default_rows).unwrap_or(1000);
        let name: Vec<String> = t.name.split('.').map(ident).collect();
        text.push_str(&format!(
            "CREATE TABLE {} {} WITH (\n  'connector' = 'datagen',\n  'number-of-rows' = '{}'\n);\n",
            name.join("."),
            columns_of(t),
            n
        ));
    }
    w.out.push_str(&text);
    if !used.is_empty() {
        w.unfaithful("the examples tables' rows are Flink's datagen values, not the rows JoinLab generated".into());
    }
}

#[cfg(test)]
mod tests {
    use super::with_clause;

    #[test]
    fn finds_the_top_level_with() {
        let s = "CREATE TABLE t (a INT, `with` STRING, c AS 'WITH') WITH ('x' = 'y')";
        let (at, cols) = with_clause(s);
        assert_eq!(&s[at.unwrap()..], "WITH ('x' = 'y')");
        assert!(cols);
        let (at, cols) = with_clause("CREATE TABLE q WITH ('quickstart' = 'orders')");
        assert_eq!(at, Some(15));
        assert!(!cols);
        assert_eq!(with_clause("CREATE TABLE t (a INT)").0, None);
    }
}

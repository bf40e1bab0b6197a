//! DESCRIBE, SHOW TABLES and SHOW CREATE TABLE, as the SQL clients print them.

use crate::catalog::{Catalog, ColumnKind, Table};
use crate::datagen::time::Pace;
use crate::kinds::ChangelogMode;
use crate::kinds::Dialect;

fn table(header: &[&str], rows: &[Vec<String>]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.len()).collect();
    for r in rows {
        for (i, c) in r.iter().enumerate() {
            widths[i] = widths[i].max(c.chars().count());
        }
    }
    let sep = format!("+{}+", widths.iter().map(|w| "-".repeat(w + 2)).collect::<Vec<_>>().join("+"));
    let line = |cells: Vec<String>| {
        format!(
            "|{}|",
            cells.iter().enumerate().map(|(i, c)| format!(" {:<w$} ", c, w = widths[i])).collect::<Vec<_>>().join("|")
        )
    };
    let mut s = vec![sep.clone(), line(header.iter().map(|h| h.to_string()).collect()), sep.clone()];
    for r in rows {
        s.push(line(r.clone()));
    }
    s.push(sep);
    s.join("\n") + "\n"
}

/// `DESCRIBE t`: Confluent's columns (Column Name, Data Type, Nullable, Extras) or Flink's
/// (name, type, null, key, extras, watermark).
pub fn describe(t: &Table, dialect: Dialect) -> String {
    let wm_col = t.watermark.as_ref().map(|w| w.column);
    let mut rows = Vec::new();
    for (i, c) in t.columns.iter().enumerate() {
        let system = matches!(c.kind, ColumnKind::System);
        if system && dialect == Dialect::Flink {
            continue;
        }
        let ty = c.ty.without_time_attr();
        let ty_text = {
            let mut s = ty.summary();
            if let Some(rest) = s.strip_suffix(" NOT NULL") {
                s = rest.to_string();
            }
            s
        };
        let extras = match &c.kind {
            ColumnKind::Computed(e) => {
                format!("AS {}", e.explain(&t.columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>()))
            }
            ColumnKind::Metadata { key, is_virtual } => {
                format!("METADATA FROM '{}'{}", key, if *is_virtual { " VIRTUAL" } else { "" })
            }
            ColumnKind::System => "SYSTEM".into(),
            ColumnKind::Physical => String::new(),
        };
        let pk = t.primary_key.contains(&i);
        match dialect {
            Dialect::Confluent => rows.push(vec![
                c.name.clone(),
                ty_text,
                if c.ty.nullable { "NULL".into() } else { "NOT NULL".into() },
                if pk {
                    format!("PRIMARY KEY{}", if extras.is_empty() { String::new() } else { format!(", {}", extras) })
                } else {
                    extras
                },
            ]),
            Dialect::Flink => rows.push(vec![
                c.name.clone(),
                if wm_col == Some(i) { format!("{} *ROWTIME*", ty_text) } else { ty_text },
                if c.ty.nullable { "TRUE".into() } else { "FALSE".into() },
                if pk { format!("PRI({})", c.name) } else { String::new() },
                extras,
                if wm_col == Some(i) {
                    t.watermark.as_ref().map(|w| w.text.clone()).unwrap_or_default()
                } else {
                    String::new()
                },
            ]),
        }
    }
    match dialect {
        Dialect::Confluent => table(&["Column Name", "Data Type", "Nullable", "Extras"], &rows),
        Dialect::Flink => table(&["name", "type", "null", "key", "extras", "watermark"], &rows),
    }
}

/// `SHOW TABLES` of a database: the script's tables, or (`prefix` = `examples.marketplace`) an
/// examples database's.
pub fn show_tables(c: &Catalog, prefix: Option<&str>) -> String {
    let rows: Vec<Vec<String>> = c
        .tables
        .iter()
        .filter_map(|t| match prefix {
            None if !t.read_only => Some(t.name.clone()),
            Some(p) => t
                .name
                .strip_prefix(p)
                .and_then(|r| r.strip_prefix('.'))
                .filter(|r| !r.contains('.'))
                .map(|r| r.to_string()),
            None => None,
        })
        .map(|n| vec![n])
        .collect();
    table(&["table name"], &rows)
}

/// `SHOW CATALOGS`.
pub fn show_catalogs() -> String {
    table(&["catalog name"], &[vec!["default_catalog".to_string()], vec!["examples".to_string()]])
}

/// `SHOW DATABASES` of a catalog.
pub fn show_databases(c: &Catalog, catalog: &str) -> String {
    let mut dbs: Vec<String> = Vec::new();
    if catalog == "default_catalog" {
        dbs.push("default_database".into());
    } else {
        for t in c.tables.iter().filter(|t| t.read_only) {
            let parts: Vec<&str> = t.name.split('.').collect();
            if parts.len() == 3 && parts[0] == catalog && !dbs.iter().any(|d| d == parts[1]) {
                dbs.push(parts[1].to_string());
            }
        }
        crate::sort::sort(&mut dbs);
    }
    table(&["database name"], &dbs.into_iter().map(|d| vec![d]).collect::<Vec<_>>())
}

pub fn show_create_table(t: &Table) -> String {
    let names: Vec<String> = t.columns.iter().map(|c| c.name.clone()).collect();
    let mut parts: Vec<String> = Vec::new();
    for c in &t.columns {
        match &c.kind {
            ColumnKind::Physical => parts.push(format!("  `{}` {}", c.name, c.ty.without_time_attr().sql())),
            ColumnKind::Computed(e) => parts.push(format!("  `{}` AS {}", c.name, e.explain(&names))),
            ColumnKind::Metadata { key, is_virtual } => parts.push(format!(
                "  `{}` {} METADATA FROM '{}'{}",
                c.name,
                c.ty.without_time_attr().sql(),
                key,
                if *is_virtual { " VIRTUAL" } else { "" }
            )),
            ColumnKind::System => {}
        }
    }
    if let Some(w) = t.watermark.as_ref().filter(|w| w.declared) {
        parts.push(format!("  WATERMARK FOR `{}` AS {}", t.columns[w.column].name, w.text));
    } else if t.read_only && t.watermark.is_some() {
        // The examples catalog's default (Confluent Cloud): the largest `$rowtime` seen so far.
        parts.push("  WATERMARK FOR `$rowtime` AS SOURCE_WATERMARK()".to_string());
    }
    if !t.primary_key.is_empty() {
        let k: Vec<String> = t.primary_key.iter().map(|&i| format!("`{}`", t.columns[i].name)).collect();
        parts.push(format!(
            "  CONSTRAINT `PK_{}` PRIMARY KEY ({}) NOT ENFORCED",
            k.join("_").replace('`', ""),
            k.join(", ")
        ));
    }
    let path = if t.name.contains('.') {
        t.name.replace('.', "`.`")
    } else {
        format!("default_catalog`.`default_database`.`{}", t.name)
    };
    let mut s = format!("CREATE TABLE `{}` (\n{}\n)", path, parts.join(",\n"));
    let options = if t.read_only { example_options(t) } else { t.options.clone() };
    if !options.is_empty() {
        let o: Vec<String> = options.iter().map(|(k, v)| format!("  '{}' = '{}'", k, v)).collect();
        s.push_str(&format!(" WITH (\n{}\n)", o.join(",\n")));
    }
    s.push('\n');
    s
}

/// What an examples-catalog table says about its rows: its changelog mode, its default row count
/// (the options a script can change: `joinlab.examples.rows`, the OPTIONS hint) and its pace.
fn example_options(t: &Table) -> Vec<(String, String)> {
    let mode = match t.changelog {
        ChangelogMode::Insert => "append",
        ChangelogMode::Retract => "retract",
        ChangelogMode::Upsert | ChangelogMode::UpsertPartialDelete => "upsert",
    };
    let mut o = vec![("changelog.mode".to_string(), mode.to_string())];
    if let Some(n) = t.default_rows {
        o.push(("number-of-rows".to_string(), n.to_string()));
    }
    if let Some(Ok(g)) = &t.generator {
        if let Pace::Every(ns) = g.timing.pace {
            let every = if ns % 1_000_000_000 == 0 {
                format!("{} s", ns / 1_000_000_000)
            } else {
                format!("{} ms", ns / 1_000_000)
            };
            o.push(("joinlab.interval".to_string(), every));
        }
    }
    o
}

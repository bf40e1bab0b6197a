//! `joinlab export`: a JoinLab script rewritten for a real engine — Apache Flink's SQL client
//! (`sql-client.sh -f OUT.sql`, tables backed by Kafka) or Confluent Cloud (statements). The
//! script is prepared as `joinlab run` prepares it (same errors, same arrival order), then each
//! statement is written out in place; the data goes out as INSERT statements in JoinLab's arrival
//! order. What has no faithful equivalent is said in a `-- JoinLab:` comment where it stands
//! (docs/export.md). Behind the `export` feature: the page's wasm does not carry it.

mod data;
mod ddl;
mod header;
mod literal;
pub mod options;
mod queries;
#[cfg(test)]
mod tests;

use crate::exec::{prepare, Prepared, RunConfig};
use crate::kinds::Dialect;
use crate::script::{split, ItemKind};
use crate::sql::{parse_statement, Statement};

/// The engine an export is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Apache Flink's SQL client, tables on Kafka.
    Flink,
    /// Confluent Cloud for Apache Flink.
    Confluent,
}

impl Target {
    pub fn parse(s: &str) -> Option<Target> {
        match s.trim().to_ascii_lowercase().as_str() {
            "flink" => Some(Target::Flink),
            "confluent" => Some(Target::Confluent),
            _ => None,
        }
    }
}

/// An exported script.
#[derive(Clone, Debug, PartialEq)]
pub struct Export {
    /// The script for the target.
    pub text: String,
    /// What could not be exported faithfully (each is also a comment in `text`, where it stands).
    pub unfaithful: Vec<String>,
}

/// The comment that starts every line the export says something in.
pub(crate) const SAYS: &str = "-- JoinLab:";

/// Writes `script` for `target`. A script JoinLab cannot prepare exports nothing: the error is
/// what `joinlab run` prints for it (line and column included).
pub fn export(script: &str, target: Target, dialect: Dialect) -> Result<Export, String> {
    let cfg = RunConfig { dialect, trace: false };
    let p = prepare(script, &cfg).map_err(|(notes, statements, e)| {
        let t = crate::trace::ScriptTrace::failed(dialect, notes, statements, &e);
        crate::output::script_text(&t, &[], &[], &crate::output::TextOptions::default())
    })?;
    let items = split(script).map_err(|e| e.message)?;
    // a query JoinLab cannot parse: nothing is exported (the others' errors are Flink's too: said in place)
    for qi in 0..p.query_count() {
        if let Err(e) = p.plan(qi) {
            if e.kind == crate::error::ErrorKind::Parse {
                let at = e.script_pos.map(|p| format!(" at line {}, column {}", p.line, p.col)).unwrap_or_default();
                return Err(format!(
                    "== error\nquery {}{}: {}\n(nothing exported: JoinLab cannot parse the script)\n",
                    qi + 1,
                    at,
                    e.message
                ));
            }
        }
    }
    let mut w = Writer { target, p: &p, out: String::new(), unfaithful: Vec::new() };
    w.out.push_str(&header::header(target, &p));
    ddl::examples(&mut w, script);
    let last_data = items.iter().rposition(|it| match &it.kind {
        ItemKind::Sql(s) => is_insert(s),
        _ => true,
    });
    let mut qi = 0;
    let mut functions: Vec<String> = Vec::new();
    for (i, it) in items.iter().enumerate() {
        if let ItemKind::Sql(sql) = &it.kind {
            if queries::is_query(sql) {
                w.out.push('\n');
                queries::query(&mut w, qi, sql, it.line, &mut functions);
                qi += 1;
            } else if !is_insert(sql) {
                w.out.push('\n');
                w.statement(sql, &mut functions);
            }
        }
        if Some(i) == last_data {
            w.out.push('\n');
            data::data(&mut w);
        }
    }
    Ok(Export { text: w.out, unfaithful: w.unfaithful })
}

fn is_insert(sql: &str) -> bool {
    let t = sql.trim_start();
    t.get(..6).is_some_and(|w| w.eq_ignore_ascii_case("INSERT"))
}

/// The export being written.
pub(crate) struct Writer<'a> {
    pub target: Target,
    pub p: &'a Prepared,
    pub out: String,
    pub unfaithful: Vec<String>,
}

impl Writer<'_> {
    /// A `-- JoinLab:` comment about something not exported faithfully.
    pub fn unfaithful(&mut self, what: String) {
        self.out.push_str(SAYS);
        self.out.push(' ');
        self.out.push_str(&what);
        self.out.push('\n');
        self.unfaithful.push(what);
    }

    /// A `-- JoinLab:` comment that explains.
    pub fn say(&mut self, what: &str) {
        self.out.push_str(SAYS);
        self.out.push(' ');
        self.out.push_str(what);
        self.out.push('\n');
    }

    /// A statement as written, with its `;`.
    pub fn verbatim(&mut self, sql: &str) {
        self.out.push_str(sql.trim());
        self.out.push_str(";\n");
    }

    /// One statement that is not a query and not data.
    fn statement(&mut self, sql: &str, functions: &mut Vec<String>) {
        match parse_statement(sql) {
            Ok(Statement::Set { key, value }) => options::set(self, &key, &value),
            Ok(Statement::CreateTable(ct)) => ddl::create_table(self, sql, &ct),
            Ok(Statement::CreateFunction { name, .. }) => {
                functions.push(name.to_ascii_lowercase());
                self.verbatim(sql)
            }
            _ => self.verbatim(sql),
        }
    }
}

//! Completion and hover for the editor (issue 20), from the engine's own catalog: the page's
//! CodeMirror asks, with the script and the cursor, what can be written there, and gets the
//! names the script's tables, views and the examples catalog hold (aliases resolved), the
//! window table functions, functions with their signatures, SET keys and their values, a
//! connector's WITH option keys (read off its factory's own list of supported options) and
//! values, and hints. `hover` says what a name under the cursor is (a column's type, a table's
//! columns). `schema` lists every table a script can read, for the schema browser.
//!
//! The catalog comes from the script's CREATE / SET / USE statements other than the one being
//! written (each that fails is left out, so one broken statement does not hide the others);
//! the statement at the cursor is read by a lexer that accepts unfinished text.

mod lex;
mod scope;
mod words;

use serde::Serialize;

use crate::catalog::{Catalog, ColumnKind, Table};
use crate::exec::{prepare, RunConfig};
use crate::kinds::Dialect;
use lex::{lex, Kind, Tok};
use scope::{scope_of, Source};

/// One thing that can be written at the cursor.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Suggestion {
    pub label: String,
    /// `keyword`, `table`, `column`, `function`, `option`, `value`, `hint`, `template`.
    pub kind: &'static str,
    /// A column's type, a function's signature, what an option does.
    pub detail: String,
    /// The text written, when it is not the label.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub apply: Option<String>,
}

/// What can be written at the cursor: the suggestions replace the `replace` UTF-16 units before it
/// (the word or string content being written).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Completion {
    pub replace: usize,
    pub items: Vec<Suggestion>,
}

fn item(label: impl Into<String>, kind: &'static str, detail: impl Into<String>) -> Suggestion {
    Suggestion { label: label.into(), kind, detail: detail.into(), apply: None }
}

/// The statement around byte `cursor`: its start and end offsets. Statements end with `;` at the
/// end of a line; `@` data lines stand alone.
fn statement_at(script: &str, cursor: usize) -> (usize, usize) {
    let mut start = 0;
    let mut off = 0;
    for line in script.split_inclusive('\n') {
        let end = off + line.len();
        let t = line.trim();
        if end <= cursor && (t.ends_with(';') || t.starts_with('@')) {
            start = end;
        }
        if end > cursor || end == script.len() {
            break;
        }
        off = end;
    }
    let mut stop = script.len();
    let mut off = start;
    for line in script[start..].split_inclusive('\n') {
        let end = off + line.len();
        if end > cursor && line.trim_end().ends_with(';') {
            stop = off + line.trim_end().len();
            break;
        }
        off = end;
    }
    (start, stop.max(cursor))
}

/// The statements of `script` outside `skip` that shape the catalog (CREATE, SET, USE), in order.
fn ddl_statements(script: &str, skip: (usize, usize)) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    let mut off = 0;
    for line in script.split_inclusive('\n') {
        let end = off + line.len();
        let t = line.trim();
        if t.starts_with('@') {
            from = end;
        } else if t.ends_with(';') {
            let stmt = &script[from..off + line.trim_end().len()];
            let head = first_word(stmt).to_ascii_uppercase();
            let inside = from < skip.1 && off + line.len() > skip.0;
            if !inside && ["CREATE", "SET", "USE", "ALTER"].contains(&head.as_str()) {
                out.push(stmt);
            }
            from = end;
        }
        off = end;
    }
    out
}

/// A statement's first word, past blanks and comments (without lexing the rest: a script of
/// 10^5 INSERTs is read on every key press).
fn first_word(stmt: &str) -> &str {
    let mut s = stmt;
    loop {
        s = s.trim_start();
        if let Some(r) = s.strip_prefix("--") {
            s = r.split_once('\n').map(|(_, x)| x).unwrap_or("");
        } else if let Some(r) = s.strip_prefix("/*") {
            s = r.split_once("*/").map(|(_, x)| x).unwrap_or("");
        } else {
            break;
        }
    }
    let end = s.find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(s.len());
    &s[..end]
}

/// The catalog the script's other statements build: all of them at once, else one at a time,
/// leaving out each that fails.
fn catalog_of(script: &str, skip: (usize, usize), dialect: Dialect) -> Catalog {
    let stmts = ddl_statements(script, skip);
    let cfg = RunConfig { dialect, trace: false };
    let joined = |v: &[&str]| v.iter().map(|s| format!("{}\n", s.trim())).collect::<String>();
    if let Ok(p) = prepare(&joined(&stmts), &cfg) {
        return p.catalog;
    }
    let mut kept: Vec<&str> = Vec::new();
    for s in stmts {
        kept.push(s);
        if prepare(&joined(&kept), &cfg).is_err() {
            kept.pop();
        }
    }
    prepare(&joined(&kept), &cfg).map(|p| p.catalog).unwrap_or_default()
}

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// A table's columns as DESCRIBE names them (its time attribute marked `*ROWTIME*`), without `$rowtime`.
fn columns_of(t: &Table) -> impl Iterator<Item = (&str, String)> {
    t.columns
        .iter()
        .zip(columns_types(t))
        .filter(|(c, _)| !matches!(c.kind, ColumnKind::System))
        .map(|(c, ty)| (c.name.as_str(), ty))
}

/// What can be written at byte `cursor` of `script`.
pub fn complete(script: &str, cursor: usize, dialect: Dialect) -> Completion {
    let cursor = cursor.min(script.len());
    if !script.is_char_boundary(cursor) {
        return Completion::default();
    }
    let (start, end) = statement_at(script, cursor);
    let line_start = script[..cursor].rfind('\n').map(|i| i + 1).unwrap_or(0);
    if script[line_start..cursor].trim_start().starts_with('@') || script[line_start..cursor].contains("--") {
        return Completion::default();
    }
    let stmt = &script[start..end];
    let at = cursor - start;
    let toks = lex(stmt);
    let before: Vec<&Tok> = toks.iter().filter(|t| t.from < at).collect();
    let catalog = catalog_of(script, (start, end), dialect);
    let last = before.last().copied();
    // inside a hint, or a string
    if let Some(t) = last.filter(|t| t.to >= at) {
        match t.kind {
            Kind::Hint { closed: false } => {
                let word = stmt[t.from..at].rsplit(|c: char| !c.is_alphanumeric() && c != '_').next().unwrap_or("");
                return Completion {
                    replace: utf16_len(word),
                    items: words::HINTS
                        .iter()
                        .map(|(n, tpl)| Suggestion { apply: Some(tpl.to_string()), ..item(*n, "hint", *tpl) })
                        .collect(),
                };
            }
            Kind::Str { .. } if t.to > at || matches!(t.kind, Kind::Str { closed: false }) => {
                let typed = &stmt[t.from + 1..at];
                return Completion { replace: utf16_len(typed), items: in_string(stmt, &toks, &before, &catalog) };
            }
            _ => {}
        }
    }
    // the word being written, if any
    let (word, prev) = match last {
        Some(t) if t.to >= at && matches!(t.kind, Kind::Word | Kind::Quoted) => {
            (&stmt[t.from..at], before.len().checked_sub(2).map(|i| before[i]))
        }
        _ => ("", last),
    };
    let replace = utf16_len(word);
    let upto: Vec<&Tok> = before.iter().copied().filter(|t| t.to <= at - word.len()).collect();
    let sources = scope_of(stmt, &toks, &catalog);
    // `x.`: the columns of x
    if prev.is_some_and(|p| p.text(stmt) == ".") {
        let q = upto.len().checked_sub(2).and_then(|i| upto[i].name(stmt)).unwrap_or_default();
        let items = sources
            .iter()
            .filter(|s| s.alias.eq_ignore_ascii_case(&q))
            .flat_map(|s| s.columns.iter().map(|(n, ty)| item(n.clone(), "column", format!("{} ({})", ty, s.table))))
            .collect();
        return Completion { replace, items };
    }
    let prev_word = prev.map(|p| p.text(stmt).to_ascii_uppercase()).unwrap_or_default();
    // after FROM / JOIN: tables, views, the window TVFs
    if ["FROM", "JOIN"].contains(&prev_word.as_str()) {
        return Completion { replace, items: tables(&catalog) };
    }
    // DESCRIPTOR(: the time columns of the TVF's table
    if prev.is_some_and(|p| p.text(stmt) == "(") && upto.len() >= 2 && upto[upto.len() - 2].is(stmt, "DESCRIPTOR") {
        let table = upto.iter().rev().skip(2).find(|t| t.is(stmt, "TABLE")).and_then(|t| {
            let i = upto.iter().position(|x| std::ptr::eq(*x, *t))?;
            upto.get(i + 1)?.name(stmt)
        });
        let items = table
            .and_then(|n| find(&catalog, &n))
            .map(|t| {
                columns_of(t)
                    .filter(|(_, ty)| ty.starts_with("TIMESTAMP"))
                    .map(|(n, ty)| item(n, "column", ty))
                    .collect()
            })
            .unwrap_or_default();
        return Completion { replace, items };
    }
    if stmt_head(stmt, &toks) == "SET" {
        return Completion::default();
    }
    let mut items: Vec<Suggestion> = Vec::new();
    for s in &sources {
        for (n, ty) in &s.columns {
            items.push(item(n.clone(), "column", format!("{} ({})", ty, s.table)));
            if !s.alias.is_empty() {
                items.push(item(format!("{}.{}", s.alias, n), "column", ty.clone()));
            }
        }
    }
    items.extend(words::FUNCTIONS.iter().map(|(n, sig, what)| item(*n, "function", format!("{} — {}", sig, what))));
    items.extend(words::KEYWORDS.iter().map(|k| item(*k, "keyword", "")));
    items.extend(tables(&catalog));
    Completion { replace, items }
}

/// The first word of a statement, in capitals.
fn stmt_head(stmt: &str, toks: &[Tok]) -> String {
    toks.first().map(|t| t.text(stmt).to_ascii_uppercase()).unwrap_or_default()
}

/// Tables, views and the window TVFs over each table with a time attribute.
fn tables(catalog: &Catalog) -> Vec<Suggestion> {
    let mut out = Vec::new();
    for t in &catalog.tables {
        let cols: Vec<String> = columns_of(t).map(|(n, ty)| format!("{} {}", n, ty)).collect();
        out.push(item(t.name.clone(), "table", format!("({})", cols.join(", "))));
    }
    for (n, _, _) in &catalog.views {
        out.push(item(n.clone(), "table", "view"));
    }
    for t in catalog.tables.iter().filter(|t| !t.read_only) {
        if let Some(w) = &t.watermark {
            let c = &t.columns[w.column].name;
            for (f, tpl) in words::WINDOW_TVFS {
                let text = tpl.replace("{t}", &t.name).replace("{c}", c);
                out.push(Suggestion {
                    apply: Some(text.clone()),
                    ..item(format!("{} over {}", f, t.name), "template", text)
                });
            }
        }
    }
    out
}

fn find<'a>(catalog: &'a Catalog, name: &str) -> Option<&'a Table> {
    let parts: Vec<String> = name.split('.').map(|s| s.trim_matches('`').to_string()).collect();
    catalog.resolve(&parts, &[]).or_else(|| catalog.find_loose(name)).and_then(|i| catalog.tables.get(i))
}

/// Inside a string: a SET key or value, a WITH option key or value.
fn in_string(stmt: &str, toks: &[Tok], before: &[&Tok], catalog: &Catalog) -> Vec<Suggestion> {
    let head = stmt_head(stmt, toks);
    let strings: Vec<&&Tok> = before.iter().filter(|t| matches!(t.kind, Kind::Str { .. })).collect();
    let prev = before.len().checked_sub(2).map(|i| before[i]);
    if head == "SET" {
        if strings.len() <= 1 {
            return words::SET_KEYS.iter().map(|(k, _, what)| item(*k, "option", *what)).collect();
        }
        let key = strings[0].value(stmt).unwrap_or_default();
        return words::SET_KEYS
            .iter()
            .filter(|(k, _, _)| k.eq_ignore_ascii_case(&key))
            .flat_map(|(_, vs, what)| vs.iter().map(move |v| item(*v, "value", *what)))
            .collect();
    }
    // a CREATE TABLE's WITH ( … )
    let with = toks.iter().position(|t| t.is(stmt, "WITH"));
    let in_with = head == "CREATE" && with.is_some_and(|w| toks[w].to <= before.last().map(|t| t.from).unwrap_or(0));
    if !in_with {
        return Vec::new();
    }
    let options: Vec<(String, String)> = option_pairs(stmt, toks);
    let connector = options.iter().find(|(k, _)| k == "connector").map(|(_, v)| v.clone());
    match prev.map(|p| p.text(stmt)) {
        Some("=") => {
            let key = before.len().checked_sub(3).and_then(|i| before[i].value(stmt)).unwrap_or_default();
            if key == "connector" {
                return words::CONNECTORS.iter().map(|(n, what)| item(*n, "value", *what)).collect();
            }
            words::TABLE_OPTIONS
                .iter()
                .filter(|(k, _)| *k == key)
                .flat_map(|(_, vs)| vs.iter().map(|v| item(*v, "value", "")))
                .collect()
        }
        Some("(") | Some(",") => {
            let mut out: Vec<Suggestion> = words::TABLE_OPTIONS.iter().map(|(k, _)| item(*k, "option", "")).collect();
            if let Some(c) = connector {
                out.extend(
                    connector_keys(stmt, toks, &c, catalog).into_iter().map(|k| item(k, "option", format!("'{}'", c))),
                );
            }
            out
        }
        _ => Vec::new(),
    }
}

/// The `'key' = 'value'` pairs of a statement's WITH.
fn option_pairs(stmt: &str, toks: &[Tok]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for w in toks.windows(3) {
        if let (Some(k), "=", Some(v)) = (w[0].value(stmt), w[1].text(stmt), w[2].value(stmt)) {
            out.push((k, v));
        }
    }
    out
}

/// The option keys connector `c` supports for the table being written: its factory's own list
/// (the "Supported options" of the error a probe key gets), or an external table's.
fn connector_keys(stmt: &str, toks: &[Tok], c: &str, _catalog: &Catalog) -> Vec<String> {
    if let Some(x) = crate::catalog::external::Connector::of(c) {
        return x.options().iter().map(|s| s.to_string()).collect();
    }
    let Some(with) = toks.iter().find(|t| t.is(stmt, "WITH")) else { return Vec::new() };
    let create = stmt[..with.from].trim();
    // faker wants an expression for every physical column before it reads the other keys
    let cfg = RunConfig { dialect: Dialect::Flink, trace: false };
    let columns: Vec<String> = prepare(&format!("SET 'joinlab.dialect' = 'flink';\n{};\n", create), &cfg)
        .ok()
        .and_then(|p| p.catalog.tables.into_iter().rev().find(|t| !t.read_only))
        .map(|t| t.physical().into_iter().map(|i| t.columns[i].name.replace('\'', "''")).collect())
        .unwrap_or_default();
    let expressions: String = columns.iter().map(|n| format!(", 'fields.{}.expression' = '1'", n)).collect();
    let ddl = format!(
        "SET 'joinlab.dialect' = 'flink';\n{} WITH ('connector' = '{}'{}, 'complete-probe' = 'x');\n",
        create,
        c.replace('\'', "''"),
        if c == "faker" { expressions.as_str() } else { "" }
    );
    // datagen keeps the error for the first query (as Flink does); faker fails the CREATE TABLE
    let e = match prepare(&ddl, &cfg) {
        Err((_, _, e)) => e,
        Ok(p) => match p.catalog.tables.iter().rev().find(|t| !t.read_only).map(|t| t.generator.clone()) {
            Some(Some(Err(e))) => e,
            _ => return Vec::new(),
        },
    };
    let text =
        std::iter::once(e.message.as_str()).chain(e.causes.iter().map(String::as_str)).collect::<Vec<_>>().join("\n");
    let Some(list) = text.split("Supported options:").nth(1) else { return Vec::new() };
    list.lines().map(str::trim).filter(|l| !l.is_empty() && *l != "connector").map(str::to_string).collect()
}

/// What the name at byte `cursor` is: a column's type and table, a table's columns, a function's
/// signature; None for anything else.
pub fn hover(script: &str, cursor: usize, dialect: Dialect) -> Option<String> {
    let cursor = cursor.min(script.len());
    let (start, end) = statement_at(script, cursor);
    let stmt = &script[start..end];
    let at = cursor - start;
    let toks = lex(stmt);
    let i = toks.iter().position(|t| t.from <= at && at <= t.to && matches!(t.kind, Kind::Word | Kind::Quoted))?;
    let name = toks[i].name(stmt)?;
    let catalog = catalog_of(script, (start, end), dialect);
    let sources = scope_of(stmt, &toks, &catalog);
    let qualifier = (i >= 2 && toks[i - 1].text(stmt) == ".").then(|| toks[i - 2].name(stmt)).flatten();
    let column = |s: &Source| {
        s.columns
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(&name))
            .map(|(n, ty)| format!("{}: {} (column of {})", n, ty, s.table))
    };
    if let Some(q) = qualifier {
        return sources.iter().filter(|s| s.alias.eq_ignore_ascii_case(&q)).find_map(column);
    }
    if let Some(s) = sources.iter().find(|s| s.alias.eq_ignore_ascii_case(&name) && !s.alias.is_empty()) {
        return Some(format!("{}: {}", s.alias, s.table));
    }
    if let Some(t) = find(&catalog, &name) {
        let cols: Vec<String> = columns_of(t).map(|(n, ty)| format!("{} {}", n, ty)).collect();
        return Some(format!("table {} ({})", t.name, cols.join(", ")));
    }
    if let Some(c) = sources.iter().find_map(column) {
        return Some(c);
    }
    words::FUNCTIONS
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(&name))
        .map(|(_, sig, what)| format!("{} — {}", sig, what))
}

/// A table the schema browser lists.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemaTable {
    pub name: String,
    /// `script`, `examples` (the read-only examples catalog) or `external` (a Confluent external table).
    pub origin: &'static str,
    pub columns: Vec<SchemaColumn>,
    pub primary_key: Vec<String>,
    /// `WATERMARK FOR …` as written, if any.
    pub watermark: Option<String>,
    /// `append`, `upsert` or `retract`.
    pub changelog: &'static str,
    /// The connector, if the table names one.
    pub connector: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SchemaColumn {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
    /// `physical`, `computed`, `metadata`.
    pub kind: &'static str,
}

/// Each column's type as DESCRIBE shows it (the time attribute marked), in column order.
fn columns_types(t: &Table) -> Vec<String> {
    let rowtime = t.watermark.as_ref().filter(|w| w.declared).map(|w| w.column);
    t.columns
        .iter()
        .enumerate()
        .map(|(i, c)| if Some(i) == rowtime { format!("{} *ROWTIME*", c.ty.sql()) } else { c.ty.sql() })
        .collect()
}

/// Every table `script` can read: its own (the statements that run), the examples catalog's.
pub fn schema(script: &str, dialect: Dialect) -> Vec<SchemaTable> {
    let catalog = catalog_of(script, (0, 0), dialect);
    catalog
        .tables
        .iter()
        .map(|t| SchemaTable {
            name: t.name.clone(),
            origin: if t.read_only {
                "examples"
            } else if t.external.is_some() {
                "external"
            } else {
                "script"
            },
            columns: t
                .columns
                .iter()
                .zip(columns_types(t))
                .filter(|(c, _)| !matches!(c.kind, ColumnKind::System))
                .map(|(c, ty)| SchemaColumn {
                    name: c.name.clone(),
                    ty,
                    kind: match c.kind {
                        ColumnKind::Physical | ColumnKind::System => "physical",
                        ColumnKind::Computed(_) => "computed",
                        ColumnKind::Metadata { .. } => "metadata",
                    },
                })
                .collect(),
            primary_key: t.primary_key.iter().filter_map(|&i| t.columns.get(i).map(|c| c.name.clone())).collect(),
            watermark: t
                .watermark
                .as_ref()
                .filter(|w| w.declared)
                .and_then(|w| t.columns.get(w.column).map(|c| format!("WATERMARK FOR {} AS {}", c.name, w.text))),
            changelog: match t.changelog {
                crate::kinds::ChangelogMode::Insert => "append",
                crate::kinds::ChangelogMode::Upsert | crate::kinds::ChangelogMode::UpsertPartialDelete => "upsert",
                crate::kinds::ChangelogMode::Retract => "retract",
            },
            connector: t.options.iter().find(|(k, _)| k == "connector").map(|(_, v)| v.clone()),
        })
        .collect()
}

/// The byte offset of UTF-16 offset `units` in `s` (what the editor counts), at most its length.
pub fn byte_offset(s: &str, units: usize) -> usize {
    let mut n = 0;
    for (i, c) in s.char_indices() {
        if n >= units {
            return i;
        }
        n += c.len_utf16();
    }
    s.len()
}

/// [`complete`] as JSON, at a UTF-16 offset (the page's editor; `joinlab-wasm`'s `completeAt`).
pub fn complete_json(script: &str, units: usize, dialect: Dialect) -> String {
    serde_json::to_string(&complete(script, byte_offset(script, units), dialect)).unwrap_or_else(|_| "{}".into())
}

/// [`schema`] as JSON (the page's schema browser; `joinlab-wasm`'s `schemaOf`).
pub fn schema_json(script: &str, dialect: Dialect) -> String {
    serde_json::to_string(&schema(script, dialect)).unwrap_or_else(|_| "[]".into())
}

#[cfg(test)]
mod tests;

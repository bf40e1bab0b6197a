//! The names a statement's FROM clauses bring into scope, for completion: each table reference's
//! alias (or its name) and its columns — a table or view of the catalog, a window table function
//! over one (its columns and window_start, window_end, window_time), a subquery (its SELECT
//! list, `*` taking its own sources' columns), `UNNEST(…) AS t(x, …)`. Read off the lexer's
//! tokens, so a statement still being written is read as far as it goes.

use super::lex::{Kind, Tok};
use super::words::WINDOW_COLUMNS;
use crate::catalog::{Catalog, ColumnKind};

/// A table reference in scope: its alias (its name when it has none), what it reads, its columns.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    pub alias: String,
    pub table: String,
    pub columns: Vec<(String, String)>,
}

const NOT_ALIAS: &[&str] = &[
    "WHERE", "JOIN", "LEFT", "RIGHT", "FULL", "INNER", "CROSS", "ON", "GROUP", "ORDER", "LIMIT", "UNION", "HAVING",
    "WINDOW", "FOR", "LATERAL", "USING", "OUTER", "NATURAL", "AS", "SELECT", "FROM", "WITH",
];

/// The index of the `)` closing the `(` at `i` (the last token when unclosed).
fn closing(s: &str, toks: &[Tok], i: usize) -> usize {
    let mut depth = 0;
    for (j, t) in toks.iter().enumerate().skip(i) {
        match t.text(s) {
            "(" => depth += 1,
            ")" => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    toks.len().saturating_sub(1)
}

/// The alias at `i` (`[AS] name`), and the index after it.
fn alias_at(s: &str, toks: &[Tok], mut i: usize) -> (Option<String>, usize) {
    if toks.get(i).is_some_and(|t| t.is(s, "AS")) {
        i += 1;
    }
    match toks.get(i) {
        Some(t) if t.kind == Kind::Quoted => (t.name(s), i + 1),
        Some(t) if t.kind == Kind::Word && !NOT_ALIAS.iter().any(|w| t.is(s, w)) => (t.name(s), i + 1),
        _ => (None, i),
    }
}

fn table_columns(catalog: &Catalog, name: &str) -> Option<(String, Vec<(String, String)>)> {
    let parts: Vec<String> = name.split('.').map(str::to_string).collect();
    let i = catalog.resolve(&parts, &[]).or_else(|| catalog.find_loose(name))?;
    let t = catalog.tables.get(i)?;
    let cols = t
        .columns
        .iter()
        .filter(|c| !matches!(c.kind, ColumnKind::System))
        .map(|c| (c.name.clone(), c.ty.sql()))
        .collect();
    Some((t.name.clone(), cols))
}

/// A dotted name starting at `i`, and the index after it.
fn dotted(s: &str, toks: &[Tok], mut i: usize) -> (String, usize) {
    let mut parts = Vec::new();
    while let Some(n) = toks.get(i).and_then(|t| t.name(s)) {
        parts.push(n);
        if toks.get(i + 1).is_some_and(|t| t.text(s) == ".") && toks.get(i + 2).is_some_and(|t| t.name(s).is_some()) {
            i += 2;
        } else {
            i += 1;
            break;
        }
    }
    (parts.join("."), i)
}

/// Every table reference of the statement (all of its SELECTs: a name is offered wherever it is).
pub fn scope_of(s: &str, toks: &[Tok], catalog: &Catalog) -> Vec<Source> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut in_from = false;
    while i < toks.len() {
        let t = &toks[i];
        let starts = t.is(s, "FROM") || t.is(s, "JOIN") || (in_from && t.text(s) == ",");
        if t.is(s, "FROM") || t.is(s, "JOIN") {
            in_from = true;
        } else if ["WHERE", "GROUP", "ORDER", "HAVING", "ON", "UNION", "SELECT"].iter().any(|w| t.is(s, w)) {
            in_from = false;
        }
        if starts {
            if let Some((src, next)) = reference(s, toks, i + 1, catalog) {
                out.push(src);
                i = next;
                continue;
            }
        }
        i += 1;
    }
    out
}

/// The table reference starting at `i`.
fn reference(s: &str, toks: &[Tok], i: usize, catalog: &Catalog) -> Option<(Source, usize)> {
    let t = toks.get(i)?;
    if t.is(s, "LATERAL") {
        return None;
    }
    if t.is(s, "TABLE") && toks.get(i + 1).is_some_and(|x| x.text(s) == "(") {
        // TABLE(TVF(TABLE name, …))
        let end = closing(s, toks, i + 1);
        let tvf = toks.get(i + 2).map(|x| x.text(s).to_ascii_uppercase()).unwrap_or_default();
        let inner = (i + 3..end).find(|&j| toks[j].is(s, "TABLE")).map(|j| dotted(s, toks, j + 1).0);
        let (alias, next) = alias_at(s, toks, end + 1);
        let (table, mut columns) = inner.and_then(|n| table_columns(catalog, &n)).unwrap_or_default();
        if ["TUMBLE", "HOP", "CUMULATE", "SESSION"].contains(&tvf.as_str()) {
            columns.extend(WINDOW_COLUMNS.iter().map(|(n, ty)| (n.to_string(), ty.to_string())));
        }
        let table = format!("{}({})", tvf, table);
        return Some((Source { alias: alias.unwrap_or_default(), table, columns }, next));
    }
    if t.is(s, "UNNEST") {
        let end = closing(s, toks, i + 1);
        let (alias, mut next) = alias_at(s, toks, end + 1);
        let mut columns = Vec::new();
        if toks.get(next).is_some_and(|x| x.text(s) == "(") {
            let close = closing(s, toks, next);
            columns = toks[next + 1..close].iter().filter_map(|x| x.name(s)).map(|n| (n, String::new())).collect();
            next = close + 1;
        }
        return Some((Source { alias: alias.unwrap_or_default(), table: "UNNEST".into(), columns }, next));
    }
    if t.text(s) == "(" {
        // a subquery: its SELECT list's names, `*` taking its sources' columns
        let end = closing(s, toks, i);
        let inner = &toks[i + 1..end.max(i + 1)];
        let inner_sources = scope_of(s, inner, catalog);
        let columns = select_list(s, inner, &inner_sources);
        let (alias, next) = alias_at(s, toks, end + 1);
        return Some((Source { alias: alias.unwrap_or_default(), table: "subquery".into(), columns }, next));
    }
    let (name, mut next) = dotted(s, toks, i);
    if name.is_empty() {
        return None;
    }
    if toks.get(next).is_some_and(|x| x.is(s, "FOR")) {
        // FOR SYSTEM_TIME AS OF expr: skip to the alias's AS, or to what ends the reference
        next += 4;
        while let Some(x) = toks.get(next) {
            if x.is(s, "AS") || x.is(s, "ON") || x.is(s, "JOIN") || x.is(s, "WHERE") || x.text(s) == "," {
                break;
            }
            next += 1;
        }
    }
    let (alias, next) = alias_at(s, toks, next);
    let (table, columns) = table_columns(catalog, &name).unwrap_or((name.clone(), Vec::new()));
    Some((Source { alias: alias.unwrap_or(name), table, columns }, next))
}

/// The names (and, where known, types) a SELECT list gives.
fn select_list(s: &str, toks: &[Tok], sources: &[Source]) -> Vec<(String, String)> {
    let Some(sel) = toks.iter().position(|t| t.is(s, "SELECT")) else { return Vec::new() };
    let from = toks.iter().position(|t| t.is(s, "FROM")).unwrap_or(toks.len());
    let mut out = Vec::new();
    let mut item: Vec<&Tok> = Vec::new();
    let mut depth = 0;
    let typed = |n: &str| {
        sources
            .iter()
            .flat_map(|x| x.columns.iter())
            .find(|(c, _)| c.eq_ignore_ascii_case(n))
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    };
    let flush = |item: &mut Vec<&Tok>, out: &mut Vec<(String, String)>| {
        match item.as_slice() {
            [] => {}
            [one] if one.text(s) == "*" => out.extend(sources.iter().flat_map(|x| x.columns.clone())),
            [.., q, dot, star] if star.text(s) == "*" && dot.text(s) == "." => {
                let q = q.name(s).unwrap_or_default();
                out.extend(sources.iter().filter(|x| x.alias.eq_ignore_ascii_case(&q)).flat_map(|x| x.columns.clone()));
            }
            [.., last] => {
                if let Some(n) = last.name(s) {
                    let ty = typed(&n);
                    out.push((n, ty));
                }
            }
        }
        item.clear();
    };
    for t in &toks[sel + 1..from] {
        match t.text(s) {
            "(" => depth += 1,
            ")" => depth -= 1,
            "," if depth == 0 => {
                flush(&mut item, &mut out);
                continue;
            }
            _ => {}
        }
        item.push(t);
    }
    flush(&mut item, &mut out);
    out
}

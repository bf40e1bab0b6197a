//! The script's data (INSERT rows, `@` lines) as INSERT statements in JoinLab's arrival order;
//! what an INSERT cannot carry (`-D`, `-U`/`+U` into an append-only table, `@watermark`) as a
//! comment at its place.

use super::ddl::ident;
use super::literal::literal;
use super::options::is_upsert;
use super::{Target, Writer};
use crate::data::EventKind;
use crate::kinds::{ChangelogMode, RowKind};

/// Rows of one table waiting to be written as one INSERT.
struct Pending {
    table: usize,
    rows: Vec<String>,
}

fn flush(w: &mut Writer, pending: &mut Option<Pending>) {
    if let Some(p) = pending.take() {
        let name: Vec<String> = w.p.catalog.tables[p.table].name.split('.').map(ident).collect();
        w.out.push_str(&format!("INSERT INTO {} VALUES\n  {};\n", name.join("."), p.rows.join(",\n  ")));
    }
}

fn kind_text(k: RowKind) -> &'static str {
    match k {
        RowKind::Insert => "+I",
        RowKind::UpdateBefore => "-U",
        RowKind::UpdateAfter => "+U",
        RowKind::Delete => "-D",
    }
}

pub(super) fn data(w: &mut Writer) {
    if w.p.events.is_empty() {
        return;
    }
    match w.target {
        Target::Flink => {
            w.say("the script's data, in the order JoinLab's rows arrived; each INSERT runs to its end first");
            w.out.push_str("SET 'table.dml-sync' = 'true';\n");
        }
        Target::Confluent => {
            w.say("the script's data, in the order JoinLab's rows arrived: run each INSERT to its end first")
        }
    }
    let mut pending: Option<Pending> = None;
    for e in &w.p.events {
        let t = &w.p.catalog.tables[e.table];
        match &e.kind {
            EventKind::Watermark { text, .. } => {
                flush(w, &mut pending);
                let what = format!(
                    "line {}: @watermark {} {} cannot be exported: a real source emits watermarks itself (from the table's WATERMARK clause)",
                    e.line,
                    t.name,
                    text.as_deref().unwrap_or("(the pending watermark)")
                );
                w.unfaithful(what);
            }
            EventKind::Row { kind, values } => {
                let types: Vec<_> = t.physical().iter().map(|&c| t.columns[c].ty.clone()).collect();
                let lits: Option<Vec<String>> = values.iter().zip(&types).map(|(v, ty)| literal(v, ty)).collect();
                let upsert = is_upsert(t) || (w.target == Target::Confluent && t.changelog != ChangelogMode::Insert);
                let shown = || {
                    let zone = crate::time::SessionZone::default();
                    format!("[{}]", crate::value::render_row(values, &types, &zone))
                };
                let row = match (kind, lits) {
                    (RowKind::Insert, Some(l)) => Some(l),
                    (RowKind::UpdateAfter, Some(l)) if upsert => Some(l),
                    (RowKind::UpdateBefore, _) if upsert => {
                        flush(w, &mut pending);
                        w.say(&format!(
                            "line {}: {} -U{} needs no row: the +U after it replaces the key's row",
                            e.line,
                            t.name,
                            shown()
                        ));
                        None
                    }
                    (k, None) => {
                        flush(w, &mut pending);
                        w.unfaithful(format!(
                            "line {}: {} {}{} has a value with no SQL literal (an empty array or map, a ROW, an interval): not exported",
                            e.line,
                            t.name,
                            kind_text(*k),
                            shown()
                        ));
                        None
                    }
                    (RowKind::Delete, _) if upsert => {
                        flush(w, &mut pending);
                        w.unfaithful(format!(
                            "line {}: {} -D{} cannot be exported as an INSERT: delete the key with a record of this key and a null value (a tombstone)",
                            e.line,
                            t.name,
                            shown()
                        ));
                        None
                    }
                    (k, _) => {
                        flush(w, &mut pending);
                        w.unfaithful(format!(
                            "line {}: {} {}{} cannot be exported: {}",
                            e.line,
                            t.name,
                            kind_text(*k),
                            shown(),
                            if t.changelog == ChangelogMode::Insert {
                                format!("{} is append-only and an INSERT writes only +I rows", t.name)
                            } else {
                                "an INSERT writes only +I rows (produce the Debezium record of this change)".to_string()
                            }
                        ));
                        None
                    }
                };
                if let Some(l) = row {
                    let text = format!("({})", l.join(", "));
                    match &mut pending {
                        Some(p) if p.table == e.table => p.rows.push(text),
                        _ => {
                            flush(w, &mut pending);
                            pending = Some(Pending { table: e.table, rows: vec![text] });
                        }
                    }
                }
            }
        }
    }
    flush(w, &mut pending);
    if w.target == Target::Flink {
        w.out.push_str("SET 'table.dml-sync' = 'false';\n");
    }
}

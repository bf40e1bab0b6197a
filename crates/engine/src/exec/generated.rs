//! Generated rows: a query that reads datagen tables or the examples catalog gets their rows,
//! after the script's own data, interleaved by the generators' clocks (ties: the table created
//! first). How many: the query's `/*+ OPTIONS('number-of-rows' = 'N') */`, else
//! `joinlab.examples.rows` (examples), else the table's own `number-of-rows`, else the table's
//! default (examples) or 1,000 (an unbounded datagen table).
//!
//! A table bounded by `number-of-rows` (in its WITH options or the query's hint) finishes after
//! its last row, as Flink's bounded source does: a `+inf` watermark step follows that row, so an
//! exhausted table stops holding a join's watermark back. Tables only capped by JoinLab
//! (`joinlab.examples.rows`, the defaults) are unbounded streams seen in part: they never finish.

use std::borrow::Cow;

use crate::catalog::Catalog;
use crate::data::{Event, EventKind};
use crate::datagen::{GenTable, GeneratedRow, UNBOUNDED_DEFAULT_ROWS};
use crate::kinds::RowKind;
use crate::plan::{Node, QueryPlan, Rel};

/// The tables a plan scans.
pub fn scanned(rel: &Rel, out: &mut Vec<usize>) {
    rel.walk(&mut |r| {
        if let Node::Scan { table, .. } = &r.node {
            if !out.contains(table) {
                out.push(*table);
            }
        }
    });
}

/// The events a query sees: the script's, then its generated tables' rows.
pub fn query_events<'a>(
    catalog: &Catalog,
    plan: &QueryPlan,
    script_events: &'a [Event],
    seed: u64,
    examples_rows: Option<u64>,
    limits: &crate::limits::Limits,
) -> Cow<'a, [Event]> {
    let mut tables = Vec::new();
    scanned(&plan.rel, &mut tables);
    crate::sort::sort(&mut tables);
    let mut gens: Vec<(usize, GenTable, u64, bool)> = Vec::new();
    for ti in tables {
        let t = &catalog.tables[ti];
        let Some(Ok(g)) = &t.generator else { continue };
        let hinted = plan.scan_rows.iter().filter(|(x, _)| *x == ti).map(|(_, n)| *n).min();
        let n = hinted
            .or(if t.read_only { examples_rows } else { None })
            .or(g.rows)
            .or(t.default_rows)
            .unwrap_or(UNBOUNDED_DEFAULT_ROWS);
        let bounded = hinted.is_some() || (!t.read_only && g.rows.is_some());
        let mut g = g.clone();
        g.session_seed = seed;
        gens.push((ti, g, n, bounded));
    }
    if gens.is_empty() {
        return Cow::Borrowed(script_events);
    }
    let mut events = script_events.to_vec();
    // generated only up to one row or step past the limits: the run stops there with their error
    let mut rows = events.iter().filter(|e| matches!(e.kind, EventKind::Row { .. })).count() as u64;
    let mut heads: Vec<std::iter::Peekable<crate::datagen::RowIter<'_>>> =
        gens.iter().map(|(_, g, n, _)| g.take(*n).peekable()).collect();
    loop {
        let mut best: Option<(usize, crate::time::Ts)> = None;
        for (k, h) in heads.iter_mut().enumerate() {
            if let Some(r) = h.peek() {
                if best.map(|(_, c)| r.clock < c).unwrap_or(true) {
                    best = Some((k, r.clock));
                }
            }
        }
        let Some((k, _)) = best else { break };
        if rows > limits.input_rows || events.len() as u64 > limits.steps {
            break;
        }
        let Some(row) = heads[k].next() else { break };
        events.push(to_event(gens[k].0, row));
        rows += 1;
        if gens[k].3 && heads[k].peek().is_none() {
            // a bounded source finishes after its last row
            events.push(Event {
                table: gens[k].0,
                kind: EventKind::Watermark {
                    millis: Some(i64::MAX),
                    text: Some("+inf (the table's last generated row: its source finished)".into()),
                },
                line: 0,
                rowtime: None,
            });
        }
    }
    Cow::Owned(events)
}

/// The `# note:` for a query that reads generated rows.
pub fn arrival_note(script_events: usize, all_events: usize) -> Option<String> {
    if all_events == script_events {
        return None;
    }
    Some(format!(
        "# note: arrival: {} generated rows by their generation clock{}",
        all_events - script_events,
        if script_events > 0 { format!(", after the script's {} data steps", script_events) } else { String::new() }
    ))
}

fn to_event(table: usize, r: GeneratedRow) -> Event {
    Event {
        table,
        kind: EventKind::Row { kind: RowKind::Insert, values: r.values },
        line: 0,
        rowtime: Some(r.event_time.millis),
    }
}

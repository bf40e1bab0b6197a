//! One plain sentence per step, built from the step's events: what arrived, which watermark
//! moved, which windows fired and why, what was emitted, what was dropped; for the operators
//! that feed joins, what an aggregation's group now holds (`uv1 = 2 for name a`), which rank a
//! Top-N row takes and which row leaves, and which row a deduplication keeps or replaces. The
//! operators' column, key and result names come from the trace's fields (`OperatorInfo.columns`,
//! `keys`, `aggregate`, `rank`, `dedup`, `picks`), never from their labels ([`OpText`]).

use crate::kinds::{ExpireCause, OpKind, RowKind};
use crate::time::SessionZone;
use crate::time::{format_ts, Ts};
use crate::trace::{Event, Lineage, OperatorInfo, Step, StepKind, WindowRef};

/// A watermark on the session zone's wall clock (the clock the values and windows print on).
fn local_wm(ms: i64, zone: &SessionZone) -> String {
    // within a quarter of the range of ±infinity (+inf held back by an interval join): infinite
    match ms {
        m if m > i64::MAX / 4 * 3 => "+inf".to_string(),
        m if m < i64::MIN / 4 * 3 => "-inf".to_string(),
        m => short_time(&crate::time::format_watermark(zone.instant_to_local(m))),
    }
}

fn short_time(text: &str) -> String {
    // "2023-11-03 12:25:00.000" → "12:25:00.000"; "+inf" stays
    text.split(' ').nth(1).unwrap_or(text).to_string()
}

/// A window on its clock without the date: `[12:20:00.000, 12:25:00.000)`.
fn window_label(w: &WindowRef) -> String {
    let t = |ms: i64| short_time(&format_ts(Ts::from_millis(ms), 3));
    format!("[{}, {})", t(w.start_ms), t(w.end_ms))
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{} {}", n, if n == 1 { one } else { many })
}

/// What flows into side `side` (`left` / `right`) of a join: the table its first input reads.
fn input_name(ops: &[OperatorInfo], op: usize, side: &str) -> String {
    let i = if side == "right" { 1 } else { 0 };
    let mut cur = ops.get(op).and_then(|o| o.inputs.get(i).copied());
    for _ in 0..64 {
        let Some(o) = cur.and_then(|c| ops.get(c)) else { break };
        if let Some(t) = &o.table {
            return t.clone();
        }
        cur = o.inputs.first().copied();
    }
    side.to_string()
}

/// What a step sentence needs of an operator, from the trace's fields (never its label): the
/// names of its keys and results (an aggregation), its rank range and whether the rank number
/// is an output column (a Top-N), what a deduplication keeps, the names of its output columns.
struct OpText {
    keys: Vec<String>,
    /// The aggregation's results as the sentence names them (`uv1`, `COUNT(*)`).
    results: Vec<String>,
    rank_end: Option<i64>,
    /// The Top-N's output ends with its row number.
    rank_selected: bool,
    /// The output columns.
    columns: Vec<String>,
    keep_last: bool,
    rowtime: bool,
}

impl OpText {
    fn of(o: &OperatorInfo) -> OpText {
        let results = o
            .aggregate
            .as_ref()
            .map(|a| {
                a.calls
                    .iter()
                    .map(|c| match (&c.call, c.named) {
                        (Some(call), false) => call.clone(),
                        _ => c.name.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        OpText {
            keys: o.keys.clone(),
            results,
            rank_end: o.rank.as_ref().and_then(|r| r.end),
            rank_selected: o.rank.as_ref().is_some_and(|r| r.number),
            columns: o.columns.clone(),
            keep_last: o.dedup.as_ref().is_some_and(|d| d.keep_last),
            rowtime: o.dedup.as_ref().is_some_and(|d| d.rowtime),
        }
    }

    /// `name a`, `k a, j 2`; `` for no key.
    fn key_text(&self, values: &[String]) -> String {
        let parts: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{} {}", self.keys.get(i).map_or("key", |k| k.as_str()), v))
            .collect();
        parts.join(", ")
    }

    /// `uv1 = 2, n = 3`.
    fn results_text(&self, values: &[String]) -> String {
        let parts: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{} = {}", self.results.get(i).map_or("result", |n| n.as_str()), v))
            .collect();
        parts.join(", ")
    }

    /// `uv1 1 → 2, n = 3` (the results that changed, with their old value).
    fn changes_text(&self, before: &[String], after: &[String]) -> String {
        let parts: Vec<String> = after
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let name = self.results.get(i).map_or("result", |n| n.as_str());
                match before.get(i) {
                    Some(b) if b != v => format!("{} {} → {}", name, b, v),
                    _ => format!("{} = {}", name, v),
                }
            })
            .collect();
        parts.join(", ")
    }

    /// The key columns' values in one of the rows the result shows (`cols`: per result column,
    /// the operator's column it is).
    fn key_of_row(&self, row: &[String], cols: &[usize]) -> Option<String> {
        if self.keys.is_empty() {
            return None;
        }
        let vals: Option<Vec<String>> = self
            .keys
            .iter()
            .map(|k| {
                let c = self.columns.iter().position(|s| s == k)?;
                cols.iter().position(|&x| x == c).and_then(|i| row.get(i).cloned())
            })
            .collect();
        vals.map(|v| self.key_text(&v))
    }
}

/// `[a, p1, 50]`: a row as the changelog prints it, cut after `max` values.
fn row_text(row: &[String], max: usize) -> String {
    if row.len() > max {
        format!("[{}, …]", row[..max].join(", "))
    } else {
        format!("[{}]", row.join(", "))
    }
}

/// The table an operator reads through a chain of one-input operators (None: several).
fn source_table(ops: &[OperatorInfo], op: usize) -> Option<String> {
    let mut cur = ops.get(op)?.inputs.first().copied();
    for _ in 0..64 {
        let o = ops.get(cur?)?;
        if let Some(t) = &o.table {
            return Some(t.clone());
        }
        if o.inputs.len() != 1 {
            return None;
        }
        cur = o.inputs.first().copied();
    }
    None
}

/// `the window aggregation of T1`, `the Top-N` (the operator's name in words, with its table).
fn op_words(ops: &[OperatorInfo], op: usize) -> String {
    let Some(o) = ops.get(op) else { return format!("operator {}", op) };
    let what = match o.kind {
        OpKind::GroupAggregate => "the aggregation",
        OpKind::WindowAggregate => "the window aggregation",
        OpKind::Rank => "the Top-N",
        OpKind::WindowRank => "the window Top-N",
        OpKind::Deduplicate => "the deduplication",
        OpKind::WindowDeduplicate => "the window deduplication",
        OpKind::WindowJoin => "the window join",
        _ => return o.kind.flink_name().to_string(),
    };
    // name the table when several operators of the kind could be meant
    let several = ops.iter().filter(|x| x.kind == o.kind).count() > 1;
    match source_table(ops, op) {
        Some(t) if several => format!("{} of {}", what, t),
        _ => what.to_string(),
    }
}

/// The operator whose output is the query's result.
fn root_op(ops: &[OperatorInfo]) -> Option<&OperatorInfo> {
    ops.iter().find(|o| !ops.iter().any(|x| x.inputs.contains(&o.id)))
}

/// The operator whose rows the query's result shows as they are: the root, or the operator
/// under Calcs that only pick (and rename) its columns (`OperatorInfo.picks`); with, per result
/// column, the column of that operator it is.
fn result_op(ops: &[OperatorInfo]) -> Option<(&OperatorInfo, Vec<usize>)> {
    let mut o = root_op(ops)?;
    let mut cols: Option<Vec<usize>> = None;
    for _ in 0..16 {
        let (Some(picks), [input]) = (&o.picks, o.inputs.as_slice()) else { break };
        cols = Some(match cols {
            None => picks.clone(),
            Some(outer) => outer.iter().map(|&c| picks.get(c).copied().unwrap_or(usize::MAX)).collect(),
        });
        o = ops.get(*input)?;
    }
    let cols = cols.unwrap_or_else(|| (0..o.columns.len()).collect());
    Some((o, cols))
}

/// What a Top-N's rows in the step's output mean (`cols`: per output column, the Top-N's column
/// it is): which row takes which rank, which moves, which leaves (with the rank number in the
/// output), or which rows enter and leave (without it).
fn rank_changes(step: &Step, t: &OpText, cols: &[usize]) -> Vec<String> {
    let number = t.columns.len().checked_sub(1).filter(|_| t.rank_selected);
    let at = number.and_then(|r| cols.iter().position(|&c| c == r));
    let n = |r: &Vec<String>| {
        let mut v = r.clone();
        if let Some(i) = at.filter(|i| *i < v.len()) {
            v.remove(i);
        }
        v
    };
    let rank = |r: &Vec<String>| at.and_then(|i| r.get(i).cloned());
    let top = format!("Top-{}", t.rank_end.unwrap_or(1));
    let mut out: Vec<String> = Vec::new();
    let adds: Vec<&crate::trace::OutRow> = step.output.iter().filter(|o| o.kind.is_accumulate()).collect();
    let takes: Vec<&crate::trace::OutRow> = step.output.iter().filter(|o| !o.kind.is_accumulate()).collect();
    for a in &adds {
        let row = n(&a.row);
        let from = takes.iter().find(|x| n(&x.row) == row).and_then(|x| rank(&x.row));
        match (rank(&a.row), from) {
            (Some(r), Some(f)) if f != r => {
                out.push(format!("{} moves from rank {} to rank {}", row_text(&row, 3), f, r))
            }
            (Some(r), Some(_)) => out.push(format!("{} stays at rank {}", row_text(&row, 3), r)),
            (Some(r), None) => out.push(format!("{} takes rank {}", row_text(&row, 3), r)),
            (None, _) => out.push(format!("{} enters the {}", row_text(&row, 3), top)),
        }
    }
    for x in &takes {
        let row = n(&x.row);
        if !adds.iter().any(|a| n(&a.row) == row) {
            out.push(format!("{} leaves the {}", row_text(&row, 3), top));
        }
    }
    out
}

/// A window aggregation's, window Top-N's or window deduplication's fire of one key, with what
/// it emitted: the head (`the window aggregation of T1 fired window [..) at watermark ..`,
/// shared by the keys of one window) and the key's part (`uv1 = 2 for name a`).
fn window_op_fire(
    ops: &[OperatorInfo],
    op: usize,
    window: &WindowRef,
    key: &[String],
    emitted: &[&Vec<String>],
    wm: &str,
) -> (String, String) {
    let Some(o) = ops.get(op) else { return (String::new(), String::new()) };
    let t = OpText::of(o);
    let key_text = t.key_text(key);
    let head = format!("{} fired window {} at watermark {}", op_words(ops, op), window_label(window), wm);
    let of_key = |s: String| if key_text.is_empty() { s } else { format!("{} for {}", s, key_text) };
    let item = match o.kind {
        OpKind::WindowAggregate => match emitted.first() {
            Some(row) => {
                let vals: Vec<String> = row.iter().skip(t.keys.len()).take(t.results.len()).cloned().collect();
                of_key(t.results_text(&vals))
            }
            None => of_key("the window is empty, nothing emitted".into()),
        },
        OpKind::WindowRank => {
            let ranked: Vec<String> = emitted
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let rank =
                        if t.rank_selected { r.last().cloned().unwrap_or_default() } else { (i + 1).to_string() };
                    let vals = if t.rank_selected { &r[..r.len().saturating_sub(1)] } else { &r[..] };
                    format!("rank {} {}", rank, row_text(vals, 3))
                })
                .collect();
            of_key(if ranked.is_empty() { "no row in the rank range".to_string() } else { ranked.join(", ") })
        }
        OpKind::WindowDeduplicate => of_key(format!(
            "it emits the {} row{}",
            if t.keep_last { "last" } else { "first" },
            emitted.first().map(|r| format!(" {}", row_text(r, 3))).unwrap_or_default()
        )),
        _ => String::new(),
    };
    (head, item)
}

pub fn sentence(step: &Step, ops: &[OperatorInfo], zone: &SessionZone) -> String {
    let mut parts: Vec<String> = Vec::new();
    let kind_of = |op: usize| ops.get(op).map(|o| o.kind);
    match step.kind {
        StepKind::Row => {
            let t = step.table.clone().unwrap_or_default();
            let rk = step.row_kind.map(|k| k.short()).unwrap_or("+I");
            parts.push(format!("{} {}[{}] arrived", t, rk, step.values.join(", ")));
        }
        StepKind::Watermark => parts.push(format!("{} (explicit watermark)", step.text)),
        StepKind::End => parts.push("end of input: every source finishes with watermark +inf".into()),
        StepKind::Start => parts.push(format!(
            "the job started: its VALUES rows came out at once ({} row{}), and the VALUES source finished (watermark +inf)",
            step.output.len(),
            if step.output.len() == 1 { "" } else { "s" }
        )),
    }
    let root_kind = root_op(ops).map(|o| o.kind);
    // the Top-N or deduplication whose rows the result shows, and the result's columns
    let shown = result_op(ops);
    let root = shown.as_ref().map(|(o, _)| *o);
    let cols: Vec<usize> = shown.as_ref().map(|(_, c)| c.clone()).unwrap_or_default();
    let mine = |lineage: &Lineage| lineage.as_slice() == [step.index as u32];
    let mut fired = 0usize;
    let mut fire_texts: Vec<String> = Vec::new();
    let mut join_freed = 0usize;
    let mut join_emits = 0usize;
    let mut stored: Vec<String> = Vec::new();
    let mut filtered = 0usize;
    let mut null_time = 0usize;
    // the fires of window aggregations, Top-Ns and deduplications: per (operator, window) its keys
    let mut op_fires: Vec<(usize, String, String, Vec<String>)> = Vec::new();
    let mut fire_ops: Vec<usize> = Vec::new();
    let mut flushed: Vec<usize> = Vec::new();
    let mut rank_told = false;
    for (i, e) in step.events.iter().enumerate() {
        match e {
            Event::Watermark { op, value_ms, .. } => {
                let k = kind_of(*op);
                if k == Some(OpKind::TableSourceScan) {
                    let t = ops.get(*op).and_then(|o| o.table.clone()).unwrap_or_default();
                    parts.push(format!("watermark of {} advanced to {}", t, local_wm(*value_ms, zone)));
                } else if k == Some(OpKind::WindowJoin) {
                    parts
                        .push(format!("join watermark (min of both inputs) advanced to {}", local_wm(*value_ms, zone)));
                } else if k == Some(OpKind::IntervalJoin) {
                    parts.push(format!(
                        "the interval join's output watermark (the min of both inputs, held back by its larger bound) advanced to {}",
                        local_wm(*value_ms, zone)
                    ));
                }
            }
            Event::InputWatermark { op, held_by: Some(h), .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                parts.push(format!("join watermark held back by {}", h));
            }
            Event::WindowFire { op, window, watermark_ms, .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                fired += 1;
                let wm = local_wm(*watermark_ms, zone);
                let t = format!("watermark {} passed window {}", wm, window_label(window));
                if !fire_texts.contains(&t) {
                    fire_texts.push(t);
                }
            }
            Event::WindowFire { op, window, watermark_ms, key, .. } => {
                // what it emitted: its emits up to its next fire or its watermark
                let emitted: Vec<&Vec<String>> = step.events[i + 1..]
                    .iter()
                    .take_while(|x| !matches!(x, Event::WindowFire { op: o, .. } | Event::Watermark { op: o, .. } if o == op))
                    .filter_map(|x| match x {
                        Event::Emit { op: o, row, .. } if o == op => Some(row),
                        _ => None,
                    })
                    .collect();
                let (head, item) = window_op_fire(ops, *op, window, key, &emitted, &local_wm(*watermark_ms, zone));
                let w = window_label(window);
                // in causal order with the rest: its place in `stored`, filled in at the end
                match op_fires.iter_mut().zip(fire_ops.iter()).find(|((_, x, _, _), o)| *o == op && *x == w).map(|(f, _)| f) {
                    Some(f) => f.3.push(item),
                    None => {
                        stored.push(String::new());
                        op_fires.push((stored.len() - 1, w, head, vec![item]));
                        fire_ops.push(*op);
                    }
                }
            }
            Event::Emit { op, .. } if kind_of(*op) == Some(OpKind::WindowJoin) => join_emits += 1,
            Event::StateExpire { op, rows, side, cause, reason, .. } => {
                if kind_of(*op) == Some(OpKind::WindowJoin) {
                    join_freed += rows;
                }
                let what = plural(*rows, "row", "rows");
                match cause {
                    ExpireCause::Ttl => stored.push(format!("{} left the {} state ({})", what, side, reason)),
                    ExpireCause::Retracted => {
                        stored.push(format!("{} removed from the {} state ({})", what, side, reason))
                    }
                    // the interval_cleanup event says it
                    ExpireCause::IntervalPassed => {}
                    ExpireCause::WindowFired | ExpireCause::Deleted => {}
                }
            }
            Event::StateInsert { side, key, op, rows_in_state, window: None, .. }
                if matches!(kind_of(*op), Some(OpKind::RegularJoin | OpKind::MultiJoin)) =>
            {
                stored.push(format!(
                    "stored on the {} side under key [{}] ({} held for it)",
                    side,
                    key.join(", "),
                    plural(*rows_in_state, "row", "rows")
                ));
            }
            Event::LateDrop { op, window, watermark_ms, lineage, .. } if kind_of(*op) == Some(OpKind::Deduplicate) => {
                let who = if mine(lineage) { "it".to_string() } else { "a row".to_string() };
                stored.push(format!(
                    "the deduplication drops {} as late: its time {} is behind the watermark {}, so the first row of its key is already decided",
                    who,
                    local_wm(window.start_ms, zone),
                    local_wm(*watermark_ms, zone)
                ));
            }
            Event::LateDrop { op, window, lineage, side, .. } => {
                let o = kind_of(*op);
                let who = if mine(lineage) {
                    String::new()
                } else if o == Some(OpKind::WindowAggregate) && side == "partial" {
                    let steps: Vec<String> = lineage.iter().map(|l| l.to_string()).collect();
                    format!(" (the local stage's partial result of step {})", steps.join(", "))
                } else {
                    let steps: Vec<String> = lineage.iter().map(|l| l.to_string()).collect();
                    format!(" (the row of step {})", steps.join(", "))
                };
                let by = match o {
                    Some(OpKind::WindowJoin) | None => String::new(),
                    Some(_) => format!(" by {}", op_words(ops, *op)),
                };
                stored.push(format!("dropped as late{}{}: its window {} had already fired", by, who, window_label(window)));
            }
            Event::StateInsert { side, window: Some(w), op, lineage, .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                // a row of an operator below (a window aggregation's result), or the step's row
                let fed = step.events.iter().any(|e| matches!(e, Event::Emit { op: o, lineage: l, .. } if o != op && l == lineage));
                let who = if fed { "the window join buffered it" } else { "buffered" };
                stored.push(format!("{} on the {} side of window {}", who, side, window_label(w)));
            }
            Event::StateInsert { window: Some(w), op, key, lineage, side, .. }
                if side == "buffer"
                    && mine(lineage)
                    && matches!(kind_of(*op), Some(OpKind::WindowAggregate | OpKind::WindowRank | OpKind::WindowDeduplicate)) =>
            {
                let t = ops.get(*op).map(OpText::of);
                let k = t.map(|t| t.key_text(key)).unwrap_or_default();
                // HOP and CUMULATE aggregations cut time into slices, shared by several windows
                let sliced = ops.get(*op).and_then(|o| o.aggregate.as_ref()).is_some_and(|a| a.sliced);
                stored.push(format!(
                    "{} buffered it for {} {}{}",
                    op_words(ops, *op),
                    if sliced { "slice" } else { "window" },
                    window_label(w),
                    if k.is_empty() { String::new() } else { format!(" of {}", k) }
                ));
            }
            Event::Aggregated { op, .. } if kind_of(*op) == Some(OpKind::WindowAggregate) && !flushed.contains(op) => {
                flushed.push(*op);
                stored.push(format!(
                    "{} folded its buffered rows into its accumulators (it aggregates in batches, when the watermark passes a buffered window's end)",
                    op_words(ops, *op)
                ));
            }
            Event::Aggregated { op, .. } if kind_of(*op) == Some(OpKind::WindowAggregate) => {}
            Event::Aggregated { op, key, before, after, emitted, .. } => {
                let Some(o) = ops.get(*op) else { continue };
                let t = OpText::of(o);
                let k = t.key_text(key);
                let group = if k.is_empty() { "the aggregation's only group".to_string() } else { format!("group {}", k) };
                stored.push(match (before, after) {
                    (None, Some(a)) => format!("{} starts: {}", group, t.results_text(a)),
                    (Some(b), None) => format!("{} is empty now: its result {} is deleted", group, row_text(b, 6)),
                    (Some(b), Some(a)) if *emitted => format!("{}: {}", group, t.changes_text(b, a)),
                    (_, Some(a)) => format!("{} still gives {}: nothing is sent", group, t.results_text(a)),
                    (None, None) => continue,
                });
            }
            Event::Filtered { op, row } if kind_of(*op) == Some(OpKind::Rank) => {
                let t = ops.get(*op).map(OpText::of);
                let part = t.as_ref().and_then(|t| t.key_of_row(row, &(0..t.columns.len()).collect::<Vec<_>>())).map(|k| format!(" of {}", k)).unwrap_or_default();
                let n = t.and_then(|t| t.rank_end).unwrap_or(1);
                stored.push(format!("{} does not make the Top-{}{}: not kept", row_text(row, 3), n, part));
            }
            Event::StateInsert { op, key, rows_in_state, lineage, .. } if kind_of(*op) == Some(OpKind::Rank) => {
                let t = ops.get(*op).map(OpText::of);
                let k = t.as_ref().map(|t| t.key_text(key)).unwrap_or_default();
                let part = if k.is_empty() { String::new() } else { format!(" of {}", k) };
                let is_root = root.is_some_and(|r| r.id == *op);
                if is_root && !step.output.is_empty() {
                    if !rank_told {
                        rank_told = true;
                        let changes = t.map(|t| rank_changes(step, &t, &cols)).unwrap_or_default();
                        stored.push(format!("the Top-N{}: {}", part, changes.join(", ")));
                    }
                } else {
                    let who = if mine(lineage) { "it" } else { "a row" };
                    stored.push(format!(
                        "the Top-N{} keeps {} ({} held){}",
                        part,
                        who,
                        plural(*rows_in_state, "row", "rows"),
                        if is_root { ", but no rank within the range changes: nothing is sent" } else { "" }
                    ));
                }
            }
            Event::StateInsert { op, key, row, .. } if kind_of(*op) == Some(OpKind::Deduplicate) => {
                let Some(t) = ops.get(*op).map(OpText::of) else { continue };
                let k = t.key_text(key);
                let is_root = root.is_some_and(|r| r.id == *op);
                if !t.keep_last && t.rowtime {
                    stored.push(format!(
                        "the deduplication holds it as the first row of {} so far: it is emitted once the watermark passes its time",
                        k
                    ));
                } else if is_root {
                    // the rows as the result shows them
                    let old = step.output.iter().find(|o| o.kind == RowKind::UpdateBefore).map(|o| row_text(&o.row, 6));
                    let new = step.output.iter().find(|o| o.kind == RowKind::UpdateAfter).map(|o| row_text(&o.row, 6));
                    stored.push(match (old, new) {
                        (Some(old), Some(new)) => format!("the deduplication replaces the row kept for {}: {} → {}", k, old, new),
                        (None, Some(new)) => format!("the deduplication replaces the row kept for {} by {}", k, new),
                        (Some(old), None) => format!("the deduplication replaces the row kept for {}: {} → {}", k, old, row_text(row, 6)),
                        _ => format!("it is the first row of {}: the deduplication keeps it and emits it", k),
                    });
                } else {
                    stored.push(format!("the deduplication keeps it as the {} row of {}", if t.keep_last { "last" } else { "first" }, k));
                }
            }
            Event::Unchanged { op, key, .. } if kind_of(*op) == Some(OpKind::Deduplicate) => {
                let k = ops.get(*op).map(|o| OpText::of(o).key_text(key)).unwrap_or_default();
                stored.push(format!("the deduplication drops it: {} already holds the same row, so nothing is sent", k));
            }
            Event::IntervalProbe { op, side, lineage, time_ms, from_ms, to_ms, matched, cached, expires_ms, timer_ms, .. } => {
                let me = input_name(ops, *op, side);
                let other = input_name(ops, *op, if side == "left" { "right" } else { "left" });
                let who = if lineage == &[step.index as u32] { "it".to_string() } else { format!("the {} row", me) };
                let joined = match matched {
                    0 => String::new(),
                    n => format!("{} joined {} of {}; ", who, plural(*n, "row", "rows"), other),
                };
                let who = if joined.is_empty() { who } else { "it".into() };
                if *cached {
                    let until = expires_ms.map(|e| local_wm(e - 1, zone)).unwrap_or_default();
                    let timer = timer_ms.map(|t| format!(", its key's cleanup timer {}", local_wm(t, zone))).unwrap_or_default();
                    stored.push(format!(
                        "{}{} can meet {} rows of times [{}, {}] and stays until the join's time passes {}{}",
                        joined,
                        who,
                        other,
                        local_wm(*from_ms, zone),
                        local_wm(*to_ms, zone),
                        until,
                        timer
                    ));
                } else {
                    stored.push(format!(
                        "{}{} is late ({} is behind the join's time): it is not kept",
                        joined,
                        who,
                        local_wm(*time_ms, zone)
                    ));
                }
            }
            Event::IntervalCleanup { op, side, timer_ms, time_ms, rows, padded, .. } => {
                let me = input_name(ops, *op, side);
                let how = match timer_ms {
                    Some(t) => format!("a cleanup timer ({}) fired at {}", local_wm(*t, zone), local_wm(*time_ms, zone)),
                    None => format!("a probe found them expired at {}", local_wm(*time_ms, zone)),
                };
                let pad = if padded.is_empty() {
                    String::new()
                } else {
                    let list: Vec<String> = padded.iter().map(|r| format!("[{}]", r.join(", "))).collect();
                    format!(", padded with NULLs as they never joined: {}", list.join(" "))
                };
                stored.push(format!("{}: {} {} left the state{}", how, plural(*rows, "row", "rows"), me, pad));
            }
            Event::Filtered { .. } => filtered += 1,
            Event::Unchanged { key, .. } => stored.push(format!(
                "ChangelogNormalize: the same row as key [{}] already holds (in the columns the query reads), so nothing changes and nothing is sent on",
                key.join(", ")
            )),
            Event::NullTimeDrop { .. } => null_time += 1,
            _ => {}
        }
    }
    // a Top-N at the root whose ranks changed without a row stored (a retraction, an update)
    if let Some(r) = root.filter(|r| r.kind == OpKind::Rank && !rank_told && !step.output.is_empty()) {
        let t = OpText::of(r);
        let changes = rank_changes(step, &t, &cols);
        let part = step
            .output
            .first()
            .and_then(|o| t.key_of_row(&o.row, &cols))
            .map(|k| format!(" of {}", k))
            .unwrap_or_default();
        if !changes.is_empty() {
            stored.push(format!("the Top-N{}: {}", part, changes.join(", ")));
        }
    }
    // a row that reached a deduplication and changed nothing there
    if step.kind == StepKind::Row && filtered == 0 && null_time == 0 {
        for d in ops.iter().filter(|o| o.kind == OpKind::Deduplicate) {
            let reached = source_table(ops, d.id).is_some_and(|t| Some(&t) == step.table.as_ref());
            let touched = step.events.iter().any(|e| event_op(e) == Some(d.id));
            let t = OpText::of(d);
            // a root rowtime keep-first emits what the watermark releases, not this row
            let released = root.is_some_and(|r| r.id == d.id) && !t.keep_last && t.rowtime;
            if reached && !touched && (step.output.is_empty() || released) && !downstream_touched(step, ops, d.id) {
                stored.push(
                    match (t.keep_last, t.rowtime) {
                        (true, _) => "the deduplication ignores it: its time is older than the row kept for its key",
                        (false, true) => "the deduplication ignores it: its key's first row is already emitted, or an earlier row is pending",
                        (false, false) => "the deduplication ignores it: its key already had its first row",
                    }
                    .into(),
                );
            }
        }
    }
    // a first row a rowtime deduplication held: final once the watermark passes its time
    if let Some(r) = root.filter(|r| r.kind == OpKind::Deduplicate) {
        let t = OpText::of(r);
        let inserted = step.events.iter().any(|e| matches!(e, Event::StateInsert { op, .. } if *op == r.id));
        if !t.keep_last && t.rowtime && !inserted && !step.output.is_empty() {
            let wm = step
                .events
                .iter()
                .rev()
                .find_map(|e| match e {
                    Event::Watermark { value_ms, .. } => Some(local_wm(*value_ms, zone)),
                    _ => None,
                })
                .unwrap_or_else(|| "+inf".into());
            stored.push(format!(
                "the watermark {} passed the time of {} the deduplication held: {} final and emitted",
                wm,
                plural(step.output.len(), "first row", "first rows"),
                if step.output.len() == 1 { "it is" } else { "they are" }
            ));
        }
    }
    // UNNEST: how many rows each input row expanded to
    for e in &step.events {
        if let Event::Unnest { size, produced, padded, kind, .. } = e {
            let what = match size {
                None => "its collection is NULL".to_string(),
                Some(0) => "its collection is empty".to_string(),
                Some(n) => format!("its collection has {}", plural(*n, "element", "elements")),
            };
            let kinds = if *kind == crate::kinds::RowKind::Insert {
                String::new()
            } else {
                format!(", each a {} as the row is", kind.short())
            };
            stored.push(if *padded {
                format!("UNNEST: {} and LEFT JOIN keeps the row once, padded with NULLs{}", what, kinds)
            } else if produced.is_empty() {
                format!("UNNEST: {}, so the row produces nothing", what)
            } else {
                format!("UNNEST: {}, the row expands to {}{}", what, plural(produced.len(), "row", "rows"), kinds)
            });
        }
    }
    for (at, _, head, items) in &op_fires {
        let shown: Vec<&str> = items.iter().take(4).map(|s| s.as_str()).collect();
        let more = if items.len() > 4 { format!(" and {} more keys", items.len() - 4) } else { String::new() };
        stored[*at] = format!("{}: {}{}", head, shown.join("; "), more);
    }
    stored.dedup();
    parts.extend(stored);
    if fired > 0 {
        let emitted = if root_kind == Some(OpKind::WindowJoin) { step.output.len() } else { join_emits };
        parts.push(format!(
            "{}: {} emitted, {} state rows freed",
            fire_texts.join("; "),
            plural(emitted, "row", "rows"),
            join_freed
        ));
        if root_kind != Some(OpKind::WindowJoin) && !step.output.is_empty() {
            parts.push(output_text(step));
        }
    } else if !step.output.is_empty() {
        parts.push(output_text(step));
    }
    if filtered > 0 {
        parts.push(format!("{} filtered out by the WHERE condition", plural(filtered, "row", "rows")));
    }
    if null_time > 0 {
        parts.push("dropped by the window TVF: its time attribute is NULL".into());
    }
    let mut s = parts.join("; ");
    s.push('.');
    s
}

/// `2 rows emitted (-U ×1, +U ×1)`: the step's output by change kind, in the order emitted.
fn output_text(step: &Step) -> String {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for r in &step.output {
        let k = r.kind.short();
        match kinds.iter_mut().find(|(x, _)| *x == k) {
            Some(e) => e.1 += 1,
            None => kinds.push((k, 1)),
        }
    }
    let detail: Vec<String> = kinds.iter().map(|(k, n)| format!("{} ×{}", k, n)).collect();
    format!("{} emitted ({})", plural(step.output.len(), "row", "rows"), detail.join(", "))
}

/// The operator an event belongs to (None: the sink's output).
fn event_op(e: &Event) -> Option<usize> {
    match e {
        Event::SourceRow { op, .. }
        | Event::Watermark { op, .. }
        | Event::InputWatermark { op, .. }
        | Event::WindowAssign { op, .. }
        | Event::StateInsert { op, .. }
        | Event::StateExpire { op, .. }
        | Event::WindowFire { op, .. }
        | Event::LateDrop { op, .. }
        | Event::IntervalProbe { op, .. }
        | Event::IntervalCleanup { op, .. }
        | Event::Aggregated { op, .. }
        | Event::NullTimeDrop { op, .. }
        | Event::Filtered { op, .. }
        | Event::Unchanged { op, .. }
        | Event::Unnest { op, .. }
        | Event::Emit { op, .. }
        | Event::SourceEnd { op, .. } => Some(*op),
        Event::Output { .. } => None,
    }
}

/// Whether an operator that reads `op`'s output (directly or further up) recorded a row event
/// at this step (a watermark does not count).
fn downstream_touched(step: &Step, ops: &[OperatorInfo], op: usize) -> bool {
    let mut up: Vec<usize> = Vec::new();
    let mut todo = vec![op];
    while let Some(x) = todo.pop() {
        for o in ops.iter().filter(|o| o.inputs.contains(&x)) {
            if !up.contains(&o.id) {
                up.push(o.id);
                todo.push(o.id);
            }
        }
    }
    step.events.iter().any(|e| {
        !matches!(e, Event::Watermark { .. } | Event::InputWatermark { .. })
            && event_op(e).is_some_and(|o| up.contains(&o))
    })
}

#[cfg(test)]
mod tests {
    //! Sentences of the operators that feed joins, for small scripts whose behaviour is worked
    //! out by hand from the operators' docs (ops/window_aggregate.rs, group_aggregate.rs,
    //! rank/mod.rs, deduplicate.rs, window_rank.rs, window_deduplicate.rs).

    use crate::trace::QueryTrace;
    use crate::{run_script, Dialect, RunConfig};

    fn run(script: &str) -> Vec<QueryTrace> {
        let t = run_script(script, &RunConfig { dialect: Dialect::Flink, trace: true });
        assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
        for q in &t.queries {
            assert!(q.error.is_none(), "{:?}", q.error);
        }
        t.queries
    }

    /// The sentence of step `n` (the end of input: one more than the data steps).
    fn at(q: &QueryTrace, n: usize) -> String {
        if n > q.steps.len() {
            q.end.as_ref().map(|e| e.summary.clone()).unwrap_or_default()
        } else {
            q.steps[n - 1].summary.clone()
        }
    }

    fn has(s: &str, part: &str) {
        assert!(s.contains(part), "{:?}\nnot in\n{}", part, s);
    }

    const T12: &str = "SET 'table.local-time-zone' = 'UTC';
CREATE TABLE T1 (ts TIMESTAMP(3), s STRING, name STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
CREATE TABLE T2 (ts TIMESTAMP(3), s STRING, name STRING, WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
@T1 2024-01-01 00:00:01 | x | a
@T1 2024-01-01 00:00:02 | y | a
@T2 2024-01-01 00:00:03 | x | a
@T1 2024-01-01 00:00:07 | x | b
@T2 2024-01-01 00:00:07 | z | b
";

    /// A window aggregation fires when its own input's watermark (time − 1 s) passes the window's
    /// end − 1 ms; the window join over two of them fires after both, at the smaller watermark.
    #[test]
    fn window_aggregations_fire_before_the_window_join_they_feed() {
        let q = run(&format!(
            "{}SELECT L.name, L.window_start, uv1, uv2 FROM
(SELECT name, window_start, window_end, COUNT(DISTINCT s) AS uv1 FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end) L
JOIN (SELECT name, window_start, window_end, COUNT(DISTINCT s) AS uv2 FROM TABLE(TUMBLE(TABLE T2, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end) R
ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.name = R.name;",
            T12
        ));
        let q = &q[0];
        has(&at(q, 1), "the window aggregation of T1 buffered it for window [00:00:00.000, 00:00:05.000) of name a");
        // step 4: T1's watermark 00:00:06 passes [0, 5): its aggregation fires; T2 (00:00:02) holds the join
        let s4 = at(q, 4);
        has(&s4, "the window aggregation of T1 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv1 = 2 for name a");
        assert!(!s4.contains("passed window"), "{}", s4);
        // step 5: T2's aggregation fires the window too, then the join
        let s5 = at(q, 5);
        let agg = "the window aggregation of T2 fired window [00:00:00.000, 00:00:05.000) at watermark 00:00:06.000: uv2 = 1 for name a";
        has(&s5, agg);
        has(&s5, "the window join buffered it on the right side of window [00:00:00.000, 00:00:05.000)");
        let join =
            "watermark 00:00:06.000 passed window [00:00:00.000, 00:00:05.000): 1 row emitted, 2 state rows freed";
        has(&s5, join);
        assert!(s5.find(agg) < s5.find(join), "{}", s5);
    }

    #[test]
    fn a_group_aggregation_says_what_its_group_now_holds() {
        let q = run("CREATE TABLE t (k STRING, v INT);
@t a | 1
@t a | 2
@t b | 5
SELECT k, COUNT(*) AS c, SUM(v) AS s FROM t GROUP BY k;");
        has(&at(&q[0], 1), "group k a starts: c = 1, s = 1");
        has(&at(&q[0], 2), "group k a: c 1 → 2, s 1 → 3; 2 rows emitted (-U ×1, +U ×1)");
        has(&at(&q[0], 3), "group k b starts: c = 1, s = 5");
    }

    /// ROW_NUMBER() ≤ 2 over an insert-only input (AppendOnlyTopN): a better row takes rank 1,
    /// the rows below move down, the last one leaves; a worse row is not kept.
    #[test]
    fn a_top_n_says_which_rank_a_row_takes_and_which_row_leaves() {
        let q = run("CREATE TABLE t (k STRING, name STRING, score INT);
@t a | p1 | 50
@t a | p2 | 70
@t a | p3 | 80
@t a | p4 | 10
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;");
        has(&at(&q[0], 1), "the Top-N of k a: [a, p1, 50] takes rank 1");
        has(&at(&q[0], 2), "the Top-N of k a: [a, p2, 70] takes rank 1, [a, p1, 50] moves from rank 1 to rank 2");
        has(
            &at(&q[0], 3),
            "[a, p3, 80] takes rank 1, [a, p2, 70] moves from rank 1 to rank 2, [a, p1, 50] leaves the Top-2",
        );
        has(&at(&q[0], 4), "[a, p4, 10] does not make the Top-2 of k a: not kept");
        assert!(!at(&q[0], 4).contains("WHERE"), "{}", at(&q[0], 4));
    }

    /// Keep-last by event time replaces the kept row at once (-U/+U) and ignores an older row;
    /// keep-first holds the earliest row until the watermark passes it, and drops a late one.
    #[test]
    fn a_deduplication_says_what_it_keeps_replaces_and_drops() {
        let q =
            run("CREATE TABLE r (c STRING, rate INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '10' MINUTE);
@r Euro | 114 | 2024-01-01 09:00:00
@r Euro | 116 | 2024-01-01 10:45:00
@r Euro | 115 | 2024-01-01 10:30:00
@r Euro | 113 | 2024-01-01 08:00:00
SELECT c, rate FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY ts DESC) AS n FROM r) WHERE n = 1;
SELECT c, rate FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY c ORDER BY ts ASC) AS n FROM r) WHERE n = 1;");
        has(&at(&q[0], 1), "it is the first row of c Euro: the deduplication keeps it and emits it");
        has(&at(&q[0], 2), "the deduplication replaces the row kept for c Euro: [Euro, 114] → [Euro, 116]");
        has(&at(&q[0], 3), "the deduplication ignores it: its time is older than the row kept for its key");
        has(&at(&q[1], 1), "the deduplication holds it as the first row of c Euro so far");
        // step 2 lifts the watermark to 10:35: the 09:00 row is final
        has(
            &at(&q[1], 2),
            "the watermark 10:35:00.000 passed the time of 1 first row the deduplication held: it is final and emitted",
        );
        has(
            &at(&q[1], 4),
            "the deduplication drops it as late: its time 08:00:00.000 is behind the watermark 10:35:00.000",
        );
    }

    #[test]
    fn window_top_n_and_window_deduplication_say_what_they_emit_when_they_fire() {
        let q = run("CREATE TABLE t (k STRING, item STRING, price INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@t a | i1 | 10 | 2024-01-01 00:00:01
@t b | i2 | 30 | 2024-01-01 00:00:02
@t a | i3 | 20 | 2024-01-01 00:00:03
@t a | i4 | 5 | 2024-01-01 00:00:12
@t b | i5 | 40 | 2024-01-01 00:00:06
SELECT k, item, price, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end ORDER BY price DESC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2;
SELECT k, item FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn
  FROM TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1;");
        has(&at(&q[0], 1), "the window Top-N buffered it for window [00:00:00.000, 00:00:10.000)");
        has(
            &at(&q[0], 4),
            "the window Top-N fired window [00:00:00.000, 00:00:10.000) at watermark 00:00:12.000: rank 1 [b, i2, 30, …], rank 2 [a, i3, 20, …]",
        );
        has(
            &at(&q[0], 5),
            "dropped as late by the window Top-N: its window [00:00:00.000, 00:00:10.000) had already fired",
        );
        has(
            &at(&q[1], 4),
            "the window deduplication fired window [00:00:00.000, 00:00:10.000) at watermark 00:00:12.000: it emits the first row [a, i1, 2024-01-01 00:00:01.000, …] for k a; it emits the first row [b, i2, 2024-01-01 00:00:02.000, …] for k b",
        );
    }

    /// The sentences come from the trace's fields: with every label blanked, each step's
    /// sentence is the same.
    #[test]
    fn sentences_do_not_read_the_labels() {
        let scripts = [
            "CREATE TABLE t (k STRING, v INT);\n@t a | 1\n@t a | 2\nSELECT k, COUNT(*) AS c FROM t GROUP BY k;".to_string(),
            "CREATE TABLE t (k STRING, name STRING, score INT);\n@t a | p1 | 50\n@t a | p2 | 70\n@t a | p3 | 80\n\
             SELECT score, name AS who, rn FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;"
                .to_string(),
            format!(
                "{}SELECT name, COUNT(DISTINCT s) AS uv FROM TABLE(TUMBLE(TABLE T1, DESCRIPTOR(ts), INTERVAL '5' SECOND)) GROUP BY name, window_start, window_end;",
                T12
            ),
        ];
        for script in &scripts {
            let q = &run(script)[0];
            let zone = crate::time::SessionZone::parse(&q.zone).expect("zone");
            let mut ops = q.operators.clone();
            for o in &mut ops {
                o.label.clear();
            }
            for step in q.steps.iter().chain(&q.end) {
                assert_eq!(super::sentence(step, &ops, &zone), step.summary, "{}", script);
            }
        }
    }

    /// What the trace says of the operators that feed joins, worked out from the SQL.
    #[test]
    fn operators_carry_their_keys_results_ranks_and_choices() {
        use crate::kinds::OpKind;
        let q = run("CREATE TABLE t (k STRING, name STRING, v INT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SELECT k, COUNT(*) AS c, SUM(v) FROM t GROUP BY k;
SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY v DESC) AS rn FROM t) WHERE rn <= 3;
SELECT k, v FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts DESC) AS n FROM t) WHERE n = 1;
SELECT name, window_start, COUNT(DISTINCT v) AS uv FROM TABLE(HOP(TABLE t, DESCRIPTOR(ts), INTERVAL '5' SECOND, INTERVAL '10' SECOND)) GROUP BY name, window_start, window_end;");
        let op = |qi: usize, kind: OpKind| q[qi].operators.iter().find(|o| o.kind == kind).cloned().expect("operator");
        let agg = op(0, OpKind::GroupAggregate);
        assert_eq!(agg.keys, ["k"]);
        let a = agg.aggregate.expect("aggregate");
        assert_eq!(a.calls.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["c", "EXPR$2"]);
        assert_eq!(a.calls.iter().map(|c| c.named).collect::<Vec<_>>(), [true, false]);
        assert_eq!(a.calls.iter().map(|c| c.call.as_deref()).collect::<Vec<_>>(), [Some("COUNT(*)"), Some("SUM(v)")]);
        assert!(!a.retract && a.window.is_none());
        assert_eq!(agg.columns, ["k", "c", "EXPR$2"]);

        let rank = op(1, OpKind::Rank);
        assert_eq!(rank.keys, ["k"]);
        let r = rank.rank.expect("rank");
        assert_eq!((r.start, r.end, r.number, r.order_by.as_str()), (1, Some(3), true, "v DESC"));
        assert_eq!(rank.columns.last().map(|c| c.as_str()), Some("rn"));

        let dedup = op(2, OpKind::Deduplicate);
        assert_eq!(dedup.keys, ["k"]);
        let d = dedup.dedup.expect("dedup");
        assert!(d.keep_last && d.rowtime);
        assert_eq!(d.order_by, "ts");

        let w = op(3, OpKind::WindowAggregate);
        assert_eq!(w.keys, ["name"]);
        let a = w.aggregate.expect("aggregate");
        assert_eq!(a.window.as_deref(), Some("HOP(size=[10 s], slide=[5 s])"));
        assert!(a.sliced && a.two_phase);
        assert_eq!(a.calls[0].name, "uv");
        assert_eq!(a.calls[0].call.as_deref(), Some("COUNT(DISTINCT v)"));
    }

    /// A Top-N under a Calc that reorders and renames its columns (`picks`): the rank number is
    /// found through the picks, so the sentence still says which row moves and which leaves.
    #[test]
    fn a_top_n_under_a_projection_is_told_through_its_picks() {
        let q = run("CREATE TABLE t (k STRING, name STRING, score INT);
@t a | p1 | 50
@t a | p2 | 70
@t a | p3 | 80
SELECT rn AS place, name AS who, score FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY score DESC) AS rn FROM t) WHERE rn <= 2;");
        // p3 (80) beats p2 (70) and p1 (50): p2 moves down, p1 falls out of the Top-2; the rows
        // are the result's (who, score), without the rank number that moved to the front
        has(
            &at(&q[0], 3),
            "the Top-N of k a: [p3, 80] takes rank 1, [p2, 70] moves from rank 1 to rank 2, [p1, 50] leaves the Top-2",
        );
    }

    /// VALUES rows come out as the job starts; a LEFT JOIN pads them until the table's row.
    #[test]
    fn the_job_start_says_what_the_values_emitted() {
        let q = run("CREATE TABLE t (k STRING, v INT);
@t a | 1
SELECT x.k, x.name, t.v FROM (VALUES ('a', 'Alpha'), ('c', 'Gamma')) AS x(k, name) LEFT JOIN t ON t.k = x.k;");
        let start = q[0].start.as_ref().expect("a start step");
        has(&start.summary, "the job started: its VALUES rows came out at once (2 rows)");
        has(&start.summary, "stored on the left side under key [a]");
        // the table's row matches Alpha: its padded row is retracted and replaced
        has(&at(&q[0], 1), "2 rows emitted (-D ×1, +I ×1)");
    }
}

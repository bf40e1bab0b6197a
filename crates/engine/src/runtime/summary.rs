//! One plain sentence per step, built from the step's events: what arrived, which watermark
//! moved, which windows fired and why, what was emitted, what was dropped; for the operators
//! that feed joins, what an aggregation's group now holds (`uv1 = 2 for name a`), which rank a
//! Top-N row takes and which row leaves, and which row a deduplication keeps or replaces. The
//! operators' column, key and result names come from the trace's fields (`OperatorInfo.columns`,
//! `keys`, `aggregate`, `rank`, `dedup`, `picks`), never from their labels ([`OpText`]).

use crate::kinds::{ExpireCause, OpKind, RowKind};
use crate::time::SessionZone;
use crate::trace::{Event, Lineage, OperatorInfo, Step, StepKind};

mod words;
use words::*;

pub fn sentence(step: &Step, ops: &[OperatorInfo], zone: &SessionZone) -> String {
    let mut parts: Vec<String> = Vec::new();
    let kind_of = |op: usize| ops.get(op).map(|o| o.kind);
    match step.kind {
        StepKind::Row => {
            let t = step.table.clone().unwrap_or_default();
            let rk = step.row_kind.map(|k| k.short()).unwrap_or("+I");
            parts.push(cat(&[&t, " ", rk, "[", &step.values.join(", "), "] arrived"]));
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
                    parts.push(cat(&["watermark of ", &t, " advanced to ", &local_wm(*value_ms, zone)]));
                } else if k == Some(OpKind::WindowJoin) {
                    parts.push(cat(&["join watermark (min of both inputs) advanced to ", &local_wm(*value_ms, zone)]));
                } else if k == Some(OpKind::TemporalJoin) {
                    parts.push(cat(&[
                        "the temporal join's watermark (the min of both inputs) advanced to ",
                        &local_wm(*value_ms, zone),
                    ]));
                } else if k == Some(OpKind::IntervalJoin) {
                    parts.push(cat(&[
                        "the interval join's output watermark (the min of both inputs, held back by its larger bound) advanced to ",
                        &local_wm(*value_ms, zone),
                    ]));
                }
            }
            Event::InputWatermark { op, held_by: Some(h), .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                parts.push(cat(&["join watermark held back by ", h]));
            }
            Event::InputWatermark { op, held_by: Some(h), .. } if kind_of(*op) == Some(OpKind::TemporalJoin) => {
                parts.push(cat(&["the temporal join's watermark is held back by ", h, " (probe rows keep waiting)"]));
            }
            Event::SourceIdle { table, idle, at_ms, .. } => {
                if *idle {
                    parts.push(format!(
                        "{} is idle: no row for longer than table.exec.source.idle-timeout (checked at {} processing time), so the operators that join it no longer wait for its watermark",
                        table,
                        local_wm(*at_ms, zone)
                    ));
                } else {
                    parts.push(format!("{} is active again: its watermark counts again", table));
                }
            }
            Event::TemporalWait { op, lineage, row, time_ms, watermark_ms, late, .. } => {
                let me = input_name(ops, *op, "left");
                let who = if mine(lineage) { "it".to_string() } else { cat(&[&me, " ", &row_text(row, 6)]) };
                if *late {
                    stored.push(format!(
                        "{} ({}) is late: the temporal join's watermark is already {}; it waits for the next watermark advance and joins what the versions' cleanup left",
                        who,
                        local_wm(*time_ms, zone),
                        local_wm(*watermark_ms, zone)
                    ));
                } else {
                    stored.push(cat(&[&who, " waits in the temporal join until its watermark reaches ", &local_wm(*time_ms, zone)]));
                }
            }
            Event::TemporalVersion { op, key, time_ms, ends, replaced, dropped, late, .. } => {
                let me = input_name(ops, *op, "right");
                let k = key.join(", ");
                if *dropped {
                    stored.push(format!("the temporal join ignores the -U of {} (Flink drops update-before rows of the versioned side)", me));
                } else {
                    let what = if *ends {
                        cat(&[&me, " of ", &k, " ends at ", &local_wm(*time_ms, zone), " (deleted)"])
                    } else {
                        cat(&["a version of ", &me, " ", &k, " valid from ", &local_wm(*time_ms, zone)])
                    };
                    let extra = match (*replaced, *late) {
                        (true, _) => " (it replaces the version of the same time: the later arrival wins)",
                        (false, true) => " (late: the join's watermark has passed it; it is kept for later probe rows)",
                        _ => "",
                    };
                    stored.push(cat(&[&what, " is stored", extra]));
                }
            }
            Event::Lookup { table, key, null_key, found, function: Some(f), roles, .. } => {
                // a Confluent search function: one output row, its search_results
                let what = if *null_key {
                    "a NULL search value finds nothing".to_string()
                } else if found.is_empty() {
                    "no match".to_string()
                } else {
                    let rows: Vec<String> = found
                        .iter()
                        .map(|m| match &m.score {
                            Some(s) => format!("{} (score {})", row_text(&m.row, 6), s),
                            None => row_text(&m.row, 6),
                        })
                        .collect();
                    format!("{} found{}: {}", plural(found.len(), "row", "rows"), if found.iter().any(|m| m.score.is_some()) { ", best first" } else { "" }, rows.join(", "))
                };
                stored.push(format!(
                    "{} searches {} for {}{}: {}; the row comes out once with them as search_results (an empty array when none); later changes of {} will not change it",
                    f,
                    table,
                    key.join(", "),
                    roles.as_ref().map(|r| format!(" ({})", r)).unwrap_or_default(),
                    what,
                    table
                ));
            }
            Event::Lookup { op, table, key, null_key, found, emitted, padded, .. } => {
                let cols = ops.get(*op).map(|o| o.keys.clone()).unwrap_or_default();
                let what = if cols.len() == key.len() && !cols.is_empty() {
                    cols.iter().zip(key).map(|(c, k)| format!("{} {}", c, k)).collect::<Vec<_>>().join(", ")
                } else {
                    format!("key [{}]", key.join(", "))
                };
                let mut s = if *null_key {
                    format!("{}: a NULL key finds nothing in {}", what, table)
                } else {
                    format!("{} looked up in {}: {}", what, table, plural(found.len(), "row", "rows"))
                };
                let rejected = found.iter().filter(|f| !f.joined).count();
                if rejected > 0 {
                    s.push_str(&format!(" ({} rejected by the rest of the ON condition)", rejected));
                }
                if *padded {
                    s.push_str(", so the row comes out padded with NULLs");
                } else if *emitted == 0 {
                    s.push_str(", so the inner join emits nothing for it");
                }
                if *emitted > 0 || *padded {
                    s.push_str(&format!("; later changes of {} will not change what it emitted", table));
                }
                stored.push(s);
            }
            Event::LookupStore { table, kind, row, lineage, change, rows, .. } => {
                let r = if mine(lineage) { "it".to_string() } else { format!("{} {}{}", table, kind.short(), row_text(row, 6)) };
                let what = match change {
                    crate::kinds::LookupChange::Added => "goes into",
                    crate::kinds::LookupChange::Replaced => "replaces the row of its key in",
                    crate::kinds::LookupChange::Removed => "is removed from",
                    crate::kinds::LookupChange::Absent => "finds nothing to remove in",
                };
                stored.push(format!(
                    "{} {} the lookup join's store ({}); it emits nothing and revises no row already emitted",
                    r,
                    what,
                    plural(*rows, "row", "rows")
                ));
            }
            Event::TemporalRelease { op, row, time_ms, watermark_ms, version, outcome, miss, .. } => {
                let me = input_name(ops, *op, "left");
                let other = input_name(ops, *op, "right");
                let head = cat(&[
                    &me,
                    " ",
                    &row_text(row, 4),
                    " (",
                    &local_wm(*time_ms, zone),
                    ") waited until the temporal join's watermark reached ",
                    &local_wm(*watermark_ms, zone),
                ]);
                let tail = match (outcome, miss, version) {
                    (crate::kinds::TemporalOutcome::Joined, _, Some(v)) => {
                        cat(&["it joined ", &other, " ", &row_text(&v.row, 4), " valid since ", &local_wm(v.time_ms, zone)])
                    }
                    (o, m, v) => {
                        let why = match (m, v) {
                            (Some(crate::kinds::TemporalMiss::Deleted), Some(v)) => {
                                format!("its key was deleted from {} at {}", other, local_wm(v.time_ms, zone))
                            }
                            (Some(crate::kinds::TemporalMiss::Condition), Some(v)) => format!(
                                "the rest of the ON condition rejects {} {} (valid since {})",
                                other,
                                row_text(&v.row, 4),
                                local_wm(v.time_ms, zone)
                            ),
                            _ => cat(&[&other, " has no version of its key at or before ", &local_wm(*time_ms, zone)]),
                        };
                        if *o == crate::kinds::TemporalOutcome::Padded {
                            cat(&[&why, ", so it comes out padded with NULLs"])
                        } else {
                            cat(&[&why, ", so the inner join emits nothing for it"])
                        }
                    }
                };
                stored.push(cat(&[&head, "; ", &tail]));
            }
            Event::WindowFire { op, window, watermark_ms, .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                fired += 1;
                let wm = local_wm(*watermark_ms, zone);
                let t = cat(&["watermark ", &wm, " passed window ", &window_label(window)]);
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
                    ExpireCause::VersionSuperseded => stored.push(format!("{} of the {} state cleaned up ({})", what, side, reason)),
                    ExpireCause::WindowFired | ExpireCause::Deleted => {}
                }
            }
            Event::StateInsert { side, key, op, rows_in_state, window: None, .. }
                if matches!(kind_of(*op), Some(OpKind::RegularJoin | OpKind::MultiJoin)) =>
            {
                stored.push(cat(&[
                    "stored on the ",
                    side,
                    " side under key [",
                    &key.join(", "),
                    "] (",
                    &plural(*rows_in_state, "row", "rows"),
                    " held for it)",
                ]));
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
                stored.push(cat(&[who, " on the ", side, " side of window ", &window_label(w)]));
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
                let who = if lineage == &[step.index as u32] { "it".to_string() } else { cat(&["the ", &me, " row"]) };
                let joined = match matched {
                    0 => String::new(),
                    n => cat(&[&who, " joined ", &plural(*n, "row", "rows"), " of ", &other, "; "]),
                };
                let who = if joined.is_empty() { who } else { "it".into() };
                if *cached {
                    let until = expires_ms.map(|e| local_wm(e - 1, zone)).unwrap_or_default();
                    let timer =
                        timer_ms.map(|t| cat(&[", its key's cleanup timer ", &local_wm(t, zone)])).unwrap_or_default();
                    stored.push(cat(&[
                        &joined,
                        &who,
                        " can meet ",
                        &other,
                        " rows of times [",
                        &local_wm(*from_ms, zone),
                        ", ",
                        &local_wm(*to_ms, zone),
                        "] and stays until the join's time passes ",
                        &until,
                        &timer,
                    ]));
                } else {
                    stored.push(cat(&[
                        &joined,
                        &who,
                        " is late (",
                        &local_wm(*time_ms, zone),
                        " is behind the join's time): it is not kept",
                    ]));
                }
            }
            Event::IntervalCleanup { op, side, timer_ms, time_ms, rows, padded, .. } => {
                let me = input_name(ops, *op, side);
                let how = match timer_ms {
                    Some(t) => cat(&["a cleanup timer (", &local_wm(*t, zone), ") fired at ", &local_wm(*time_ms, zone)]),
                    None => cat(&["a probe found them expired at ", &local_wm(*time_ms, zone)]),
                };
                let pad = if padded.is_empty() {
                    String::new()
                } else {
                    let list: Vec<String> = padded.iter().map(|r| cat(&["[", &r.join(", "), "]"])).collect();
                    cat(&[", padded with NULLs as they never joined: ", &list.join(" ")])
                };
                stored.push(cat(&[&how, ": ", &plural(*rows, "row", "rows"), " ", &me, " left the state", &pad]));
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
    // process table functions: the function's own sentence, or what the call did
    for e in &step.events {
        if let Event::PtfCall { key, side, timer, emitted, why, late, time_ms, .. } = e {
            let who = match (side, timer) {
                (_, Some(t)) => format!(
                    "the timer {}at {} of partition {} fired",
                    t.name.as_ref().map(|n| format!("{} ", n)).unwrap_or_default(),
                    local_wm(t.time_ms, zone),
                    key.join(", ")
                ),
                (Some(s), None) => format!(
                    "the PTF ran eval for the {} row of partition {}{}",
                    s,
                    key.join(", "),
                    match (late, time_ms) {
                        (true, Some(_)) => " (late: at or behind its watermark; Flink 2.3 calls eval all the same)",
                        _ => "",
                    }
                ),
                (None, None) => format!("the PTF ran for partition {}", key.join(", ")),
            };
            stored.push(match why {
                Some(w) => format!("{}: {}", who, w),
                None if *emitted == 0 => format!("{}: it emitted nothing", who),
                None => format!("{}: it emitted {}", who, plural(*emitted, "row", "rows")),
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
        parts.push(cat(&[
            &fire_texts.join("; "),
            ": ",
            &plural(emitted, "row", "rows"),
            " emitted, ",
            &num(join_freed),
            " state rows freed",
        ]));
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
/// Batch mode, a row step: what the blocking operators `held` (the first one above the row's
/// source, each) do with it, appended to the step's sentence.
pub fn batch_hold(sentence: &str, ops: &[OperatorInfo], held: &[usize]) -> String {
    if held.is_empty() {
        return sentence.to_string();
    }
    let names: Vec<String> = held
        .iter()
        .map(|&op| {
            let w = op_words(ops, op);
            if w.starts_with("the ") {
                w
            } else {
                format!("the {} operator", w)
            }
        })
        .collect();
    format!(
        "{}; batch mode: {} keep{} it and emit{} final rows only when the input ends",
        sentence.trim_end_matches('.'),
        names.join(" and "),
        if held.len() == 1 { "s" } else { "" },
        if held.len() == 1 { "s" } else { "" }
    )
}

fn output_text(step: &Step) -> String {
    let mut kinds: Vec<(&str, usize)> = Vec::new();
    for r in &step.output {
        let k = r.kind.short();
        match kinds.iter_mut().find(|(x, _)| *x == k) {
            Some(e) => e.1 += 1,
            None => kinds.push((k, 1)),
        }
    }
    let detail: Vec<String> = kinds.iter().map(|(k, n)| cat(&[k, " ×", &num(*n)])).collect();
    cat(&[&plural(step.output.len(), "row", "rows"), " emitted (", &detail.join(", "), ")"])
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
        | Event::SourceIdle { op, .. }
        | Event::TemporalWait { op, .. }
        | Event::TemporalVersion { op, .. }
        | Event::TemporalRelease { op, .. }
        | Event::Lookup { op, .. }
        | Event::LookupStore { op, .. }
        | Event::Aggregated { op, .. }
        | Event::NullTimeDrop { op, .. }
        | Event::Filtered { op, .. }
        | Event::Unchanged { op, .. }
        | Event::Unnest { op, .. }
        | Event::PtfCall { op, .. }
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
mod tests;

//! One plain sentence per step, built from the step's events: what arrived, which watermark
//! moved, which windows fired and why, what was emitted, what was dropped.

use crate::kinds::{ExpireCause, OpKind};
use crate::time::SessionZone;
use crate::time::{format_ts, Ts};
use crate::trace::{Event, OperatorInfo, Step, StepKind, WindowRef};

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
    let mut fired = 0usize;
    let mut fire_texts: Vec<String> = Vec::new();
    let mut freed = 0usize;
    let mut stored: Vec<String> = Vec::new();
    let mut filtered = 0usize;
    let mut null_time = 0usize;
    for e in &step.events {
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
            Event::WindowFire { window, watermark_ms, .. } => {
                fired += 1;
                let wm = local_wm(*watermark_ms, zone);
                let t = format!("watermark {} passed window {}", wm, window_label(window));
                if !fire_texts.contains(&t) {
                    fire_texts.push(t);
                }
            }
            Event::StateExpire { rows, side, cause, reason, .. } => {
                freed += rows;
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
            Event::LateDrop { window, .. } => {
                stored.push(format!("dropped as late: its window {} had already fired", window_label(window)));
            }
            Event::StateInsert { side, window: Some(w), op, .. } if kind_of(*op) == Some(OpKind::WindowJoin) => {
                stored.push(format!("buffered on the {} side of window {}", side, window_label(w)));
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
    stored.dedup();
    parts.extend(stored);
    if fired > 0 {
        parts.push(format!(
            "{}: {} emitted, {} state rows freed",
            fire_texts.join("; "),
            plural(step.output.len(), "row", "rows"),
            freed
        ));
    } else if !step.output.is_empty() {
        // by change kind, in the order they were emitted: "-D ×1, +I ×1"
        let mut kinds: Vec<(&str, usize)> = Vec::new();
        for r in &step.output {
            let k = r.kind.short();
            match kinds.iter_mut().find(|(x, _)| *x == k) {
                Some(e) => e.1 += 1,
                None => kinds.push((k, 1)),
            }
        }
        let detail: Vec<String> = kinds.iter().map(|(k, n)| format!("{} ×{}", k, n)).collect();
        parts.push(format!("{} emitted ({})", plural(step.output.len(), "row", "rows"), detail.join(", ")));
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

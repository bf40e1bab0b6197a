//! One plain sentence per step, built from the step's events: what arrived, which watermark
//! moved, which windows fired and why, what was emitted, what was dropped.

use crate::kinds::{ExpireCause, OpKind};
use crate::time::SessionZone;
use crate::time::{format_ts, Ts};
use crate::trace::{Event, OperatorInfo, Step, StepKind, WindowRef};

/// A watermark on the session zone's wall clock (the clock the values and windows print on).
fn local_wm(ms: i64, zone: &SessionZone) -> String {
    match ms {
        i64::MAX => "+inf".to_string(),
        i64::MIN => "-inf".to_string(),
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
                    ExpireCause::IntervalPassed => {
                        stored.push(format!("{} left the {} state ({})", what, side, reason))
                    }
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

//! How the answers of [`super`] say keys, windows, steps, sides and conditions, and what they read
//! off a query's trace.

use crate::kinds::OpKind;
use crate::trace::{Event, QueryTrace, Step, WindowRef};

pub(super) fn all_steps(q: &QueryTrace) -> impl Iterator<Item = &Step> {
    q.start.iter().chain(q.steps.iter()).chain(q.end.iter())
}

pub(super) fn lineage_of(e: &Event) -> Option<&[u32]> {
    match e {
        Event::StateInsert { lineage, .. }
        | Event::LateDrop { lineage, .. }
        | Event::IntervalProbe { lineage, .. }
        | Event::Unnest { lineage, .. }
        | Event::Emit { lineage, .. }
        | Event::Output { lineage, .. }
        | Event::PtfCall { lineage, .. }
        | Event::TemporalWait { lineage, .. }
        | Event::TemporalVersion { lineage, .. }
        | Event::TemporalRelease { lineage, .. }
        | Event::Lookup { lineage, .. } => Some(lineage),
        Event::LookupStore { lineage, .. } => Some(lineage),
        _ => None,
    }
}

pub(super) fn key_text(key: &[String]) -> String {
    format!("[{}]", key.join(", "))
}

/// ` with key [a, b]`, or nothing for a join without equality keys.
pub(super) fn with_key(key: &[String]) -> String {
    if key.is_empty() {
        String::new()
    } else {
        format!(" with key {}", key_text(key))
    }
}

pub(super) fn window_text(w: &WindowRef) -> String {
    w.label.clone()
}

pub(super) fn other(side: &str) -> &'static str {
    if side == "left" {
        "right"
    } else {
        "left"
    }
}

/// A join's side named with the table it reads when one table feeds it (`right side (Products)`).
pub(super) fn side_name(q: &QueryTrace, op: usize, side: &str) -> String {
    let mut at = q.operators.get(op).and_then(|o| o.inputs.get(usize::from(side != "left"))).copied();
    while let Some(o) = at.and_then(|i| q.operators.get(i)) {
        if let Some(t) = &o.table {
            return format!("{} side ({})", side, t);
        }
        at = match o.inputs.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
    }
    format!("{} side", side)
}

/// Up to five step numbers as text (`steps 3, 5 and 8`, `step 4`).
pub(super) fn steps_text(steps: &[usize]) -> String {
    let shown: Vec<String> = steps.iter().take(5).map(|s| s.to_string()).collect();
    let more = steps.len().saturating_sub(5);
    let list = match shown.len() {
        0 => String::new(),
        1 => shown[0].clone(),
        n => format!("{} and {}", shown[..n - 1].join(", "), shown[n - 1]),
    };
    let word = if steps.len() == 1 { "step" } else { "steps" };
    if more > 0 {
        format!("{} {} (and {} more)", word, list, more)
    } else {
        format!("{} {}", word, list)
    }
}

/// The `where=[…]` of a Calc's label, or the whole label.
pub(super) fn condition_of(label: &str) -> String {
    label
        .find("where=[")
        .map(|i| {
            let rest = &label[i + 7..];
            let mut depth = 0i32;
            let end = rest
                .char_indices()
                .find(|&(_, c)| {
                    match c {
                        '[' | '(' => depth += 1,
                        ']' | ')' => depth -= 1,
                        _ => {}
                    }
                    depth < 0
                })
                .map_or(rest.len(), |(i, _)| i);
            rest[..end].to_string()
        })
        .unwrap_or_else(|| label.to_string())
}

/// `step 8`, or `the end of input (step 9)`.
pub(super) fn at_step(q: &QueryTrace, i: usize) -> String {
    if q.end.as_ref().is_some_and(|e| e.index == i) {
        format!("the end of input (step {})", i)
    } else {
        format!("step {}", i)
    }
}

pub(super) fn op_kind(q: &QueryTrace, op: usize) -> Option<OpKind> {
    q.operators.get(op).map(|o| o.kind)
}

/// The operators a row "joins" at: an answer follows a row to the first of them it reached.
pub(super) const JOINS: [OpKind; 6] = [
    OpKind::RegularJoin,
    OpKind::WindowJoin,
    OpKind::IntervalJoin,
    OpKind::TemporalJoin,
    OpKind::LookupJoin,
    OpKind::MultiJoin,
];

/// The last watermark operator `op` reached in the run, if any.
pub(super) fn last_watermark(q: &QueryTrace, op: usize) -> Option<i64> {
    all_steps(q)
        .flat_map(|st| st.events.iter())
        .filter_map(|e| match e {
            Event::Watermark { op: o, value_ms, .. } if *o == op => Some(*value_ms),
            _ => None,
        })
        .last()
}

//! "Why didn't these two rows join (with each other)?" — the answer for a pair of input rows of
//! one query, read off the run's events like the one-row answers of [`super`].
//!
//! Answered: the result changes that hold both rows (their lineage); else the first reason the
//! pair did not meet — one row rejected by a condition before any join; one that never reached
//! the join the other came to (why, as the one-row answer says it); different join keys (both); a
//! NULL key; a window join's different windows (both), a late row (its window, the watermark), a
//! window that never fired; an interval join's times outside the bounds (the bound and by how
//! much), a row that left state before the other came, or a late one that only probed; a temporal
//! join's version valid only after the probe's time, superseded before it, gone from state before
//! the probe was released, or arriving after; a regular join's row expired by state TTL before the other arrived; a
//! lookup made before the table's row arrived (or after it was replaced); a MULTI_JOIN input with
//! no row of the key; a semi or anti join that met; two partitions of a process table function;
//! rows that joined but whose joined row a condition above the join rejected. What the events
//! cannot tell says `not supported yet: …`.
//!
//! `timed` answers for the joins that match by time (window, interval, temporal), `keyed` for the
//! others (regular, lookup, MULTI_JOIN, process table function).

mod keyed;
mod timed;

use keyed::{lookup, multi, ptf, regular};
use timed::{interval, temporal, window};

use super::joins::semi_anti;
use super::words::{all_steps, at_step, condition_of, key_text, lineage_of, op_kind, steps_text, window_text};
use super::{changes, copy_of, copy_text, why_not, Answer};
use crate::kinds::OpKind;
use crate::trace::{Event, QueryTrace, Step};

const Q: &str = "Why didn't these rows join?";

/// One row of the pair: its step and how the answer names it (`Orders#2`).
pub(super) struct Row<'a> {
    pub step: &'a Step,
    pub name: String,
}

impl Row<'_> {
    fn s(&self) -> usize {
        self.step.index
    }
}

fn op_of(e: &Event) -> Option<usize> {
    match e {
        Event::StateInsert { op, .. }
        | Event::LateDrop { op, .. }
        | Event::IntervalProbe { op, .. }
        | Event::Emit { op, .. }
        | Event::PtfCall { op, .. }
        | Event::TemporalWait { op, .. }
        | Event::TemporalVersion { op, .. }
        | Event::TemporalRelease { op, .. }
        | Event::Lookup { op, .. }
        | Event::LookupStore { op, .. } => Some(*op),
        _ => None,
    }
}

/// The joins (and process table functions, which take two tables) a pair is followed to.
fn joins_at(k: OpKind) -> bool {
    k == OpKind::ProcessTableFunction || super::words::JOINS.contains(&k)
}

/// The events whose lineage holds step `s`, with their steps.
fn mine(q: &QueryTrace, s: usize) -> Vec<(usize, &Event)> {
    all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter(|(_, e)| lineage_of(e).is_some_and(|l| l.contains(&(s as u32))))
        .collect()
}

/// The joins (and process table functions) a row reached, in the order it reached them; an
/// operator's own emitted rows do not count as reaching it.
fn joins_reached(q: &QueryTrace, ev: &[(usize, &Event)]) -> Vec<usize> {
    let mut out = Vec::new();
    for (_, e) in ev {
        if matches!(e, Event::Emit { .. }) {
            continue;
        }
        if let Some(op) = op_of(e).filter(|&o| op_kind(q, o).is_some_and(joins_at)) {
            if !out.contains(&op) {
                out.push(op);
            }
        }
    }
    out
}

/// Whether operator `up` feeds operator `down` (directly or through others).
fn feeds(q: &QueryTrace, up: usize, down: usize) -> bool {
    let mut todo: Vec<usize> = q.operators.get(down).map(|o| o.inputs.clone()).unwrap_or_default();
    let mut seen = Vec::new();
    while let Some(o) = todo.pop() {
        if o == up {
            return true;
        }
        if !seen.contains(&o) {
            seen.push(o);
            todo.extend(q.operators.get(o).map(|x| x.inputs.clone()).unwrap_or_default());
        }
    }
    false
}

/// `Different join keys: Orders#2 has key [pear] and Products#1 has key [apple].`
fn keys_differ(a: &Row, ka: &[String], b: &Row, kb: &[String]) -> Answer {
    (
        Q,
        format!(
            "Different join keys: {} has key {} and {} has key {}; rows join only with rows of their own key.",
            a.name,
            key_text(ka),
            b.name,
            key_text(kb)
        ),
        sorted(vec![a.s(), b.s()]),
    )
}

/// A NULL in either key, where the join compares with `=` only.
fn null_key(q: &QueryTrace, op: usize, x: &Row, k: &[String], other: &Row) -> Option<Answer> {
    super::joins::null_key(q, op, k, x.s()).map(|(_, _, _)| {
        (
            Q,
            format!(
                "{}'s join key {} is NULL, and = never matches NULL (IS NOT DISTINCT FROM would).",
                x.name,
                key_text(k)
            ),
            sorted(vec![x.s(), other.s()]),
        )
    })
}

/// What the events cannot tell, for the pair.
fn not_yet(a: &Row, b: &Row, what: &str) -> Answer {
    (Q, format!("not supported yet: explaining {} (issue 19).", what), sorted(vec![a.s(), b.s()]))
}

fn sorted(mut v: Vec<usize>) -> Vec<usize> {
    v.sort_unstable();
    v.dedup();
    v
}

/// They joined in `op` (an emitted row holds both), but that row did not reach the result.
fn joined_above(q: &QueryTrace, op: usize, a: &Row, b: &Row) -> Option<Answer> {
    let want = [a.s() as u32, b.s() as u32];
    let at: Vec<usize> = all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter(|(_, e)| matches!(e, Event::Emit { op: o, lineage, .. } if *o == op && want.iter().all(|w| lineage.contains(w))))
        .map(|(i, _)| i)
        .collect();
    let &first = at.first()?;
    let cond = all_steps(q).find(|st| st.index == first).and_then(|st| {
        st.events.iter().find_map(|e| match e {
            Event::Filtered { op: o, .. } if *o != op => q.operators.get(*o).map(|x| condition_of(&x.label)),
            _ => None,
        })
    });
    Some(match cond {
        Some(c) => (
            "Why is their joined row not in the result?",
            format!(
                "They joined at {}, but the condition {} above the join rejected the joined row.",
                steps_text(&at),
                c
            ),
            sorted([vec![a.s(), b.s()], at].concat()),
        ),
        None => not_yet(a, b, &format!("a pair that joined at {} and went on past the join", steps_text(&at))),
    })
}

/// The answer for the pair (neither in a result change with the other is checked by the caller).
pub(super) fn answer(q: &QueryTrace, a: &Row, b: &Row) -> Answer {
    if let Some((list, steps)) = changes(q, &[a.s() as u32, b.s() as u32]) {
        return ("Why this output?", list.replacen("It is part of", "Both rows are part of", 1), steps);
    }
    // a join held one of them as a copy of an equal row: its result changes carry that row's step
    for (x, y) in [(a, b), (b, a)] {
        if let Some((at, row, first)) = copy_of(q, x.s()) {
            let want: Vec<u32> = first.iter().copied().chain([y.s() as u32]).collect();
            if let Some((list, steps)) = changes(q, &want) {
                return (
                    "Why this output?",
                    format!(
                        "{} {}",
                        copy_text(at, &row, &first).replacen("its row", &format!("{}'s row", x.name), 1),
                        list.replacen("It is part of", &format!("The copy and {} are part of", y.name), 1)
                    ),
                    sorted([vec![at], steps].concat()),
                );
            }
        }
    }
    let ea = mine(q, a.s());
    let eb = mine(q, b.s());
    let ja = joins_reached(q, &ea);
    let jb = joins_reached(q, &eb);
    // one of them never reached a join: a table the query does not read, a condition before it
    let stuck: Vec<&Row> = [(a, &ja), (b, &jb)].into_iter().filter(|(_, j)| j.is_empty()).map(|(x, _)| x).collect();
    for x in &stuck {
        let table = x.step.table.as_deref().unwrap_or_default();
        if !q.operators.iter().any(|o| o.table.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(table))) {
            return (
                Q,
                format!(
                    "Query {} does not read {}: no operator of it scans that table, so {} plays no part in it.",
                    q.index, table, x.name
                ),
                sorted(vec![a.s(), b.s()]),
            );
        }
    }
    for x in &stuck {
        let filtered = x.step.events.iter().find_map(|e| match e {
            Event::Filtered { op, .. } => q.operators.get(*op).map(|o| condition_of(&o.label)),
            _ => None,
        });
        if let Some(c) = filtered {
            return (
                Q,
                format!("{} never reached the join: the condition {} rejected it at step {}.", x.name, c, x.s()),
                sorted(vec![a.s(), b.s()]),
            );
        }
    }
    for x in &stuck {
        let (_, text, steps) = why_not(q, x.step);
        if !text.starts_with("not supported yet") {
            return (
                Q,
                format!("{} never reached a join. {}", x.name, text),
                sorted([vec![a.s(), b.s()], steps].concat()),
            );
        }
    }
    if !stuck.is_empty() {
        return not_yet(a, b, "a pair whose way to a join the trace's events do not show");
    }
    let Some(&op) = ja.iter().find(|o| jb.contains(o)) else {
        // a join chain: one of them stopped at a join before the one the other came to
        for (x, jx, jy) in [(a, &ja, &jb), (b, &jb, &ja)] {
            if jy.iter().any(|&down| jx.iter().all(|&up| feeds(q, up, down))) {
                let other = if std::ptr::eq(x, a) { b } else { a };
                let (_, text, steps) = why_not(q, x.step);
                return (
                    Q,
                    format!(
                        "{} never reached the join that {} came to: it stopped at a join before it. {}",
                        x.name, other.name, text
                    ),
                    sorted([vec![a.s(), b.s()], steps].concat()),
                );
            }
        }
        return not_yet(a, b, "two rows that no join of this query brings together");
    };
    let (xa, xb) = (at_op(&ea, op), at_op(&eb, op));
    match op_kind(q, op) {
        Some(OpKind::WindowJoin) => window(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::RegularJoin) => regular(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::IntervalJoin) => interval(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::TemporalJoin) => temporal(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::LookupJoin) => lookup(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::MultiJoin) => multi(q, op, (a, &xa), (b, &xb)),
        Some(OpKind::ProcessTableFunction) => ptf(q, op, (a, &xa), (b, &xb)),
        _ => not_yet(a, b, "this pair's join"),
    }
}

/// A row's events in join `op` (not the rows the join emitted).
fn at_op<'e>(ev: &[(usize, &'e Event)], op: usize) -> Vec<(usize, &'e Event)> {
    ev.iter().filter(|(_, e)| op_of(e) == Some(op) && !matches!(e, Event::Emit { .. })).copied().collect()
}

type Side<'a, 'b> = (&'b Row<'a>, &'b [(usize, &'b Event)]);

/// The first `state_insert` of a row in the join: (side, key, window).
fn inserted<'e>(ev: &[(usize, &'e Event)]) -> Option<(&'e str, &'e [String], Option<&'e crate::trace::WindowRef>)> {
    ev.iter().find_map(|(_, e)| match e {
        Event::StateInsert { side, key, window, .. } => Some((side.as_str(), key.as_slice(), window.as_ref())),
        _ => None,
    })
}

/// A semi or anti join's left and right row of one key (and window): which right rows could meet
/// the left one, whether it came out, and what that proves about the pair. `at`: the step the pair
/// was decided (their window fired, or the later one arrived); `window`: a window join's window.
fn semi_anti_met(
    q: &QueryTrace,
    op: usize,
    (a, side_a): (&Row, &str),
    b: &Row,
    key: &[String],
    window: Option<&crate::trace::WindowRef>,
    at: usize,
) -> Option<Answer> {
    let anti = semi_anti(q, op)?;
    let (left, right) = if side_a == "left" { (a, b) } else { (b, a) };
    let outs: Vec<(usize, String)> = all_steps(q)
        .flat_map(|st| st.output.iter().map(move |o| (st.index, o)))
        .filter(|(_, o)| o.lineage.contains(&(left.s() as u32)))
        .map(|(i, o)| (i, format!("{} at step {}", o.text, i)))
        .collect();
    let out_text: Vec<String> = outs.iter().map(|(_, t)| t.clone()).collect();
    let out_steps: Vec<usize> = outs.iter().map(|(i, _)| *i).collect();
    let candidates: Vec<usize> = super::joins::stored(q, op, "right", key)
        .into_iter()
        .filter(|(_, w)| match (window, w) {
            (Some(x), Some(y)) => x.start_ms == y.start_ms && x.end_ms == y.end_ms,
            (None, _) => true,
            _ => false,
        })
        .map(|(i, _)| i)
        .collect();
    let of = match (window, key.is_empty()) {
        (Some(w), true) => format!("of their window {}", window_text(w)),
        (Some(w), false) => format!("of their window {} with key {}", window_text(w), key_text(key)),
        (None, true) => "of the join".to_string(),
        (None, false) => format!("with key {}", key_text(key)),
    };
    let only = candidates == [right.s()];
    let (name, verb) = if anti {
        ("an anti join (NOT IN / NOT EXISTS)", "drops")
    } else {
        ("a semi join (IN / EXISTS)", "lets through")
    };
    let steps = sorted([vec![a.s(), b.s(), at], out_steps.clone()].concat());
    Some(match (anti, outs.is_empty()) {
        // a window anti join's left row came out: no right row met it
        (true, false) if window.is_some() => (
            "Why this output?",
            format!(
                "{} came out of the anti join ({}): no right row met it, {} included, and {} emits a left row only when it meets none.",
                left.name,
                out_text.join(", "),
                right.name,
                name
            ),
            steps,
        ),
        (false, true) => (
            Q,
            format!(
                "No right row met {}, {} included (decided at {}): the rest of the condition rejected the pair, and {} emits a left row only when a right row meets it.",
                left.name,
                right.name,
                at_step(q, at),
                name
            ),
            steps,
        ),
        (true, true) if only => (
            "Why is it not in the result?",
            format!(
                "{} met {} (decided at {}): it is the only right row {}, and {} {} a left row that a right row meets (for NOT IN, a NULL on either side counts as meeting).",
                right.name,
                left.name,
                at_step(q, at),
                of,
                name,
                verb
            ),
            steps,
        ),
        (false, false) if only && window.is_some() => (
            "Why this output?",
            format!(
                "{} met {} (decided at {}): it is the only right row {}, and {} emits only the left row, so the result change carries only {}'s step: {}.",
                right.name,
                left.name,
                at_step(q, at),
                of,
                name,
                left.name,
                out_text.join(", ")
            ),
            steps,
        ),
        (true, true) => (
            "Why is it not in the result?",
            format!(
                "{} met at least one of the right rows {} ({}), so {} dropped it; the events do not say whether {} was one of them.",
                left.name,
                of,
                steps_text(&candidates),
                name,
                right.name
            ),
            sorted([steps, candidates].concat()),
        ),
        _ => (
            "Why this output?",
            format!(
                "{} emits only left rows, so the result changes of {} carry only its own step: {}; the events do not say which right rows met it.",
                upper_first(name),
                left.name,
                out_text.join(", ")
            ),
            steps,
        ),
    })
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

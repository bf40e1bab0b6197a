//! "Why didn't this row join?" / "Why this output?" (issue 19), answered from a run's trace.
//!
//! The question names an input row of a query as `TABLE#K`: the table's K-th row in arrival order
//! (its K-th data step, counting from 1). The answer is read off the events the run recorded,
//! nothing is re-run: the result changes whose lineage holds the row's step ("why this output"),
//! else what each operator did with it — filtered by a condition, dropped as late by a window
//! join, stored in a join's state and never met by a row of the other side with its key (or met
//! only in another window, or outside the interval's bounds, or after a state TTL expired it), a
//! temporal join's version missing or deleted at its time, a lookup finding nothing, an empty
//! collection under UNNEST. Each answer names the steps it rests on.
//!
//! Not answered yet (it says so, it never guesses): rows of a MULTI_JOIN with outer joins, of a
//! process table function, or rows that only reach an aggregation, Top-N or deduplication.

use crate::kinds::{OpKind, TemporalMiss, TemporalOutcome};
use crate::time::format_watermark;
use crate::trace::{Event, QueryTrace, Step, StepKind, WindowRef};

/// The answer about one input row.
#[derive(Debug, PartialEq)]
pub struct Explanation {
    /// The row's step and its `# step` text (`Orders +I[1, apple, 3]`).
    pub step: usize,
    pub row: String,
    /// `Why this output?` or `Why didn't this join?`.
    pub question: &'static str,
    /// One or two sentences.
    pub answer: String,
    /// The steps the answer names, in order.
    pub steps: Vec<usize>,
}

/// `TABLE#K` → the table and K (from 1).
pub fn parse_row_ref(s: &str) -> Result<(String, usize), String> {
    let bad = || format!("--row wants TABLE#K (the table's K-th row in arrival order, from 1), not '{}'", s);
    let (t, k) = s.rsplit_once('#').ok_or_else(bad)?;
    let k: usize = k.trim().parse().map_err(|_| bad())?;
    if t.trim().is_empty() || k == 0 {
        return Err(bad());
    }
    Ok((t.trim().to_string(), k))
}

fn all_steps(q: &QueryTrace) -> impl Iterator<Item = &Step> {
    q.start.iter().chain(q.steps.iter()).chain(q.end.iter())
}

fn lineage_of(e: &Event) -> Option<&[u32]> {
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

fn key_text(key: &[String]) -> String {
    format!("[{}]", key.join(", "))
}

/// ` with key [a, b]`, or nothing for a join without equality keys.
fn with_key(key: &[String]) -> String {
    if key.is_empty() {
        String::new()
    } else {
        format!(" with key {}", key_text(key))
    }
}

fn window_text(w: &WindowRef) -> String {
    w.label.clone()
}

fn other(side: &str) -> &'static str {
    if side == "left" {
        "right"
    } else {
        "left"
    }
}

/// A join's side named with the table it reads when one table feeds it (`right side (Products)`).
fn side_name(q: &QueryTrace, op: usize, side: &str) -> String {
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
fn steps_text(steps: &[usize]) -> String {
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
fn condition_of(label: &str) -> String {
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

/// Answers for the row `table#k` of query `q`.
pub fn explain_row(q: &QueryTrace, table: &str, k: usize) -> Result<Explanation, String> {
    if let Some(e) = &q.error {
        return Err(format!("query {} did not run: {}", q.index, e.text));
    }
    let rows: Vec<&Step> = q
        .steps
        .iter()
        .filter(|s| s.kind == StepKind::Row && s.table.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(table)))
        .collect();
    let Some(step) = k.checked_sub(1).and_then(|i| rows.get(i)) else {
        return Err(if rows.is_empty() {
            format!("no row of {} reaches query {} (is it a table the query reads?)", table, q.index)
        } else {
            format!("{} has {} rows in query {}'s input; #{} is not one of them", table, rows.len(), q.index, k)
        });
    };
    let s = step.index;
    let (question, answer, steps) = why_output(q, s)
        .map(|(a, st)| ("Why this output?", a, st))
        .or_else(|| counted_with(q, s))
        .unwrap_or_else(|| why_not(q, step));
    Ok(Explanation { step: s, row: step.text.clone(), question, answer, steps })
}

/// The result changes the row is part of, if any.
fn why_output(q: &QueryTrace, s: usize) -> Option<(String, Vec<usize>)> {
    changes(q, &[s as u32])
}

/// The result changes whose lineage holds every step of `lineage`, as the answer says them.
fn changes(q: &QueryTrace, lineage: &[u32]) -> Option<(String, Vec<usize>)> {
    let mut found: Vec<(usize, &str)> = Vec::new();
    for st in all_steps(q) {
        for o in &st.output {
            if lineage.iter().all(|l| o.lineage.contains(l)) {
                found.push((st.index, &o.text));
            }
        }
    }
    if found.is_empty() {
        return None;
    }
    let shown: Vec<String> = found.iter().take(5).map(|(i, t)| format!("{} at step {}", t, i)).collect();
    let more = if found.len() > 5 { format!(" and {} more", found.len() - 5) } else { String::new() };
    let n = found.len();
    let answer = format!(
        "It is part of {} result {}: {}{}.",
        n,
        if n == 1 { "change" } else { "changes" },
        shown.join(", "),
        more
    );
    let mut steps: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
    steps.dedup();
    Some((answer, steps))
}

/// `step 8`, or `the end of input (step 9)`.
fn at_step(q: &QueryTrace, i: usize) -> String {
    if q.end.as_ref().is_some_and(|e| e.index == i) {
        format!("the end of input (step {})", i)
    } else {
        format!("step {}", i)
    }
}

/// A key with a NULL, where the query compares keys with `=` only (no `IS NOT DISTINCT FROM`).
fn null_key(q: &QueryTrace, op: usize, key: &[String], s: usize) -> Option<(&'static str, String, Vec<usize>)> {
    let null_safe = |t: &str| t.to_ascii_uppercase().contains("IS NOT DISTINCT FROM");
    if !key.iter().any(|v| v == "NULL") || null_safe(&q.sql) || q.operators.get(op).is_some_and(|o| null_safe(&o.label))
    {
        return None;
    }
    Some((
        "Why didn't this join?",
        format!("Its join key {} is NULL, and = never matches NULL (IS NOT DISTINCT FROM would).", key_text(key)),
        vec![s],
    ))
}

/// A semi or anti join (`joinType=[LeftSemiJoin]` / `[LeftAntiJoin]`): `Some(true)` for anti.
fn semi_anti(q: &QueryTrace, op: usize) -> Option<bool> {
    let label = &q.operators.get(op)?.label;
    if label.contains("joinType=[LeftAntiJoin]") {
        Some(true)
    } else if label.contains("joinType=[LeftSemiJoin]") {
        Some(false)
    } else {
        None
    }
}

/// The answer for a row of a semi or anti join, when that is what decides it.
fn semi_anti_answer(
    q: &QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
    others: &[usize],
    s: usize,
) -> Option<(&'static str, String, Vec<usize>)> {
    let anti = semi_anti(q, op)?;
    let (name, what) =
        if anti { ("anti join (NOT IN / NOT EXISTS)", "drops") } else { ("semi join (IN / EXISTS)", "lets through") };
    let article = if anti { "an" } else { "a" };
    if side != "left" {
        return Some((
            "Why is it not in the result?",
            format!("It is a row of the right side of {} {}: the join emits only left rows, and this one {} the left rows{} it meets.", article, name, what, with_key(key)),
            vec![s],
        ));
    }
    if anti && !others.is_empty() {
        return Some((
            "Why is it not in the result?",
            format!(
                "The {} dropped it: it meets rows of the {}{} ({}), and a left row comes out only when it meets none (for NOT IN, a NULL on either side counts as meeting).",
                name,
                side_name(q, op, "right"),
                with_key(key),
                steps_text(others)
            ),
            [vec![s], others.to_vec()].concat(),
        ));
    }
    None
}

/// A regular or multi-way join holds a row equal to one it holds already as that row counted twice
/// (with the first one's lineage): the result changes the copy makes carry the first one's steps.
fn counted_with(q: &QueryTrace, s: usize) -> Option<(&'static str, String, Vec<usize>)> {
    let s32 = s as u32;
    let inserts: Vec<(usize, &Event)> = all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter(|(_, e)| {
            matches!(e, Event::StateInsert { op, .. } if matches!(op_kind(q, *op), Some(OpKind::RegularJoin | OpKind::MultiJoin)))
        })
        .collect();
    for (at, e) in &inserts {
        let Event::StateInsert { op, side, key, row, lineage, .. } = e else { continue };
        if !lineage.contains(&s32) {
            continue;
        }
        let first = inserts.iter().take_while(|(i, _)| i < at).find_map(|(_, x)| match x {
            Event::StateInsert { op: o, side: sd, key: k, row: r, lineage: l, .. }
                if o == op && sd == side && k == key && r == row && !l.contains(&s32) =>
            {
                Some(l)
            }
            _ => None,
        })?;
        let (list, steps) = changes(q, first)?;
        let earlier: Vec<usize> = first.iter().map(|&l| l as usize).collect();
        return Some((
            "Why this output?",
            format!(
                "At step {} the join held its row [{}] as a second copy of the equal row of {} (a join's state keeps equal rows as one, counted), so its result changes carry that row's steps. {}",
                at,
                row.join(", "),
                steps_text(&earlier),
                list.replacen("It is part of", "The copies are part of", 1)
            ),
            [vec![*at], steps].concat(),
        ));
    }
    None
}

fn op_kind(q: &QueryTrace, op: usize) -> Option<OpKind> {
    q.operators.get(op).map(|o| o.kind)
}

/// Why the row of `step` is in no result change.
fn why_not(q: &QueryTrace, step: &Step) -> (&'static str, String, Vec<usize>) {
    let s = step.index;
    let q_ = "Why didn't this join?";
    // its events, wherever they happened (a window fires or a temporal join releases later)
    let mine: Vec<(usize, &Event)> = all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter(|(_, e)| lineage_of(e).is_some_and(|l| l.contains(&(s as u32))))
        .collect();
    let filtered = step.events.iter().find_map(|e| match e {
        Event::Filtered { op, .. } => Some(*op),
        _ => None,
    });
    if step.events.iter().any(|e| matches!(e, Event::NullTimeDrop { .. })) {
        return (
            q_,
            "Its time attribute is NULL: the window table function dropped it (a row without a time is in no window)."
                .into(),
            vec![s],
        );
    }
    // it joined, but what the join made never reached the result
    let joins = [
        OpKind::RegularJoin,
        OpKind::WindowJoin,
        OpKind::IntervalJoin,
        OpKind::TemporalJoin,
        OpKind::LookupJoin,
        OpKind::MultiJoin,
    ];
    let joined: Vec<usize> = mine
        .iter()
        .filter(|(_, e)| matches!(e, Event::Emit { op, .. } if op_kind(q, *op).is_some_and(|k| joins.contains(&k))))
        .map(|(i, _)| *i)
        .collect();
    if let Some(&at) = joined.first() {
        let cond = all_steps(q).find(|st| st.index == at).and_then(|st| {
            st.events.iter().find_map(|e| match e {
                Event::Filtered { op, .. } => q.operators.get(*op).map(|o| condition_of(&o.label)),
                _ => None,
            })
        });
        let q_ = "Why is it not in the result?";
        return match cond {
            Some(c) => (
                q_,
                format!(
                    "It joined at {}, but the condition {} above the join rejected the joined row.",
                    steps_text(&joined),
                    c
                ),
                joined,
            ),
            None => {
                // an UNNEST above the join with nothing to unnest (a search's empty results)
                let empty = mine.iter().find_map(|(_, e)| match e {
                    Event::Unnest { size: n @ (Some(0) | None), .. } => Some(*n),
                    _ => None,
                });
                match empty {
                    Some(n) => (
                        q_,
                        format!(
                            "It joined at {}, but the joined row's collection is {}: the UNNEST above the join produces no row for it.",
                            steps_text(&joined),
                            if n.is_none() { "NULL" } else { "empty" }
                        ),
                        joined,
                    ),
                    None => not_yet(s, &format!("a row past the join it joined at {}", steps_text(&joined))),
                }
            }
        };
    }
    for (at, e) in &mine {
        match e {
            Event::LateDrop { window, watermark_ms, .. } => {
                return (
                    q_,
                    format!(
                        "It arrived late: its window {} had already fired (the join's watermark was {}), so the window join dropped it.",
                        window_text(window),
                        format_watermark(*watermark_ms)
                    ),
                    vec![*at],
                )
            }
            Event::StateInsert { op, side, key, window, .. } => match op_kind(q, *op) {
                Some(OpKind::WindowJoin) => {
                    if let Some(w) = window {
                        return window_join(q, *op, side, key, w, s);
                    }
                }
                Some(OpKind::RegularJoin) => return regular_join(q, *op, side, key, s),
                Some(OpKind::MultiJoin) => return multi_join(q, *op, side, key, s),
                _ => {}
            },
            Event::IntervalProbe { op, side, key, time_ms, from_ms, to_ms, cached, .. } => {
                return interval_join(q, *op, side, key, *time_ms, (*from_ms, *to_ms), *cached, s)
            }
            Event::TemporalWait { key, time_ms, .. } => {
                let release = mine.iter().find_map(|(i, e)| match e {
                    Event::TemporalRelease { version, outcome, miss, watermark_ms, .. } => Some((*i, version, *outcome, *miss, *watermark_ms)),
                    _ => None,
                });
                let t = format_watermark(*time_ms);
                let k = key_text(key);
                return match release {
                    None => (q_, format!("It is still waiting in the temporal join's state: the join's watermark never reached its time {} before the query ended.", t), vec![s]),
                    Some((i, version, outcome, miss, _)) => {
                        let v = version.as_ref().and_then(|v| v.lineage.first().map(|&l| l as usize));
                        let text = match miss {
                            Some(TemporalMiss::NoVersion) => format!("When the join's watermark reached its time {} (step {}), key {} had no version at or before {}.", t, i, k, t),
                            Some(TemporalMiss::Deleted) => format!(
                                "When the join's watermark reached its time {} (step {}), the version of key {} valid then was a delete{}: the key did not exist at {}.",
                                t,
                                i,
                                k,
                                v.map(|v| format!(" (step {})", v)).unwrap_or_default(),
                                t
                            ),
                            Some(TemporalMiss::Condition) => format!(
                                "At step {} it met the version of key {} valid at {}{}, but the rest of the ON condition rejected the pair.",
                                i,
                                k,
                                t,
                                v.map(|v| format!(" (step {})", v)).unwrap_or_default()
                            ),
                            None if outcome == TemporalOutcome::Joined => format!("It joined at step {}, but the joined row did not reach the result unchanged.", i),
                            None => format!("It left the temporal join's state at step {} without a version.", i),
                        };
                        let mut st = vec![s, i];
                        st.extend(v);
                        st.sort_unstable();
                        st.dedup();
                        (q_, text, st)
                    }
                };
            }
            Event::TemporalVersion { key, time_ms, .. } => {
                return (
                    q_,
                    format!(
                        "It is a version of key {} (the versioned side), valid from {}: no probe row of that key was released against it while it was the key's version.",
                        key_text(key),
                        format_watermark(*time_ms)
                    ),
                    vec![s],
                )
            }
            Event::Lookup { table, key, null_key, found, .. } => {
                let k = key_text(key);
                let text = if *null_key {
                    format!("Its lookup key {} has a NULL, and a lookup with a NULL key finds nothing.", k)
                } else if found.is_empty() {
                    format!("At step {} the lookup of key {} in {} found no row: the table had none with that key then (a lookup sees the table as it is when the row arrives).", at, k, table)
                } else {
                    format!("At step {} the lookup of key {} in {} found {} row(s), but the rest of the ON condition rejected them.", at, k, table, found.len())
                };
                return (q_, text, vec![*at]);
            }
            Event::LookupStore { table, .. } => {
                return (
                    q_,
                    format!("It is a row of lookup table {}: it joins only the probe rows that look it up after it arrived (step {}), and none of them found it.", table, s),
                    vec![s],
                )
            }
            Event::Unnest { size, .. } => {
                let text = match size {
                    None => "Its collection is NULL: UNNEST produces no row for it (a LEFT JOIN … ON TRUE would keep it with NULLs).".to_string(),
                    Some(0) => "Its collection is empty: UNNEST produces no row for it (a LEFT JOIN … ON TRUE would keep it with NULLs).".to_string(),
                    Some(_) => "UNNEST produced rows for it, but the rest of the join's condition rejected every element.".to_string(),
                };
                return (q_, text, vec![*at]);
            }
            Event::PtfCall { .. } => return not_yet(s, "a process table function"),
            _ => {}
        }
    }
    if let Some(op) = filtered {
        let c = q.operators.get(op).map(|o| condition_of(&o.label)).unwrap_or_default();
        return (
            q_,
            format!("The condition {} rejected it at step {}, before any join: it never reached the join.", c, s),
            vec![s],
        );
    }
    if step.events.iter().any(|e| matches!(e, Event::Aggregated { .. })) {
        return not_yet(s, "an aggregation");
    }
    not_yet(s, "this query's operators")
}

fn not_yet(s: usize, what: &str) -> (&'static str, String, Vec<usize>) {
    ("Why didn't this join?", format!("not supported yet: explaining the rows of {} (issue 19).", what), vec![s])
}

/// Other-side rows of `key` stored by join `op`: (step, window).
fn stored<'a>(q: &'a QueryTrace, op: usize, side: &str, key: &[String]) -> Vec<(usize, Option<&'a WindowRef>)> {
    all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter_map(|(i, e)| match e {
            Event::StateInsert { op: o, side: sd, key: k, window, .. } if *o == op && sd == side && k == key => {
                Some((i, window.as_ref()))
            }
            _ => None,
        })
        .collect()
}

fn window_join(
    q: &QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
    w: &WindowRef,
    s: usize,
) -> (&'static str, String, Vec<usize>) {
    let q_ = "Why didn't this join?";
    let k = with_key(key);
    let os = side_name(q, op, other(side));
    let fire = all_steps(q).find_map(|st| {
        st.events.iter().find_map(|e| match e {
            Event::WindowFire { op: o, window, key: fk, left_rows, right_rows, .. }
                if *o == op && window.start_ms == w.start_ms && window.end_ms == w.end_ms && fk == key =>
            {
                Some((st.index, if side == "left" { *right_rows } else { *left_rows }))
            }
            _ => None,
        })
    });
    let others = stored(q, op, other(side), key);
    // an anti join's left row meets the other side's rows of its window only
    let same: Vec<usize> = others
        .iter()
        .filter(|(_, ow)| ow.is_some_and(|ow| ow.start_ms == w.start_ms && ow.end_ms == w.end_ms))
        .map(|(i, _)| *i)
        .collect();
    if let Some(a) = semi_anti_answer(q, op, side, key, &same, s) {
        return a;
    }
    if let Some(a) = null_key(q, op, key, s) {
        return a;
    }
    match fire {
        None => {
            let wm = all_steps(q)
                .flat_map(|st| st.events.iter())
                .filter_map(|e| match e {
                    Event::Watermark { op: o, value_ms, .. } if *o == op => Some(*value_ms),
                    _ => None,
                })
                .last();
            let reached = wm.map_or("no watermark".to_string(), |m| format!("the join's watermark at {}", format_watermark(m)));
            (
                q_,
                format!(
                    "Its window {} never fired: the query ended (unbounded) with {}, before the window's end − 1 ms ({}).",
                    window_text(w),
                    reached,
                    format_watermark(w.end_ms.saturating_sub(1))
                ),
                vec![s],
            )
        }
        Some((at, 0)) => {
            let elsewhere: Vec<(usize, &WindowRef)> = others.iter().filter_map(|(i, ow)| ow.map(|ow| (*i, ow))).collect();
            if elsewhere.is_empty() {
                (q_, format!("No row of the {}{} arrived: when its window {} fired at {}, that side held none.", os, k, window_text(w), at_step(q, at)), vec![s, at])
            } else {
                let mut labels: Vec<String> = elsewhere.iter().map(|(_, ow)| window_text(ow)).collect();
                labels.dedup();
                let steps: Vec<usize> = elsewhere.iter().map(|(i, _)| *i).collect();
                (
                    q_,
                    format!(
                        "Different windows: it is in window {}, and the rows of the {}{} ({}) are in {} {}; rows join only within one window.",
                        window_text(w),
                        os,
                        k,
                        steps_text(&steps),
                        if labels.len() == 1 { "window" } else { "windows" },
                        labels.join(", ")
                    ),
                    [vec![s], steps].concat(),
                )
            }
        }
        Some((at, n)) => (
            q_,
            format!("Its window {} fired at {} with {} row(s) of the {}{}, but the rest of the ON condition rejected every pair.", window_text(w), at_step(q, at), n, os, k),
            vec![s, at],
        ),
    }
}

fn regular_join(q: &QueryTrace, op: usize, side: &str, key: &[String], s: usize) -> (&'static str, String, Vec<usize>) {
    let q_ = "Why didn't this join?";
    let k = with_key(key);
    let os = side_name(q, op, other(side));
    let others: Vec<usize> = stored(q, op, other(side), key).into_iter().map(|(i, _)| i).collect();
    if let Some(a) = semi_anti_answer(q, op, side, key, &others, s) {
        return a;
    }
    if let Some(a) = null_key(q, op, key, s) {
        return a;
    }
    if others.is_empty() {
        return (q_, format!("No row of the {}{} ever arrived.", os, k), vec![s]);
    }
    // state TTL: its own row, or the other side's, left state before they could meet
    let ttl = |sd: &str| {
        all_steps(q).find_map(|st| {
            st.events.iter().find_map(|e| match e {
                Event::StateExpire {
                    op: o, side: x, key: ek, cause: crate::kinds::ExpireCause::Ttl, reason, ..
                } if *o == op && x == sd && ek == key => Some((st.index, reason.clone())),
                _ => None,
            })
        })
    };
    if let Some((at, reason)) = ttl(side).filter(|(at, _)| others.iter().all(|o| o > at)) {
        return (
            q_,
            format!(
                "It left the join's state at step {} ({}), before the first row of the {}{} arrived at step {}.",
                at, reason, os, k, others[0]
            ),
            vec![s, at, others[0]],
        );
    }
    if let Some((at, reason)) = ttl(other(side)).filter(|(at, _)| *at < s && others.iter().all(|o| o < at)) {
        return (
            q_,
            format!(
                "The rows of the {}{} ({}) left the join's state at step {} ({}), before it arrived.",
                os,
                k,
                steps_text(&others),
                at,
                reason
            ),
            [others.clone(), vec![at, s]].concat(),
        );
    }
    (
        q_,
        format!(
            "Rows of the {}{} arrived ({}), but the rest of the ON condition rejected every pair.",
            os,
            k,
            steps_text(&others)
        ),
        [vec![s], others].concat(),
    )
}

/// A MULTI_JOIN of inner joins (one state per input, all on one common key): a row comes out only
/// when every input holds a row of its key. Outer joins in it are not answered yet.
fn multi_join(q: &QueryTrace, op: usize, side: &str, key: &[String], s: usize) -> (&'static str, String, Vec<usize>) {
    let Some(info) = q.operators.get(op) else { return not_yet(s, "a MULTI_JOIN") };
    if !info.label.contains("joinTypes=[")
        || info.label.contains("LEFT")
        || info.label.contains("RIGHT")
        || info.label.contains("FULL")
    {
        return not_yet(s, "a MULTI_JOIN with outer joins");
    }
    let k = with_key(key);
    let mut missing = Vec::new();
    let mut met = Vec::new();
    for input in info.sides.iter().filter(|x| x.as_str() != side) {
        let rows = stored(q, op, input, key);
        if rows.is_empty() {
            missing.push(input.clone());
        }
        met.extend(rows.into_iter().map(|(i, _)| i));
    }
    met.sort_unstable();
    if !missing.is_empty() {
        let which = match missing.as_slice() {
            [one] => one.clone(),
            [init @ .., last] => format!("{} or {}", init.join(", "), last),
            [] => String::new(),
        };
        return (
            "Why didn't this join?",
            format!("No row of {}{} arrived: the MULTI_JOIN of inner joins emits a row only when every input holds one of its key.", which, k),
            vec![s],
        );
    }
    (
        "Why didn't this join?",
        format!(
            "Every other input has rows{} ({}), but the rest of the join conditions rejected every combination.",
            k,
            steps_text(&met)
        ),
        [vec![s], met].concat(),
    )
}

#[allow(clippy::too_many_arguments)]
fn interval_join(
    q: &QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
    t: i64,
    (from, to): (i64, i64),
    cached: bool,
    s: usize,
) -> (&'static str, String, Vec<usize>) {
    let q_ = "Why didn't this join?";
    let k = with_key(key);
    let os = side_name(q, op, other(side));
    let range = format!("[{}, {}]", format_watermark(from), format_watermark(to));
    let others: Vec<(usize, i64)> = all_steps(q)
        .flat_map(|st| st.events.iter().map(move |e| (st.index, e)))
        .filter_map(|(i, e)| match e {
            Event::IntervalProbe { op: o, side: sd, key: ek, time_ms, .. }
                if *o == op && sd == other(side) && ek == key =>
            {
                Some((i, *time_ms))
            }
            _ => None,
        })
        .collect();
    if others.is_empty() {
        return (q_, format!("No row of the {}{} arrived.", os, k), vec![s]);
    }
    let inside: Vec<usize> = others.iter().filter(|(_, ot)| *ot >= from && *ot <= to).map(|(i, _)| *i).collect();
    if inside.is_empty() {
        // the nearest one, and by how much it misses the bounds
        let Some(&(at, ot)) = others.iter().min_by_key(|(_, ot)| if *ot < from { from - ot } else { ot - to }) else {
            return (q_, format!("No row of the {}{} arrived.", os, k), vec![s]);
        };
        let (by, dir) = if ot < from { (from - ot, "before") } else { (ot - to, "after") };
        let late =
            if cached { String::new() } else { " (it was late, too: it only probed and was not kept)".to_string() };
        return (
            q_,
            format!(
                "Outside the interval bounds: its time {} joins rows of the {} with times in {}, and the nearest one{} (step {}, at {}) is {} {} that range{}.",
                format_watermark(t),
                os,
                range,
                k,
                at,
                format_watermark(ot),
                crate::time::window::explain_duration(by),
                dir,
                late
            ),
            if at < s { vec![at, s] } else { vec![s, at] },
        );
    }
    if !cached && inside.iter().all(|&i| i > s) {
        return (
            q_,
            format!(
                "It arrived late: the join's time had passed {}, the end of the times it joins, so it only probed the {} (no row{} there then) and was not kept for the rows in range that came later ({}).",
                format_watermark(to),
                os,
                k,
                steps_text(&inside)
            ),
            [vec![s], inside].concat(),
        );
    }
    (
        q_,
        format!(
            "Rows of the {}{} in its range {} arrived ({}), and none joined it: the rest of the ON condition rejected them, or they arrived after it had left state (its time + the bound passed).",
            os,
            k,
            range,
            steps_text(&inside)
        ),
        [vec![s], inside].concat(),
    )
}

/// The answer for query `query` (from 1) and the row `TABLE#K` of a run's trace.
pub fn in_trace(trace: &crate::trace::ScriptTrace, query: usize, row: &str) -> Result<Explanation, String> {
    if let Some(e) = &trace.harness_error {
        return Err(format!("the script did not run: {}", e.text));
    }
    let (table, k) = parse_row_ref(row)?;
    let q = query.checked_sub(1).and_then(|i| trace.queries.get(i)).ok_or_else(|| {
        let n = trace.queries.len();
        format!("the script has {} {}; there is no query {}", n, if n == 1 { "query" } else { "queries" }, query)
    })?;
    explain_row(q, &table, k)
}

/// What `joinlab explain-row` prints for query `query` (from 1) and the row `TABLE#K` of a run's
/// trace: the row's step, the question and the answer, the steps it names.
pub fn report(trace: &crate::trace::ScriptTrace, query: usize, row: &str) -> Result<String, String> {
    let x = in_trace(trace, query, row)?;
    let (table, k) = parse_row_ref(row)?;
    let steps: Vec<String> = x.steps.iter().map(|s| s.to_string()).collect();
    Ok(format!(
        "{}#{} is step {}: {}\n{}\n{}\nsteps: {}\n",
        table,
        k,
        x.step,
        x.row,
        x.question,
        x.answer,
        steps.join(", ")
    ))
}

//! "Why didn't this row join?" / "Why this output?" (issue 19), answered from a run's trace.
//!
//! The question names an input row of a query as `TABLE#K`: the table's K-th row in arrival order
//! (its K-th data step, counting from 1). The answer is read off the events the run recorded,
//! nothing is re-run: the result changes whose lineage holds the row's step ("why this output"),
//! else what each operator did with it — filtered by a condition, dropped as late by a window
//! join, stored in a join's state and never met by a row of the other side with its key (or met
//! only in another window, or outside the interval's bounds, or after a state TTL expired it), a
//! temporal join's version missing or deleted at its time, a lookup finding nothing, an empty
//! collection under UNNEST, a MULTI_JOIN (inner or with LEFT joins) whose needed inputs had no row
//! of its key, what a process table function's calls did with it (`ptf`). Each answer names the
//! steps it rests on.
//!
//! A pair of rows (`explain_pair`, `--with`): "why didn't these two rows join with each other?"
//! (`pair`).
//!
//! Not answered yet (it says so, it never guesses): a MULTI_JOIN row whose answer depends on which
//! input a LEFT-joined level's condition names, rows that only reach an aggregation, Top-N or
//! deduplication, and the pairs the events cannot tell apart (see `pair`).
//!
//! `words` writes keys, windows, steps and sides as the answers say them; `joins` answers for a row
//! stored by each kind of join, `ptf` for a row a process table function received, `pair` for two
//! rows.

mod joins;
mod pair;
mod ptf;
mod words;

use joins::{interval_join, multi_join, regular_join, window_join};
use words::{all_steps, condition_of, key_text, lineage_of, op_kind, steps_text, window_text};

use crate::kinds::{OpKind, TemporalMiss, TemporalOutcome};
use crate::time::format_watermark;
use crate::trace::{Event, QueryTrace, Step, StepKind};

/// An answer as the functions below make it: the question, the sentence(s), the steps named.
type Answer = (&'static str, String, Vec<usize>);

/// The answer about one input row, or about a pair of rows.
#[derive(Debug, PartialEq)]
pub struct Explanation {
    /// The row's step and its `# step` text (`Orders +I[1, apple, 3]`).
    pub step: usize,
    pub row: String,
    /// The other row of a pair (`--with`): its step and its `# step` text.
    pub with: Option<(usize, String)>,
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

/// The step of the row `table#k` of query `q`.
fn find_row<'a>(q: &'a QueryTrace, table: &str, k: usize) -> Result<&'a Step, String> {
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
    Ok(step)
}

/// Answers for the row `table#k` of query `q`.
pub fn explain_row(q: &QueryTrace, table: &str, k: usize) -> Result<Explanation, String> {
    let step = find_row(q, table, k)?;
    let s = step.index;
    let (question, answer, steps) = why_output(q, s)
        .map(|(a, st)| ("Why this output?", a + &ptf::output_note(q, s).unwrap_or_default(), st))
        .or_else(|| counted_with(q, s))
        .unwrap_or_else(|| why_not(q, step));
    Ok(Explanation { step: s, row: step.text.clone(), with: None, question, answer, steps })
}

/// Answers for the pair of rows `a` and `b` (`(TABLE, K)` each) of query `q`: "why didn't these
/// two rows join (with each other)?" (see [`pair`]). Both rows of one table is an error.
pub fn explain_pair(q: &QueryTrace, a: (&str, usize), b: (&str, usize)) -> Result<Explanation, String> {
    if a.0.eq_ignore_ascii_case(b.0) {
        return Err(format!("both rows are of {}; pick one row of each side", a.0));
    }
    let sa = find_row(q, a.0, a.1)?;
    let sb = find_row(q, b.0, b.1)?;
    let name = |st: &Step, t: &str, k: usize| format!("{}#{}", st.table.as_deref().unwrap_or(t), k);
    let ra = pair::Row { step: sa, name: name(sa, a.0, a.1) };
    let rb = pair::Row { step: sb, name: name(sb, b.0, b.1) };
    let (question, answer, steps) = pair::answer(q, &ra, &rb);
    Ok(Explanation {
        step: sa.index,
        row: sa.text.clone(),
        with: Some((sb.index, sb.text.clone())),
        question,
        answer,
        steps,
    })
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

/// A regular or multi-way join holds a row equal to one it holds already as that row counted twice
/// (with the first one's lineage): the result changes the copy makes carry the first one's steps.
fn counted_with(q: &QueryTrace, s: usize) -> Option<Answer> {
    let (at, row, first) = copy_of(q, s)?;
    let (list, steps) = changes(q, &first)?;
    Some((
        "Why this output?",
        format!("{} {}", copy_text(at, &row, &first), list.replacen("It is part of", "The copies are part of", 1)),
        [vec![at], steps].concat(),
    ))
}

/// A row a regular or multi-way join held as a second copy of an equal row: the step it did, the
/// row, and the first copy's lineage (what the result changes carry).
fn copy_of(q: &QueryTrace, s: usize) -> Option<(usize, Vec<String>, Vec<u32>)> {
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
        return Some((*at, row.clone(), first.clone()));
    }
    None
}

/// `At step 4 the join held its row [1, 30] as a second copy of the equal row of step 3 (…), so
/// its result changes carry that row's steps.`
fn copy_text(at: usize, row: &[String], first: &[u32]) -> String {
    let earlier: Vec<usize> = first.iter().map(|&l| l as usize).collect();
    format!(
        "At step {} the join held its row [{}] as a second copy of the equal row of {} (a join's state keeps equal rows as one, counted), so its result changes carry that row's steps.",
        at,
        row.join(", "),
        steps_text(&earlier)
    )
}

/// Why the row of `step` is in no result change.
fn why_not(q: &QueryTrace, step: &Step) -> Answer {
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
    let joins = words::JOINS;
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
            Event::PtfCall { op, .. } => return ptf::ptf_row(q, *op, s),
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
    // a row of a table the query does not read (the script's steps are every query's steps)
    let table = step.table.as_deref().unwrap_or_default();
    if mine.is_empty() && !q.operators.iter().any(|o| o.table.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(table)))
    {
        return (
            "Why is it not in the result?",
            format!("Query {} does not read {}: no operator of it scans that table, so its rows play no part in this query.", q.index, table),
            vec![s],
        );
    }
    not_yet(s, "this query's operators")
}

fn not_yet(s: usize, what: &str) -> Answer {
    ("Why didn't this join?", format!("not supported yet: explaining the rows of {} (issue 19).", what), vec![s])
}

/// The answer for query `query` (from 1) and the row `TABLE#K` of a run's trace.
pub fn in_trace(trace: &crate::trace::ScriptTrace, query: usize, row: &str) -> Result<Explanation, String> {
    if let Some(e) = &trace.harness_error {
        return Err(format!("the script did not run: {}", e.text));
    }
    let (table, k) = parse_row_ref(row)?;
    let q = query_of(trace, query)?;
    explain_row(q, &table, k)
}

/// The answer for query `query` (from 1) and the pair of rows `TABLE#K` (`row` and `with`) of a
/// run's trace.
pub fn pair_in_trace(
    trace: &crate::trace::ScriptTrace,
    query: usize,
    row: &str,
    with: &str,
) -> Result<Explanation, String> {
    let (a, ka) = parse_row_ref(row)?;
    let (b, kb) = parse_row_ref(with).map_err(|e| e.replacen("--row", "--with", 1))?;
    let q = query_of(trace, query)?;
    explain_pair(q, (&a, ka), (&b, kb))
}

fn query_of(trace: &crate::trace::ScriptTrace, query: usize) -> Result<&QueryTrace, String> {
    if let Some(e) = &trace.harness_error {
        return Err(format!("the script did not run: {}", e.text));
    }
    query.checked_sub(1).and_then(|i| trace.queries.get(i)).ok_or_else(|| {
        let n = trace.queries.len();
        format!("the script has {} {}; there is no query {}", n, if n == 1 { "query" } else { "queries" }, query)
    })
}

/// What `joinlab explain-row` prints for query `query` (from 1) and the row `TABLE#K` of a run's
/// trace: the row's step, the question and the answer, the steps it names.
pub fn report(trace: &crate::trace::ScriptTrace, query: usize, row: &str) -> Result<String, String> {
    let x = in_trace(trace, query, row)?;
    Ok(text(&x, row, None))
}

/// What `joinlab explain-row --with` prints for a pair: each row and its step, the question and
/// the answer, the steps it names.
pub fn report_pair(trace: &crate::trace::ScriptTrace, query: usize, row: &str, with: &str) -> Result<String, String> {
    let x = pair_in_trace(trace, query, row, with)?;
    Ok(text(&x, row, Some(with)))
}

/// The report's text: a line per row (`Orders#2 is step 3: Orders +I[2, pear, 5]`), the
/// question, the answer and `steps: …`.
pub fn text(x: &Explanation, row: &str, with: Option<&str>) -> String {
    let line = |r: &str, step: usize, text: &str| match parse_row_ref(r) {
        Ok((t, k)) => format!("{}#{} is step {}: {}\n", t, k, step, text),
        Err(_) => format!("{} is step {}: {}\n", r, step, text),
    };
    let mut out = line(row, x.step, &x.row);
    if let (Some(w), Some((step, t))) = (with, &x.with) {
        out.push_str(&line(w, *step, t));
    }
    let steps: Vec<String> = x.steps.iter().map(|s| s.to_string()).collect();
    out.push_str(&format!("{}\n{}\nsteps: {}\n", x.question, x.answer, steps.join(", ")));
    out
}

//! The answers of [`super`] for a row a join stored: window, regular (semi and anti too),
//! inner multi-way and interval joins, each from the events of the join that holds it.

use super::words::{all_steps, at_step, key_text, last_watermark, other, side_name, steps_text, window_text, with_key};
use super::{not_yet, Answer};
use crate::time::format_watermark;
use crate::trace::{Event, QueryTrace, WindowRef};

/// A key with a NULL, where the query compares keys with `=` only (no `IS NOT DISTINCT FROM`).
pub(super) fn null_key(q: &QueryTrace, op: usize, key: &[String], s: usize) -> Option<Answer> {
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
pub(super) fn semi_anti(q: &QueryTrace, op: usize) -> Option<bool> {
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
pub(super) fn semi_anti_answer(
    q: &QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
    others: &[usize],
    s: usize,
) -> Option<Answer> {
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

/// Other-side rows of `key` stored by join `op`: (step, window).
pub(super) fn stored<'a>(
    q: &'a QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
) -> Vec<(usize, Option<&'a WindowRef>)> {
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

pub(super) fn window_join(q: &QueryTrace, op: usize, side: &str, key: &[String], w: &WindowRef, s: usize) -> Answer {
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
            let wm = last_watermark(q, op);
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

pub(super) fn regular_join(q: &QueryTrace, op: usize, side: &str, key: &[String], s: usize) -> Answer {
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

/// A MULTI_JOIN's join type per input (`joinTypes=[INNER, LEFT]` names inputs 1..; input 0, the
/// first, is never padded): `Some(true)` for LEFT. None when the label says another type.
pub(super) fn multi_join_levels(label: &str) -> Option<Vec<bool>> {
    let rest = &label[label.find("joinTypes=[")? + 11..];
    let list = &rest[..rest.find(']')?];
    let mut out = vec![false];
    for t in list.split(',').map(str::trim) {
        match t {
            "INNER" => out.push(false),
            "LEFT" => out.push(true),
            _ => return None,
        }
    }
    Some(out)
}

/// A MULTI_JOIN (one state per input, all on one common key). Every row it emits holds a row of
/// its first input and of each input it joins with an inner JOIN (a LEFT JOIN pads only the input
/// it joins), so a row of key K comes out only when those inputs hold rows of K; which of them
/// did not is the answer. When they all did but an input joined with LEFT JOIN did not, whether
/// the row needed it depends on the join conditions, which the events do not tell: not answered.
pub(super) fn multi_join(q: &QueryTrace, op: usize, side: &str, key: &[String], s: usize) -> Answer {
    let Some(info) = q.operators.get(op) else { return not_yet(s, "a MULTI_JOIN") };
    let Some(left) = multi_join_levels(&info.label).filter(|l| l.len() == info.sides.len()) else {
        return not_yet(s, "a MULTI_JOIN with joins other than INNER and LEFT");
    };
    let outer = left.iter().any(|&l| l);
    let k = with_key(key);
    let mut missing = Vec::new();
    let mut absent_left = Vec::new();
    let mut met = Vec::new();
    for (input, &is_left) in info.sides.iter().zip(&left).filter(|(x, _)| x.as_str() != side) {
        let rows = stored(q, op, input, key);
        if rows.is_empty() {
            if is_left {
                absent_left.push(input.clone());
            } else {
                missing.push(input.clone());
            }
        }
        met.extend(rows.into_iter().map(|(i, _)| i));
    }
    met.sort_unstable();
    let or_list = |names: &[String]| match names {
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
        [] => String::new(),
    };
    if !missing.is_empty() {
        let why = if outer {
            multi_join_needs(&info.sides, &left)
        } else {
            "the MULTI_JOIN of inner joins emits a row only when every input holds one of its key".to_string()
        };
        return ("Why didn't this join?", format!("No row of {}{} arrived: {}.", or_list(&missing), k, why), vec![s]);
    }
    if !absent_left.is_empty() {
        return not_yet(
            s,
            &format!(
                "a MULTI_JOIN with outer joins, where no row of {}{} arrived and whether this row needed one depends on the join conditions",
                or_list(&absent_left),
                k
            ),
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

/// What every row of a MULTI_JOIN with LEFT joins holds: `every row this MULTI_JOIN emits holds a
/// row of a (its first input) and of c (joined with an inner JOIN); only b, joined with LEFT JOIN,
/// may be padded with NULLs`.
pub(super) fn multi_join_needs(sides: &[String], left: &[bool]) -> String {
    let inner: Vec<String> = sides.iter().zip(left).skip(1).filter(|(_, &l)| !l).map(|(x, _)| x.clone()).collect();
    let padded: Vec<String> = sides.iter().zip(left).filter(|(_, &l)| l).map(|(x, _)| x.clone()).collect();
    format!(
        "every row this MULTI_JOIN emits holds a row of {} (its first input){}; only {}, joined with LEFT JOIN, may be padded with NULLs",
        sides.first().map(String::as_str).unwrap_or("its first input"),
        if inner.is_empty() { String::new() } else { format!(" and of {} (joined with an inner JOIN)", and_names(&inner)) },
        and_names(&padded)
    )
}

/// `a`, `a and b`, `a, b and c`.
fn and_names(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
        [] => String::new(),
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn interval_join(
    q: &QueryTrace,
    op: usize,
    side: &str,
    key: &[String],
    t: i64,
    (from, to): (i64, i64),
    cached: bool,
    s: usize,
) -> Answer {
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

//! The pair answers of [`super`] for the joins that match rows by key alone: regular, lookup and
//! multi-way joins, and the partitions of a process table function.

use super::{inserted, joined_above, keys_differ, not_yet, null_key, semi_anti_met, sorted, Side, Q};
use crate::explain::joins::{multi_join_levels, multi_join_needs, stored};
use crate::explain::ptf::function_name;
use crate::explain::words::{all_steps, key_text};
use crate::explain::Answer;
use crate::kinds::ExpireCause;
use crate::trace::{Event, QueryTrace};

pub(super) fn regular(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let (Some((sa, ka, _)), Some((sb, kb, _))) = (inserted(ea), inserted(eb)) else {
        return not_yet(a, b, "this pair of a regular join");
    };
    if ka != kb {
        return keys_differ(a, ka, b, kb);
    }
    if let Some(n) = null_key(q, op, a, ka, b) {
        return n;
    }
    // the earlier one left state (TTL) before the later one arrived
    let ((early, side_e), late) = if a.s() < b.s() { ((a, sa), b) } else { ((b, sb), a) };
    let ttl = all_steps(q).find_map(|st| {
        st.events.iter().find_map(|e| match e {
            Event::StateExpire { op: o, side, key, cause: ExpireCause::Ttl, reason, .. }
                if *o == op
                    && side == side_e
                    && key.as_slice() == ka
                    && st.index > early.s()
                    && st.index <= late.s() =>
            {
                Some((st.index, reason.clone()))
            }
            _ => None,
        })
    });
    if let Some((at, reason)) = ttl {
        return (
            Q,
            format!(
                "{} left the join's state at step {} ({}), before {} arrived at step {}.",
                early.name,
                at,
                reason,
                late.name,
                late.s()
            ),
            sorted(vec![a.s(), b.s(), at]),
        );
    }
    if let Some(x) = semi_anti_met(q, op, (a, sa), b, ka, None, late.s()) {
        return x;
    }
    if let Some(x) = joined_above(q, op, a, b) {
        return x;
    }
    (
        Q,
        format!(
            "Both were in the join's state with key {} when {} arrived (step {}), but the rest of the ON condition rejected the pair.",
            key_text(ka),
            late.name,
            late.s()
        ),
        sorted(vec![a.s(), b.s()]),
    )
}

/// The lookup table's key of a store row, from the label's `lookup=[id=cust_id]` and the table's
/// columns.
fn store_key(q: &QueryTrace, op: usize, table: &str, row: &[String]) -> Option<Vec<String>> {
    let label = &q.operators.get(op)?.label;
    let rest = &label[label.find("lookup=[")? + 8..];
    let list = &rest[..rest.find(']')?];
    let cols = &q.operators.iter().find(|o| o.table.as_deref().is_some_and(|t| t.eq_ignore_ascii_case(table)))?.columns;
    list.split(',')
        .map(|pair| {
            let col = pair.split('=').next()?.trim();
            let i = cols.iter().position(|c| c == col)?;
            row.get(i).cloned()
        })
        .collect()
}

pub(super) fn lookup(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let look = |ev: &[(usize, &'_ Event)]| {
        ev.iter().find_map(|(i, e)| match e {
            Event::Lookup { key, null_key, found, function, .. } => {
                Some((*i, key.clone(), *null_key, found.clone(), function.clone()))
            }
            _ => None,
        })
    };
    let store = |ev: &[(usize, &'_ Event)]| {
        ev.iter().find_map(|(i, e)| match e {
            Event::LookupStore { table, row, .. } => Some((*i, table.clone(), row.clone())),
            _ => None,
        })
    };
    let ((p, (sp, k, null, found, function)), (t, (st, table, row))) = match (look(ea), store(eb), look(eb), store(ea))
    {
        (Some(l), Some(x), _, _) => ((a, l), (b, x)),
        (_, _, Some(l), Some(x)) => ((b, l), (a, x)),
        _ => {
            return not_yet(
                a,
                b,
                "this pair of a lookup join (a probe row and a row of its lookup table are asked about)",
            )
        }
    };
    if null {
        return (
            Q,
            format!("{}'s lookup key {} has a NULL, and a lookup with a NULL key finds nothing.", p.name, key_text(&k)),
            sorted(vec![a.s(), b.s()]),
        );
    }
    if let Some(f) = found.iter().find(|f| f.lineage.contains(&(t.s() as u32))) {
        if !f.joined {
            return (
                Q,
                format!(
                    "The lookup of {} at step {} found {}, but the rest of the ON condition rejected it.",
                    p.name, sp, t.name
                ),
                sorted(vec![a.s(), b.s()]),
            );
        }
        if let Some(x) = joined_above(q, op, a, b) {
            return x;
        }
        return not_yet(a, b, "a lookup pair that joined and went on past the join");
    }
    if let Some(f) = function.as_deref().filter(|_| st < sp) {
        // a search function finds rows by its own rules, which the events do not explain
        return not_yet(a, b, &format!("a pair of a {} search that did not find a row the store held", f));
    }
    let tk = if function.is_some() { None } else { store_key(q, op, &table, &row) };
    if let Some(tk) = tk.as_ref().filter(|tk| **tk != k) {
        return (
            Q,
            format!(
                "Different keys: {} looked up key {} in {}, and {} has key {}.",
                p.name,
                key_text(&k),
                table,
                t.name,
                key_text(tk)
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    if st > sp {
        return (
            Q,
            format!(
                "The lookup happened before the table's row arrived: {} looked up key {} in {} at step {}, and {} arrived at step {} (a lookup sees the table as it is when the probe row arrives).",
                p.name,
                key_text(&k),
                table,
                sp,
                t.name,
                st
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    if tk.is_some() {
        // the same key, in the store before the lookup: a later row of the key replaced or removed it
        let gone = all_steps(q).find_map(|x| {
            x.events.iter().find_map(|e| match e {
                Event::LookupStore { op: o, table: tt, row: r, change, .. }
                    if *o == op
                        && *tt == table
                        && x.index > st
                        && x.index < sp
                        && matches!(
                            change,
                            crate::kinds::LookupChange::Replaced | crate::kinds::LookupChange::Removed
                        )
                        && store_key(q, op, tt, r).as_ref() == Some(&k) =>
                {
                    Some((x.index, *change))
                }
                _ => None,
            })
        });
        if let Some((at, change)) = gone {
            return (
                Q,
                format!(
                    "{} was no longer in {} when {} looked up key {} at step {}: step {} {} the row of that key.",
                    t.name,
                    table,
                    p.name,
                    key_text(&k),
                    sp,
                    at,
                    if change == crate::kinds::LookupChange::Replaced { "replaced" } else { "removed" }
                ),
                sorted(vec![a.s(), b.s(), at]),
            );
        }
    }
    not_yet(a, b, "this pair of a lookup join")
}

pub(super) fn multi(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let (Some((sa, ka, _)), Some((sb, kb, _))) = (inserted(ea), inserted(eb)) else {
        return not_yet(a, b, "this pair of a MULTI_JOIN");
    };
    if ka != kb {
        return keys_differ(a, ka, b, kb);
    }
    if let Some(n) = null_key(q, op, a, ka, b) {
        return n;
    }
    let Some(info) = q.operators.get(op) else { return not_yet(a, b, "this pair of a MULTI_JOIN") };
    if let Some(levels) = multi_join_levels(&info.label).filter(|l| l.len() == info.sides.len()) {
        let missing: Vec<String> = info
            .sides
            .iter()
            .zip(&levels)
            .filter(|(x, &left)| !left && x.as_str() != sa && x.as_str() != sb)
            .filter(|(x, _)| stored(q, op, x, ka).is_empty())
            .map(|(x, _)| x.clone())
            .collect();
        if !missing.is_empty() {
            return (
                Q,
                format!(
                    "No row of {} with key {} arrived: {}.",
                    missing.join(" or "),
                    key_text(ka),
                    if levels.iter().any(|&l| l) {
                        multi_join_needs(&info.sides, &levels)
                    } else {
                        "the MULTI_JOIN of inner joins emits a row only when every input holds one of its key"
                            .to_string()
                    }
                ),
                sorted(vec![a.s(), b.s()]),
            );
        }
    }
    if let Some(x) = joined_above(q, op, a, b) {
        return x;
    }
    not_yet(a, b, "this pair of a MULTI_JOIN (both of one key, and every input it needs has rows of it)")
}

pub(super) fn ptf(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let key = |ev: &[(usize, &'_ Event)]| {
        ev.iter().find_map(|(_, e)| match e {
            Event::PtfCall { key, row: Some(_), .. } => Some(key.clone()),
            _ => None,
        })
    };
    match (key(ea), key(eb)) {
        (Some(x), Some(y)) if x != y => (
            Q,
            format!(
                "They are in different partitions of {}: {} in {} and {} in {}; a process table function sees only the rows of one partition together.",
                function_name(q, op),
                a.name,
                key_text(&x),
                b.name,
                key_text(&y)
            ),
            sorted(vec![a.s(), b.s()]),
        ),
        _ => not_yet(a, b, "two rows of one partition of a process table function (it does not join rows)"),
    }
}

//! The pair answers of [`super`] for the joins that match rows by time: window, interval and
//! event-time temporal joins.

use super::{inserted, joined_above, keys_differ, mine, not_yet, null_key, semi_anti_met, sorted, Side, Q};
use crate::explain::words::{all_steps, at_step, key_text, last_watermark, window_text};
use crate::explain::Answer;
use crate::kinds::ExpireCause;
use crate::time::format_watermark;
use crate::time::window::explain_duration;
use crate::trace::{Event, QueryTrace};

pub(super) fn window(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    // a late row: dropped before it could meet anything
    for (x, ex) in [(a, ea), (b, eb)] {
        if let Some((at, w, wm)) = ex.iter().find_map(|(i, e)| match e {
            Event::LateDrop { window, watermark_ms, .. } => Some((*i, window, *watermark_ms)),
            _ => None,
        }) {
            return (
                Q,
                format!(
                    "{} arrived late: its window {} had already fired (the join's watermark was {}), so the window join dropped it.",
                    x.name,
                    window_text(w),
                    format_watermark(wm)
                ),
                sorted(vec![a.s(), b.s(), at]),
            );
        }
    }
    let (Some((sa, ka, Some(wa))), Some((_, kb, Some(wb)))) = (inserted(ea), inserted(eb)) else {
        return not_yet(a, b, "this pair of a window join");
    };
    if ka != kb {
        return keys_differ(a, ka, b, kb);
    }
    if let Some(n) = null_key(q, op, a, ka, b) {
        return n;
    }
    if wa.start_ms != wb.start_ms || wa.end_ms != wb.end_ms {
        return (
            Q,
            format!(
                "Different windows: {} is in window {} and {} in window {}; rows join only within one window.",
                a.name,
                window_text(wa),
                b.name,
                window_text(wb)
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    let fire = all_steps(q).find_map(|st| {
        st.events.iter().find_map(|e| match e {
            Event::WindowFire { op: o, window: w, key, .. }
                if *o == op && w.start_ms == wa.start_ms && w.end_ms == wa.end_ms && key.as_slice() == ka =>
            {
                Some(st.index)
            }
            _ => None,
        })
    });
    let Some(fired) = fire else {
        let wm = last_watermark(q, op);
        let reached =
            wm.map_or("no watermark".to_string(), |m| format!("the join's watermark at {}", format_watermark(m)));
        return (
            Q,
            format!(
                "Their window {} never fired: the query ended (unbounded) with {}, before the window's end − 1 ms ({}).",
                window_text(wa),
                reached,
                format_watermark(wa.end_ms.saturating_sub(1))
            ),
            sorted(vec![a.s(), b.s()]),
        );
    };
    if let Some(x) = semi_anti_met(q, op, (a, sa), b, ka, Some(wa), fired) {
        return x;
    }
    if let Some(x) = joined_above(q, op, a, b) {
        return x;
    }
    (
        Q,
        format!(
            "They met when their window {} fired at {}, but the rest of the ON condition rejected the pair.",
            window_text(wa),
            at_step(q, fired)
        ),
        sorted(vec![a.s(), b.s(), fired]),
    )
}

/// A row's `interval_probe`: (side, key, time, [from, to], cached).
#[allow(clippy::type_complexity)]
fn probe<'e>(ev: &[(usize, &'e Event)]) -> Option<(&'e str, &'e [String], i64, (i64, i64), bool)> {
    ev.iter().find_map(|(_, e)| match e {
        Event::IntervalProbe { side, key, time_ms, from_ms, to_ms, cached, .. } => {
            Some((side.as_str(), key.as_slice(), *time_ms, (*from_ms, *to_ms), *cached))
        }
        _ => None,
    })
}

pub(super) fn interval(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let (Some((sa, ka, ta, (from, to), ca)), Some((sb, kb, tb, _, cb))) = (probe(ea), probe(eb)) else {
        return not_yet(a, b, "this pair of an interval join");
    };
    if ka != kb {
        return keys_differ(a, ka, b, kb);
    }
    if let Some(n) = null_key(q, op, a, ka, b) {
        return n;
    }
    if tb < from || tb > to {
        let (by, dir) = if tb < from { (from - tb, "before") } else { (tb - to, "after") };
        return (
            Q,
            format!(
                "Outside the interval bounds: {} at {} joins rows of {} with times in [{}, {}], and {}'s time {} is {} {} that range.",
                a.name,
                format_watermark(ta),
                b.step.table.as_deref().unwrap_or("the other side"),
                format_watermark(from),
                format_watermark(to),
                b.name,
                format_watermark(tb),
                explain_duration(by),
                dir
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    // in range: the earlier one was gone, or was late and never kept, when the later one came
    let ((early, side_e, te, ce), late) = if a.s() < b.s() { ((a, sa, ta, ca), b) } else { ((b, sb, tb, cb), a) };
    if !ce {
        return (
            Q,
            format!(
                "Their times are within the bounds, but {} arrived late (the join's time had passed the last time it could join): it only probed the other side then and was not kept for {}, which came at step {}.",
                early.name,
                late.name,
                late.s()
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    let gone = all_steps(q).find_map(|st| {
        st.events.iter().find_map(|e| match e {
            Event::IntervalCleanup { op: o, side, key, time_ms, expired_ms, .. }
                if *o == op
                    && side == side_e
                    && key.as_slice() == ka
                    && *expired_ms >= te
                    && st.index > early.s()
                    && st.index <= late.s() =>
            {
                Some((st.index, *time_ms))
            }
            _ => None,
        })
    });
    if let Some((at, t)) = gone {
        return (
            Q,
            format!(
                "Their times are within the bounds, but {} left the join's state at step {} (the join's time {} had passed the last time it could join) before {} arrived at step {}.",
                early.name,
                at,
                format_watermark(t),
                late.name,
                late.s()
            ),
            sorted(vec![a.s(), b.s(), at]),
        );
    }
    if let Some(x) = joined_above(q, op, a, b) {
        return x;
    }
    (
        Q,
        format!(
            "Their times are within the bounds and both had key {}, but the rest of the ON condition rejected the pair.",
            key_text(ka)
        ),
        sorted(vec![a.s(), b.s()]),
    )
}

pub(super) fn temporal(q: &QueryTrace, op: usize, (a, ea): Side, (b, eb): Side) -> Answer {
    let version = |ev: &[(usize, &Event)]| {
        ev.iter().find_map(|(_, e)| match e {
            Event::TemporalVersion { key, time_ms, ends, dropped, .. } => {
                Some((key.clone(), *time_ms, *ends, *dropped))
            }
            _ => None,
        })
    };
    let wait = |ev: &[(usize, &Event)]| {
        ev.iter().find_map(|(_, e)| match e {
            Event::TemporalWait { key, time_ms, .. } => Some((key.clone(), *time_ms)),
            _ => None,
        })
    };
    let ((p, (kp, tp)), (v, (kv, tv, ends, dropped))) = match (wait(ea), version(eb), wait(eb), version(ea)) {
        (Some(w), Some(x), _, _) => ((a, w), (b, x)),
        (_, _, Some(w), Some(x)) => ((b, w), (a, x)),
        _ => return not_yet(a, b, "this pair of a temporal join (a probe row and a version are asked about)"),
    };
    if kp != kv {
        return keys_differ(p, &kp, v, &kv);
    }
    if dropped {
        return (
            Q,
            format!(
                "{} is a -U: the temporal join drops it before the join (a version is its +U), so no probe meets it.",
                v.name
            ),
            sorted(vec![a.s(), b.s()]),
        );
    }
    let tpt = format_watermark(tp);
    let release = mine(q, p.s()).into_iter().find_map(|(i, e)| match e {
        Event::TemporalRelease { op: o, version, miss, .. } if *o == op => Some((i, version.clone(), *miss)),
        _ => None,
    });
    let Some((r, used, miss)) = release else {
        return (
            Q,
            format!(
                "{} is still waiting in the temporal join's state: the join's watermark never reached its time {} before the query ended.",
                p.name, tpt
            ),
            sorted(vec![a.s(), b.s()]),
        );
    };
    let used_step = used.as_ref().and_then(|u| u.lineage.first().map(|&l| l as usize));
    if used_step == Some(v.s()) {
        let text = match miss {
            Some(crate::kinds::TemporalMiss::Deleted) => {
                format!(
                    "{} is a delete: when the join's watermark reached {}'s time {} (step {}), the key did not exist.",
                    v.name, p.name, tpt, r
                )
            }
            _ => {
                if let Some(x) = joined_above(q, op, a, b) {
                    return x;
                }
                format!("They met when the join's watermark reached {}'s time {} (step {}), but the rest of the ON condition rejected the pair.", p.name, tpt, r)
            }
        };
        return (Q, text, sorted(vec![a.s(), b.s(), r]));
    }
    let vt = format_watermark(tv);
    let then = match (&used, used_step) {
        (Some(u), Some(us)) => format!("the version of step {}, valid from {}", us, format_watermark(u.time_ms)),
        _ => "none".to_string(),
    };
    if tv > tp {
        return (
            Q,
            format!(
                "{}'s version is valid from {}, after {}'s time {}: at {} the key's version was {}.",
                v.name, vt, p.name, tpt, tpt, then
            ),
            sorted([vec![a.s(), b.s(), r], used_step.into_iter().collect()].concat()),
        );
    }
    if let (Some(u), Some(us)) = (&used, used_step) {
        if u.time_ms > tv {
            return (
                Q,
                format!(
                    "{}'s version (valid from {}) was superseded before {}'s time {}: at {} the key's version was the version of step {}, valid from {}.",
                    v.name,
                    vt,
                    p.name,
                    tpt,
                    tpt,
                    us,
                    format_watermark(u.time_ms)
                ),
                sorted(vec![a.s(), b.s(), r, us]),
            );
        }
    }
    // the version left state (a newer one passed the watermark) before the probe was released
    let expired = all_steps(q).find_map(|st| {
        st.events.iter().find_map(|e| match e {
            Event::StateExpire { op: o, side, key, cause: ExpireCause::VersionSuperseded, reason, .. }
                if *o == op && side == "right" && *key == kv && st.index > v.s() && st.index <= r =>
            {
                Some((st.index, reason.clone()))
            }
            _ => None,
        })
    });
    if let Some((at, reason)) = expired {
        return (
            Q,
            format!(
                "{}'s version (valid from {}) left the join's state at step {} ({}), before {} (its time {}) was released at step {}{}.",
                v.name,
                vt,
                at,
                reason,
                p.name,
                tpt,
                r,
                if used.is_some() {
                    format!(": at {} the key's version was then {}", tpt, then)
                } else {
                    ", which found no version of the key at its time".to_string()
                }
            ),
            sorted([vec![a.s(), b.s(), at, r], used_step.into_iter().collect()].concat()),
        );
    }
    if v.s() > r {
        return (
            Q,
            format!(
                "{} arrived at step {}, after {} had been released at step {} (the join's watermark had reached its time {}): a released row does not wait for later versions.",
                v.name,
                v.s(),
                p.name,
                r,
                tpt
            ),
            sorted(vec![a.s(), b.s(), r]),
        );
    }
    if ends {
        return (
            Q,
            format!("{} is a delete (valid from {}): it ends the key, it is not a version to join.", v.name, vt),
            sorted(vec![a.s(), b.s()]),
        );
    }
    not_yet(a, b, "this pair of a temporal join (the version was in state when the probe was released)")
}

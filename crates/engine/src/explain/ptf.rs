//! The answers of [`super`] for a row a process table function (PTF) received, read off its
//! `ptf_call` events: each call's partition key, the partition's state entries and timers after
//! it, how many rows it emitted and the function's own sentence for it.
//!
//! What a call did is the difference between the partition's state after the previous call and
//! after this one: entries set or cleared, elements added to or removed from a list, entries added
//! to or removed from a map (`{k=v}`, also nested: a map of tuples of lists), timers set or
//! deleted. The elements and entries the row's call added are then followed through the
//! partition's later calls until a call removes them (a list is followed as the page's state pane
//! follows it: the longest tail of the old list that the new one starts with was kept), and the
//! timers it set until they fire, are replaced or deleted. A PTF's emitted rows carry only the
//! step of the call's own row (a timer's, none), so no answer here says an emitted row is made of
//! the row: it says which call removed what the row stored, and what that call emitted.

use super::words::{all_steps, at_step, condition_of, key_text};
use super::{not_yet, Answer};
use crate::time::format_watermark;
use crate::trace::{Event, PtfEntry, PtfTimer, QueryTrace};

/// One `ptf_call` event of the operator, with the step it happened at.
struct Call<'a> {
    op: usize,
    step: usize,
    /// Its position among the operator's calls of the step (for the rows it emitted).
    nth: usize,
    key: &'a [String],
    row: bool,
    lineage: &'a [u32],
    timer: Option<&'a PtfTimer>,
    time_ms: Option<i64>,
    watermark_ms: i64,
    late: bool,
    state: &'a [PtfEntry],
    timers: &'a [PtfTimer],
    emitted: usize,
    why: Option<&'a str>,
}

fn calls(q: &QueryTrace, op: usize) -> Vec<Call<'_>> {
    let mut out = Vec::new();
    for st in all_steps(q) {
        let mut nth = 0;
        for e in &st.events {
            if let Event::PtfCall {
                op: o,
                key,
                row,
                lineage,
                timer,
                time_ms,
                watermark_ms,
                late,
                state,
                timers,
                emitted,
                why,
                ..
            } = e
            {
                if *o != op {
                    continue;
                }
                out.push(Call {
                    op,
                    step: st.index,
                    nth,
                    key,
                    row: row.is_some(),
                    lineage,
                    timer: timer.as_ref(),
                    time_ms: *time_ms,
                    watermark_ms: *watermark_ms,
                    late: *late,
                    state,
                    timers,
                    emitted: *emitted,
                    why: why.as_deref(),
                });
                nth += 1;
            }
        }
    }
    out
}

/// The function's name from the operator's label (`ProcessTableFunction(invocation=[Median(…`).
pub(super) fn function_name(q: &QueryTrace, op: usize) -> String {
    q.operators
        .get(op)
        .and_then(|o| {
            let rest = &o.label[o.label.find("invocation=[")? + 12..];
            let name: String =
                rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '$').collect();
            (!name.is_empty()).then_some(name)
        })
        .unwrap_or_else(|| "the process table function".to_string())
}

/// The top-level comma-separated parts of `inner` (brackets, parentheses and braces nest).
fn split_top(inner: &str) -> Vec<String> {
    let inner = inner.trim();
    if inner.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in inner.chars() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            out.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    out.push(cur.trim().to_string());
    out
}

fn inside(v: &str, open: char, close: char) -> Option<&str> {
    let v = v.trim();
    v.strip_prefix(open)?.strip_suffix(close)
}

/// `k=v` at its first top-level `=`.
fn map_entry(e: &str) -> (String, String) {
    let mut depth = 0i32;
    for (i, c) in e.char_indices() {
        match c {
            '[' | '(' | '{' => depth += 1,
            ']' | ')' | '}' => depth -= 1,
            '=' if depth == 0 => return (e[..i].trim().to_string(), e[i + 1..].trim().to_string()),
            _ => {}
        }
    }
    (e.to_string(), String::new())
}

/// A list or a map somewhere in a state entry (as Java prints them).
#[derive(Clone)]
enum Coll {
    List(Vec<String>),
    Map(Vec<(String, String)>),
}

/// Where a collection is: its entry, the map keys on the way (for the sentence) and a path that
/// names it uniquely.
#[derive(Clone)]
struct Place {
    entry: String,
    under: Vec<String>,
    path: String,
}

impl Place {
    fn text(&self) -> String {
        match self.under.as_slice() {
            [] => self.entry.clone(),
            keys => format!("{} (its entry {})", self.entry, keys.join(" / ")),
        }
    }
}

/// The lists and maps of a state entry's value, outermost first.
fn collections(entry: &str, value: &str) -> Vec<(Place, Coll)> {
    let mut out = Vec::new();
    walk(&Place { entry: entry.to_string(), under: Vec::new(), path: entry.to_string() }, value, &mut out);
    out
}

fn walk(at: &Place, value: &str, out: &mut Vec<(Place, Coll)>) {
    if let Some(inner) = inside(value, '[', ']') {
        out.push((at.clone(), Coll::List(split_top(inner))));
    } else if let Some(inner) = inside(value, '{', '}') {
        let entries: Vec<(String, String)> = split_top(inner).iter().map(|e| map_entry(e)).collect();
        out.push((at.clone(), Coll::Map(entries.clone())));
        for (k, v) in &entries {
            let mut under = at.under.clone();
            under.push(k.clone());
            walk(&Place { entry: at.entry.clone(), under, path: format!("{}{{{}}}", at.path, k) }, v, out);
        }
    } else if let Some(inner) = inside(value, '(', ')') {
        for (i, v) in split_top(inner).iter().enumerate() {
            walk(
                &Place { entry: at.entry.clone(), under: at.under.clone(), path: format!("{}({})", at.path, i) },
                v,
                out,
            );
        }
    }
}

fn all_collections(state: &[PtfEntry]) -> Vec<(Place, Coll)> {
    state.iter().flat_map(|e| collections(&e.name, &e.value)).collect()
}

/// How a list went from `old` to `new`: the longest tail of `old` that `new` starts with was kept;
/// returns how many elements of `old` were dropped from its front (the rest of `new` was added).
fn follow(old: &[String], new: &[String]) -> usize {
    (0..=old.len()).find(|&i| old.len() - i <= new.len() && old[i..] == new[..old.len() - i]).unwrap_or(old.len())
}

/// Something the row's call put in the state: a list element (its position) or a map entry.
struct Item {
    place: Place,
    text: String,
    pos: Option<usize>,
    key: Option<String>,
}

impl Item {
    fn text(&self) -> String {
        match &self.key {
            Some(_) => format!("the entry {}", self.text),
            None => self.text.clone(),
        }
    }
}

fn list_at<'a>(colls: &'a [(Place, Coll)], path: &str) -> Option<&'a [String]> {
    colls.iter().find_map(|(p, c)| match c {
        Coll::List(l) if p.path == path => Some(l.as_slice()),
        _ => None,
    })
}

fn map_at<'a>(colls: &'a [(Place, Coll)], path: &str) -> Option<&'a [(String, String)]> {
    colls.iter().find_map(|(p, c)| match c {
        Coll::Map(m) if p.path == path => Some(m.as_slice()),
        _ => None,
    })
}

/// What the call changed in its collections, from `before` to `after`: (added, removed).
fn diff(before: &[(Place, Coll)], after: &[(Place, Coll)]) -> (Vec<Item>, Vec<Item>) {
    let mut added = Vec::new();
    let mut removed = Vec::new();
    // a map entry added or removed as a whole carries what is inside it
    let whole = |path: &str, inside: &[(Place, Coll)], other: &[(Place, Coll)]| {
        inside.iter().any(|(p, c)| {
            matches!(c, Coll::Map(m) if m.iter().any(|(k, _)| {
                let at = format!("{}{{{}}}", p.path, k);
                path.starts_with(&at) && map_at(other, &p.path).is_none_or(|om| !om.iter().any(|(ok, _)| ok == k))
            }))
        })
    };
    for (p, c) in after {
        match c {
            Coll::List(new) => {
                if whole(&p.path, after, before) {
                    continue;
                }
                let old = list_at(before, &p.path).unwrap_or(&[]);
                let dropped = follow(old, new);
                let kept = old.len() - dropped;
                for (i, t) in new.iter().enumerate().skip(kept) {
                    added.push(Item { place: p.clone(), text: t.clone(), pos: Some(i), key: None });
                }
                for t in &old[..dropped] {
                    removed.push(Item { place: p.clone(), text: t.clone(), pos: None, key: None });
                }
            }
            Coll::Map(new) => {
                if whole(&p.path, after, before) {
                    continue;
                }
                let old = map_at(before, &p.path).unwrap_or(&[]);
                for (k, v) in new.iter().filter(|(k, _)| !old.iter().any(|(ok, _)| ok == k)) {
                    added.push(Item {
                        place: p.clone(),
                        text: format!("{}={}", k, v),
                        pos: None,
                        key: Some(k.clone()),
                    });
                }
                for (k, v) in old.iter().filter(|(k, _)| !new.iter().any(|(nk, _)| nk == k)) {
                    removed.push(Item {
                        place: p.clone(),
                        text: format!("{}={}", k, v),
                        pos: None,
                        key: Some(k.clone()),
                    });
                }
            }
        }
    }
    // lists and maps that went with their entry (or with the map entry holding them)
    for (p, c) in before {
        if after.iter().any(|(ap, _)| ap.path == p.path) || whole(&p.path, before, after) {
            continue;
        }
        match c {
            Coll::List(old) => {
                removed.extend(old.iter().map(|t| Item { place: p.clone(), text: t.clone(), pos: None, key: None }))
            }
            Coll::Map(old) => removed.extend(old.iter().map(|(k, v)| Item {
                place: p.clone(),
                text: format!("{}={}", k, v),
                pos: None,
                key: Some(k.clone()),
            })),
        }
    }
    (added, removed)
}

fn timer_text(t: &PtfTimer) -> String {
    match &t.name {
        Some(n) => format!("the timer {} at {}", n, format_watermark(t.time_ms)),
        None => format!("a timer at {}", format_watermark(t.time_ms)),
    }
}

/// `the timer REMINDER at …`, `the timers REMINDER at … and TIMEOUT at …`, `a timer at …`.
fn timers_text(ts: &[&PtfTimer]) -> String {
    match ts {
        [one] => timer_text(one),
        _ if ts.iter().all(|t| t.name.is_some()) => {
            let each: Vec<String> = ts.iter().map(|t| timer_text(t).replacen("the timer ", "", 1)).collect();
            format!("the timers {}", and_list(&each))
        }
        _ => {
            let each: Vec<String> = ts.iter().map(|t| timer_text(t)).collect();
            and_list(&each)
        }
    }
}

fn same_timer(a: &PtfTimer, b: &PtfTimer) -> bool {
    a.name == b.name && a.time_ms == b.time_ms
}

/// `a, b and c`.
fn and_list(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

/// What the call changed, as phrases (`added 80.0 to temperatures`, `set counter to 2`).
fn changes(prev: Option<&Call>, c: &Call) -> Vec<String> {
    let mut out = Vec::new();
    let Some(p) = prev else {
        if !c.state.is_empty() {
            let entries: Vec<String> = c.state.iter().map(|e| format!("{} = {}", e.name, e.value)).collect();
            out.push(format!("started the partition's state ({})", entries.join(", ")));
        }
        let set: Vec<&PtfTimer> = c.timers.iter().collect();
        if !set.is_empty() {
            out.push(format!("set {}", timers_text(&set)));
        }
        return out;
    };
    for e in c.state {
        let before = p.state.iter().find(|b| b.name == e.name);
        if before.is_some_and(|b| b.value == e.value) {
            continue;
        }
        let (added, removed) = match before {
            Some(b) => diff(&collections(&b.name, &b.value), &collections(&e.name, &e.value)),
            None => (Vec::new(), Vec::new()),
        };
        if added.is_empty() && removed.is_empty() {
            out.push(format!("set {} to {}", e.name, e.value));
            continue;
        }
        for r in &removed {
            out.push(format!("removed {} from {}", r.text(), r.place.text()));
        }
        for a in &added {
            out.push(format!("added {} to {}", a.text(), a.place.text()));
        }
    }
    for b in p.state.iter().filter(|b| !c.state.iter().any(|e| e.name == b.name)) {
        out.push(format!("cleared {} (it was {})", b.name, b.value));
    }
    let new: Vec<&PtfTimer> = c.timers.iter().filter(|t| !p.timers.iter().any(|x| same_timer(x, t))).collect();
    let gone: Vec<&PtfTimer> = p.timers.iter().filter(|t| !c.timers.iter().any(|x| same_timer(x, t))).collect();
    // a named timer set again (`registerOnTime` replaces the timer of its name)
    let moved = |t: &PtfTimer| t.name.is_some() && gone.iter().any(|g| g.name == t.name);
    let mut moves = Vec::new();
    for t in new.iter().filter(|t| moved(t)) {
        if let (Some(n), Some(g)) = (&t.name, gone.iter().find(|g| g.name == t.name)) {
            moves.push(format!("{} from {} to {}", n, format_watermark(g.time_ms), format_watermark(t.time_ms)));
        }
    }
    if !moves.is_empty() {
        out.push(format!("moved the {} {}", if moves.len() == 1 { "timer" } else { "timers" }, and_list(&moves)));
    }
    let set: Vec<&PtfTimer> = new.iter().filter(|t| !moved(t)).copied().collect();
    if !set.is_empty() {
        out.push(format!("set {}", timers_text(&set)));
    }
    let deleted: Vec<&PtfTimer> =
        gone.iter().filter(|g| !(g.name.is_some() && new.iter().any(|t| t.name == g.name))).copied().collect();
    if !deleted.is_empty() {
        out.push(format!("deleted {}", timers_text(&deleted)));
    }
    out
}

/// The changelog rows a call emitted, when the step's rows can be told apart by call: every row
/// the step's output holds came from the operator's calls of the step, in their order.
fn rows_of(q: &QueryTrace, all: &[Call], c: &Call) -> Option<Vec<String>> {
    let st = all_steps(q).find(|st| st.index == c.step)?;
    let here: Vec<&Call> = all.iter().filter(|x| x.step == c.step).collect();
    if here.iter().map(|x| x.emitted).sum::<usize>() != st.output.len() {
        return None;
    }
    let from: usize = here.iter().filter(|x| x.nth < c.nth).map(|x| x.emitted).sum();
    Some(st.output[from..from + c.emitted].iter().map(|o| o.text.clone()).collect())
}

/// `and emitted 1 row: +I[…] at step 17`, or `without emitting anything`.
fn emitted_text(q: &QueryTrace, all: &[Call], c: &Call) -> String {
    if c.emitted == 0 {
        return "without emitting anything".into();
    }
    let n = if c.emitted == 1 { "1 row".to_string() } else { format!("{} rows", c.emitted) };
    match rows_of(q, all, c) {
        Some(rows) => {
            let shown: Vec<String> = rows.iter().take(3).cloned().collect();
            let more = if rows.len() > 3 { format!(" and {} more", rows.len() - 3) } else { String::new() };
            format!("and emitted {}: {}{} at {}", n, shown.join(", "), more, at_step(q, c.step))
        }
        None => format!("and emitted {} at {}", n, at_step(q, c.step)),
    }
}

/// `the call for step 17's row` / `the timer REMINDER at …, firing at step 3,` (`its timer …`
/// when the row's call set it).
fn call_text(q: &QueryTrace, c: &Call, set: &[&PtfTimer]) -> String {
    match c.timer {
        Some(t) if set.iter().any(|x| same_timer(x, t)) => {
            format!(
                "its {}, firing at {},",
                timer_text(t).trim_start_matches("the ").replacen("a timer", "timer", 1),
                at_step(q, c.step)
            )
        }
        Some(t) => format!("{}, firing at {},", timer_text(t), at_step(q, c.step)),
        None if c.row => format!("the call for step {}'s row", c.step),
        None => format!("the call at {}", at_step(q, c.step)),
    }
}

/// A sentence about a later call and where it goes: (step, the call's place in it); the query's
/// end is `usize::MAX`.
type Said = ((usize, usize), String);

/// What became of the items the row's call added, from the partition's later calls.
fn follow_items(
    q: &QueryTrace,
    all: &[Call],
    part: &[&Call],
    items: Vec<Item>,
    set: &[&PtfTimer],
) -> (Vec<Said>, Vec<usize>) {
    let (Some(first), Some(&last)) = (part.first(), part.last()) else { return (Vec::new(), Vec::new()) };
    // per item: the index in `part` of the call that removed it
    let mut gone: Vec<(usize, Item)> = Vec::new();
    let mut kept: Vec<Item> = Vec::new();
    let mut live: Vec<(Item, Vec<String>)> = items
        .into_iter()
        .map(|it| {
            let list =
                list_at(&all_collections(first.state), &it.place.path).map(<[String]>::to_vec).unwrap_or_default();
            (it, list)
        })
        .collect();
    for (i, c) in part.iter().enumerate().skip(1) {
        let colls = all_collections(c.state);
        let mut still = Vec::new();
        for (mut it, list) in live {
            let removed = match &it.key {
                Some(k) => map_at(&colls, &it.place.path).is_none_or(|m| !m.iter().any(|(mk, _)| mk == k)),
                None => {
                    let new = list_at(&colls, &it.place.path).unwrap_or(&[]);
                    let dropped = follow(&list, new);
                    match it.pos {
                        Some(p) if p >= dropped => {
                            it.pos = Some(p - dropped);
                            still.push((it, new.to_vec()));
                            continue;
                        }
                        _ => true,
                    }
                }
            };
            if removed {
                gone.push((i, it));
            } else {
                still.push((it, list));
            }
        }
        live = still;
    }
    kept.extend(live.into_iter().map(|(it, _)| it));
    let mut out = Vec::new();
    let mut at: Vec<usize> = gone.iter().map(|(i, _)| *i).collect();
    at.dedup();
    for &i in &at {
        let Some(&c) = part.get(i) else { continue };
        let what: Vec<String> = gone.iter().filter(|(j, _)| *j == i).map(|(_, it)| it.text()).collect();
        let places: Vec<String> = {
            let mut p: Vec<String> = gone.iter().filter(|(j, _)| *j == i).map(|(_, it)| it.place.text()).collect();
            p.dedup();
            p
        };
        out.push((
            (c.step, c.nth),
            format!(
                "{} stayed in {} until {} removed {} {}",
                and_list(&what),
                and_list(&places),
                call_text(q, c, set),
                if what.len() == 1 { "it" } else { "them" },
                emitted_text(q, all, c)
            ),
        ));
    }
    if !kept.is_empty() {
        let what: Vec<String> = kept.iter().map(Item::text).collect();
        let mut places: Vec<String> = kept.iter().map(|it| it.place.text()).collect();
        places.dedup();
        out.push((
            (usize::MAX, 0),
            format!(
                "{} {} still in {} when the query ended (after the partition's last call, at {}){}",
                and_list(&what),
                if what.len() == 1 { "was" } else { "were" },
                and_list(&places),
                at_step(q, last.step),
                pending(q, last)
            ),
        ));
        // the last call is a step the sentence names
        out.push(((last.step, last.nth), String::new()));
    }
    (out, at)
}

/// The partition's timers after its last call: none pending, or which and where the watermark
/// stopped.
fn pending(q: &QueryTrace, last: &Call) -> String {
    if last.timers.is_empty() {
        return ": no timer of the partition is pending, so only another row of it would call the function again"
            .into();
    }
    let ts: Vec<String> = last.timers.iter().map(timer_text).collect();
    format!("; {} {} pending{}", and_list(&ts), if ts.len() == 1 { "was" } else { "were" }, watermark_end(q, last))
}

fn watermark_end(q: &QueryTrace, last: &Call) -> String {
    let wm = all_steps(q)
        .flat_map(|st| st.events.iter())
        .filter_map(|e| match e {
            Event::Watermark { op: o, value_ms, .. } if *o == last.op => Some(*value_ms),
            _ => None,
        })
        .last()
        .or(Some(last.watermark_ms).filter(|&w| w != i64::MIN));
    match wm {
        Some(w) => format!(" (the function's watermark ended at {}, before it)", format_watermark(w)),
        None => " (the function never had a watermark)".into(),
    }
}

/// What became of the timers the row's call set: (step, sentence), grouped by the call that
/// ended them.
fn follow_timers(q: &QueryTrace, all: &[Call], part: &[&Call], set: &[&PtfTimer], said_calls: &[usize]) -> Vec<Said> {
    let Some(&last) = part.last() else { return Vec::new() };
    // (index of the call in `part`, what it did) per timer; None: still pending
    let mut ends: Vec<(Option<usize>, &str, &PtfTimer)> = Vec::new();
    for t in set {
        let end = part.iter().enumerate().skip(1).find_map(|(i, c)| {
            if c.timer.is_some_and(|f| same_timer(f, t)) {
                Some((i, "fired"))
            } else if !c.timers.iter().any(|x| same_timer(x, t)) {
                let moved = t.name.is_some() && c.timers.iter().any(|x| x.name == t.name);
                Some((i, if moved { "replaced" } else { "deleted" }))
            } else {
                None
            }
        });
        match end {
            // the items' sentence says what that call did
            Some((i, "fired")) if said_calls.contains(&i) => {}
            Some((i, what)) => ends.push((Some(i), what, t)),
            None => ends.push((None, "pending", t)),
        }
    }
    let mut out: Vec<Said> = Vec::new();
    let mut done: Vec<(Option<usize>, &str)> = Vec::new();
    for &(i, what, _) in &ends {
        if done.contains(&(i, what)) {
            continue;
        }
        done.push((i, what));
        let ts: Vec<&PtfTimer> = ends.iter().filter(|(j, w, _)| *j == i && *w == what).map(|(_, _, t)| *t).collect();
        let them = timers_text(&ts);
        match i.and_then(|i| part.get(i)) {
            None => out.push((
                (usize::MAX, 0),
                format!(
                    "{} {} still pending when the query ended{}",
                    them,
                    if ts.len() == 1 { "was" } else { "were" },
                    watermark_end(q, last)
                ),
            )),
            Some(c) if what == "fired" => out.push((
                (c.step, c.nth),
                format!("{} fired at {} {}", upper_first(&them), at_step(q, c.step), emitted_text(q, all, c)),
            )),
            Some(c) => out.push((
                (c.step, c.nth),
                format!(
                    "{} {} {} before {} fired",
                    call_text(q, c, set),
                    what,
                    them,
                    if ts.len() == 1 { "it" } else { "they" }
                ),
            )),
        }
    }
    out
}

/// The answer for the row of step `s`, which reached the process table function `op`.
pub(super) fn ptf_row(q: &QueryTrace, op: usize, s: usize) -> Answer {
    let q_ = "Why is it not in the result?";
    let all = calls(q, op);
    let Some(mine) = all.iter().position(|c| c.row && c.lineage.contains(&(s as u32))) else {
        return not_yet(s, "a process table function");
    };
    let c = &all[mine];
    let part: Vec<&Call> = all.iter().filter(|x| x.key == c.key).collect();
    let Some(at) = part.iter().position(|x| std::ptr::eq(*x, c)) else {
        return not_yet(s, "a process table function");
    };
    let prev = at.checked_sub(1).and_then(|i| part.get(i)).copied();
    let f = function_name(q, op);
    let late = if c.late {
        format!(
            " (it was late: its time {} was at or before the function's watermark {}; Flink calls the function all the same)",
            c.time_ms.map(format_watermark).unwrap_or_default(),
            format_watermark(c.watermark_ms)
        )
    } else {
        String::new()
    };
    let head = format!("At step {} {}'s call for it (partition {})", s, f, key_text(c.key));
    let mut steps = vec![s];
    let words = c.why.map(|w| format!(" {}'s own words for it: \"{}\".", f, w)).unwrap_or_default();
    if c.emitted > 0 {
        // what it emitted did not reach the result: a condition above rejected it
        let cond = all_steps(q).find(|st| st.index == c.step).and_then(|st| {
            st.events.iter().find_map(|e| match e {
                Event::Filtered { op: o, .. } if *o != op => q.operators.get(*o).map(|x| condition_of(&x.label)),
                _ => None,
            })
        });
        let Some(cond) = cond else {
            return not_yet(
                s,
                &format!(
                    "a process table function whose call at step {} emitted rows that went on to other operators",
                    s
                ),
            );
        };
        let n = if c.emitted == 1 { "1 row".to_string() } else { format!("{} rows", c.emitted) };
        return (
            q_,
            format!(
                "{} emitted {}{}, but the condition {} above the function rejected {}.{}",
                head,
                n,
                late,
                cond,
                if c.emitted == 1 { "it" } else { "them" },
                words
            ),
            steps,
        );
    }
    let did = changes(prev, c);
    let first = if did.is_empty() {
        format!("{} emitted nothing{} and changed neither the partition's state nor its timers.", head, late)
    } else {
        format!("{} emitted nothing{}; it {}.", head, late, and_list(&did))
    };
    let before = prev.map(|p| all_collections(p.state)).unwrap_or_default();
    let (added, _) = diff(&before, &all_collections(c.state));
    let set: Vec<&PtfTimer> =
        c.timers.iter().filter(|t| !prev.is_some_and(|p| p.timers.iter().any(|x| same_timer(x, t)))).collect();
    let (mut then, said) = follow_items(q, &all, &part[at..], added, &set);
    then.extend(follow_timers(q, &all, &part[at..], &set, &said));
    // in the order they happened (the query's end last)
    then.sort_by_key(|(at, _)| *at);
    steps.extend(then.iter().map(|((step, _), _)| *step).filter(|&st| st != usize::MAX));
    let then: String =
        then.iter().filter(|(_, t)| !t.is_empty()).map(|(_, t)| format!(" {}.", upper_first(t))).collect();
    steps.sort_unstable();
    steps.dedup();
    (q_, format!("{}{}{}", first, then, words), steps)
}

fn upper_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// For a row whose result changes a PTF emitted: that they carry the call's row, not what the
/// function's state held.
pub(super) fn output_note(q: &QueryTrace, s: usize) -> Option<String> {
    let st = q.steps.iter().find(|st| st.index == s)?;
    st.events.iter().find_map(|e| match e {
        Event::PtfCall { op, lineage, emitted, row: Some(_), .. } if *emitted > 0 && lineage.contains(&(s as u32)) => {
            Some(format!(
                " {}'s call for it at step {} emitted {}: a process table function gives the rows a call emits the step of the call's row, not the steps of the rows its state holds.",
                function_name(q, *op),
                s,
                if *emitted == 1 { "1 row".to_string() } else { format!("{} rows", emitted) }
            ))
        }
        _ => None,
    })
}

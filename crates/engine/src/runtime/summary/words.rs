//! The words step sentences are made of: times on the session clock, rows, operators and
//! their inputs, an aggregation's keys and results, a Top-N's rank changes, a window operator's
//! fire — all from the trace's fields.

use crate::kinds::OpKind;
use crate::time::SessionZone;
use crate::trace::{OperatorInfo, Step, WindowRef};

/// Strings put one after the other, in one allocation (a step's sentence is made of such pieces;
/// `format!` costs several times as much per piece).
pub(super) fn cat(pieces: &[&str]) -> String {
    let mut s = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        s.push_str(p);
    }
    s
}

/// A watermark on the session zone's wall clock (the clock the values and windows print on).
pub(super) fn local_wm(ms: i64, zone: &SessionZone) -> String {
    let mut s = String::with_capacity(12);
    push_local_wm(&mut s, ms, zone);
    s
}

/// [`local_wm`], written at the end of `out`.
pub(super) fn push_local_wm(out: &mut String, ms: i64, zone: &SessionZone) {
    // within a quarter of the range of ±infinity (+inf held back by an interval join): infinite
    match ms {
        m if m > i64::MAX / 4 * 3 => out.push_str("+inf"),
        m if m < i64::MIN / 4 * 3 => out.push_str("-inf"),
        m => push_time_of_day(out, zone.instant_to_local(m)),
    }
}

/// `HH:mm:ss.SSS` of a local time in ms: the time part of `format_ts(…, 3)`, written
/// digit by digit (a step's sentence names several times).
#[cfg(test)]
pub(super) fn time_of_day(local_ms: i64) -> String {
    let mut s = String::with_capacity(12);
    push_time_of_day(&mut s, local_ms);
    s
}

/// [`time_of_day`], written at the end of `out` (in pieces of the timestamp writer's table of
/// digit pairs: no digit is worked out as a char, and nothing needs checking as UTF-8).
pub(super) fn push_time_of_day(out: &mut String, local_ms: i64) {
    let pair = |v: u32| crate::time::two_digit_text(v as usize);
    let ms = local_ms.rem_euclid(86_400_000) as u32;
    let (h, m, s, f) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    out.reserve(12);
    out.push_str(pair(h));
    out.push(':');
    out.push_str(pair(m));
    out.push(':');
    out.push_str(pair(s));
    out.push('.');
    out.push_str(pair(f / 10).get(..1).unwrap_or("0"));
    out.push_str(pair(f % 100));
}

/// A window on its clock without the date: `[12:20:00.000, 12:25:00.000)`.
pub(super) fn window_label(w: &WindowRef) -> String {
    let mut s = String::with_capacity(28);
    s.push('[');
    push_time_of_day(&mut s, w.start_ms);
    s.push_str(", ");
    push_time_of_day(&mut s, w.end_ms);
    s.push(')');
    s
}

/// `n` in decimal.
pub(super) fn num(n: usize) -> String {
    itoa::Buffer::new().format(n).to_string()
}

pub(super) fn plural(n: usize, one: &str, many: &str) -> String {
    cat(&[itoa::Buffer::new().format(n), " ", if n == 1 { one } else { many }])
}

/// What flows into side `side` (`left` / `right`) of a join: the table its first input reads.
pub(super) fn input_name(ops: &[OperatorInfo], op: usize, side: &str) -> String {
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

/// What a step sentence needs of an operator, from the trace's fields (never its label): the
/// names of its keys and results (an aggregation), its rank range and whether the rank number
/// is an output column (a Top-N), what a deduplication keeps, the names of its output columns.
pub(super) struct OpText {
    pub(super) keys: Vec<String>,
    /// The aggregation's results as the sentence names them (`uv1`, `COUNT(*)`).
    pub(super) results: Vec<String>,
    pub(super) rank_end: Option<i64>,
    /// The Top-N's output ends with its row number.
    pub(super) rank_selected: bool,
    /// The output columns.
    pub(super) columns: Vec<String>,
    pub(super) keep_last: bool,
    pub(super) rowtime: bool,
}

impl OpText {
    pub(super) fn of(o: &OperatorInfo) -> OpText {
        let results = o
            .aggregate
            .as_ref()
            .map(|a| {
                a.calls
                    .iter()
                    .map(|c| match (&c.call, c.named) {
                        (Some(call), false) => call.clone(),
                        _ => c.name.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        OpText {
            keys: o.keys.clone(),
            results,
            rank_end: o.rank.as_ref().and_then(|r| r.end),
            rank_selected: o.rank.as_ref().is_some_and(|r| r.number),
            columns: o.columns.clone(),
            keep_last: o.dedup.as_ref().is_some_and(|d| d.keep_last),
            rowtime: o.dedup.as_ref().is_some_and(|d| d.rowtime),
        }
    }

    /// `name a`, `k a, j 2`; `` for no key.
    pub(super) fn key_text(&self, values: &[String]) -> String {
        let parts: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{} {}", self.keys.get(i).map_or("key", |k| k.as_str()), v))
            .collect();
        parts.join(", ")
    }

    /// `uv1 = 2, n = 3`.
    pub(super) fn results_text(&self, values: &[String]) -> String {
        let parts: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("{} = {}", self.results.get(i).map_or("result", |n| n.as_str()), v))
            .collect();
        parts.join(", ")
    }

    /// `uv1 1 → 2, n = 3` (the results that changed, with their old value).
    pub(super) fn changes_text(&self, before: &[String], after: &[String]) -> String {
        let parts: Vec<String> = after
            .iter()
            .enumerate()
            .map(|(i, v)| {
                let name = self.results.get(i).map_or("result", |n| n.as_str());
                match before.get(i) {
                    Some(b) if b != v => format!("{} {} → {}", name, b, v),
                    _ => format!("{} = {}", name, v),
                }
            })
            .collect();
        parts.join(", ")
    }

    /// The key columns' values in one of the rows the result shows (`cols`: per result column,
    /// the operator's column it is).
    pub(super) fn key_of_row(&self, row: &[String], cols: &[usize]) -> Option<String> {
        if self.keys.is_empty() {
            return None;
        }
        let vals: Option<Vec<String>> = self
            .keys
            .iter()
            .map(|k| {
                let c = self.columns.iter().position(|s| s == k)?;
                cols.iter().position(|&x| x == c).and_then(|i| row.get(i).cloned())
            })
            .collect();
        vals.map(|v| self.key_text(&v))
    }
}

/// `[a, p1, 50]`: a row as the changelog prints it, cut after `max` values.
pub(super) fn row_text(row: &[String], max: usize) -> String {
    let mut s = String::from("[");
    for (i, v) in row.iter().take(max).enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(v);
    }
    s.push_str(if row.len() > max { ", …]" } else { "]" });
    s
}

/// The table an operator reads through a chain of one-input operators (None: several).
pub(super) fn source_table(ops: &[OperatorInfo], op: usize) -> Option<String> {
    let mut cur = ops.get(op)?.inputs.first().copied();
    for _ in 0..64 {
        let o = ops.get(cur?)?;
        if let Some(t) = &o.table {
            return Some(t.clone());
        }
        if o.inputs.len() != 1 {
            return None;
        }
        cur = o.inputs.first().copied();
    }
    None
}

/// `the window aggregation of T1`, `the Top-N` (the operator's name in words, with its table).
pub(super) fn op_words(ops: &[OperatorInfo], op: usize) -> String {
    let Some(o) = ops.get(op) else { return format!("operator {}", op) };
    let what = match o.kind {
        OpKind::GroupAggregate => "the aggregation",
        OpKind::WindowAggregate => "the window aggregation",
        OpKind::Rank => "the Top-N",
        OpKind::WindowRank => "the window Top-N",
        OpKind::Deduplicate => "the deduplication",
        OpKind::WindowDeduplicate => "the window deduplication",
        OpKind::WindowJoin => "the window join",
        _ => return o.kind.flink_name().to_string(),
    };
    // name the table when several operators of the kind could be meant
    let several = ops.iter().filter(|x| x.kind == o.kind).count() > 1;
    match source_table(ops, op) {
        Some(t) if several => format!("{} of {}", what, t),
        _ => what.to_string(),
    }
}

/// The operator whose output is the query's result.
pub(super) fn root_op(ops: &[OperatorInfo]) -> Option<&OperatorInfo> {
    ops.iter().find(|o| !ops.iter().any(|x| x.inputs.contains(&o.id)))
}

/// The operator whose rows the query's result shows as they are: the root, or the operator
/// under Calcs that only pick (and rename) its columns (`OperatorInfo.picks`); with, per result
/// column, the column of that operator it is.
pub(super) fn result_op(ops: &[OperatorInfo]) -> Option<(&OperatorInfo, Vec<usize>)> {
    let mut o = root_op(ops)?;
    let mut cols: Option<Vec<usize>> = None;
    for _ in 0..16 {
        let (Some(picks), [input]) = (&o.picks, o.inputs.as_slice()) else { break };
        cols = Some(match cols {
            None => picks.clone(),
            Some(outer) => outer.iter().map(|&c| picks.get(c).copied().unwrap_or(usize::MAX)).collect(),
        });
        o = ops.get(*input)?;
    }
    let cols = cols.unwrap_or_else(|| (0..o.columns.len()).collect());
    Some((o, cols))
}

/// What a Top-N's rows in the step's output mean (`cols`: per output column, the Top-N's column
/// it is): which row takes which rank, which moves, which leaves (with the rank number in the
/// output), or which rows enter and leave (without it).
pub(super) fn rank_changes(step: &Step, t: &OpText, cols: &[usize]) -> Vec<String> {
    let number = t.columns.len().checked_sub(1).filter(|_| t.rank_selected);
    let at = number.and_then(|r| cols.iter().position(|&c| c == r));
    let n = |r: &Vec<String>| {
        let mut v = r.clone();
        if let Some(i) = at.filter(|i| *i < v.len()) {
            v.remove(i);
        }
        v
    };
    let rank = |r: &Vec<String>| at.and_then(|i| r.get(i).cloned());
    let top = format!("Top-{}", t.rank_end.unwrap_or(1));
    let mut out: Vec<String> = Vec::new();
    let adds: Vec<&crate::trace::OutRow> = step.output.iter().filter(|o| o.kind.is_accumulate()).collect();
    let takes: Vec<&crate::trace::OutRow> = step.output.iter().filter(|o| !o.kind.is_accumulate()).collect();
    for a in &adds {
        let row = n(&a.row);
        let from = takes.iter().find(|x| n(&x.row) == row).and_then(|x| rank(&x.row));
        match (rank(&a.row), from) {
            (Some(r), Some(f)) if f != r => {
                out.push(format!("{} moves from rank {} to rank {}", row_text(&row, 3), f, r))
            }
            (Some(r), Some(_)) => out.push(format!("{} stays at rank {}", row_text(&row, 3), r)),
            (Some(r), None) => out.push(format!("{} takes rank {}", row_text(&row, 3), r)),
            (None, _) => out.push(format!("{} enters the {}", row_text(&row, 3), top)),
        }
    }
    for x in &takes {
        let row = n(&x.row);
        if !adds.iter().any(|a| n(&a.row) == row) {
            out.push(format!("{} leaves the {}", row_text(&row, 3), top));
        }
    }
    out
}

/// A window aggregation's, window Top-N's or window deduplication's fire of one key, with what
/// it emitted: the head (`the window aggregation of T1 fired window [..) at watermark ..`,
/// shared by the keys of one window) and the key's part (`uv1 = 2 for name a`).
pub(super) fn window_op_fire(
    ops: &[OperatorInfo],
    op: usize,
    window: &WindowRef,
    key: &[String],
    emitted: &[&Vec<String>],
    wm: &str,
) -> (String, String) {
    let Some(o) = ops.get(op) else { return (String::new(), String::new()) };
    let t = OpText::of(o);
    let key_text = t.key_text(key);
    let head = format!("{} fired window {} at watermark {}", op_words(ops, op), window_label(window), wm);
    let of_key = |s: String| if key_text.is_empty() { s } else { format!("{} for {}", s, key_text) };
    let item = match o.kind {
        OpKind::WindowAggregate => match emitted.first() {
            Some(row) => {
                let vals: Vec<String> = row.iter().skip(t.keys.len()).take(t.results.len()).cloned().collect();
                of_key(t.results_text(&vals))
            }
            None => of_key("the window is empty, nothing emitted".into()),
        },
        OpKind::WindowRank => {
            let ranked: Vec<String> = emitted
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    let rank =
                        if t.rank_selected { r.last().cloned().unwrap_or_default() } else { (i + 1).to_string() };
                    let vals = if t.rank_selected { &r[..r.len().saturating_sub(1)] } else { &r[..] };
                    format!("rank {} {}", rank, row_text(vals, 3))
                })
                .collect();
            of_key(if ranked.is_empty() { "no row in the rank range".to_string() } else { ranked.join(", ") })
        }
        OpKind::WindowDeduplicate => of_key(format!(
            "it emits the {} row{}",
            if t.keep_last { "last" } else { "first" },
            emitted.first().map(|r| format!(" {}", row_text(r, 3))).unwrap_or_default()
        )),
        _ => String::new(),
    };
    (head, item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::{format_ts, Ts};

    /// The time part of a formatted timestamp (what the sentences showed before `time_of_day`).
    fn short_time(text: &str) -> String {
        // "2023-11-03 12:25:00.000" → "12:25:00.000"; "+inf" stays
        text.split(' ').nth(1).unwrap_or(text).to_string()
    }

    /// The digit-by-digit time of day is what the timestamp formatter's time part says, for any
    /// instant (before 1970, far years, every millisecond of a day's edges).
    #[test]
    fn time_of_day_is_the_formatted_time() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let check = |ms: i64| assert_eq!(time_of_day(ms), short_time(&format_ts(Ts::from_millis(ms), 3)), "{ms}");
        for ms in [0, -1, 1, 86_399_999, 86_400_000, -86_400_000, -86_400_001, 1_704_067_225_000, 253_402_300_799_999] {
            check(ms);
        }
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            check((x % 600_000_000_000_000) as i64 - 300_000_000_000_000);
        }
    }
}

//! Regular (unbounded) join — Flink's `StreamingJoinOperator` and
//! `StreamingSemiAntiJoinOperator` (SEMANTICS.md §1). Every row is kept in state, per join
//! key, for as long as it lives (or until its state TTL runs out); each arriving row is joined
//! at once with what the other side holds.
//!
//! ```text
//!  L +I a ─► store a ─► match B rows with a's key ─► +I[a,b] …   (LEFT: none → +I[a,NULL])
//!  R +I b ─► store b ─► for each matched a: a had no match → -D[a,NULL], then +I[a,b]
//!  R -D b ─► drop b  ─► for each matched a: -D[a,b]; a's last match gone → +I[a,NULL]
//! ```
//!
//! Change kinds: an inner join passes the input's kind through (+U stays +U); an outer join
//! emits only +I and -D, retracting a null-padded row before the joined row that replaces it
//! and re-inserting it when the last match goes away. With several matches the operator
//! interleaves per matched row (Flink 2.x). Outer sides count their matches
//! (`numOfAssociations`) to know when to pad.
//!
//! State layout per input (`JoinInputSideSpec`): one row per join key when the unique key lies
//! inside the join key; rows keyed by their unique key; or a multiset of rows. An accumulate
//! with a unique key already held replaces that row without retracting it (upsert sources
//! arrive through ChangelogNormalize, so they send -U first). Expired rows (state TTL, processing time) stop matching
//! silently; nothing is retracted when they expire.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::changelog::RowKind;
use crate::expr::{EvalCtx, Expr};
use crate::plan::{InputSpec, JoinKind};
use crate::time::{format_watermark, SessionZone};
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::{merge_lineage, render, Ctx, Record};

type Key = SmallVec<[Value; 2]>;

struct Entry {
    row: Row,
    lineage: Lineage,
    /// How many copies of this row are held (multiset inputs).
    count: usize,
    /// How many rows of the other side match it (outer sides only).
    assoc: usize,
    /// Processing time of its last write (state TTL).
    written: i64,
    seq: u64,
}

#[derive(Default)]
struct Side {
    by_key: FxHashMap<Key, Vec<Entry>>,
    /// Writes in processing-time order (state TTL): (time, key). A key may appear several
    /// times; each time its rows are checked again.
    writes: VecDeque<(i64, Key)>,
}

pub struct RegularJoinSpec {
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    pub null_safe: Vec<bool>,
    pub residual: Option<Expr>,
    pub left_spec: InputSpec,
    pub right_spec: InputSpec,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    pub left_ttl: i64,
    pub right_ttl: i64,
    pub input_names: [String; 2],
    /// Output columns picked from (left ++ right) when a projection was fused into the join.
    pub project: Option<Vec<usize>>,
}

pub struct RegularJoinOp {
    s: RegularJoinSpec,
    sides: [Side; 2],
    input_wm: [i64; 2],
    current: i64,
    seq: u64,
}

fn side_name(i: usize) -> &'static str {
    if i == 0 {
        "left"
    } else {
        "right"
    }
}

impl RegularJoinOp {
    pub fn new(s: RegularJoinSpec) -> RegularJoinOp {
        RegularJoinOp { s, sides: [Side::default(), Side::default()], input_wm: [i64::MIN, i64::MIN], current: i64::MIN, seq: 0 }
    }

    fn keys(&self, side: usize) -> &[usize] {
        if side == 0 {
            &self.s.left_keys
        } else {
            &self.s.right_keys
        }
    }

    fn spec(&self, side: usize) -> &InputSpec {
        if side == 0 {
            &self.s.left_spec
        } else {
            &self.s.right_spec
        }
    }

    fn types(&self, side: usize) -> &[DataType] {
        if side == 0 {
            &self.s.left_types
        } else {
            &self.s.right_types
        }
    }

    fn ttl(&self, side: usize) -> i64 {
        if side == 0 {
            self.s.left_ttl
        } else {
            self.s.right_ttl
        }
    }

    /// Whether side `i` keeps rows that found no match (padded with NULLs).
    fn outer(&self, i: usize) -> bool {
        if i == 0 {
            matches!(self.s.kind, JoinKind::Left | JoinKind::Full)
        } else {
            matches!(self.s.kind, JoinKind::Right | JoinKind::Full)
        }
    }

    fn semi_anti(&self) -> bool {
        matches!(self.s.kind, JoinKind::Semi | JoinKind::Anti)
    }

    fn key_of(&self, side: usize, row: &Row) -> Key {
        self.keys(side).iter().map(|&k| row[k].clone()).collect()
    }

    fn key_matchable(&self, key: &Key) -> bool {
        key.iter().zip(&self.s.null_safe).all(|(v, safe)| *safe || !v.is_null())
    }

    fn same_entry(&self, side: usize, a: &Row, b: &Row) -> bool {
        match self.spec(side) {
            InputSpec::JoinKeyContainsUniqueKey(_) => true,
            InputSpec::HasUniqueKey(uk) => uk.iter().all(|&c| a[c] == b[c]),
            InputSpec::NoUniqueKey => a == b,
        }
    }

    fn residual_ok(&self, l: &Row, r: &Row, ctx: &EvalCtx, buf: &mut Row) -> Result<bool, String> {
        match &self.s.residual {
            None => Ok(true),
            Some(c) => {
                buf.clear();
                buf.extend(l.iter().cloned());
                buf.extend(r.iter().cloned());
                c.eval_true(buf, ctx)
            }
        }
    }

    fn out_types(&self) -> Vec<DataType> {
        let mut t = self.s.left_types.clone();
        if !self.semi_anti() {
            t.extend(self.s.right_types.iter().cloned());
        }
        match &self.s.project {
            Some(cols) => cols.iter().map(|&c| t[c].clone()).collect(),
            None => t,
        }
    }

    /// Builds an output row from the left and right rows (None: padded with NULLs).
    fn build(&self, l: Option<&Row>, r: Option<&Row>) -> Row {
        let lw = self.s.left_types.len();
        let rw = self.s.right_types.len();
        let pick = |c: usize| -> Value {
            if c < lw {
                l.map(|x| x[c].clone()).unwrap_or(Value::Null)
            } else {
                r.map(|x| x[c - lw].clone()).unwrap_or(Value::Null)
            }
        };
        match &self.s.project {
            Some(cols) => cols.iter().map(|&c| pick(c)).collect(),
            None => {
                let width = if self.semi_anti() { lw } else { lw + rw };
                let mut row = Vec::with_capacity(width);
                match l {
                    Some(x) => row.extend(x.iter().cloned()),
                    None => row.extend(std::iter::repeat_n(Value::Null, lw)),
                }
                if !self.semi_anti() {
                    match r {
                        Some(x) => row.extend(x.iter().cloned()),
                        None => row.extend(std::iter::repeat_n(Value::Null, rw)),
                    }
                }
                row
            }
        }
    }

    fn emit(&self, kind: RowKind, row: Row, lineage: Lineage, cx: &mut Ctx) {
        if cx.tracing() {
            let text = render(&row, &self.out_types(), cx.zone);
            let (op, lin) = (cx.op, lineage.clone());
            cx.event(|| Event::Emit { op, kind, row: text, lineage: lin });
        }
        cx.emit(Record { kind, row, lineage });
    }

    /// Notes a write of `key` on `side` for state TTL.
    fn touch(&mut self, side: usize, key: &Key, now: i64) {
        if self.ttl(side) > 0 {
            self.sides[side].writes.push_back((now, key.clone()));
        }
    }

    /// Drops expired rows (state TTL) and reports them, oldest write first.
    fn expire(&mut self, now: i64, cx: &mut Ctx) {
        for side in 0..2 {
            let ttl = self.ttl(side);
            if ttl <= 0 {
                continue;
            }
            let mut events = Vec::new();
            let st = &mut self.sides[side];
            while let Some((t, _)) = st.writes.front() {
                if now < t.saturating_add(ttl) {
                    break;
                }
                let Some((_, key)) = st.writes.pop_front() else { break };
                let Some(list) = st.by_key.get_mut(&key) else { continue };
                let before: usize = list.iter().map(|e| e.count).sum();
                let mut oldest = i64::MAX;
                list.retain(|e| {
                    let keep = now < e.written.saturating_add(ttl);
                    if !keep {
                        oldest = oldest.min(e.written);
                    }
                    keep
                });
                let after: usize = list.iter().map(|e| e.count).sum();
                if list.is_empty() {
                    st.by_key.remove(&key);
                }
                if after < before {
                    events.push((key, before - after, oldest));
                }
            }
            if cx.tracing() {
                let key_types: Vec<DataType> = self.keys(side).iter().map(|&k| self.types(side)[k].clone()).collect();
                for (key, n, written) in events {
                    let k = render(&key, &key_types, cx.zone);
                    let op = cx.op;
                    let reason = format!(
                        "state TTL: not written since {} (processing time), TTL {}",
                        format_watermark(written),
                        crate::time::window::explain_duration(ttl)
                    );
                    cx.event(|| Event::StateExpire { op, side: side_name(side).into(), key: k, window: None, rows: n, reason });
                }
            }
        }
    }

    pub fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), String> {
        self.expire(cx.proc_time, cx);
        let side = input;
        self.process(side, rec, cx)
    }

    /// The join algorithm for one input row (SEMANTICS.md §1.2, §1.3).
    fn process(&mut self, side: usize, rec: Record, cx: &mut Ctx) -> Result<(), String> {
        let other = 1 - side;
        let now = cx.proc_time;
        let tracing = cx.tracing();
        let ctx = EvalCtx { zone: cx.zone, proc_time: now, watermark: Some(self.current) };
        let key = self.key_of(side, &rec.row);
        let matchable = self.key_matchable(&key);
        let other_ttl = self.ttl(other);
        let mut buf = Vec::new();
        // matching rows of the other side: (index in its key list, multiplicity)
        let mut matches: Vec<usize> = Vec::new();
        if matchable {
            if let Some(list) = self.sides[other].by_key.get(&key) {
                for (i, e) in list.iter().enumerate() {
                    if other_ttl > 0 && now >= e.written.saturating_add(other_ttl) {
                        continue;
                    }
                    let (l, r) = if side == 0 { (&rec.row, &e.row) } else { (&e.row, &rec.row) };
                    if self.residual_ok(l, r, &ctx, &mut buf)? {
                        matches.push(i);
                    }
                }
            }
        }
        let total: usize =
            matches.iter().map(|&i| self.sides[other].by_key.get(&key).map(|l| l[i].count).unwrap_or(0)).sum();
        let acc = rec.kind.is_accumulate();
        // update this side's state
        self.seq += 1;
        let seq = self.seq;
        let rows_in_state;
        {
            let same = |e: &Entry| self.same_entry(side, &e.row, &rec.row);
            let found = self.sides[side].by_key.get(&key).and_then(|l| l.iter().position(|e| same(e)));
            let no_uk = matches!(self.spec(side), InputSpec::NoUniqueKey);
            let st = &mut self.sides[side];
            if acc {
                match (found, no_uk) {
                    (Some(i), true) => {
                        let e = &mut st.by_key.get_mut(&key).expect("key present")[i];
                        e.count += 1;
                        e.written = now;
                    }
                    (Some(i), false) => {
                        let e = &mut st.by_key.get_mut(&key).expect("key present")[i];
                        e.row = rec.row.clone();
                        e.lineage = rec.lineage.clone();
                        e.count = 1;
                        e.assoc = total;
                        e.written = now;
                    }
                    (None, _) => {
                        st.by_key.entry(key.clone()).or_default().push(Entry {
                            row: rec.row.clone(),
                            lineage: rec.lineage.clone(),
                            count: 1,
                            assoc: total,
                            written: now,
                            seq,
                        });
                    }
                }
            } else if let Some(i) = found {
                let list = st.by_key.get_mut(&key).expect("key present");
                if list[i].count > 1 {
                    list[i].count -= 1;
                } else {
                    list.remove(i);
                }
                if list.is_empty() {
                    st.by_key.remove(&key);
                }
            }
            rows_in_state = st.by_key.get(&key).map(|l| l.iter().map(|e| e.count).sum()).unwrap_or(0);
        }
        if acc {
            self.touch(side, &key, now);
        }
        if tracing {
            let key_types: Vec<DataType> = self.keys(side).iter().map(|&k| self.types(side)[k].clone()).collect();
            let k = render(&key, &key_types, cx.zone);
            let op = cx.op;
            if acc {
                let row = render(&rec.row, self.types(side), cx.zone);
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert { op, side: side_name(side).into(), key: k, window: None, row, lineage, rows_in_state });
            } else {
                cx.event(|| Event::StateExpire { op, side: side_name(side).into(), key: k, window: None, rows: 1, reason: format!("retracted by {}", rec.kind.short()) });
            }
        }
        if self.semi_anti() {
            return self.process_semi_anti(side, rec, &key, &matches, total, cx);
        }
        let s_outer = self.outer(side);
        let o_outer = self.outer(other);
        let join_row = |this: &RegularJoinOp, me: &Row, them: &Row| -> Row {
            if side == 0 {
                this.build(Some(me), Some(them))
            } else {
                this.build(Some(them), Some(me))
            }
        };
        let pad_me = |this: &RegularJoinOp, me: &Row| -> Row {
            if side == 0 {
                this.build(Some(me), None)
            } else {
                this.build(None, Some(me))
            }
        };
        let pad_them = |this: &RegularJoinOp, them: &Row| -> Row {
            if side == 0 {
                this.build(None, Some(them))
            } else {
                this.build(Some(them), None)
            }
        };
        if matches.is_empty() {
            if s_outer {
                let kind = if acc { RowKind::Insert } else { RowKind::Delete };
                let row = pad_me(self, &rec.row);
                self.emit(kind, row, rec.lineage.clone(), cx);
            }
            return Ok(());
        }
        for &i in &matches {
            let (them, them_lineage, count, assoc) = {
                let e = &self.sides[other].by_key.get(&key).expect("key present")[i];
                (e.row.clone(), e.lineage.clone(), e.count, e.assoc)
            };
            let lineage = if tracing { merge_lineage(&rec.lineage, &them_lineage) } else { Vec::new() };
            if acc {
                if o_outer && assoc == 0 {
                    for _ in 0..count {
                        self.emit(RowKind::Delete, pad_them(self, &them), them_lineage.clone(), cx);
                    }
                }
                if o_outer {
                    let e = &mut self.sides[other].by_key.get_mut(&key).expect("key present")[i];
                    e.assoc += 1;
                    e.written = now;
                    self.touch(other, &key, now);
                }
                let kind = if s_outer || o_outer { RowKind::Insert } else { rec.kind };
                for _ in 0..count {
                    self.emit(kind, join_row(self, &rec.row, &them), lineage.clone(), cx);
                }
            } else {
                let kind = if s_outer { RowKind::Delete } else { rec.kind };
                for _ in 0..count {
                    self.emit(kind, join_row(self, &rec.row, &them), lineage.clone(), cx);
                }
                if o_outer {
                    let e = &mut self.sides[other].by_key.get_mut(&key).expect("key present")[i];
                    e.assoc = e.assoc.saturating_sub(1);
                    e.written = now;
                    let unmatched = e.assoc == 0;
                    self.touch(other, &key, now);
                    if unmatched {
                        for _ in 0..count {
                            self.emit(RowKind::Insert, pad_them(self, &them), them_lineage.clone(), cx);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// SEMI / ANTI (SEMANTICS.md §1.3): left rows are emitted (or retracted) as their match
    /// count crosses zero; the kind of a change caused by the right side is the right row's.
    fn process_semi_anti(
        &mut self,
        side: usize,
        rec: Record,
        key: &Key,
        matches: &[usize],
        total: usize,
        cx: &mut Ctx,
    ) -> Result<(), String> {
        let semi = self.s.kind == JoinKind::Semi;
        let acc = rec.kind.is_accumulate();
        if side == 0 {
            if (total > 0) == semi {
                let row = self.build(Some(&rec.row), None);
                self.emit(rec.kind, row, rec.lineage.clone(), cx);
            }
            return Ok(());
        }
        for &i in matches {
            let (left, lineage, count, assoc) = {
                let e = &self.sides[0].by_key.get(key).expect("key present")[i];
                (e.row.clone(), e.lineage.clone(), e.count, e.assoc)
            };
            if acc {
                if assoc == 0 {
                    for _ in 0..count {
                        let row = self.build(Some(&left), None);
                        if semi {
                            self.emit(rec.kind, row, lineage.clone(), cx);
                        } else {
                            self.emit(RowKind::Delete, row, lineage.clone(), cx);
                        }
                    }
                }
                let e = &mut self.sides[0].by_key.get_mut(key).expect("key present")[i];
                e.assoc += 1;
            } else {
                if assoc == 1 {
                    for _ in 0..count {
                        let row = self.build(Some(&left), None);
                        if semi {
                            self.emit(rec.kind, row, lineage.clone(), cx);
                        } else {
                            self.emit(RowKind::Insert, row, lineage.clone(), cx);
                        }
                    }
                }
                let e = &mut self.sides[0].by_key.get_mut(key).expect("key present")[i];
                e.assoc = e.assoc.saturating_sub(1);
            }
        }
        Ok(())
    }

    pub fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), String> {
        if wm > self.input_wm[input] {
            self.input_wm[input] = wm;
        }
        let combined = self.input_wm[0].min(self.input_wm[1]);
        if combined > self.current {
            self.current = combined;
            let op = cx.op;
            cx.event(|| Event::Watermark { op, value_ms: combined, text: format_watermark(combined) });
            cx.emit_watermark(combined);
        } else if cx.tracing() {
            let op = cx.op;
            let held = Some(self.s.input_names[1 - input].clone());
            cx.event(|| Event::InputWatermark { op, input, value_ms: wm, text: format_watermark(wm), held_by: held });
        }
        Ok(())
    }

    /// Rows held per side and join key, with each row's match count on outer sides.
    pub fn state(&self, op: usize, zone: &SessionZone) -> StateSummary {
        let mut groups = Vec::new();
        let mut rows = 0;
        for side in 0..2 {
            let st = &self.sides[side];
            let key_types: Vec<DataType> = self.keys(side).iter().map(|&k| self.types(side)[k].clone()).collect();
            let counted = self.outer(side) || (side == 0 && self.semi_anti());
            // keys in the order their oldest row arrived (hash order differs between builds)
            let mut keys: Vec<(&Key, u64)> = st.by_key.iter().map(|(k, l)| (k, l.iter().map(|e| e.seq).min().unwrap_or(0))).collect();
            keys.sort_by_key(|(_, s)| *s);
            for (key, _) in keys {
                let Some(list) = st.by_key.get(key) else { continue };
                let mut entries: Vec<&Entry> = list.iter().collect();
                entries.sort_by_key(|e| e.seq);
                let mut g = StateGroup { side: side_name(side).into(), key: render(key, &key_types, zone), window: None, rows: Vec::new(), row_notes: Vec::new() };
                for e in entries {
                    rows += e.count;
                    g.rows.push(render(&e.row, self.types(side), zone));
                    let mut note = Vec::new();
                    if e.count > 1 {
                        note.push(format!("×{}", e.count));
                    }
                    if counted {
                        note.push(format!("matches: {}", e.assoc));
                    }
                    g.row_notes.push(note.join(", "));
                }
                groups.push(g);
            }
        }
        StateSummary { op, rows, groups }
    }

    pub fn state_rows(&self) -> usize {
        self.sides.iter().map(|s| s.by_key.values().map(|l| l.iter().map(|e| e.count).sum::<usize>()).sum::<usize>()).sum()
    }
}

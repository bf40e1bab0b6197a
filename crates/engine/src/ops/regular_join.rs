//! Regular (unbounded) join — Flink's `StreamingJoinOperator` and `StreamingSemiAntiJoinOperator`
//! (SEMANTICS.md §1). Every row is kept in state, per join key, for as long as it lives (or until
//! its state TTL runs out); each arriving row is joined at once with what the other side holds.
//!
//! ```text
//!  L +I a ─► store a ─► match B rows with a's key ─► +I[a,b] …   (LEFT: none → +I[a,NULL])
//!  R +I b ─► store b ─► for each matched a: a had no match → -D[a,NULL], then +I[a,b]
//!  R -D b ─► drop b  ─► for each matched a: -D[a,b]; a's last match gone → +I[a,NULL]
//! ```
//!
//! Change kinds: an inner join passes the input's kind through (+U stays +U). A row arriving on an
//! outer side, or matching rows of an outer side, comes out as +I (accumulate) or -D (retraction
//! on the outer side); a retraction on the inner side of an outer join keeps its kind (a -U of the
//! right side of a LEFT join gives `-U[joined]`, then +I of the padded row — the oracle shows this).
//! A padded row is retracted before the joined row that replaces it and re-inserted when the last
//! match goes away; with several matches the operator interleaves per matched row (Flink 2.x).
//! Outer sides count their matches (`numOfAssociations`).
//!
//! State layout per input (`JoinInputSideSpec`): one row per join key when the unique key lies
//! inside the join key; rows keyed by their unique key; or a multiset of rows. An accumulate with
//! a unique key already held replaces that row without retracting it (upsert sources arrive
//! through ChangelogNormalize, so they send -U first). Key columns of different types
//! (`INT = BIGINT`) are matched on their common type, as Flink casts them before the join.
//!
//! # Emits
//! At once, on arrival: the joined rows; an outer side's unmatched row padded with NULLs.
//! # Retracts
//! A padded row when its first match arrives (`-D[a,NULL]` before `+I[a,b]`); the joined rows of
//! a retracted input row; re-inserts the padded row when the last match goes.
//! # State
//! Kept: every row of both inputs per join key ([`super::join_state`]). Freed: by a retraction,
//! or by state TTL (processing time, [`super::write_queue`]) — silently: nothing is retracted when
//! rows expire.
//! # Watermark out
//! The minimum of both inputs' ([`super::watermarks`]).
//! # Trace events
//! `state_insert`, `state_expire` (causes `retracted`, `ttl`), `emit`, `watermark`,
//! `input_watermark`.
//! # Flink class
//! `StreamingJoinOperator`, `StreamingSemiAntiJoinOperator` (`StreamExecJoin`).
//! # Scenarios
//! `tests/conformance/regular_join/*`, `changelog/*`; `tests/regular_join_harness.rs` drives it
//! alone; `tests/reference_join.rs` checks it against a batch join.

use crate::error::RuntimeError;
use crate::expr::typing::least_restrictive;
use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::ExpireCause;
use crate::kinds::RowKind;
use crate::kinds::{InputSpec, JoinKind};
use crate::time::{format_watermark, SessionZone};
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::join_state::{JoinState, Key};
use super::watermarks::InputWatermarks;
use super::write_queue::WriteQueue;
use super::{merge_lineage, render, Ctx, Operator, Record};

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
    /// Per input: the columns of the arriving row that make the input's row, when a plain
    /// projection below the join was fused into it.
    pub input_project: [Option<Vec<usize>>; 2],
    /// Keep lineage in state (the page's trace).
    pub tracing: bool,
}

pub struct RegularJoinOp {
    s: RegularJoinSpec,
    sides: [JoinState; 2],
    /// Writes in processing-time order per side (state TTL): (time, key).
    writes: [WriteQueue<Key>; 2],
    watermarks: InputWatermarks,
    seq: u64,
    /// Scratch: matching slots of the other side, and the concatenated row for the residual.
    matches: Vec<u32>,
    buf: Row,
    /// Per side and key column: the common type to cast the key to, when the two sides' key
    /// types differ (`INT = BIGINT` joins on BIGINT values, as Flink's planner casts).
    key_casts: [Vec<Option<DataType>>; 2],
    /// Per side: the types of its key columns (its trace's keys print with them).
    key_types: [Vec<DataType>; 2],
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
        let sides = [JoinState::new(s.left_types.len(), s.tracing), JoinState::new(s.right_types.len(), s.tracing)];
        let mut key_casts = [Vec::new(), Vec::new()];
        for (&l, &r) in s.left_keys.iter().zip(&s.right_keys) {
            let (lt, rt) = (&s.left_types[l], &s.right_types[r]);
            let common = if lt.kind == rt.kind { None } else { least_restrictive(&[lt, rt]) };
            let cast = |t: &DataType| common.as_ref().filter(|c| c.kind != t.kind).cloned();
            key_casts[0].push(cast(lt));
            key_casts[1].push(cast(rt));
        }
        let watermarks = InputWatermarks::new(s.input_names.to_vec());
        let key_types = [
            s.left_keys.iter().map(|&k| s.left_types[k].clone()).collect(),
            s.right_keys.iter().map(|&k| s.right_types[k].clone()).collect(),
        ];
        RegularJoinOp {
            key_types,
            key_casts,
            s,
            sides,
            writes: [WriteQueue::default(), WriteQueue::default()],
            watermarks,
            seq: 0,
            matches: Vec::new(),
            buf: Vec::new(),
        }
    }

    fn keys(&self, side: usize) -> &[usize] {
        if side == 0 {
            &self.s.left_keys
        } else {
            &self.s.right_keys
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

    fn key_of(&self, side: usize, row: &[Value], zone: &SessionZone) -> Result<Key, RuntimeError> {
        if self.key_casts[side].iter().all(Option::is_none) {
            // no key to cast (the usual case): the key is the row's values
            return Ok(super::join_state::plain_key(self.keys(side), row));
        }
        let types = self.types(side);
        self.keys(side)
            .iter()
            .zip(&self.key_casts[side])
            .map(|(&k, cast)| match cast {
                Some(to) => cast_value(&row[k], &types[k], to, zone),
                None => Ok(row[k].clone()),
            })
            .collect()
    }

    fn key_matchable(&self, key: &Key) -> bool {
        key.iter().zip(&self.s.null_safe).all(|(v, safe)| *safe || !v.is_null())
    }

    fn same_entry(spec: &InputSpec, a: &[Value], b: &[Value]) -> bool {
        match spec {
            InputSpec::JoinKeyContainsUniqueKey(_) => true,
            InputSpec::HasUniqueKey(uk) => uk.iter().all(|&c| a[c] == b[c]),
            InputSpec::NoUniqueKey => a == b,
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
    fn build(&self, l: Option<&[Value]>, r: Option<&[Value]>) -> Row {
        let lw = self.s.left_types.len();
        let rw = self.s.right_types.len();
        match &self.s.project {
            Some(cols) => cols
                .iter()
                .map(|&c| {
                    if c < lw {
                        l.map_or(Value::Null, |x| x[c].copy_of())
                    } else {
                        r.map_or(Value::Null, |x| x[c - lw].copy_of())
                    }
                })
                .collect(),
            None => {
                let width = if self.semi_anti() { lw } else { lw + rw };
                let mut row = Vec::with_capacity(width);
                match l {
                    Some(x) => row.extend_from_slice(x),
                    None => row.resize(lw, Value::Null),
                }
                if !self.semi_anti() {
                    match r {
                        Some(x) => row.extend_from_slice(x),
                        None => row.resize(lw + rw, Value::Null),
                    }
                }
                row
            }
        }
    }

    /// The joined row of `me` (arriving on `side`) and `them` (held by the other side).
    fn joined(&self, side: usize, me: &[Value], them: &[Value]) -> Row {
        if side == 0 {
            self.build(Some(me), Some(them))
        } else {
            self.build(Some(them), Some(me))
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
            self.writes[side].push(now, key.clone());
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
            while let Some(key) = self.writes[side].pop_expired(now, ttl) {
                let mut slots = Vec::new();
                self.sides[side].slots(&key, &mut slots);
                let mut gone = 0;
                let mut oldest = i64::MAX;
                for s in slots {
                    let m = *self.sides[side].meta(s);
                    if now >= m.written.saturating_add(ttl) {
                        gone += m.count as usize;
                        oldest = oldest.min(m.written);
                        self.sides[side].remove_all(&key, s);
                    }
                }
                if gone > 0 {
                    events.push((key, gone, oldest));
                }
            }
            if cx.tracing() {
                for (key, n, written) in events {
                    let k = render(&key, &self.key_types[side], cx.zone);
                    let op = cx.op;
                    let reason = format!(
                        "state TTL: not written since {} (processing time), TTL {}",
                        format_watermark(written),
                        crate::time::window::explain_duration(ttl)
                    );
                    cx.event(|| Event::StateExpire {
                        op,
                        side: side_name(side).into(),
                        key: k,
                        window: None,
                        rows: n,
                        cause: ExpireCause::Ttl,
                        reason,
                    });
                }
            }
        }
    }

    /// Rows of the other side that match `row` (slots in `self.matches`); returns the number of
    /// matching rows, copies counted.
    fn find_matches(&mut self, side: usize, key: &Key, row: &[Value], cx: &Ctx) -> Result<usize, RuntimeError> {
        let other = 1 - side;
        let mut matches = std::mem::take(&mut self.matches);
        matches.clear();
        let mut total = 0;
        if self.key_matchable(key) {
            let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: Some(self.watermarks.current()) };
            let mut buf = std::mem::take(&mut self.buf);
            for s in self.sides[other].iter_key(key) {
                let them = self.sides[other].row(s);
                let ok = match &self.s.residual {
                    None => true,
                    Some(c) => {
                        buf.clear();
                        if side == 0 {
                            buf.extend_from_slice(row);
                            buf.extend_from_slice(them);
                        } else {
                            buf.extend_from_slice(them);
                            buf.extend_from_slice(row);
                        }
                        c.eval_true(&buf, &ctx)?
                    }
                };
                if ok {
                    matches.push(s);
                    total += self.sides[other].meta(s).count as usize;
                }
            }
            self.buf = buf;
        }
        self.matches = matches;
        Ok(total)
    }

    /// Adds (accumulate) or takes away (retraction) the arriving row in its side's state.
    fn store(&mut self, side: usize, key: &Key, rec: &Record, assoc: usize, now: i64, cx: &mut Ctx) {
        let acc = rec.kind.is_accumulate();
        let spec = if side == 0 { &self.s.left_spec } else { &self.s.right_spec };
        let no_uk = matches!(spec, InputSpec::NoUniqueKey);
        self.seq += 1;
        if acc {
            let seq = self.seq;
            self.sides[side].accumulate(
                key,
                &rec.row,
                &rec.lineage,
                |r| Self::same_entry(spec, r, &rec.row),
                no_uk,
                (assoc as u32, now, seq),
            );
            self.touch(side, key, now);
        } else if let Some(s) = self.sides[side].find(key, |r| Self::same_entry(spec, r, &rec.row)) {
            self.sides[side].remove_one(key, s);
        }
        if cx.tracing() {
            let k = render(key, &self.key_types[side], cx.zone);
            let op = cx.op;
            if acc {
                let mut slots = Vec::new();
                self.sides[side].slots(key, &mut slots);
                let rows_in_state = slots.iter().map(|&s| self.sides[side].meta(s).count as usize).sum();
                let row = render(&rec.row, self.types(side), cx.zone);
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert {
                    op,
                    side: side_name(side).into(),
                    key: k,
                    window: None,
                    row,
                    lineage,
                    rows_in_state,
                });
            } else {
                let reason = format!("retracted by {}", rec.kind.short());
                cx.event(|| Event::StateExpire {
                    op,
                    side: side_name(side).into(),
                    key: k,
                    window: None,
                    rows: 1,
                    cause: ExpireCause::Retracted,
                    reason,
                });
            }
        }
    }

    /// The join algorithm for one input row (SEMANTICS.md §1.2, §1.3).
    fn process(&mut self, side: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let other = 1 - side;
        let now = cx.proc_time;
        let tracing = cx.tracing();
        let key = self.key_of(side, &rec.row, cx.zone)?;
        let total = self.find_matches(side, &key, &rec.row, cx)?;
        self.store(side, &key, &rec, total, now, cx);
        let matches = std::mem::take(&mut self.matches);
        let r = if self.semi_anti() {
            self.process_semi_anti(side, &rec, &matches, total, cx)
        } else {
            self.emit_join(side, other, &key, &rec, &matches, now, tracing, cx);
            Ok(())
        };
        self.matches = matches;
        r
    }

    #[allow(clippy::too_many_arguments)]
    fn emit_join(
        &mut self,
        side: usize,
        other: usize,
        key: &Key,
        rec: &Record,
        matches: &[u32],
        now: i64,
        tracing: bool,
        cx: &mut Ctx,
    ) {
        let acc = rec.kind.is_accumulate();
        let s_outer = self.outer(side);
        let o_outer = self.outer(other);
        if matches.is_empty() {
            if s_outer {
                let kind = if acc { RowKind::Insert } else { RowKind::Delete };
                let row = if side == 0 { self.build(Some(&rec.row), None) } else { self.build(None, Some(&rec.row)) };
                self.emit(kind, row, rec.lineage.clone(), cx);
            }
            return;
        }
        for &s in matches {
            let m = *self.sides[other].meta(s);
            let count = m.count as usize;
            let them_lineage: Lineage = if tracing { self.sides[other].lineage(s).to_vec() } else { Vec::new() };
            let lineage = if tracing { merge_lineage(&rec.lineage, &them_lineage) } else { Vec::new() };
            let pad_them = |this: &RegularJoinOp| -> Row {
                let them = this.sides[other].row(s);
                if side == 0 {
                    this.build(None, Some(them))
                } else {
                    this.build(Some(them), None)
                }
            };
            if acc {
                if o_outer && m.assoc == 0 {
                    for _ in 0..count {
                        let row = pad_them(self);
                        self.emit(RowKind::Delete, row, them_lineage.clone(), cx);
                    }
                }
                if o_outer {
                    let mm = self.sides[other].meta_mut(s);
                    mm.assoc += 1;
                    mm.written = now;
                    self.touch(other, key, now);
                }
                let kind = if s_outer || o_outer { RowKind::Insert } else { rec.kind };
                for _ in 0..count {
                    let row = self.joined(side, &rec.row, self.sides[other].row(s));
                    self.emit(kind, row, lineage.clone(), cx);
                }
            } else {
                let kind = if s_outer { RowKind::Delete } else { rec.kind };
                for _ in 0..count {
                    let row = self.joined(side, &rec.row, self.sides[other].row(s));
                    self.emit(kind, row, lineage.clone(), cx);
                }
                if o_outer {
                    let mm = self.sides[other].meta_mut(s);
                    mm.assoc = mm.assoc.saturating_sub(1);
                    mm.written = now;
                    let unmatched = mm.assoc == 0;
                    self.touch(other, key, now);
                    if unmatched {
                        for _ in 0..count {
                            let row = pad_them(self);
                            self.emit(RowKind::Insert, row, them_lineage.clone(), cx);
                        }
                    }
                }
            }
        }
    }

    /// SEMI / ANTI (SEMANTICS.md §1.3): left rows are emitted (or retracted) as their match
    /// count crosses zero; the kind of a change caused by the right side is the right row's.
    fn process_semi_anti(
        &mut self,
        side: usize,
        rec: &Record,
        matches: &[u32],
        total: usize,
        cx: &mut Ctx,
    ) -> Result<(), RuntimeError> {
        let semi = self.s.kind == JoinKind::Semi;
        let acc = rec.kind.is_accumulate();
        if side == 0 {
            if (total > 0) == semi {
                let row = self.build(Some(&rec.row), None);
                self.emit(rec.kind, row, rec.lineage.clone(), cx);
            }
            return Ok(());
        }
        for &s in matches {
            let m = *self.sides[0].meta(s);
            let lineage: Lineage = self.sides[0].lineage(s).to_vec();
            let left: Row = self.sides[0].row(s).to_vec();
            if acc {
                if m.assoc == 0 {
                    for _ in 0..m.count {
                        let row = self.build(Some(&left), None);
                        let kind = if semi { rec.kind } else { RowKind::Delete };
                        self.emit(kind, row, lineage.clone(), cx);
                    }
                }
                self.sides[0].meta_mut(s).assoc += 1;
            } else {
                if m.assoc == 1 {
                    for _ in 0..m.count {
                        let row = self.build(Some(&left), None);
                        let kind = if semi { rec.kind } else { RowKind::Insert };
                        self.emit(kind, row, lineage.clone(), cx);
                    }
                }
                let mm = self.sides[0].meta_mut(s);
                mm.assoc = mm.assoc.saturating_sub(1);
            }
        }
        Ok(())
    }
}

impl Operator for RegularJoinOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        self.expire(cx.proc_time, cx);
        let rec = match &self.s.input_project[input] {
            Some(cols) => {
                Record { kind: rec.kind, row: cols.iter().map(|&c| rec.row[c].clone()).collect(), lineage: rec.lineage }
            }
            None => rec,
        };
        self.process(input, rec, cx)
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if self.watermarks.advance(input, wm, cx).is_some() {
            self.watermarks.emit(cx);
        }
        Ok(())
    }

    fn on_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let advanced = self.watermarks.set_idle(input, idle, cx);
        if advanced.is_some() {
            self.watermarks.emit(cx);
        }
        Ok(())
    }

    /// Rows held per side and join key, with each row's match count on outer sides.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut groups = Vec::new();
        let mut rows = 0;
        for side in 0..2 {
            let st = &self.sides[side];
            let key_types: Vec<DataType> = self.keys(side).iter().map(|&k| self.types(side)[k].clone()).collect();
            let counted = self.outer(side) || (side == 0 && self.semi_anti());
            for (key, slots) in st.keys_in_order() {
                let mut g = StateGroup {
                    side: side_name(side).into(),
                    key: render(key, &key_types, zone),
                    window: None,
                    rows: Vec::new(),
                    row_notes: Vec::new(),
                };
                for s in slots {
                    let m = st.meta(s);
                    rows += m.count as usize;
                    g.rows.push(render(st.row(s), self.types(side), zone));
                    let mut note = Vec::new();
                    if m.count > 1 {
                        note.push(format!("×{}", m.count));
                    }
                    if counted {
                        note.push(format!("matches: {}", m.assoc));
                    }
                    let ttl = self.ttl(side);
                    if ttl > 0 {
                        note.push(format!("TTL until {}", format_watermark(m.written.saturating_add(ttl))));
                    }
                    g.row_notes.push(note.join(", "));
                }
                groups.push(g);
            }
        }
        Some(StateSummary { op, rows, groups })
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.sides[0].len() + self.sides[1].len())
    }
}

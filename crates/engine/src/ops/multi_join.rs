//! Multi-way join — Flink's `StreamingMultiJoinOperator` (SEMANTICS.md §7), planned for a chain of
//! INNER / LEFT joins that share a common join key when the query carries `/*+ MULTI_JOIN(…) */`
//! or `table.optimizer.multi-join.enabled` is on. One operator holds one state per input
//! (partitioned by the common key) and no intermediate join results.
//!
//! ```text
//!  input i row r ─► walk inputs 0..n-1 depth first, rows of each input's state that satisfy
//!                   that level's condition; r itself stands in at level i
//!               ─► every complete combination is emitted with r's kind (+I/-U/+U/-D)
//!               ─► then r is added to (or retracted from) input i's state
//!  LEFT level i:  r accumulates and the rows before it had no match at level i
//!                   → first -D of the old NULL-padded combination(s)
//!                 r retracts the last match → after the retraction, +I of the padded one(s)
//! ```
//!
//! The walk follows Flink 2.x: up to the input's level it only counts how many state rows match
//! each combination; from the input row on (when it satisfies its level's condition) it emits. A
//! padded combination is retracted or restored only when the input row itself matches the
//! combination before it. Common keys of different types (`INT` and `BIGINT`) are held as their
//! common type.
//!
//! # Emits
//! At once, on arrival: every complete combination, with the input row's kind (unlike a cascade
//! of binary joins, outer levels pass `+U` through).
//! # Retracts
//! The combinations of a retracted input row; a LEFT level's padded combination when its first
//! match arrives (restored when the last goes).
//! # State
//! Kept: every row of every input per common key. Freed: by a retraction, or by state TTL
//! (silently).
//! # Watermark out
//! The minimum of all inputs' ([`super::watermarks`]).
//! # Trace events
//! `state_insert`, `state_expire` (causes `retracted`, `ttl`), `emit`, `watermark`,
//! `input_watermark`.
//! # Flink class
//! `StreamingMultiJoinOperator` (`StreamExecMultiJoin`).
//! # Scenarios
//! `tests/conformance/multi_join/*`, `tests/reference_join.rs` (hinted chains).

use crate::error::RuntimeError;
use rustc_hash::FxHashMap;

use crate::expr::typing::least_restrictive;
use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::ExpireCause;
use crate::kinds::RowKind;
use crate::kinds::{InputSpec, JoinKind};
use crate::time::SessionZone;
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::watermarks::InputWatermarks;
use super::write_queue::WriteQueue;
use super::{merge_lineage, render, Ctx, Operator, Record};

struct Entry {
    row: Row,
    lineage: Lineage,
    count: usize,
    written: i64,
    /// Arrival order (for the state view).
    seq: u64,
}

pub struct MultiJoinSpec {
    /// Join type of each level (level 0: ignored).
    pub kinds: Vec<JoinKind>,
    /// Each level's condition over the concatenated rows of inputs 0..=level.
    pub conditions: Vec<Option<Expr>>,
    /// The common join key column of each input.
    pub key_cols: Vec<usize>,
    pub specs: Vec<InputSpec>,
    pub types: Vec<Vec<DataType>>,
    pub ttls: Vec<i64>,
    pub input_names: Vec<String>,
    /// Output columns picked from the concatenated row when a projection was fused in.
    pub project: Option<Vec<usize>>,
}

pub struct MultiJoinOp {
    s: MultiJoinSpec,
    /// Per input: common key → rows (in arrival order).
    state: Vec<FxHashMap<Value, Vec<Entry>>>,
    /// Per input: writes in processing-time order (state TTL).
    writes: Vec<WriteQueue<Value>>,
    seq: u64,
    /// Rows held, copies counted.
    rows: usize,
    watermarks: InputWatermarks,
    out_types: Vec<DataType>,
    /// Global column → (input, column of that input).
    col_of: Vec<(usize, usize)>,
    /// Per level: the key equalities of its condition (global columns, null-safe), and the rest.
    level_pairs: Vec<Vec<(usize, usize, bool)>>,
    level_rest: Vec<Option<Expr>>,
    /// The common key's type, and per input whether its key column must be cast to it.
    key_type: DataType,
    key_casts: Vec<bool>,
}

#[derive(Clone, Copy)]
enum Slot {
    Empty,
    Null,
    State(usize),
    Input,
}

/// One walk over the state for one input row.
struct Walk<'a> {
    op: &'a MultiJoinOp,
    key: &'a Value,
    input: &'a Record,
    input_id: usize,
    kind: RowKind,
    cur: Vec<Slot>,
    ctx: EvalCtx<'a>,
    now: i64,
    out: Vec<(RowKind, Row, Lineage)>,
    /// The combinations one input row may make (the emitted-rows limit, `Ctx::limit`).
    max_out: usize,
    tracing: bool,
    buf: Row,
}

impl<'a> Walk<'a> {
    fn n(&self) -> usize {
        self.op.s.kinds.len()
    }

    fn is_left(&self, depth: usize) -> bool {
        depth > 0 && self.op.s.kinds[depth] == JoinKind::Left
    }

    /// A column of the combination (global index): None when its input is padded.
    fn value(&self, col: usize) -> Option<&'a Value> {
        let (d, c) = self.op.col_of[col];
        match self.cur[d] {
            Slot::State(i) => self.op.state[d].get(self.key).map(|l| &l[i].row[c]),
            Slot::Input => self.input.row.get(c),
            Slot::Null | Slot::Empty => None,
        }
    }

    fn row_at(&self, depth: usize) -> Option<&Row> {
        match self.cur[depth] {
            Slot::State(i) => self.op.state[depth].get(self.key).map(|l| &l[i].row),
            Slot::Input => Some(&self.input.row),
            Slot::Null | Slot::Empty => None,
        }
    }

    fn lineage_at(&self, depth: usize) -> Option<&Lineage> {
        match self.cur[depth] {
            Slot::State(i) => self.op.state[depth].get(self.key).map(|l| &l[i].lineage),
            Slot::Input => Some(&self.input.lineage),
            Slot::Null | Slot::Empty => None,
        }
    }

    /// The rows of inputs 0..=depth side by side (NULLs for a padded input).
    fn concat(&mut self, depth: usize) {
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        for d in 0..=depth {
            match self.row_at(d) {
                Some(r) => buf.extend(r.iter().cloned()),
                None => buf.extend(std::iter::repeat_n(Value::Null, self.op.s.types[d].len())),
            }
        }
        self.buf = buf;
    }

    fn matches(&mut self, depth: usize) -> Result<bool, RuntimeError> {
        if depth == 0 {
            return Ok(true);
        }
        // the level's key equalities, read in place; then the rest of its condition
        for &(a, b, safe) in &self.op.level_pairs[depth] {
            let (va, vb) = (self.value(a).filter(|v| !v.is_null()), self.value(b).filter(|v| !v.is_null()));
            let equal = match (va, vb) {
                (Some(x), Some(y)) => x == y,
                (None, None) => safe,
                _ => false,
            };
            if !equal {
                return Ok(false);
            }
        }
        match &self.op.level_rest[depth] {
            None => Ok(true),
            Some(c) => {
                self.concat(depth);
                c.eval_true(&self.buf, &self.ctx)
            }
        }
    }

    /// One level of the walk. `active`: the input row is part of the combination (results are
    /// emitted); before that the walk only counts matches.
    fn recurse(&mut self, depth: usize, active: bool) -> Result<(), RuntimeError> {
        if depth == self.n() {
            let row: Row = match &self.op.s.project {
                Some(cols) => cols.iter().map(|&c| self.value(c).cloned().unwrap_or(Value::Null)).collect(),
                None => {
                    self.concat(depth - 1);
                    self.buf.clone()
                }
            };
            let mut lineage = Vec::new();
            if self.tracing {
                for d in 0..depth {
                    if let Some(l) = self.lineage_at(d) {
                        lineage = merge_lineage(&lineage, l);
                    }
                }
            }
            if self.out.len() >= self.max_out {
                let n = self.max_out as u64;
                let what = format!("the MultiJoin would emit more than {} rows at one step", crate::limits::grouped(n));
                return Err(crate::limits::runtime_error("emitted-rows", n, &what));
            }
            self.out.push((self.kind, row, lineage));
            return Ok(());
        }
        let is_left = self.is_left(depth);
        let matched = self.process_records(depth, active, is_left)?;
        if depth == self.input_id {
            self.process_input(depth, matched.unwrap_or(0), matched.is_some())?;
        } else if is_left && matched.is_none() {
            // nothing matches at this LEFT level: go on with NULLs for it
            self.cur[depth] = Slot::Null;
            self.recurse(depth + 1, active)?;
        }
        Ok(())
    }

    /// Walks the state rows of `depth` that match the combination so far; returns the
    /// combination's match count at a LEFT level (None when nothing matched).
    fn process_records(&mut self, depth: usize, active: bool, is_left: bool) -> Result<Option<i64>, RuntimeError> {
        if !is_left && self.input_id == depth {
            return Ok(None);
        }
        let mut any = false;
        let mut assoc = 0i64;
        let op = self.op;
        let ttl = op.s.ttls[depth];
        let Some(list) = op.state[depth].get(self.key) else { return Ok(None) };
        for (i, e) in list.iter().enumerate() {
            if ttl > 0 && self.now >= e.written.saturating_add(ttl) {
                continue;
            }
            for _ in 0..e.count {
                self.cur[depth] = Slot::State(i);
                if !self.matches(depth)? {
                    continue;
                }
                any = true;
                if is_left {
                    assoc += if !active || self.kind.is_accumulate() { 1 } else { -1 };
                    if self.enough_counted(depth, assoc) {
                        return Ok(Some(assoc));
                    }
                }
                if !active && self.input_id == depth {
                    continue;
                }
                self.recurse(depth + 1, active)?;
            }
        }
        Ok(if any { Some(assoc) } else { None })
    }

    /// At the input's level, one match (accumulate) or two (retract) is all the padding
    /// decision needs.
    fn enough_counted(&self, depth: usize, assoc: i64) -> bool {
        if depth == 0 || self.input_id != depth {
            return false;
        }
        if self.kind.is_accumulate() {
            assoc > 0
        } else {
            assoc > 1
        }
    }

    fn process_input(&mut self, depth: usize, assoc_before: i64, any: bool) -> Result<(), RuntimeError> {
        self.cur[depth] = Slot::Input;
        if !self.matches(depth)? {
            return Ok(());
        }
        let is_left = self.is_left(depth);
        let kind = self.kind;
        let mut assoc = assoc_before;
        if is_left {
            assoc += if kind.is_accumulate() { 1 } else { -1 };
        }
        if kind.is_accumulate() && is_left && !any {
            // the rows before had no match here: retract their NULL-padded combination
            self.cur[depth] = Slot::Null;
            self.kind = RowKind::Delete;
            self.recurse(depth + 1, true)?;
            self.kind = kind;
        }
        self.cur[depth] = Slot::Input;
        self.recurse(depth + 1, true)?;
        if !kind.is_accumulate() && is_left && depth > 0 && assoc == 0 {
            // the last match went away: the NULL-padded combination comes back
            self.cur[depth] = Slot::Null;
            self.kind = RowKind::Insert;
            self.recurse(depth + 1, true)?;
            self.kind = kind;
        }
        Ok(())
    }
}

/// `a = b` or `a IS NOT DISTINCT FROM b` between two columns of the same type.
fn equality(e: &Expr) -> Option<(usize, usize, bool)> {
    match e {
        Expr::Call { op: crate::expr::Op::Eq, args, .. }
        | Expr::Call { op: crate::expr::Op::IsNotDistinctFrom, args, .. }
            if args.len() == 2 =>
        {
            let safe = matches!(e, Expr::Call { op: crate::expr::Op::IsNotDistinctFrom, .. });
            let (a, b) = (args[0].as_input()?, args[1].as_input()?);
            if args[0].ty().kind != args[1].ty().kind {
                return None;
            }
            Some((a, b, safe))
        }
        _ => None,
    }
}

impl MultiJoinOp {
    pub fn new(s: MultiJoinSpec) -> MultiJoinOp {
        let n = s.kinds.len();
        let all: Vec<DataType> = s.types.iter().flatten().cloned().collect();
        let out_types = match &s.project {
            Some(cols) => cols.iter().map(|&c| all[c].clone()).collect(),
            None => all,
        };
        let mut col_of = Vec::new();
        for (d, t) in s.types.iter().enumerate() {
            for c in 0..t.len() {
                col_of.push((d, c));
            }
        }
        let mut level_pairs = Vec::new();
        let mut level_rest = Vec::new();
        for c in &s.conditions {
            let mut pairs = Vec::new();
            let mut rest = Vec::new();
            for conj in c.clone().map(|e| e.conjuncts()).unwrap_or_default() {
                match equality(&conj) {
                    Some(p) => pairs.push(p),
                    None => rest.push(conj),
                }
            }
            level_pairs.push(pairs);
            level_rest.push(Expr::and_all(rest));
        }
        let key_types: Vec<&DataType> = s.key_cols.iter().enumerate().map(|(i, &c)| &s.types[i][c]).collect();
        let key_type = least_restrictive(&key_types)
            .or_else(|| key_types.first().map(|t| (*t).clone()))
            .unwrap_or_else(|| DataType::new(crate::types::TypeKind::Null, true));
        let key_casts = key_types.iter().map(|t| t.kind != key_type.kind).collect();
        let watermarks = InputWatermarks::new(s.input_names.clone());
        MultiJoinOp {
            key_type,
            key_casts,
            col_of,
            level_pairs,
            level_rest,
            s,
            state: (0..n).map(|_| FxHashMap::default()).collect(),
            writes: (0..n).map(|_| WriteQueue::default()).collect(),
            seq: 0,
            rows: 0,
            watermarks,
            out_types,
        }
    }

    fn same_entry(&self, input: usize, a: &Row, b: &Row) -> bool {
        match &self.s.specs[input] {
            InputSpec::JoinKeyContainsUniqueKey(uk) | InputSpec::HasUniqueKey(uk) => uk.iter().all(|&c| a[c] == b[c]),
            InputSpec::NoUniqueKey => a == b,
        }
    }

    fn expire(&mut self, now: i64, cx: &mut Ctx) {
        for input in 0..self.state.len() {
            let ttl = self.s.ttls[input];
            if ttl <= 0 {
                continue;
            }
            let mut gone = Vec::new();
            while let Some(key) = self.writes[input].pop_expired(now, ttl) {
                let Some(list) = self.state[input].get_mut(&key) else { continue };
                let before: usize = list.iter().map(|e| e.count).sum();
                list.retain(|e| now < e.written.saturating_add(ttl));
                let after: usize = list.iter().map(|e| e.count).sum();
                if list.is_empty() {
                    self.state[input].remove(&key);
                }
                if after < before {
                    self.rows -= before - after;
                    gone.push((key, before - after));
                }
            }
            if cx.tracing() {
                let kt = self.key_type.clone();
                for (key, rows) in gone {
                    let k = render(&[key], std::slice::from_ref(&kt), cx.zone);
                    let op = cx.op;
                    let side = self.s.input_names[input].clone();
                    let reason = format!("state TTL {} ran out", crate::time::window::explain_duration(ttl));
                    cx.event(|| Event::StateExpire {
                        op,
                        side,
                        key: k,
                        window: None,
                        rows,
                        cause: ExpireCause::Ttl,
                        reason,
                    });
                }
            }
        }
    }

    fn store(&mut self, input: usize, key: Value, rec: Record, now: i64, cx: &mut Ctx) {
        let found =
            self.state[input].get(&key).and_then(|l| l.iter().position(|e| self.same_entry(input, &e.row, &rec.row)));
        let acc = rec.kind.is_accumulate();
        let no_uk = matches!(self.s.specs[input], InputSpec::NoUniqueKey);
        if acc {
            match found {
                Some(i) => {
                    let Some(e) = self.state[input].get_mut(&key).and_then(|l| l.get_mut(i)) else { return };
                    if no_uk {
                        e.count += 1;
                        self.rows += 1;
                    } else {
                        e.row = rec.row.clone();
                        e.lineage = rec.lineage.clone();
                    }
                    e.written = now;
                }
                None => {
                    self.seq += 1;
                    let seq = self.seq;
                    self.state[input].entry(key.clone()).or_default().push(Entry {
                        row: rec.row.clone(),
                        lineage: rec.lineage.clone(),
                        count: 1,
                        written: now,
                        seq,
                    });
                    self.rows += 1;
                }
            }
            if self.s.ttls[input] > 0 {
                self.writes[input].push(now, key.clone());
            }
        } else if let Some(i) = found {
            let Some(list) = self.state[input].get_mut(&key) else { return };
            self.rows -= 1;
            if list[i].count > 1 {
                list[i].count -= 1;
            } else {
                list.remove(i);
            }
            if list.is_empty() {
                self.state[input].remove(&key);
            }
        }
        if cx.tracing() {
            let kt = self.key_type.clone();
            let k = render(std::slice::from_ref(&key), std::slice::from_ref(&kt), cx.zone);
            let op = cx.op;
            let side = self.s.input_names[input].clone();
            if acc {
                let rows_in_state = self.state[input].get(&key).map(|l| l.iter().map(|e| e.count).sum()).unwrap_or(0);
                let row = render(&rec.row, &self.s.types[input], cx.zone);
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert { op, side, key: k, window: None, row, lineage, rows_in_state });
            } else if found.is_some() {
                cx.event(|| Event::StateExpire {
                    op,
                    side,
                    key: k,
                    window: None,
                    rows: 1,
                    cause: ExpireCause::Retracted,
                    reason: format!("retracted by {}", rec.kind.short()),
                });
            }
        }
    }
}

impl Operator for MultiJoinOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let now = cx.proc_time;
        self.expire(now, cx);
        let v = &rec.row[self.s.key_cols[input]];
        let key = if self.key_casts[input] {
            cast_value(v, &self.s.types[input][self.s.key_cols[input]], &self.key_type, cx.zone)?
        } else {
            v.clone()
        };
        let n = self.s.kinds.len();
        let out = {
            let mut w = Walk {
                op: self,
                key: &key,
                input: &rec,
                input_id: input,
                kind: rec.kind,
                cur: vec![Slot::Empty; n],
                ctx: EvalCtx { zone: cx.zone, proc_time: now, watermark: Some(self.watermarks.current()) },
                now,
                out: Vec::new(),
                max_out: cx.limit,
                tracing: cx.tracing(),
                buf: Vec::new(),
            };
            w.recurse(0, false)?;
            w.out
        };
        for (kind, row, lineage) in out {
            if cx.tracing() {
                let text = render(&row, &self.out_types, cx.zone);
                let (op, lin) = (cx.op, lineage.clone());
                cx.event(|| Event::Emit { op, kind, row: text, lineage: lin });
            }
            cx.emit(Record { kind, row, lineage });
        }
        self.store(input, key, rec, now, cx);
        Ok(())
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

    /// Rows held per input and common key.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut groups = Vec::new();
        let mut rows = 0;
        for input in 0..self.state.len() {
            let kt = self.key_type.clone();
            // keys in the order their oldest row arrived (hash order differs between builds)
            let mut keys: Vec<(&Value, u64)> =
                self.state[input].iter().map(|(k, l)| (k, l.iter().map(|e| e.seq).min().unwrap_or(0))).collect();
            crate::sort::sort_by_key(&mut keys, |(_, s)| *s);
            for (key, _) in keys {
                let Some(list) = self.state[input].get(key) else { continue };
                let mut g = StateGroup {
                    side: self.s.input_names[input].clone(),
                    key: render(std::slice::from_ref(key), std::slice::from_ref(&kt), zone),
                    window: None,
                    rows: Vec::new(),
                    row_notes: Vec::new(),
                };
                for e in list {
                    rows += e.count;
                    g.rows.push(render(&e.row, &self.s.types[input], zone));
                    g.row_notes.push(if e.count > 1 { format!("×{}", e.count) } else { String::new() });
                }
                groups.push(g);
            }
        }
        Some(StateSummary { op, rows, groups })
    }

    /// Rows held (a running count).
    fn state_rows(&self) -> Option<usize> {
        Some(self.rows)
    }
}

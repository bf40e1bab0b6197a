//! Top-N (Flink's `Rank` with `ROW_NUMBER()`): per partition key, the rows ranked by the ORDER
//! BY keys, of which only the ranks in the rank range come out. Five functions, chosen by the
//! planner as `StreamExecRank` does (NOTES §4):
//!
//! ```text
//!   insert-only input ── ORDER BY a proctime ASC ─────────────► AppendOnlyFirstN  (first N arrivals)
//!                     ── range [1,1] ─────────────────────────► FastTop1
//!                     ── otherwise ───────────────────────────► AppendOnlyTopN
//!   updating input, upsert key ⊇ partition, monotonic order ─ [1,1] ► FastTop1
//!                                                           ─ else ─► UpdatableTopN
//!   any other updating input ─────────────────────────────────► RetractableTopN
//! ```
//!
//! Common to all: ties rank in arrival order (a new row ranks after the rows already there
//! with an equal key); a row is admitted when the buffer is empty, its key is better than the
//! last key held, or fewer rows than the rank end are held (the default size 100 for a
//! variable rank end), so a row tying the N-th is dropped once the Top-N is full. With the row
//! number selected, or a rank start above 1, each message is emitted only if its rank is in
//! `[start, end]` (`collect*(…, rank, rankEnd)`); without it, rows come out plain. `-U` is
//! emitted only with `update_before` (with it false, Flink 2.3's planner bug: a top-1 declared
//! insert-only emits `+I` then a lone `+U`). A variable rank end (`rn <= col`) takes the value
//! of the partition's first row and keeps it.
//!
//! The functions' own rules are in their files: [`append_only`], [`fast_top1`],
//! [`updatable`], [`retractable`], [`first_n`].
//!
//! # Emits
//! At once, per input message, in Flink's order: `+I` for a row entering the Top-N, `-U`/`+U`
//! pairs for every rank whose row changes (with the row number), `-D`/`+I` (without it).
//! # Retracts
//! Rows leaving the Top-N or changing rank: `-U[row, old rank]` (with the row number), `-D`.
//! # State
//! Kept: per partition key, the rows that can still rank (AppendOnly / Updatable: the Top-N,
//! plus rows tying the N-th that never come out; Retractable: every row; FastTop1: the best row;
//! FirstN: a counter). Freed: rows pushed beyond the rank end, retracted rows, and by state TTL
//! (processing time; each function's state and heap cache expire as in Flink, see the files).
//! # Watermark out
//! Passes its input's watermark on (no timers).
//! # Trace events
//! `state_insert` (a row stored), `filtered` (a row that does not make the Top-N), `state_expire`
//! (causes `retracted`, `ttl`).
//! # Flink class
//! `AppendOnlyTopNFunction`, `FastTop1Function`, `UpdatableTopNFunction`,
//! `RetractableTopNFunction`, `AppendOnlyFirstNFunction` (`StreamExecRank`), with
//! `AbstractTopNFunction`'s collect helpers and `TopNBuffer`.
//! # Scenarios
//! `/tmp/research/agg/scenarios/topn_*`, `dedup_proctime` q3, `dedup_updating_input`,
//! `dedup_select_rn_and_variants` q2/q3 (translated in the tests below).

mod append_only;
mod fast_top1;
mod first_n;
mod retractable;
mod updatable;

#[cfg(test)]
mod tests;

use std::cmp::Ordering;

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::{DataType, TypeKind};
use crate::value::{Row, Value};

use super::sort_key::{compare_rows, SortKey};
use super::write_queue::WriteQueue;
use super::{render, Ctx, Operator, Record};

/// Which row numbers come out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankRange {
    /// `rn <= end`, `rn BETWEEN start AND end`, `rn = k` (`start = end = k`).
    Constant { start: i64, end: i64 },
    /// `rn <= col`: the end is the value of that input column in the partition's first row.
    Variable { end_col: usize },
}

/// The function Flink's `StreamExecRank` runs (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RankFunction {
    AppendOnlyTopN,
    FastTop1,
    /// `UpdateFastStrategy[row_key]`: the input's upsert key (input columns).
    UpdatableTopN {
        row_key: Vec<usize>,
    },
    RetractableTopN,
    AppendOnlyFirstN,
}

pub struct RankSpec {
    pub partition: Vec<usize>,
    pub order: Vec<SortKey>,
    pub range: RankRange,
    /// Append the row number (BIGINT) as the last column.
    pub with_rn: bool,
    pub function: RankFunction,
    /// Flink's `generateUpdateBefore`: false reproduces Flink 2.3's planner bug (a top-1
    /// declared insert-only emits `+I` then a lone `+U`).
    pub update_before: bool,
    /// State retention in ms of processing time (0 = forever).
    pub ttl: i64,
    pub in_types: Vec<DataType>,
    pub out_types: Vec<DataType>,
}

/// A row held in state, with the steps it came from.
#[derive(Clone, Debug)]
struct Entry {
    row: Row,
    lineage: Lineage,
}

/// What happened to the input row (for the trace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Stored in state.
    Held,
    /// Not admitted, or pushed out at once.
    Dropped,
    /// A retraction that removed a stored row.
    Retracted,
    /// Nothing to record (a retraction that found nothing, a counted first-N row).
    Nothing,
}

/// The spec as the functions read it.
struct Common {
    partition: Vec<usize>,
    order: Vec<SortKey>,
    /// The same order over extracted sort keys (column i of the key).
    key_order: Vec<SortKey>,
    range: RankRange,
    with_rn: bool,
    update_before: bool,
    ttl: i64,
    in_types: Vec<DataType>,
}

/// Flink's `DEFAULT_TOPN_SIZE`, the buffer size for a variable rank end.
const DEFAULT_TOPN_SIZE: i64 = 100;

impl Common {
    fn sort_key(&self, row: &[Value]) -> Row {
        self.order.iter().map(|k| row.get(k.col).cloned().unwrap_or(Value::Null)).collect()
    }

    fn cmp_keys(&self, a: &[Value], b: &[Value]) -> Ordering {
        compare_rows(&self.key_order, a, b)
    }

    fn rank_start(&self) -> i64 {
        match self.range {
            RankRange::Constant { start, .. } => start,
            RankRange::Variable { .. } => -1,
        }
    }

    /// `hasOffset()`: the row-number algorithm is used even without the rn column.
    fn has_offset(&self) -> bool {
        self.rank_start() > 1
    }

    fn numbered(&self) -> bool {
        self.with_rn || self.has_offset()
    }

    /// `getDefaultTopNSize()`: how many rows the buffer admits.
    fn buffer_size(&self) -> i64 {
        match self.range {
            RankRange::Constant { end, .. } => end,
            RankRange::Variable { .. } => DEFAULT_TOPN_SIZE,
        }
    }

    /// Whether state written at `written` has expired at `now` (Flink's TTL: `written + ttl <= now`).
    fn expired(&self, written: i64, now: i64) -> bool {
        self.ttl > 0 && now >= written.saturating_add(self.ttl)
    }
}

/// `AbstractTopNFunction`'s collect helpers for one input message.
struct Out<'o, 'a> {
    cx: &'o mut Ctx<'a>,
    with_rn: bool,
    update_before: bool,
    start: i64,
    end: i64,
}

impl Out<'_, '_> {
    /// `collectX(out, row, rank, rankEnd)`: only ranks in `[start, end]`, the rank appended when
    /// the rn column is selected.
    fn ranked(&mut self, kind: RowKind, e: &Entry, rank: i64) {
        if kind == RowKind::UpdateBefore && !self.update_before {
            return;
        }
        if rank > self.end || rank < self.start {
            return;
        }
        let mut row = e.row.clone();
        if self.with_rn {
            row.push(Value::BigInt(rank));
        }
        self.cx.emit(Record { kind, row, lineage: e.lineage.clone() });
    }

    /// `collectX(out, row)`: the row as it is.
    fn plain(&mut self, kind: RowKind, e: &Entry) {
        if kind == RowKind::UpdateBefore && !self.update_before {
            return;
        }
        self.cx.emit(Record { kind, row: e.row.clone(), lineage: e.lineage.clone() });
    }
}

/// `TopNBuffer`: sort key → items in arrival order, sorted by the comparator.
struct Slot<T> {
    key: Row,
    items: Vec<T>,
    /// When its map-state entry was last written (state TTL).
    written: i64,
}

struct Buffer<T> {
    slots: Vec<Slot<T>>,
    /// `currentTopNum`: items held.
    count: usize,
}

impl<T> Default for Buffer<T> {
    fn default() -> Self {
        Buffer { slots: Vec::new(), count: 0 }
    }
}

impl<T> Buffer<T> {
    fn find(&self, c: &Common, key: &[Value]) -> Result<usize, usize> {
        self.slots.binary_search_by(|s| c.cmp_keys(&s.key, key))
    }

    /// `put`: appends the item to its key's list; the list's size after.
    fn put(&mut self, c: &Common, key: Row, item: T, now: i64) -> usize {
        self.count += 1;
        match self.find(c, &key) {
            Ok(i) => {
                let s = &mut self.slots[i];
                s.items.push(item);
                s.written = now;
                s.items.len()
            }
            Err(i) => {
                self.slots.insert(i, Slot { key, items: vec![item], written: now });
                1
            }
        }
    }

    /// `checkSortKeyInBufferRange`: empty, better than the last key, or not full.
    fn admits(&self, c: &Common, key: &[Value], size: i64) -> bool {
        match self.slots.last() {
            None => true,
            Some(last) => c.cmp_keys(key, &last.key) == Ordering::Less || (self.count as i64) < size,
        }
    }

    /// Drops the slots from `from` on (the keys beyond the rank end); their items.
    fn truncate(&mut self, from: usize) -> Vec<T> {
        let mut gone = Vec::new();
        for s in self.slots.drain(from.min(self.slots.len())..) {
            self.count -= s.items.len();
            gone.extend(s.items);
        }
        gone
    }

    fn recount(&mut self) {
        self.count = self.slots.iter().map(|s| s.items.len()).sum();
    }
}

/// One function's state for a partition.
enum Body {
    Append(append_only::State),
    Top1(fast_top1::State),
    Updatable(updatable::State),
    Retract(retractable::State),
    FirstN(first_n::State),
}

struct Part {
    /// First-seen order (the state pane lists partitions in it).
    seq: u64,
    /// A variable rank end and when it was written (`rankEndState`).
    rank_end: Option<(i64, i64)>,
    body: Body,
}

impl Part {
    fn rows(&self) -> usize {
        match &self.body {
            Body::Append(s) => s.rows(),
            Body::Top1(s) => s.rows(),
            Body::Updatable(s) => s.rows(),
            Body::Retract(s) => s.rows(),
            Body::FirstN(s) => s.rows(),
        }
    }

    /// Nothing of it would survive an access at `now`.
    fn gone(&self, c: &Common, now: i64) -> bool {
        let end_gone = match self.rank_end {
            None => true,
            Some((_, w)) => c.expired(w, now),
        };
        let body_gone = match &self.body {
            Body::Append(s) => s.gone(c, now),
            Body::Top1(s) => s.gone(c, now),
            Body::Updatable(s) => s.gone(c, now),
            Body::Retract(s) => s.gone(c, now),
            Body::FirstN(s) => s.gone(c, now),
        };
        end_gone && body_gone
    }
}

pub struct RankOp {
    c: Common,
    function: RankFunction,
    parts: FxHashMap<Row, Part>,
    writes: WriteQueue<Row>,
    seq: u64,
    /// Batch mode: every input row, to find ties Flink's sort decides (`batch_ties`).
    ties: Option<super::batch_ties::TieWatch>,
}

impl RankOp {
    pub fn new(spec: RankSpec) -> Self {
        let key_order = spec
            .order
            .iter()
            .enumerate()
            .map(|(i, k)| SortKey { col: i, desc: k.desc, nulls_first: k.nulls_first })
            .collect();
        RankOp {
            c: Common {
                partition: spec.partition,
                order: spec.order,
                key_order,
                range: spec.range,
                with_rn: spec.with_rn,
                update_before: spec.update_before,
                ttl: spec.ttl,
                in_types: spec.in_types,
            },
            function: spec.function,
            parts: FxHashMap::default(),
            writes: WriteQueue::default(),
            seq: 0,
            ties: None,
        }
    }

    /// Batch mode: watch for ties Flink's batch sort decides (see `batch_ties`).
    pub fn set_batch(&mut self) {
        self.ties = Some(super::batch_ties::TieWatch::default());
    }

    /// Batch mode, the input ended: "not supported yet" if the kept rows depend on a tie.
    pub fn batch_ties(&self, in_arrival_order: bool) -> Result<(), RuntimeError> {
        match &self.ties {
            Some(w) => w.check(&self.c.order, self.c.rank_start().max(1), self.c.numbered(), in_arrival_order),
            None => Ok(()),
        }
    }

    fn new_body(&self, now: i64) -> Body {
        match &self.function {
            RankFunction::AppendOnlyTopN => Body::Append(append_only::State::new(now)),
            RankFunction::FastTop1 => Body::Top1(fast_top1::State::default()),
            RankFunction::UpdatableTopN { .. } => Body::Updatable(updatable::State::new(now)),
            RankFunction::RetractableTopN => Body::Retract(retractable::State::new(now)),
            RankFunction::AppendOnlyFirstN => Body::FirstN(first_n::State::default()),
        }
    }

    fn key_types(&self) -> Vec<DataType> {
        self.c.partition.iter().map(|&i| self.c.in_types.get(i).cloned().unwrap_or_else(DataType::string)).collect()
    }

    /// Drops the partitions whose whole state has expired (state TTL).
    fn expire(&mut self, now: i64, cx: &mut Ctx) {
        if self.c.ttl <= 0 {
            return;
        }
        while let Some(key) = self.writes.pop_expired(now, self.c.ttl) {
            let gone = self.parts.get(&key).is_some_and(|p| p.gone(&self.c, now));
            if !gone {
                continue;
            }
            let rows = self.parts.remove(&key).map(|p| p.rows()).unwrap_or(0);
            if cx.tracing() {
                let op = cx.op;
                let key_text = render(&key, &self.key_types(), cx.zone);
                let reason =
                    format!("not written for {} (state TTL)", crate::time::window::explain_duration(self.c.ttl));
                cx.event(|| Event::StateExpire {
                    op,
                    side: "partition".into(),
                    key: key_text,
                    window: None,
                    rows,
                    cause: ExpireCause::Ttl,
                    reason,
                });
            }
        }
    }
}

/// `initRankEnd`: the constant end, or the partition's stored variable end (the first row's).
fn rank_end(c: &Common, part: &mut Part, row: &[Value], now: i64) -> Result<i64, RuntimeError> {
    let end_col = match c.range {
        RankRange::Constant { end, .. } => return Ok(end),
        RankRange::Variable { end_col } => end_col,
    };
    if let Some((v, w)) = part.rank_end {
        if !c.expired(w, now) {
            return Ok(v);
        }
    }
    let t = c.in_types.get(end_col).map(|t| &t.kind);
    if !matches!(t, Some(TypeKind::BigInt | TypeKind::Int | TypeKind::SmallInt)) {
        let name = match t {
            Some(TypeKind::TinyInt) => "TinyIntType",
            Some(TypeKind::Decimal { .. }) => "DecimalType",
            Some(TypeKind::Double) => "DoubleType",
            Some(TypeKind::Float) => "FloatType",
            Some(TypeKind::VarChar { .. }) => "VarCharType",
            _ => "LogicalType",
        };
        return Err(RuntimeError::java(
            "java.lang.UnsupportedOperationException",
            format!("variable rank index column must be long type, while input type is org.apache.flink.table.types.logical.{name}"),
        ));
    }
    // a NULL reads as 0, as Flink's binary row does
    let v = row.get(end_col).and_then(Value::as_i64).unwrap_or(0);
    part.rank_end = Some((v, now));
    Ok(v)
}

impl Operator for RankOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let now = cx.proc_time;
        self.expire(now, cx);
        if rec.kind == RowKind::UpdateBefore
            && matches!(self.function, RankFunction::FastTop1 | RankFunction::UpdatableTopN { .. })
        {
            // UpdateFastStrategy asks its input for UPDATE_AFTER only (an insert-only input has
            // none): the -U an upstream operator of this engine still sends never reaches
            // Flink's function
            return Ok(());
        }
        let key: Row = self.c.partition.iter().map(|&i| rec.row.get(i).cloned().unwrap_or(Value::Null)).collect();
        if !self.parts.contains_key(&key) {
            self.seq += 1;
            let part = Part { seq: self.seq, rank_end: None, body: self.new_body(now) };
            self.parts.insert(key.clone(), part);
        }
        let Some(part) = self.parts.get_mut(&key) else { return Ok(()) };
        let end = rank_end(&self.c, part, &rec.row, now)?;
        if let Some(w) = &mut self.ties {
            w.add(&key, &rec.row, end);
        }
        let tracing = cx.tracing();
        let row_text = if tracing { render(&rec.row, &self.c.in_types, cx.zone) } else { Vec::new() };
        let kind = rec.kind;
        let lineage = if tracing { rec.lineage.clone() } else { Vec::new() };
        let entry = Entry { row: rec.row, lineage: rec.lineage };
        let mut out = Out {
            cx: &mut *cx,
            with_rn: self.c.with_rn,
            update_before: self.c.update_before,
            start: self.c.rank_start(),
            end,
        };
        let c = &self.c;
        let outcome = match &mut part.body {
            Body::Append(s) => s.process(c, entry, end, now, &mut out)?,
            Body::Top1(s) => s.process(c, entry, now, &mut out),
            Body::Updatable(s) => {
                let row_key = match &self.function {
                    RankFunction::UpdatableTopN { row_key } => row_key.as_slice(),
                    _ => &[],
                };
                s.process(c, row_key, entry, end, now, &mut out)?
            }
            Body::Retract(s) => s.process(c, kind, entry, end, now, &mut out)?,
            Body::FirstN(s) => s.process(c, kind, entry, end, now, &mut out)?,
        };
        if self.c.ttl > 0 {
            self.writes.push(now, key.clone());
        }
        if tracing {
            let held = part.rows();
            let op = cx.op;
            let key_text = render(&key, &self.key_types(), cx.zone);
            match outcome {
                Outcome::Held => cx.event(|| Event::StateInsert {
                    op,
                    side: "partition".into(),
                    key: key_text,
                    window: None,
                    row: row_text,
                    lineage,
                    rows_in_state: held,
                }),
                Outcome::Dropped => cx.event(|| Event::Filtered { op, row: row_text }),
                Outcome::Retracted => cx.event(|| Event::StateExpire {
                    op,
                    side: "partition".into(),
                    key: key_text,
                    window: None,
                    rows: 1,
                    cause: ExpireCause::Retracted,
                    reason: "retracted".into(),
                }),
                Outcome::Nothing => {}
            }
        }
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.parts.values().map(Part::rows).sum())
    }

    fn state(&self, op: usize, zone: &crate::time::SessionZone) -> Option<StateSummary> {
        let kt = self.key_types();
        let mut parts: Vec<(&Row, &Part)> = self.parts.iter().collect();
        crate::sort::sort_by_key(&mut parts, |(_, p)| p.seq);
        let mut total = 0;
        let groups: Vec<StateGroup> = parts
            .into_iter()
            .filter_map(|(k, p)| {
                let end = match self.c.range {
                    RankRange::Constant { end, .. } => Some(end),
                    RankRange::Variable { .. } => p.rank_end.map(|(v, _)| v),
                };
                let (rows, notes): (Vec<Row>, Vec<String>) = match &p.body {
                    Body::Append(s) => s.view(end),
                    Body::Top1(s) => s.view(),
                    Body::Updatable(s) => s.view(end),
                    Body::Retract(s) => s.view(end),
                    Body::FirstN(s) => {
                        let n = s.rows();
                        if n == 0 {
                            return None;
                        }
                        total += n;
                        return Some(StateGroup {
                            side: "partition".into(),
                            key: render(k, &kt, zone),
                            window: None,
                            rows: vec![vec![s.count().to_string()]],
                            row_notes: vec!["rows emitted (counter)".into()],
                        });
                    }
                };
                if rows.is_empty() {
                    return None;
                }
                total += rows.len();
                Some(StateGroup {
                    side: "partition".into(),
                    key: render(k, &kt, zone),
                    window: None,
                    rows: rows.iter().map(|r| render(r, &self.c.in_types, zone)).collect(),
                    row_notes: notes,
                })
            })
            .collect();
        Some(StateSummary { op, rows: total, groups })
    }
}

/// The note for a stored row of rank `rank` (rank end `end`).
fn rank_note(rank: usize, end: Option<i64>) -> String {
    match end {
        Some(e) if rank as i64 > e => format!("rank {} (beyond the rank end {})", rank, e),
        _ => format!("rank {}", rank),
    }
}

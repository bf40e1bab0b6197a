//! Deduplication (Flink's `Deduplicate`): `ROW_NUMBER() OVER (PARTITION BY k ORDER BY time) = 1`
//! over an insert-only input, ordered by a time attribute only (NOTES §3). Four functions:
//!
//! ```text
//!   rowtime keep-first (ORDER BY rowtime ASC), insert-only output:
//!     row later than the watermark's … r.ts < watermark ─► dropped as late (counted)
//!     key already emitted ─────────────────────────────► dropped
//!     no pending row, or r.ts < pending.ts ────────────► pending = r (its timer at r.ts);
//!                                                        an equal time keeps the earlier arrival
//!     watermark ≥ pending.ts (the timer) ──────────────► +I[pending]; the key is emitted
//!   rowtime keep-last (ORDER BY rowtime DESC): at once, no lateness or equality check
//!     no row kept ─► +I[r];  kept.ts ≤ r.ts ─► -U[kept] +U[r];  kept.ts > r.ts ─► nothing
//!   proctime keep-first: the key's first row ─► +I[r]; later rows ─► nothing
//!   proctime keep-last: no row ─► +I[r]; r equal to the kept row (no TTL) ─► nothing;
//!                       else ─► -U[kept] +U[r]
//! ```
//!
//! Proctime keep-last's equality compares the whole row *and its RowKind*, as Flink's heap
//! state does: the kept row object is the one emitted, so after an update it carries `+U` and
//! an identical repeat (`+I`) no longer equals it — every repeat emits `-U x`/`+U x` — while
//! a repeat of a row kept as `+I` (the first, or a dropped repeat) is dropped. PROCTIME()
//! columns are NULL placeholders in Flink's row, so they are left out of the comparison. With
//! any state TTL the equality check is skipped. `-U` is emitted only with `update_before`.
//!
//! End of input: the `+inf` watermark fires every pending row (in time order).
//!
//! # Emits
//! Rowtime keep-first: `+I` when the watermark reaches the pending row's time. The others: at
//! once, `+I` for a key's first row, `-U`/`+U` when keep-last replaces the kept row.
//! # Retracts
//! Keep-last: the kept row (`-U`) before its replacement. Keep-first never retracts.
//! # State
//! Kept: per key, the pending row and an "emitted" flag (rowtime keep-first), the last row
//! (keep-last), a "seen" flag (proctime keep-first). Freed: a pending row when it fires; all of
//! it by state TTL (processing time since the key's state was last written; rowtime
//! keep-first's pending row has no TTL, only its emitted flag).
//! # Watermark out
//! Passes its input's watermark on, after the pending rows it releases.
//! # Trace events
//! `state_insert` (a row kept or buffered), `unchanged` (a repeat keep-last drops),
//! `late_drop` (its `window` is the row's time as a point), `state_expire` (cause `ttl`).
//! # Flink class
//! `RowTimeDeduplicateKeepFirstRowFunction`, `RowTimeDeduplicateFunction`
//! (`RowTimeDeduplicateFunctionHelper`), `ProcTimeDeduplicateKeepFirstRowFunction`,
//! `ProcTimeDeduplicateKeepLastRowFunction` (`DeduplicateFunctionHelper`), in
//! `StreamExecDeduplicate`.
//! # Scenarios
//! `/tmp/research/agg/scenarios/dedup_rowtime_keep_first`, `dedup_rowtime_keep_last`,
//! `dedup_proctime`, `dedup_select_rn_and_variants` q1, `dedup_temporal_join_views` q1/q2
//! (translated in the tests below).

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::time::format_ts;
use crate::time::Ts;
use crate::trace::{Event, Lineage, StateGroup, StateSummary, WindowRef};
use crate::types::{DataType, TimeAttr};
use crate::value::{Row, Value};

use super::write_queue::WriteQueue;
use super::{render, Ctx, Operator, Record};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DedupKind {
    RowtimeKeepFirst,
    RowtimeKeepLast,
    ProctimeKeepFirst,
    ProctimeKeepLast,
}

pub struct DeduplicateSpec {
    pub key: Vec<usize>,
    pub kind: DedupKind,
    /// The rowtime column; None for proctime.
    pub time_col: Option<usize>,
    /// State retention in ms of processing time (0 = forever).
    pub ttl: i64,
    pub in_types: Vec<DataType>,
    /// Flink's `generateUpdateBefore` for keep-last (true unless every consumer takes
    /// UPDATE_AFTER alone).
    pub update_before: bool,
}

struct KeyState {
    /// First-seen order (the state pane lists keys in it).
    seq: u64,
    /// Keep-last: the kept row; rowtime keep-first: the row waiting for its timer.
    row: Option<(Row, Lineage)>,
    /// Proctime keep-last: the RowKind the kept row object carries.
    row_kind: RowKind,
    /// When the TTL'd part of the key's state was last written (None: it has none).
    written: Option<i64>,
    /// Rowtime keep-first: the pending row's timer (time, registration number).
    timer: Option<(i64, u64)>,
}

pub struct DeduplicateOp {
    s: DeduplicateSpec,
    keys: FxHashMap<Row, KeyState>,
    writes: WriteQueue<Row>,
    /// Rowtime keep-first's event-time timers: (time, registration) → key.
    timers: BTreeMap<(i64, u64), Row>,
    timer_seq: u64,
    watermark: i64,
    late: u64,
    seq: u64,
}

impl DeduplicateOp {
    pub fn new(spec: DeduplicateSpec) -> Self {
        DeduplicateOp {
            s: spec,
            keys: FxHashMap::default(),
            writes: WriteQueue::default(),
            timers: BTreeMap::new(),
            timer_seq: 0,
            watermark: i64::MIN,
            late: 0,
            seq: 0,
        }
    }

    fn key_types(&self) -> Vec<DataType> {
        self.s.key.iter().map(|&i| self.s.in_types.get(i).cloned().unwrap_or_else(DataType::string)).collect()
    }

    fn ttl_on(&self) -> bool {
        self.s.ttl > 0
    }

    fn expired(&self, written: i64, now: i64) -> bool {
        self.ttl_on() && now >= written.saturating_add(self.s.ttl)
    }

    /// The row's time (`input.getLong(rowtimeIndex)`: a NULL reads as 0).
    fn rowtime(&self, row: &[Value]) -> i64 {
        self.s.time_col.and_then(|c| row.get(c)).and_then(Value::as_millis).unwrap_or(0)
    }

    /// Flink's record equaliser: every column but the PROCTIME() placeholders.
    fn same_row(&self, a: &[Value], b: &[Value]) -> bool {
        a.len() == b.len()
            && a.iter().zip(b).enumerate().all(|(i, (x, y))| {
                self.s.in_types.get(i).is_some_and(|t| t.time_attr() == TimeAttr::Proctime) || x == y
            })
    }

    fn written(&mut self, key: &Row, now: i64) {
        if self.ttl_on() {
            self.writes.push(now, key.clone());
        }
    }

    /// Drops the keys whose state expired (state TTL).
    fn expire(&mut self, now: i64, cx: &mut Ctx) {
        if !self.ttl_on() {
            return;
        }
        while let Some(key) = self.writes.pop_expired(now, self.s.ttl) {
            let gone = self.keys.get(&key).is_some_and(|k| {
                k.written.is_some_and(|w| self.expired(w, now)) && (k.timer.is_none() || k.row.is_none())
            });
            if !gone {
                continue;
            }
            let rows = self.keys.remove(&key).map_or(0, |k| usize::from(k.row.is_some()));
            if cx.tracing() {
                let op = cx.op;
                let key_text = render(&key, &self.key_types(), cx.zone);
                let reason =
                    format!("not written for {} (state TTL)", crate::time::window::explain_duration(self.s.ttl));
                cx.event(|| Event::StateExpire {
                    op,
                    side: "key".into(),
                    key: key_text,
                    window: None,
                    rows,
                    cause: ExpireCause::Ttl,
                    reason,
                });
            }
        }
    }

    fn stored_event(&self, key: &Row, row: &Row, lineage: &Lineage, cx: &mut Ctx) {
        if cx.tracing() {
            let op = cx.op;
            let key_text = render(key, &self.key_types(), cx.zone);
            let row_text = render(row, &self.s.in_types, cx.zone);
            let lineage = lineage.clone();
            cx.event(|| Event::StateInsert {
                op,
                side: "key".into(),
                key: key_text,
                window: None,
                row: row_text,
                lineage,
                rows_in_state: 1,
            });
        }
    }

    fn rowtime_keep_first(&mut self, key: Row, rec: Record, cx: &mut Ctx) {
        let ts = self.rowtime(&rec.row);
        if ts < self.watermark {
            self.late += 1;
            if cx.tracing() {
                let op = cx.op;
                let row = render(&rec.row, &self.s.in_types, cx.zone);
                let watermark_ms = self.watermark;
                let label = format!("row time {}", format_ts(Ts::from_millis(ts), 3));
                let window = WindowRef { start_ms: ts, end_ms: ts, label };
                let lineage = rec.lineage.clone();
                cx.event(|| Event::LateDrop { op, side: "key".into(), row, window, watermark_ms, lineage });
            }
            return;
        }
        let now = cx.proc_time;
        let Some(k) = self.keys.get_mut(&key) else { return };
        if k.written.is_some_and(|w| !(self.s.ttl > 0 && now >= w.saturating_add(self.s.ttl))) {
            // already emitted: nothing different can come out
            return;
        }
        k.written = None;
        let keep = match &k.row {
            None => true,
            Some((pending, _)) => {
                ts < self.s.time_col.and_then(|c| pending.get(c)).and_then(Value::as_millis).unwrap_or(0)
            }
        };
        if !keep {
            return;
        }
        if let Some(t) = k.timer.take() {
            self.timers.remove(&t);
        }
        self.timer_seq += 1;
        let t = (ts, self.timer_seq);
        k.timer = Some(t);
        self.timers.insert(t, key.clone());
        k.row = Some((rec.row.clone(), rec.lineage.clone()));
        self.stored_event(&key, &rec.row, &rec.lineage, cx);
    }

    fn rowtime_keep_last(&mut self, key: Row, rec: Record, cx: &mut Ctx) {
        let now = cx.proc_time;
        let ts = self.rowtime(&rec.row);
        let (ttl, time_col, ub) = (self.s.ttl, self.s.time_col, self.s.update_before);
        let Some(k) = self.keys.get_mut(&key) else { return };
        if k.written.is_some_and(|w| ttl > 0 && now >= w.saturating_add(ttl)) {
            k.row = None;
        }
        let prev_ts =
            k.row.as_ref().map(|(r, _)| time_col.and_then(|c| r.get(c)).and_then(Value::as_millis).unwrap_or(0));
        if prev_ts.is_some_and(|p| p > ts) {
            return;
        }
        match k.row.take() {
            None => cx.emit(Record { kind: RowKind::Insert, row: rec.row.clone(), lineage: rec.lineage.clone() }),
            Some((prev, prev_lineage)) => {
                if ub {
                    cx.emit(Record { kind: RowKind::UpdateBefore, row: prev, lineage: prev_lineage });
                }
                cx.emit(Record { kind: RowKind::UpdateAfter, row: rec.row.clone(), lineage: rec.lineage.clone() });
            }
        }
        k.row = Some((rec.row.clone(), rec.lineage.clone()));
        k.written = Some(now);
        self.written(&key, now);
        self.stored_event(&key, &rec.row, &rec.lineage, cx);
    }

    fn proctime_keep_first(&mut self, key: Row, rec: Record, cx: &mut Ctx) {
        let now = cx.proc_time;
        let ttl = self.s.ttl;
        let Some(k) = self.keys.get_mut(&key) else { return };
        if k.written.is_some_and(|w| !(ttl > 0 && now >= w.saturating_add(ttl))) {
            return;
        }
        k.written = Some(now);
        self.written(&key, now);
        cx.emit(Record { kind: RowKind::Insert, row: rec.row, lineage: rec.lineage });
    }

    fn proctime_keep_last(&mut self, key: Row, rec: Record, cx: &mut Ctx) {
        let now = cx.proc_time;
        let ttl_on = self.ttl_on();
        let expired = self.keys.get(&key).and_then(|k| k.written).is_some_and(|w| self.expired(w, now));
        let same = match self.keys.get(&key).and_then(|k| k.row.as_ref().map(|r| (r, k.row_kind))) {
            Some(((prev, _), kind)) if !expired => Some(kind == RowKind::Insert && self.same_row(prev, &rec.row)),
            _ => None,
        };
        let ub = self.s.update_before;
        let Some(k) = self.keys.get_mut(&key) else { return };
        // the new row is kept whatever happens (`state.update(currentRow)` comes first)
        let prev = if expired { None } else { k.row.take() };
        k.row = Some((rec.row.clone(), rec.lineage.clone()));
        k.written = Some(now);
        match (prev, same) {
            (None, _) | (_, None) => {
                k.row_kind = RowKind::Insert;
                cx.emit(Record { kind: RowKind::Insert, row: rec.row.clone(), lineage: rec.lineage.clone() });
            }
            (Some(_), Some(true)) if !ttl_on => {
                // equal to the kept row: nothing to send; the stored object is the new row (+I)
                k.row_kind = RowKind::Insert;
                self.written(&key, now);
                if cx.tracing() {
                    let op = cx.op;
                    let key_text = render(&key, &self.key_types(), cx.zone);
                    let row = render(&rec.row, &self.s.in_types, cx.zone);
                    cx.event(|| Event::Unchanged { op, key: key_text, row });
                }
                return;
            }
            (Some((prev, prev_lineage)), Some(_)) => {
                k.row_kind = RowKind::UpdateAfter;
                if ub {
                    cx.emit(Record { kind: RowKind::UpdateBefore, row: prev, lineage: prev_lineage });
                }
                cx.emit(Record { kind: RowKind::UpdateAfter, row: rec.row.clone(), lineage: rec.lineage.clone() });
            }
        }
        self.written(&key, now);
        self.stored_event(&key, &rec.row, &rec.lineage, cx);
    }
}

impl Operator for DeduplicateOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if rec.kind != RowKind::Insert {
            // DeduplicateFunctionHelper.checkInsertOnly
            return Err(RuntimeError::java("java.lang.IllegalArgumentException", ""));
        }
        let now = cx.proc_time;
        self.expire(now, cx);
        let key: Row = self.s.key.iter().map(|&i| rec.row.get(i).cloned().unwrap_or(Value::Null)).collect();
        if !self.keys.contains_key(&key) {
            self.seq += 1;
            let k = KeyState { seq: self.seq, row: None, row_kind: RowKind::Insert, written: None, timer: None };
            self.keys.insert(key.clone(), k);
        }
        match self.s.kind {
            DedupKind::RowtimeKeepFirst => self.rowtime_keep_first(key, rec, cx),
            DedupKind::RowtimeKeepLast => self.rowtime_keep_last(key, rec, cx),
            DedupKind::ProctimeKeepFirst => self.proctime_keep_first(key, rec, cx),
            DedupKind::ProctimeKeepLast => self.proctime_keep_last(key, rec, cx),
        }
        Ok(())
    }

    fn on_watermark(&mut self, _input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        self.watermark = self.watermark.max(wm);
        let now = cx.proc_time;
        while let Some((&t, _)) = self.timers.first_key_value() {
            if t.0 > wm {
                break;
            }
            let Some(key) = self.timers.remove(&t) else { break };
            let Some(k) = self.keys.get_mut(&key) else { continue };
            k.timer = None;
            // the timer emits the pending row and marks the key emitted
            if let Some((row, lineage)) = k.row.take() {
                cx.emit(Record { kind: RowKind::Insert, row, lineage });
            }
            k.written = Some(now);
            if self.s.ttl > 0 {
                self.writes.push(now, key);
            }
        }
        cx.emit_watermark(wm);
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(
            self.keys
                .values()
                .map(|k| match self.s.kind {
                    DedupKind::RowtimeKeepFirst | DedupKind::RowtimeKeepLast | DedupKind::ProctimeKeepLast => {
                        usize::from(k.row.is_some() || k.written.is_some())
                    }
                    DedupKind::ProctimeKeepFirst => usize::from(k.written.is_some()),
                })
                .sum(),
        )
    }

    fn state(&self, op: usize, zone: &crate::time::SessionZone) -> Option<StateSummary> {
        let kt = self.key_types();
        let mut keys: Vec<(&Row, &KeyState)> = self.keys.iter().collect();
        crate::sort::sort_by_key(&mut keys, |(_, k)| k.seq);
        let groups: Vec<StateGroup> = keys
            .into_iter()
            .filter_map(|(key, k)| {
                let (row, note) = match (&k.row, self.s.kind) {
                    (Some((r, _)), DedupKind::RowtimeKeepFirst) => {
                        let t = k.timer.map(|(t, _)| format_ts(Ts::from_millis(t), 3)).unwrap_or_default();
                        (
                            render(r, &self.s.in_types, zone),
                            format!("pending, emitted when the watermark reaches {}", t),
                        )
                    }
                    (Some((r, _)), DedupKind::ProctimeKeepLast) if k.row_kind == RowKind::UpdateAfter => {
                        (render(r, &self.s.in_types, zone), "kept (as +U: an identical repeat is sent again)".into())
                    }
                    (Some((r, _)), _) => (render(r, &self.s.in_types, zone), "kept".into()),
                    (None, _) if k.written.is_some() => {
                        (vec![String::new(); self.s.in_types.len()], "emitted: later rows are ignored".into())
                    }
                    (None, _) => return None,
                };
                Some(StateGroup {
                    side: "key".into(),
                    key: render(key, &kt, zone),
                    window: None,
                    rows: vec![row],
                    row_notes: vec![note],
                })
            })
            .collect();
        Some(StateSummary { op, rows: groups.len(), groups })
    }

    fn late_rows(&self) -> Option<u64> {
        match self.s.kind {
            DedupKind::RowtimeKeepFirst => Some(self.late),
            _ => None,
        }
    }
}

/// The oracle's deduplication scenarios (`/tmp/research/agg/scenarios/dedup_*.sql` with Flink's
/// `.expected`), translated by hand: each step feeds the row (and the watermark after it, the
/// `-> wm` of the step) and asserts the rows Flink printed at that step, in Flink's order; a
/// Calc above the Deduplicate (`Calc(select=[k, v])`) is applied to the output.
#[cfg(test)]
mod tests;

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
        keys.sort_by_key(|(_, k)| k.seq);
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
mod tests {
    use super::*;
    use crate::ops::Element;
    use crate::time::{parse_ts_literal, SessionZone};
    use crate::types::TypeKind;

    fn st() -> DataType {
        DataType::string()
    }
    fn int() -> DataType {
        DataType::nullable(TypeKind::Int)
    }
    fn bigint() -> DataType {
        DataType::nullable(TypeKind::BigInt)
    }
    fn rowtime() -> DataType {
        DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime })
    }
    fn proctime() -> DataType {
        DataType::not_null(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Proctime })
    }
    fn s(x: &str) -> Value {
        Value::String(x.into())
    }
    fn i(x: i32) -> Value {
        Value::Int(x)
    }
    fn t(x: &str) -> Value {
        Value::Timestamp(parse_ts_literal(x).expect("timestamp"))
    }
    fn ms(x: &str) -> i64 {
        parse_ts_literal(x).expect("timestamp").millis
    }

    struct H {
        op: DeduplicateOp,
        types: Vec<DataType>,
        zone: SessionZone,
        proc_time: i64,
        events: Vec<Event>,
        project: Option<Vec<usize>>,
        /// The column PROCTIME() fills with the processing time.
        pt_col: Option<usize>,
    }

    impl H {
        fn new(key: Vec<usize>, kind: DedupKind, time_col: Option<usize>, ttl: i64, types: Vec<DataType>) -> H {
            let spec = DeduplicateSpec { key, kind, time_col, ttl, in_types: types.clone(), update_before: true };
            H {
                op: DeduplicateOp::new(spec),
                types,
                zone: SessionZone::default(),
                proc_time: 1_704_067_200_000,
                events: Vec::new(),
                project: None,
                pt_col: None,
            }
        }

        fn project(mut self, cols: Vec<usize>) -> H {
            self.project = Some(cols);
            self
        }

        fn print(&self, out: Vec<Element>) -> Vec<String> {
            let mut v = Vec::new();
            for e in out {
                if let Element::Record(r) = e {
                    let cols: Vec<usize> = self.project.clone().unwrap_or_else(|| (0..r.row.len()).collect());
                    let row: Row = cols.iter().map(|&c| r.row[c].clone()).collect();
                    let types: Vec<DataType> = cols.iter().map(|&c| self.types[c].clone()).collect();
                    v.push(format!("{}[{}]", r.kind.short(), render(&row, &types, &self.zone).join(", ")));
                }
            }
            v
        }

        /// One step: the row at the next processing time, then the step's watermark.
        fn step(&mut self, mut row: Row, wm: Option<i64>) -> Vec<String> {
            self.proc_time += 1000;
            if let Some(c) = self.pt_col {
                row[c] = Value::TimestampLtz(Ts::from_millis(self.proc_time));
            }
            let mut out = Vec::new();
            let mut cx = Ctx {
                out: &mut out,
                events: Some(&mut self.events),
                op: 0,
                zone: &self.zone,
                proc_time: self.proc_time,
            };
            self.op.on_record(0, Record { kind: RowKind::Insert, row, lineage: vec![1] }, &mut cx).expect("row");
            if let Some(w) = wm {
                self.op.on_watermark(0, w, &mut cx).expect("watermark");
                assert!(matches!(out.last(), Some(Element::Watermark(x)) if *x == w));
            }
            assert!(self.op.state(0, &self.zone).is_some());
            assert!(self.op.state_rows().is_some());
            self.print(out)
        }

        /// The end of input: the sources' +inf watermark.
        fn end(&mut self) -> Vec<String> {
            let mut out = Vec::new();
            let mut cx = Ctx { out: &mut out, events: None, op: 0, zone: &self.zone, proc_time: self.proc_time };
            self.op.on_watermark(0, i64::MAX, &mut cx).expect("watermark");
            self.print(out)
        }
    }

    type Steps = Vec<(Row, Option<i64>)>;

    fn run(h: &mut H, steps: Steps) -> Vec<Vec<String>> {
        steps.into_iter().map(|(row, wm)| h.step(row, wm)).collect()
    }

    fn want<const N: usize>(rows: [&[&str]; N]) -> Vec<Vec<String>> {
        rows.iter().map(|r| r.iter().map(|x| x.to_string()).collect()).collect()
    }

    // ---- dedup_rowtime_keep_first.sql (WATERMARK ts - 5 s) ----

    fn keep_first_steps() -> Steps {
        let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
        vec![
            (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
            (row("a", 2, "08"), None),
            (row("a", 3, "08"), None),
            (row("b", 4, "12"), Some(ms("2024-01-01 10:00:07"))),
            (row("a", 5, "07"), None),
            (row("a", 6, "06"), None),
            (row("c", 7, "20"), Some(ms("2024-01-01 10:00:15"))),
            (row("a", 8, "16"), None),
            (row("d", 9, "14"), None),
        ]
    }

    /// q1: `SELECT k, v, ts … PARTITION BY k ORDER BY ts ASC) WHERE rn = 1`.
    #[test]
    fn rowtime_keep_first() {
        let mut h = H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]);
        let out = run(&mut h, keep_first_steps());
        let expected = want([
            &[],
            &[], // an earlier row replaces the pending one
            &[], // an equal rowtime keeps the earlier arrival
            &[],
            &[], // equal to the watermark: not late
            &[], // behind the watermark: dropped
            &["+I[a, 5, 2024-01-01 10:00:07.000]", "+I[b, 4, 2024-01-01 10:00:12.000]"],
            &[], // a was emitted: ignored
            &[], // late
        ]);
        assert_eq!(out, expected);
        assert_eq!(h.end(), ["+I[c, 7, 2024-01-01 10:00:20.000]"]);
        assert_eq!(h.op.late_rows(), Some(2));
        assert_eq!(h.events.iter().filter(|e| matches!(e, Event::LateDrop { .. })).count(), 2);
    }

    /// q4: `SELECT k, v … ROW_NUMBER() OVER (ORDER BY ts) … WHERE rn = 1` (one global key).
    #[test]
    fn rowtime_keep_first_global() {
        let mut h =
            H::new(vec![], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]).project(vec![0, 1]);
        let out = run(&mut h, keep_first_steps());
        let expected = want([&[], &[], &[], &[], &[], &[], &["+I[a, 5]"], &[], &[]]);
        assert_eq!(out, expected);
        assert_eq!(h.end(), Vec::<String>::new());
    }

    // ---- dedup_select_rn_and_variants.sql q1 ----

    /// q1: `SELECT k, v, rn … ORDER BY ts) WHERE rn = 1`: still a Deduplicate, rn the constant 1
    /// of `Calc(select=[k, v, 1 AS rn])`.
    #[test]
    fn rowtime_keep_first_with_constant_rn() {
        let mut h =
            H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 0, vec![st(), int(), rowtime()]).project(vec![0, 1]);
        let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
        let steps = vec![
            (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
            (row("a", 2, "08"), None),
            (row("a", 3, "08"), None),
            (row("b", 4, "30"), Some(ms("2024-01-01 10:00:25"))),
            (row("a", 5, "01"), None),
        ];
        let with_rn = |v: Vec<Vec<String>>| -> Vec<Vec<String>> {
            v.into_iter().map(|r| r.into_iter().map(|x| format!("{}, 1]", x.trim_end_matches(']'))).collect()).collect()
        };
        let out = with_rn(run(&mut h, steps));
        assert_eq!(out, want([&[], &[], &[], &["+I[a, 2, 1]"], &[]]));
        assert_eq!(with_rn(vec![h.end()]), want([&["+I[b, 4, 1]"]]));
        assert_eq!(h.op.late_rows(), Some(1));
    }

    // ---- dedup_rowtime_keep_last.sql ----

    /// q1: `SELECT k, v, ts … ORDER BY ts DESC) WHERE rn = 1`.
    #[test]
    fn rowtime_keep_last() {
        let mut h = H::new(vec![0], DedupKind::RowtimeKeepLast, Some(2), 0, vec![st(), int(), rowtime()]);
        let row = |k: &str, v: i32, ts: &str| vec![s(k), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
        let steps = vec![
            (row("a", 1, "10"), Some(ms("2024-01-01 10:00:05"))),
            (row("a", 2, "08"), None),
            (row("a", 3, "10"), None),
            (row("a", 3, "10"), None),
            (row("b", 4, "30"), Some(ms("2024-01-01 10:00:25"))),
            (row("a", 5, "11"), None),
            (row("a", 6, "09"), None),
            (row("b", 7, "31"), Some(ms("2024-01-01 10:00:26"))),
        ];
        let out = run(&mut h, steps);
        let expected = want([
            &["+I[a, 1, 2024-01-01 10:00:10.000]"],
            &[],
            &["-U[a, 1, 2024-01-01 10:00:10.000]", "+U[a, 3, 2024-01-01 10:00:10.000]"],
            // the same row again: no equality check
            &["-U[a, 3, 2024-01-01 10:00:10.000]", "+U[a, 3, 2024-01-01 10:00:10.000]"],
            &["+I[b, 4, 2024-01-01 10:00:30.000]"],
            // behind the watermark, yet it replaces: no lateness check
            &["-U[a, 3, 2024-01-01 10:00:10.000]", "+U[a, 5, 2024-01-01 10:00:11.000]"],
            &[],
            &["-U[b, 4, 2024-01-01 10:00:30.000]", "+U[b, 7, 2024-01-01 10:00:31.000]"],
        ]);
        assert_eq!(out, expected);
        assert_eq!(h.end(), Vec::<String>::new());
        assert_eq!(h.op.late_rows(), None);
    }

    // ---- dedup_temporal_join_views.sql (WATERMARK currency_time - 0.001 s) ----

    fn currency_steps() -> Steps {
        let row = |c: &str, rate: i64, ts: &str| vec![s(c), s("no1"), Value::BigInt(rate), t(ts)];
        let wm = |ts: &str| Some(ms(ts) - 1);
        vec![
            (row("Euro", 114, "2020-08-15 00:00:01"), wm("2020-08-15 00:00:01")),
            (row("US Dollar", 102, "2020-08-15 00:00:02"), wm("2020-08-15 00:00:02")),
            (row("Yen", 1, "2020-08-15 00:00:03"), wm("2020-08-15 00:00:03")),
            (row("RMB", 702, "2020-08-15 00:00:04"), wm("2020-08-15 00:00:04")),
            (row("Euro", 118, "2020-08-16 00:01:00"), wm("2020-08-16 00:01:00")),
            (row("US Dollar", 102, "2020-08-16 00:02:00"), wm("2020-08-16 00:02:00")),
            (row("US Dollar", 106, "2020-08-16 00:02:00"), None),
        ]
    }

    fn currency_types() -> Vec<DataType> {
        vec![st(), st(), bigint(), rowtime()]
    }

    /// q1: `SELECT * FROM currency_deduplicated_first_row`.
    #[test]
    fn first_row_view() {
        let mut h = H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(3), 0, currency_types());
        let out = run(&mut h, currency_steps());
        let expected = want([
            &[],
            &["+I[Euro, no1, 114, 2020-08-15 00:00:01.000]"],
            &["+I[US Dollar, no1, 102, 2020-08-15 00:00:02.000]"],
            &["+I[Yen, no1, 1, 2020-08-15 00:00:03.000]"],
            &["+I[RMB, no1, 702, 2020-08-15 00:00:04.000]"],
            &[],
            &[],
        ]);
        assert_eq!(out, expected);
        // the orders steps of the script feed nothing here; the end flushes nothing
        assert_eq!(h.end(), Vec::<String>::new());
    }

    /// q2: `SELECT * FROM currency_deduplicated_last_row` (two US Dollar rows at the same time:
    /// the later one wins).
    #[test]
    fn last_row_view() {
        let mut h = H::new(vec![0], DedupKind::RowtimeKeepLast, Some(3), 0, currency_types());
        let out = run(&mut h, currency_steps());
        let expected = want([
            &["+I[Euro, no1, 114, 2020-08-15 00:00:01.000]"],
            &["+I[US Dollar, no1, 102, 2020-08-15 00:00:02.000]"],
            &["+I[Yen, no1, 1, 2020-08-15 00:00:03.000]"],
            &["+I[RMB, no1, 702, 2020-08-15 00:00:04.000]"],
            &["-U[Euro, no1, 114, 2020-08-15 00:00:01.000]", "+U[Euro, no1, 118, 2020-08-16 00:01:00.000]"],
            &["-U[US Dollar, no1, 102, 2020-08-15 00:00:02.000]", "+U[US Dollar, no1, 102, 2020-08-16 00:02:00.000]"],
            &["-U[US Dollar, no1, 102, 2020-08-16 00:02:00.000]", "+U[US Dollar, no1, 106, 2020-08-16 00:02:00.000]"],
        ]);
        assert_eq!(out, expected);
    }

    // ---- dedup_proctime.sql (pt AS PROCTIME(); Calc(select=[k, v]) above) ----

    fn proc_h(kind: DedupKind, ttl: i64) -> H {
        let mut h = H::new(vec![0], kind, None, ttl, vec![st(), int(), proctime()]).project(vec![0, 1]);
        h.pt_col = Some(2);
        h
    }

    fn proc_rows(rows: &[(&str, i32)]) -> Steps {
        rows.iter().map(|(k, v)| (vec![s(k), i(*v), Value::Null], None)).collect()
    }

    const T: [(&str, i32); 5] = [("a", 1), ("a", 2), ("b", 3), ("a", 2), ("b", 3)];
    const T2: [(&str, i32); 8] = [("a", 1), ("a", 1), ("a", 1), ("b", 1), ("b", 2), ("b", 2), ("b", 2), ("a", 1)];

    /// q1: `ORDER BY pt ASC … rn = 1` (keep-first).
    #[test]
    fn proctime_keep_first() {
        let mut h = proc_h(DedupKind::ProctimeKeepFirst, 0);
        let out = run(&mut h, proc_rows(&T));
        assert_eq!(out, want([&["+I[a, 1]"], &[], &["+I[b, 3]"], &[], &[]]));
    }

    /// q2: `ORDER BY pt DESC … rn = 1` (keep-last) over `t`.
    #[test]
    fn proctime_keep_last() {
        let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
        let out = run(&mut h, proc_rows(&T));
        let expected = want([
            &["+I[a, 1]"],
            &["-U[a, 1]", "+U[a, 2]"],
            &["+I[b, 3]"],
            // the same (k, v) as the kept row, but that row carries +U now: sent again
            &["-U[a, 2]", "+U[a, 2]"],
            // b's kept row is still its +I one: an identical repeat is dropped
            &[],
        ]);
        assert_eq!(out, expected);
        assert!(h.events.iter().any(|e| matches!(e, Event::Unchanged { .. })));
    }

    /// q4: keep-last over `t2`: repeats are dropped while the kept row is the +I one, sent
    /// again once it was updated.
    #[test]
    fn proctime_keep_last_rowkind_quirk() {
        let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
        let out = run(&mut h, proc_rows(&T2));
        let expected = want([
            &["+I[a, 1]"],
            &[],
            &[],
            &["+I[b, 1]"],
            &["-U[b, 1]", "+U[b, 2]"],
            &["-U[b, 2]", "+U[b, 2]"],
            &["-U[b, 2]", "+U[b, 2]"],
            &[],
        ]);
        assert_eq!(out, expected);
    }

    /// q5: the same with `table.exec.state.ttl = 1 h`: no equality check, every row emits.
    #[test]
    fn proctime_keep_last_with_ttl() {
        let mut h = proc_h(DedupKind::ProctimeKeepLast, 3_600_000);
        let out = run(&mut h, proc_rows(&T2));
        let expected = want([
            &["+I[a, 1]"],
            &["-U[a, 1]", "+U[a, 1]"],
            &["-U[a, 1]", "+U[a, 1]"],
            &["+I[b, 1]"],
            &["-U[b, 1]", "+U[b, 2]"],
            &["-U[b, 2]", "+U[b, 2]"],
            &["-U[b, 2]", "+U[b, 2]"],
            &["-U[a, 1]", "+U[a, 1]"],
        ]);
        assert_eq!(out, expected);
    }

    // ---- state TTL expiry (no oracle scenario: derived by hand from Flink's sources) ----

    /// Proctime keep-first (`processFirstRowOnProcTime`): the "seen" flag is written once and
    /// expires `ttl` after; the key's next row is a first row again. Keep-last's row state is
    /// written on every row, so only a pause longer than `ttl` restarts it.
    #[test]
    fn proctime_ttl_expiry() {
        let mut first = proc_h(DedupKind::ProctimeKeepFirst, 2500);
        let out = run(&mut first, proc_rows(&[("a", 1), ("a", 2), ("a", 3), ("a", 4)]));
        assert_eq!(out, want([&["+I[a, 1]"], &[], &[], &["+I[a, 4]"]]));
        assert!(first.events.iter().any(|e| matches!(e, Event::StateExpire { cause: ExpireCause::Ttl, .. })));

        let mut last = proc_h(DedupKind::ProctimeKeepLast, 2500);
        let out = run(&mut last, proc_rows(&[("a", 1), ("a", 2), ("a", 3)]));
        assert_eq!(out, want([&["+I[a, 1]"], &["-U[a, 1]", "+U[a, 2]"], &["-U[a, 2]", "+U[a, 3]"]]));
        last.proc_time += 3000;
        assert_eq!(last.step(vec![s("a"), i(4), Value::Null], None), ["+I[a, 4]"]);
    }

    /// Rowtime keep-first: only the "emitted" flag has a TTL (written when the timer fires);
    /// once it expires, the key buffers and emits again.
    #[test]
    fn rowtime_keep_first_emitted_flag_expires() {
        let mut h = H::new(vec![0], DedupKind::RowtimeKeepFirst, Some(2), 2500, vec![st(), int(), rowtime()])
            .project(vec![0, 1]);
        let row = |v: i32, ts: &str| vec![s("a"), i(v), t(&format!("2024-01-01 10:00:{}", ts))];
        assert_eq!(h.step(row(1, "10"), Some(ms("2024-01-01 10:00:10"))), ["+I[a, 1]"]); // t = 1 s
        assert_eq!(h.step(row(2, "11"), None), Vec::<String>::new()); // t = 2 s: emitted
        h.proc_time += 2000;
        assert_eq!(h.step(row(3, "12"), Some(ms("2024-01-01 10:00:12"))), ["+I[a, 3]"]);
        // t = 5 s
    }

    #[test]
    fn only_inserts_are_accepted() {
        let mut h = proc_h(DedupKind::ProctimeKeepLast, 0);
        let mut out = Vec::new();
        let mut cx = Ctx { out: &mut out, events: None, op: 0, zone: &h.zone, proc_time: 0 };
        let rec = Record { kind: RowKind::Delete, row: vec![s("a"), i(1), Value::Null], lineage: vec![] };
        let err = h.op.on_record(0, rec, &mut cx).expect_err("insert only");
        assert_eq!(err.class, "java.lang.IllegalArgumentException");
    }
}

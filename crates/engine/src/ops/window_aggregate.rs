//! Window aggregation (Flink's slicing `WindowAggOperator`, NOTES §1): `GROUP BY window_start,
//! window_end, …` over TUMBLE / HOP / CUMULATE. Rows are cut into *slices* (TUMBLE: the window;
//! HOP: `gcd(size, slide)`; CUMULATE: the step), buffered per (key, slice) and folded into one
//! accumulator per (key, slice) only when the buffer is flushed; a window fires when the
//! watermark reaches its trigger time `T(end)` (`end - 1 ms`, on the session zone's clock for a
//! TIMESTAMP_LTZ time attribute) and merges its slices.
//!
//! ```text
//!  row ──► slice s ──► not fired(s)?          ──► buffer[key, s]
//!                 └──► last window fired?     ──► dropped (late counter +1)
//!                 └──► else (HOP / CUMULATE)  ──► buffer[key, merge target], timer: first unfired window
//!  wm  ──► progress = wm; wm ≥ nextTrigger? ──► flush if the buffer's first slice fired:
//!                 accumulate / retract into acc[key, s]; timer (key, s) unless fired at the previous wm
//!          nextTrigger = nextTriggerWatermark(wm)          (TimeWindowUtil, epoch-aligned: §1.7)
//!      ──► timers ≤ wm, ascending: merge slices, +I[keys, results, window] unless empty;
//!          HOP: next window if not empty, CUMULATE: next step of the cycle; free expired slices
//!      ──► forward wm
//! ```
//!
//! The flush schedule is `TimeWindowUtil.getNextTriggerWatermarkWithOffset`: in a zone without
//! daylight saving time it is aligned to the *epoch* (not the local clock), so for a
//! TIMESTAMP_LTZ time attribute in a zone whose offset is not a multiple of the slice (Shanghai
//! and 1-day windows, Kolkata and 1-hour windows) a slice can be flushed only after its window's
//! trigger time passed at the previous watermark: it gets no timer (one phase) or its partial
//! accumulator is dropped as late (two phases), and the window's rows are lost (NOTES §1.7).
//!
//! Two phases (`two_phase`, Flink's default for rowtime windows whose functions all merge):
//! a local stage (`LocalSlicingWindowAggOperator`, its clock and flush schedule starting at 0)
//! buffers rows per (key, slice), folds them into one partial accumulator per (key, slice) at its
//! flush and hands them to the global stage before the watermark; the global stage is the one
//! phase processor over partial accumulators (lateness judged per partial row, merged at its own
//! flush, `GlobalAggCombiner`). Both run inside this one operator.
//!
//! Emptiness (NOTES §1.4): a window is empty when its row count is 0 — judged only with a
//! hidden or visible `COUNT(*)` (HOP windows, updating inputs); an empty window emits nothing
//! and stops the HOP chain. Window-attached input (`WindowTime::WindowEnd`: a window join, Top-N
//! or aggregation upstream): the row's `window_end` is its slice and its window, as Flink's
//! `WindowedSliceAssigner` does. Processing-time windows (`WindowTime::ProcTime`) slice the
//! simulated processing clock and fire on it (one phase, timers registered per row, no late
//! rows), as `WindowAggOperator.onProcessingTime` does.
//!
//! Output order: timers in ascending trigger time; timers of one time in the order they were
//! registered (flush order = first-seen order of (key, slice); Flink's own order there is its
//! timer heap's, unspecified).
//!
//! # Emits
//! `+I[keys, results, window props]` once per non-empty window, when it fires.
//! # Retracts
//! Never: an updating input (`retract`) uses the retracting functions (`-U`/`-D` retract from
//! the row's own slice) and its output stays insert-only.
//! # State
//! Kept: buffered rows per (key, slice) until the flush; one accumulator per (key, slice).
//! Freed: a slice's accumulator when the last window that reads it fires (TUMBLE: its window;
//! HOP: the window it is the oldest slice of; CUMULATE: the cycle's last window frees the
//! cycle's accumulator). Slices flushed too late (§1.7) stay.
//! # Watermark out
//! Its input's, forwarded after the windows it makes due have fired.
//! # Trace events
//! `state_insert` (a row buffered), `aggregated` (a row folded into its slice at the flush;
//! two phases: a partial accumulator merged), `late_drop`, `window_fire`, `emit`,
//! `state_expire` (cause `window_fired`), `watermark`.
//! # Flink class
//! `WindowAggOperator` with `SliceUnshared…` / `SliceShared…SyncStateWindowAggProcessor`,
//! `RecordsWindowBuffer`, `AggCombiner`; two phases: `LocalSlicingWindowAggOperator` +
//! `LocalAggCombiner`, `GlobalAggCombiner` (`StreamExecWindowAggregate`,
//! `StreamExecLocalWindowAggregate`, `StreamExecGlobalWindowAggregate`).
//! # Scenarios
//! `window_agg_tumble_basic`, `window_agg_hop_late_rows`, `window_agg_cumulate_late_rows`,
//! `window_agg_fire_order`, `window_agg_updating_input`, `window_agg_hidden_count`,
//! `window_agg_ltz_flush_loss`, `window_agg_ltz_flush_loss_kolkata` (the unit tests below).

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::time::window::WindowSpec;
use crate::time::{SessionZone, Ts};
use crate::trace::{Event, Lineage, StateGroup, StateSummary, WindowRef};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::aggregate::accumulators::{CallSpec, GroupAcc};
use super::watermarks::InputWatermarks;
use super::{merge_lineage, render, window_ref, Ctx, Operator, Record};

/// Where a row's slice comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowTime {
    /// The TVF fused into the aggregation: the row's time attribute (epoch ms; `ltz`: an
    /// instant, shifted into the session zone's clock before slicing).
    TimeCol { col: usize, ltz: bool },
    /// Window-attached: the input carries `window_end` (local clock); the window is the one
    /// ending there.
    WindowEnd { end_col: usize },
    /// Processing time: the simulated processing clock when the row arrives (shifted into the
    /// session zone's clock when `ltz`, which PROCTIME() always is).
    ProcTime,
}

/// A window column of the output, appended after keys and call results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WindowProp {
    Start,
    End,
    Time,
}

pub struct WindowAggregateSpec {
    pub window: WindowSpec,
    pub time: WindowTime,
    /// Key columns of the input row.
    pub group: Vec<usize>,
    pub calls: Vec<CallSpec>,
    /// Updating input: retracting functions, `-U`/`-D` retract.
    pub retract: bool,
    /// A hidden `COUNT(*)` for emptiness (HOP windows, updating inputs).
    pub count_star: bool,
    /// Window columns appended after keys and calls, in this order.
    pub props: Vec<WindowProp>,
    /// Local + global plan (Flink's default for rowtime unless FIRST/LAST_VALUE) vs one phase.
    pub two_phase: bool,
    /// Windows on the session zone's clock (TIMESTAMP_LTZ time attribute).
    pub ltz: bool,
    pub in_types: Vec<DataType>,
    pub out_types: Vec<DataType>,
}

use super::window_slicing::*;

#[derive(Clone, Copy, Debug)]
struct Assigner {
    spec: WindowSpec,
    /// Window-attached input (`WindowedSliceAssigner`): unshared, the slice is the window.
    windowed: bool,
}

impl Assigner {
    /// `getSliceEndInterval`.
    fn interval(&self) -> i64 {
        match self.spec {
            WindowSpec::Tumble { size, .. } => size,
            WindowSpec::Hop { slide, size, .. } => gcd(size, slide),
            WindowSpec::Cumulate { step, .. } => step,
        }
    }

    fn offset(&self) -> i64 {
        match self.spec {
            WindowSpec::Tumble { offset, .. }
            | WindowSpec::Hop { offset, .. }
            | WindowSpec::Cumulate { offset, .. } => offset,
        }
    }

    fn is_hop(&self) -> bool {
        !self.windowed && matches!(self.spec, WindowSpec::Hop { .. })
    }

    fn is_cumulate(&self) -> bool {
        !self.windowed && matches!(self.spec, WindowSpec::Cumulate { .. })
    }

    /// `assignSliceEnd` of a time on the windows' clock.
    fn slice_end(&self, t: i64) -> i64 {
        let i = self.interval();
        window_start_at(t, self.offset(), i).saturating_add(i)
    }

    /// `getLastWindowEnd`: the end of the last window a slice belongs to.
    fn last_window_end(&self, slice: i64) -> i64 {
        match self.spec {
            WindowSpec::Hop { size, .. } if self.is_hop() => slice.saturating_sub(self.interval()).saturating_add(size),
            WindowSpec::Cumulate { max_size, offset, .. } if self.is_cumulate() => {
                window_start_at(slice.saturating_sub(1), offset, max_size).saturating_add(max_size)
            }
            _ => slice,
        }
    }

    fn window_start(&self, end: i64) -> i64 {
        window_start_of(&self.spec, end)
    }

    /// CUMULATE: the first slice of the cycle holding `slice` (its running accumulator).
    fn first_slice(&self, slice: i64) -> i64 {
        window_start_of(&self.spec, slice).saturating_add(self.interval())
    }

    /// `sliceStateMergeTarget`: where a late row of a shared window goes.
    fn merge_target(&self, slice: i64) -> i64 {
        if self.is_cumulate() {
            self.first_slice(slice)
        } else {
            slice
        }
    }

    /// `nextTriggerWindow`: HOP only after a non-empty window; CUMULATE the next step of the cycle.
    fn next_window(&self, end: i64, empty: bool) -> Option<i64> {
        if self.is_hop() {
            return if empty { None } else { Some(end.saturating_add(self.interval())) };
        }
        if self.is_cumulate() {
            let next = end.saturating_add(self.interval());
            let max = self.last_window_end(end);
            return if next > max { None } else { Some(next) };
        }
        None
    }

    /// `expiredSlices`: the slices no later window reads.
    fn expired(&self, end: i64) -> SmallVec<[i64; 2]> {
        let mut v = SmallVec::new();
        if self.is_hop() {
            if let WindowSpec::Hop { size, .. } = self.spec {
                v.push(end.saturating_sub(size).saturating_add(self.interval()));
            }
        } else if self.is_cumulate() {
            let first = self.first_slice(end);
            let last = self.last_window_end(end);
            if end == last {
                v.push(end);
                if first != end {
                    v.push(first);
                }
            } else if end != first {
                v.push(end);
            }
        } else {
            v.push(end);
        }
        v
    }

    /// The interval a slice's state covers (for labels): the slice, or the window itself.
    fn slice_ref(&self, end: i64) -> WindowRef {
        if self.windowed {
            window_ref(self.window_start(end), end)
        } else {
            window_ref(end.saturating_sub(self.interval()), end)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The operator.

/// A buffered input row.
struct BufRow {
    kind: RowKind,
    row: Row,
    order: u64,
    lineage: Lineage,
}

/// What the (global / one phase) processor buffers: input rows, or the local stage's partial
/// accumulators.
enum Item {
    Row(BufRow),
    Partial { acc: GroupAcc, lineage: Lineage },
}

/// One accumulator in state.
struct Slot {
    acc: GroupAcc,
    lineage: Lineage,
    /// First-insert order (the state pane lists slots in it).
    seq: u64,
}

/// The local stage of a two-phase plan (`LocalSlicingWindowAggOperator`): its watermark and
/// flush schedule start at 0 (uninitialised `long` fields).
struct LocalStage {
    watermark: i64,
    next_trigger: i64,
    buffer: SliceBuffer<BufRow>,
}

pub struct WindowAggregateOp {
    s: WindowAggregateSpec,
    asg: Assigner,
    clock: WindowClock,
    check_empty: bool,
    proctime: bool,
    watermarks: InputWatermarks,
    /// The processor's progress (`currentProgress`) and flush schedule (`nextTriggerProgress`).
    progress: i64,
    next_trigger: i64,
    buffer: SliceBuffer<Item>,
    /// Accumulators per key, by slice end.
    state: FxHashMap<Row, BTreeMap<i64, Slot>>,
    slots: usize,
    timers: WindowTimers,
    local: Option<LocalStage>,
    late: u64,
    /// Arrival number of the next row (FIRST_VALUE / LAST_VALUE order by it).
    order: u64,
    seq: u64,
    /// Processing time of the last timer that advanced the progress.
    last_proc_trigger: i64,
}

impl WindowAggregateOp {
    pub fn new(spec: WindowAggregateSpec) -> Self {
        let windowed = matches!(spec.time, WindowTime::WindowEnd { .. });
        let asg = Assigner { spec: spec.window, windowed };
        let proctime = spec.time == WindowTime::ProcTime;
        let check_empty = spec.count_star || spec.retract || matches!(spec.window, WindowSpec::Hop { .. });
        let local = if spec.two_phase && !proctime {
            Some(LocalStage { watermark: 0, next_trigger: 0, buffer: SliceBuffer::default() })
        } else {
            None
        };
        WindowAggregateOp {
            clock: WindowClock { shift: spec.ltz },
            s: spec,
            asg,
            check_empty,
            proctime,
            watermarks: InputWatermarks::new(vec!["input".into()]),
            progress: i64::MIN,
            next_trigger: i64::MIN,
            buffer: SliceBuffer::default(),
            state: FxHashMap::default(),
            slots: 0,
            timers: WindowTimers::default(),
            local,
            late: 0,
            order: 0,
            seq: 0,
            last_proc_trigger: i64::MIN,
        }
    }

    fn key_types(&self) -> Vec<DataType> {
        self.s.group.iter().map(|&g| self.s.in_types.get(g).cloned().unwrap_or_else(DataType::string)).collect()
    }

    fn result_types(&self) -> Vec<DataType> {
        let nk = self.s.group.len();
        (0..self.s.calls.len())
            .map(|i| {
                self.s
                    .out_types
                    .get(nk + i)
                    .cloned()
                    .or_else(|| self.s.calls.get(i).map(|c| c.ty.clone()))
                    .unwrap_or_else(DataType::string)
            })
            .collect()
    }

    fn empty(&self, acc: &GroupAcc) -> bool {
        self.check_empty && acc.count1 == 0
    }

    /// The slice of an arriving row.
    fn slice_of(&self, row: &[Value], cx: &Ctx) -> Result<i64, RuntimeError> {
        match self.s.time {
            WindowTime::TimeCol { col, ltz } => {
                let t = row.get(col).and_then(|v| v.as_millis()).ok_or_else(|| {
                    RuntimeError::new("RowTime field should not be null, please convert it to a non-null long value.")
                })?;
                let local = if ltz { cx.zone.instant_to_local(t) } else { t };
                Ok(self.asg.slice_end(local))
            }
            WindowTime::WindowEnd { end_col } => window_end_of(row, end_col),
            WindowTime::ProcTime => Ok(self.asg.slice_end(self.clock.local(cx.proc_time, cx.zone))),
        }
    }

    /// `processElement` of the (global / one phase) processor; the row or partial accumulator
    /// of slice `slice`.
    fn process_element(&mut self, key: Row, slice: i64, item: Item, cx: &mut Ctx) {
        let zone = cx.zone;
        if self.proctime {
            let t = self.clock.trigger(slice, zone);
            self.timers.register(&key, slice, t);
            self.buffer_item(key, slice, item, cx);
            return;
        }
        if !self.clock.fired(slice, self.progress, zone) {
            self.buffer_item(key, slice, item, cx);
            return;
        }
        let last = self.asg.last_window_end(slice);
        if self.clock.fired(last, self.progress, zone) {
            self.late += 1;
            if cx.tracing() {
                let (side, row, lineage) = match &item {
                    Item::Row(r) => ("input", render(&r.row, &self.s.in_types, zone), r.lineage.clone()),
                    Item::Partial { acc, lineage } => {
                        ("partial", render(&acc.values(&self.s.calls), &self.result_types(), zone), lineage.clone())
                    }
                };
                let (op, wm) = (cx.op, self.progress);
                let window = window_ref(self.asg.window_start(last), last);
                cx.event(|| Event::LateDrop { op, side: side.into(), row, window, watermark_ms: wm, lineage });
            }
            return;
        }
        let target = self.asg.merge_target(slice);
        self.buffer_item(key.clone(), target, item, cx);
        let mut w = slice;
        while self.clock.fired(w, self.progress, zone) && w != i64::MAX {
            w = w.saturating_add(self.asg.interval().max(1));
        }
        let t = self.clock.trigger(w, zone);
        self.timers.register(&key, w, t);
    }

    fn buffer_item(&mut self, key: Row, slice: i64, item: Item, cx: &mut Ctx) {
        let trace = if cx.tracing() {
            let (row, lineage) = match &item {
                Item::Row(r) => (render(&r.row, &self.s.in_types, cx.zone), r.lineage.clone()),
                Item::Partial { acc, lineage } => {
                    (render(&acc.values(&self.s.calls), &self.result_types(), cx.zone), lineage.clone())
                }
            };
            Some((render(&key, &self.key_types(), cx.zone), row, lineage))
        } else {
            None
        };
        let side = if matches!(item, Item::Partial { .. }) { "partial" } else { "buffer" };
        let n = self.buffer.add(key, slice, item);
        if let Some((key, row, lineage)) = trace {
            let op = cx.op;
            let window = Some(self.asg.slice_ref(slice));
            cx.event(|| Event::StateInsert { op, side: side.into(), key, window, row, lineage, rows_in_state: n });
        }
    }

    /// `advanceProgress` of the (global / one phase) processor; `timer_wm` is the watermark of
    /// the timer service then (the previous watermark).
    fn advance_progress(&mut self, progress: i64, timer_wm: i64, cx: &mut Ctx) {
        if progress <= self.progress {
            return;
        }
        self.progress = progress;
        if self.progress >= self.next_trigger {
            if !self.buffer.is_empty() && self.clock.fired(self.buffer.min_end, self.progress, cx.zone) {
                self.flush(timer_wm, cx);
            }
            self.next_trigger = self.clock.next_trigger(self.progress, self.asg.interval(), self.asg.offset(), cx.zone);
        }
    }

    /// `RecordsWindowBuffer.flush` with `AggCombiner` (rows) / `GlobalAggCombiner` (partials).
    fn flush(&mut self, timer_wm: i64, cx: &mut Ctx) {
        let tracing = cx.tracing();
        let (key_types, result_types) =
            if tracing { (self.key_types(), self.result_types()) } else { (Vec::new(), Vec::new()) };
        for (key, slice, items) in self.buffer.take() {
            let slots = self.state.entry(key.clone()).or_default();
            let slot = match slots.entry(slice) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    self.seq += 1;
                    self.slots += 1;
                    e.insert(Slot { acc: GroupAcc::new(&self.s.calls), lineage: Vec::new(), seq: self.seq })
                }
            };
            let mut fresh: Option<(GroupAcc, Lineage)> = None;
            for item in items {
                match item {
                    Item::Row(r) => {
                        let before = if tracing { Some(slot.acc.values(&self.s.calls)) } else { None };
                        slot.acc.apply(&self.s.calls, &r.row, !r.kind.is_accumulate(), r.order);
                        if tracing {
                            slot.lineage = merge_lineage(&slot.lineage, &r.lineage);
                            let after = render(&slot.acc.values(&self.s.calls), &result_types, cx.zone);
                            let before = before.map(|b| render(&b, &result_types, cx.zone));
                            let (op, key, window) =
                                (cx.op, render(&key, &key_types, cx.zone), self.asg.slice_ref(slice));
                            let row = render(&r.row, &self.s.in_types, cx.zone);
                            cx.event(|| Event::Aggregated {
                                op,
                                key,
                                window: Some(window),
                                kind: r.kind,
                                row,
                                before,
                                after: Some(after),
                                emitted: false,
                            });
                        }
                    }
                    Item::Partial { acc, lineage } => {
                        let f = fresh.get_or_insert_with(|| (GroupAcc::new(&self.s.calls), Vec::new()));
                        f.0.merge(&self.s.calls, &acc);
                        if tracing {
                            f.1 = merge_lineage(&f.1, &lineage);
                        }
                    }
                }
            }
            if let Some((partial, lineage)) = fresh {
                let before = if tracing { Some(slot.acc.values(&self.s.calls)) } else { None };
                slot.acc.merge(&self.s.calls, &partial);
                if tracing {
                    slot.lineage = merge_lineage(&slot.lineage, &lineage);
                    let after = render(&slot.acc.values(&self.s.calls), &result_types, cx.zone);
                    let before = before.map(|b| render(&b, &result_types, cx.zone));
                    let row = render(&partial.values(&self.s.calls), &result_types, cx.zone);
                    let (op, key, window) = (cx.op, render(&key, &key_types, cx.zone), self.asg.slice_ref(slice));
                    cx.event(|| Event::Aggregated {
                        op,
                        key,
                        window: Some(window),
                        kind: RowKind::Insert,
                        row,
                        before,
                        after: Some(after),
                        emitted: false,
                    });
                }
            }
            if !self.proctime && !self.clock.fired(slice, timer_wm, cx.zone) {
                let t = self.clock.trigger(slice, cx.zone);
                self.timers.register(&key, slice, t);
            }
        }
    }

    /// The local stage's flush (`LocalAggCombiner`): one partial accumulator per (key, slice),
    /// handed to the global stage in buffer order.
    fn local_flush(&mut self, cx: &mut Ctx) {
        let Some(local) = self.local.as_mut() else { return };
        let entries = local.buffer.take();
        let tracing = cx.tracing();
        let (key_types, result_types) =
            if tracing { (self.key_types(), self.result_types()) } else { (Vec::new(), Vec::new()) };
        for (key, slice, rows) in entries {
            let mut acc = GroupAcc::new(&self.s.calls);
            let mut lineage: Lineage = Vec::new();
            for r in rows {
                let before = if tracing { Some(acc.values(&self.s.calls)) } else { None };
                acc.apply(&self.s.calls, &r.row, !r.kind.is_accumulate(), r.order);
                if tracing {
                    lineage = merge_lineage(&lineage, &r.lineage);
                    let after = render(&acc.values(&self.s.calls), &result_types, cx.zone);
                    let before = before.map(|b| render(&b, &result_types, cx.zone));
                    let (op, k, window) = (cx.op, render(&key, &key_types, cx.zone), self.asg.slice_ref(slice));
                    let row = render(&r.row, &self.s.in_types, cx.zone);
                    cx.event(|| Event::Aggregated {
                        op,
                        key: k,
                        window: Some(window),
                        kind: r.kind,
                        row,
                        before,
                        after: Some(after),
                        emitted: false,
                    });
                }
            }
            self.process_element(key, slice, Item::Partial { acc, lineage }, cx);
        }
    }

    /// `onTimer`: `fireWindow` then `clearWindow`.
    fn on_timer(&mut self, key: Row, end: i64, cx: &mut Ctx) {
        let calls = &self.s.calls;
        let slots = self.state.entry(key.clone()).or_default();
        let (acc, lineage) = if self.asg.is_hop() {
            // merge the window's slices into a fresh accumulator, newest first
            let mut acc = GroupAcc::new(calls);
            let mut lineage: Lineage = Vec::new();
            let start = self.asg.window_start(end);
            for (_, slot) in slots.range(start.saturating_add(1)..=end).rev() {
                acc.merge(calls, &slot.acc);
                if cx.tracing() {
                    lineage = merge_lineage(&lineage, &slot.lineage);
                }
            }
            (acc, lineage)
        } else if self.asg.is_cumulate() {
            // the cycle's first slice holds the running accumulator: merge slice `end` into it
            let first = self.asg.first_slice(end);
            let merged = if first != end { slots.get(&end).map(|s| (s.acc.clone(), s.lineage.clone())) } else { None };
            let target = match slots.entry(first) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    self.seq += 1;
                    self.slots += 1;
                    e.insert(Slot { acc: GroupAcc::new(calls), lineage: Vec::new(), seq: self.seq })
                }
            };
            if let Some((acc, lineage)) = merged {
                target.acc.merge(calls, &acc);
                target.lineage = merge_lineage(&target.lineage, &lineage);
            }
            (target.acc.clone(), target.lineage.clone())
        } else {
            match slots.get(&end) {
                Some(s) => (s.acc.clone(), s.lineage.clone()),
                None => (GroupAcc::new(calls), Vec::new()),
            }
        };
        let empty = self.empty(&acc);
        let start = self.asg.window_start(end);
        let tracing = cx.tracing();
        if tracing {
            let key_text = render(&key, &self.key_types(), cx.zone);
            let (op, wm, rows) = (cx.op, self.progress, acc.count1.max(0) as usize);
            cx.event(|| Event::WindowFire {
                op,
                window: window_ref(start, end),
                key: key_text,
                left_rows: rows,
                right_rows: 0,
                watermark_ms: wm,
            });
        }
        if !empty {
            let mut row = key.clone();
            row.extend(acc.values(calls));
            for p in &self.s.props {
                row.push(match p {
                    WindowProp::Start => Value::Timestamp(Ts::from_millis(start)),
                    WindowProp::End => Value::Timestamp(Ts::from_millis(end)),
                    WindowProp::Time => {
                        let last = end.saturating_sub(1);
                        if self.s.ltz {
                            Value::TimestampLtz(Ts::from_millis(cx.zone.local_to_instant(last)))
                        } else {
                            Value::Timestamp(Ts::from_millis(last))
                        }
                    }
                });
            }
            if tracing {
                let text = render(&row, &self.s.out_types, cx.zone);
                let (op, lin) = (cx.op, lineage.clone());
                cx.event(|| Event::Emit { op, kind: RowKind::Insert, row: text, lineage: lin });
            }
            cx.emit(Record { kind: RowKind::Insert, row, lineage });
        }
        if let Some(next) = self.asg.next_window(end, empty) {
            let t = self.clock.trigger(next, cx.zone);
            self.timers.register(&key, next, t);
        }
        let mut freed = Vec::new();
        if let Some(slots) = self.state.get_mut(&key) {
            for s in self.asg.expired(end) {
                if slots.remove(&s).is_some() {
                    self.slots -= 1;
                    freed.push(s);
                }
            }
            if slots.is_empty() {
                self.state.remove(&key);
            }
        }
        if tracing && !freed.is_empty() {
            let key_text = render(&key, &self.key_types(), cx.zone);
            let op = cx.op;
            let reason = format!("window {} fired", window_ref(start, end).label);
            for s in freed {
                let (key, window, reason) = (key_text.clone(), Some(self.asg.slice_ref(s)), reason.clone());
                cx.event(|| Event::StateExpire {
                    op,
                    side: "slice".into(),
                    key,
                    window,
                    rows: 1,
                    cause: ExpireCause::WindowFired,
                    reason,
                });
            }
        }
    }
}

impl Operator for WindowAggregateOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let slice = self.slice_of(&rec.row, cx)?;
        let key = key_of(&rec.row, &self.s.group);
        self.order += 1;
        let row = BufRow { kind: rec.kind, row: rec.row, order: self.order, lineage: rec.lineage };
        if let Some(local) = self.local.as_mut() {
            let trace = if cx.tracing() {
                let kt: Vec<DataType> = self
                    .s
                    .group
                    .iter()
                    .map(|&g| self.s.in_types.get(g).cloned().unwrap_or_else(DataType::string))
                    .collect();
                Some((render(&key, &kt, cx.zone), render(&row.row, &self.s.in_types, cx.zone), row.lineage.clone()))
            } else {
                None
            };
            let n = local.buffer.add(key, slice, row);
            if let Some((key, row, lineage)) = trace {
                let op = cx.op;
                let window = Some(self.asg.slice_ref(slice));
                cx.event(|| Event::StateInsert {
                    op,
                    side: "buffer".into(),
                    key,
                    window,
                    row,
                    lineage,
                    rows_in_state: n,
                });
            }
            return Ok(());
        }
        self.process_element(key, slice, Item::Row(row), cx);
        Ok(())
    }

    fn on_watermark(&mut self, _input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let prev = self.watermarks.current();
        let Some(wm) = self.watermarks.advance(0, wm, cx) else { return Ok(()) };
        if !self.proctime {
            // the local stage flushes before it forwards the watermark
            let (interval, offset) = (self.asg.interval(), self.asg.offset());
            let mut flush_local = false;
            if let Some(local) = self.local.as_mut() {
                if wm > local.watermark {
                    local.watermark = wm;
                    if local.watermark >= local.next_trigger {
                        flush_local = !local.buffer.is_empty()
                            && self.clock.fired(local.buffer.min_end, local.watermark, cx.zone);
                        local.next_trigger = self.clock.next_trigger(local.watermark, interval, offset, cx.zone);
                    }
                }
            }
            if flush_local {
                self.local_flush(cx);
            }
            self.advance_progress(wm, prev, cx);
            while let Some((_, key, end)) = self.timers.pop_due(wm) {
                self.on_timer(key, end, cx);
            }
        }
        self.watermarks.emit(cx);
        Ok(())
    }

    fn on_processing_time(&mut self, now: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if !self.proctime {
            return Ok(());
        }
        while let Some((t, key, end)) = self.timers.pop_due(now) {
            if t > self.last_proc_trigger {
                self.last_proc_trigger = t;
                self.advance_progress(t, t, cx);
            }
            self.on_timer(key, end, cx);
        }
        Ok(())
    }

    fn wants_processing_time(&self) -> bool {
        self.proctime
    }

    fn late_rows(&self) -> Option<u64> {
        Some(self.late)
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.buffer.items + self.local.as_ref().map(|l| l.buffer.items).unwrap_or(0) + self.slots)
    }

    /// Buffered rows per (key, slice), partial accumulators waiting for the global flush, and
    /// the accumulators per (key, slice), oldest first.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let kt = self.key_types();
        let rt = self.result_types();
        let mut groups = Vec::new();
        let mut rows = 0;
        let kind_note = |k: RowKind| if k.is_accumulate() { String::new() } else { k.short().to_string() };
        if let Some(local) = &self.local {
            for (key, slice, items) in local.buffer.iter() {
                rows += items.len();
                groups.push(StateGroup {
                    side: "buffer".into(),
                    key: render(key, &kt, zone),
                    window: Some(self.asg.slice_ref(*slice)),
                    rows: items.iter().map(|r| render(&r.row, &self.s.in_types, zone)).collect(),
                    row_notes: items.iter().map(|r| kind_note(r.kind)).collect(),
                });
            }
        }
        for (key, slice, items) in self.buffer.iter() {
            rows += items.len();
            let partial = matches!(items.first(), Some(Item::Partial { .. }));
            groups.push(StateGroup {
                side: if partial { "partial" } else { "buffer" }.into(),
                key: render(key, &kt, zone),
                window: Some(self.asg.slice_ref(*slice)),
                rows: items
                    .iter()
                    .map(|i| match i {
                        Item::Row(r) => render(&r.row, &self.s.in_types, zone),
                        Item::Partial { acc, .. } => render(&acc.values(&self.s.calls), &rt, zone),
                    })
                    .collect(),
                row_notes: items
                    .iter()
                    .map(|i| match i {
                        Item::Row(r) => kind_note(r.kind),
                        Item::Partial { acc, .. } => format!("{} rows", acc.count1),
                    })
                    .collect(),
            });
        }
        let mut slots: Vec<(&Row, i64, &Slot)> =
            self.state.iter().flat_map(|(k, m)| m.iter().map(move |(e, s)| (k, *e, s))).collect();
        crate::sort::sort_by_key(&mut slots, |(_, _, s)| s.seq);
        for (key, end, slot) in slots {
            rows += 1;
            let n = slot.acc.count1;
            groups.push(StateGroup {
                side: "slice".into(),
                key: render(key, &kt, zone),
                window: Some(self.asg.slice_ref(end)),
                rows: vec![render(&slot.acc.values(&self.s.calls), &rt, zone)],
                row_notes: vec![format!("{} row{}", n, if n == 1 { "" } else { "s" })],
            });
        }
        Some(StateSummary { op, rows, groups })
    }
}

/// Driving a window operator in tests the way the oracle feeds a query: rows and watermarks
/// one at a time, the rows each one emits rendered as the oracle prints them.
#[cfg(test)]
pub(super) mod testing;

#[cfg(test)]
mod tests;

//! Operators: one file per Flink operator. Each receives records and watermarks on its inputs
//! and pushes what it emits into [`Ctx`]; the runtime ([`crate::runtime`]) carries elements
//! from an operator to its parent in the plan tree, depth first, so one step is fully
//! processed before the next begins (as the oracle's quiescence guarantees). Every operator
//! implements [`Operator`]; the runtime reaches them only through it.
//!
//! | operator | file | Flink | emits | retracts | state kept / freed | late rows |
//! |---|---|---|---|---|---|---|
//! | source | `source.rs` | `TableSourceScan` | each row, then its watermark | — (passes the table's changelog on) | none | — |
//! | ChangelogNormalize | `normalize.rs` | `ChangelogNormalize` | full changes of an upsert stream | -U/-D of the key's last row | last row per key / on -D | — |
//! | Calc | `calc.rs` | `Calc` | projected rows that pass the filter | passes kinds on | none | — |
//! | window TVF | `window_tvf.rs` | `WindowTableFunction` | one row per window | passes kinds on | none | kept (the join drops them) |
//! | union | `union.rs` | `Union` | every input row, at once | passes kinds on | none | — |
//! | values | `values.rs` | `Values` | nothing (only empty ones are planned) | never | none | — |
//! | window join | `window_join.rs` | `WindowJoin` | +I when the watermark passes `window_end - 1` | never | per key and window / when it fires | dropped, counted |
//! | interval join | `interval_join.rs` | `IntervalJoin` | +I on arrival; padded rows when a key's cleanup timer passes them | never | rows per key and time / when the time passes their bound | kept: probe, not cached, padded at once |
//! | temporal join | `temporal_join.rs` | `TemporalJoin` (`TemporalRowTimeJoinOperator`) | each probe row when the watermark reaches its time, joined with the version valid then (LEFT: padded when none), with the probe's kind | never on its own (a probe retraction joins as a retraction) | waiting probe rows per key; versions per key and time / released; versions older than the newest ≤ watermark; state TTL per key | kept: a late probe row waits for the next watermark advance; a late version is stored |
//! | lookup join | `lookup_join.rs` | `LookupJoin` (`LookupJoinRunner`) | per probe row, at once: the store rows its key finds (LEFT: padded when none pass), with the probe's kind | never (later store changes revise nothing) | the store: the lookup table's rows so far / removed by -U/-D, replaced by key | — (the probe's watermark passes on) |
//! | UNNEST | `correlate.rs` | `Correlate` (`$UNNEST_ROWS$1`) | per input row, at once: one row per element (LEFT: the row padded when there is none), with its change kind | passes kinds on | none | — |
//! | expand | `expand.rs` | `Expand` | one copy per grouping set, at once | passes kinds on | none | — |
//! | window aggregation | `window_aggregate.rs` | `WindowAggregate` / `LocalWindowAggregate` + `GlobalWindowAggregate` (`WindowAggOperator`) | +I per non-empty window when the watermark reaches `T(window_end)` (flush schedule of NOTES §1.7) | never (an updating input retracts inside its slice) | rows buffered per key and slice until the flush, then one accumulator per key and slice / when the last window reading the slice fires | dropped, counted (HOP / CUMULATE: kept while a later window is open) |
//! | window Top-N | `window_rank.rs` | `WindowRank` | +I of the rows ranked `rank_start..=rank_end` (rank appended when selected) when the window fires | never (a retraction fails the job) | rows buffered per key and window, then the window's candidate rows in sort order / when it fires | dropped, counted |
//! | window deduplication | `window_deduplicate.rs` | `WindowDeduplicate` | +I of each window's first / last row (by its time attribute) when the window fires | never (a retraction fails the job) | rows buffered per key and window, then one row per key and window / when it fires | dropped, counted |
//! | group aggregation | `group_aggregate.rs` | `GroupAggregate` | at once: `+I` for a new group, `-U`/`+U` when its results change | the previous result; `-D` when a retracting input empties the group | accumulators per group / when emptied, or state TTL | — |
//! | regular join | `regular_join.rs` | `Join` (`StreamingJoinOperator`) | at once, on arrival | padded rows, -U/-D of retracted matches | every row / on retraction or TTL | — |
//! | multi-way join | `multi_join.rs` | `MultiJoin` | at once, on arrival | as the chain of joins it replaces, kinds passed through | every row per input / on retraction or TTL | — |
//! | deduplication | `deduplicate.rs` | `Deduplicate` | rowtime keep-first: `+I` when the watermark reaches the key's earliest row; the others at once (`+I`; keep-last `-U`/`+U`) | keep-last: the kept row | pending / kept row or flag per key / when it fires, or state TTL | rowtime keep-first: dropped, counted; the others keep them |
//! | process table function | `ptf/` (one file per built-in) | `ProcessTableFunction` (`ProcessSetTableOperator`) | what `eval` collects, at once: partition keys of each table, the function's columns, `rowtime` | never (ChangelogFunction PTFs: not supported yet) | the function's state per partition key, shared by co-partitioned tables / never (no TTL yet) | reach `eval` (Flink 2.3.0) |
//! | Top-N | `rank/` | `Rank` | at once: `+I`, `-U`/`+U` for each rank whose row changes (with rn), `-D`/`+I` (without) | rows leaving the Top-N or changing rank | the Top-N per partition (Retractable: every row) / beyond the rank end, on retraction, or state TTL | kept (never late) |
//!
//! Shared parts: [`watermarks`] (the combined watermark of several inputs), [`join_state`]
//! (the regular join's row arena), [`write_queue`] (state TTL in write order), [`sort_key`]
//! (ORDER BY keys as Flink's generated comparator sorts them).
//! (the regular join's row arena), [`write_queue`] (state TTL in write order); the window
//! operators share the slice buffer, timers and window clock of [`window_aggregate`]; the
//! Top-N operators share [`sort_key`] (Flink's ORDER BY comparator).
//!
//! Each operator file's doc has the same headings: **Emits**, **Retracts**, **State** (kept /
//! freed), **Watermark out**, **Trace events**, **Flink class**, **Scenarios**.

pub mod aggregate;
pub mod batch_ties;
pub mod calc;
pub mod correlate;
pub mod deduplicate;
pub mod expand;
pub mod group_aggregate;
pub mod interval_join;
pub mod java_order;
pub mod join_state;
pub mod lookup_join;
pub mod lookup_store;
pub mod multi_join;
pub mod normalize;
pub mod ptf;
pub mod rank;
pub mod regular_join;
pub mod search;
pub mod sort_key;
pub mod source;
pub mod temporal_join;
pub mod union;
pub mod values;
pub mod watermarks;
pub mod window_aggregate;
mod window_buffer;
pub mod window_deduplicate;
pub mod window_join;
pub mod window_rank;
mod window_slicing;
pub mod window_tvf;
pub mod write_queue;

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::time::{write_ts, SessionZone, Ts};
use crate::trace::{Event, Lineage, StateSummary, WindowRef};
use crate::types::DataType;
use crate::value::{Row, Value};

/// A changelog row travelling through the plan.
#[derive(Clone, Debug)]
pub struct Record {
    pub kind: RowKind,
    pub row: Row,
    /// Steps whose source rows this row is made of (empty when tracing is off).
    pub lineage: Lineage,
}

#[derive(Clone, Debug)]
pub enum Element {
    Record(Record),
    Watermark(i64),
    /// A watermark status change (Flink's `WatermarkStatus`): `true` = the input went idle (a
    /// source past `table.exec.source.idle-timeout` without rows), `false` = active again.
    Idle(bool),
}

/// What an operator may touch while it handles one element.
pub struct Ctx<'a> {
    pub out: &'a mut Vec<Element>,
    pub events: Option<&'a mut Vec<Event>>,
    pub op: usize,
    pub zone: &'a SessionZone,
    pub proc_time: i64,
    /// At most this many records in `out` ([`crate::limits`], `emitted-rows`): past it `emit`
    /// drops the record and sets `overflow`, which the graph turns into the limit's error.
    pub limit: usize,
    pub overflow: bool,
    /// Events are counted, not made: [`Ctx::event`] records a stand-in without running its
    /// closure (a replay's steps that are not kept: their events are only counted, for the
    /// limits). Operators do everything else as when tracing, so their state is the same.
    pub count_only: bool,
}

/// What a counted event leaves in the list (see [`Ctx::count_only`]): it allocates nothing and is
/// never shown (the step it belongs to is not kept).
fn stand_in() -> Event {
    Event::Filtered { op: usize::MAX, row: Vec::new() }
}

impl<'a> Ctx<'a> {
    /// A context with no emitted-rows limit (operator tests drive operators directly).
    pub fn new(
        out: &'a mut Vec<Element>,
        events: Option<&'a mut Vec<Event>>,
        op: usize,
        zone: &'a SessionZone,
        proc_time: i64,
    ) -> Ctx<'a> {
        Ctx { out, events, op, zone, proc_time, limit: usize::MAX, overflow: false, count_only: false }
    }

    #[inline]
    pub fn emit(&mut self, rec: Record) {
        if self.out.len() < self.limit {
            self.out.push(Element::Record(rec));
        } else {
            self.overflow = true;
        }
    }

    #[inline]
    pub fn emit_watermark(&mut self, wm: i64) {
        self.out.push(Element::Watermark(wm));
    }

    #[inline]
    pub fn tracing(&self) -> bool {
        self.events.is_some()
    }

    /// Whether the events are made (tracing, and not only counting them): what an event shows
    /// that is worked out before [`Ctx::event`] is worked out only then, and otherwise
    /// [`Ctx::count_event`] stands for the event.
    #[inline]
    pub fn recording(&self) -> bool {
        self.events.is_some() && !self.count_only
    }

    /// One event counted and not made (see [`Ctx::count_only`]); nothing when not tracing.
    #[inline]
    pub fn count_event(&mut self) {
        self.event(stand_in);
    }

    /// Records a trace event (the closure only runs when tracing, and not when the events are
    /// only counted: what an event shows is made inside its closure).
    #[inline]
    pub fn event(&mut self, f: impl FnOnce() -> Event) {
        if let Some(e) = self.events.as_deref_mut() {
            e.push(if self.count_only { stand_in() } else { f() });
        }
    }
}

/// What every operator does. Elements arrive one at a time, depth first (see the module doc);
/// `input` is the input the element came on (0 for one-input operators).
///
/// The batched path a faster runtime would take goes through [`Operator::on_records`]
/// (by default one record after the other), so it stays inside `ops/` and `runtime/`.
pub trait Operator {
    /// A record on input `input`.
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError>;

    /// Several records on one input, in order.
    fn on_records(&mut self, input: usize, recs: &mut Vec<Record>, cx: &mut Ctx) -> Result<(), RuntimeError> {
        for r in recs.drain(..) {
            self.on_record(input, r, cx)?;
        }
        Ok(())
    }

    /// A watermark on input `input`. One-input operators without timers send it on.
    fn on_watermark(&mut self, _input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        cx.emit_watermark(wm);
        Ok(())
    }

    /// A watermark status change on input `input`. One-input operators send it on; an operator
    /// of several inputs leaves an idle input out of its watermark (`ops::watermarks`).
    fn on_idle(&mut self, _input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        cx.out.push(Element::Idle(idle));
        Ok(())
    }

    /// The simulated processing time moved to `now` (before the step's element arrives): an
    /// operator with processing-time timers fires those due.
    fn on_processing_time(&mut self, _now: i64, _cx: &mut Ctx) -> Result<(), RuntimeError> {
        Ok(())
    }

    /// Whether it has processing-time timers (the runtime tells it when the clock moves).
    fn wants_processing_time(&self) -> bool {
        false
    }

    /// The job starting, before the first data row (only `VALUES` does something: it emits its
    /// rows and, finished, a `+inf` watermark).
    fn start(&mut self, _cx: &mut Ctx) {}

    /// The end of input (only sources do something: they emit the final `+inf` watermark).
    fn finish(&mut self, _cx: &mut Ctx) {}

    /// The rows it holds, grouped as the state pane shows them; None for a stateless operator.
    fn state(&self, _op: usize, _zone: &SessionZone) -> Option<StateSummary> {
        None
    }

    /// How many rows it holds (a running count, cheap); None for a stateless operator.
    fn state_rows(&self) -> Option<usize> {
        None
    }

    /// Rows it dropped as late; None for an operator that never drops late rows.
    fn late_rows(&self) -> Option<u64> {
        None
    }
}

/// Renders a row as the CLI prints its values.
pub fn render(row: &[Value], types: &[DataType], zone: &SessionZone) -> Vec<String> {
    row.iter().enumerate().map(|(i, v)| v.render(types.get(i).unwrap_or(&DataType::string()), zone)).collect()
}

/// The types a join's key values print with (its trace's keys): per key column, the common type
/// the column is cast to, or its own type. Kept by the operator, so that no event copies them.
pub fn key_render_types(keys: &[usize], types: &[DataType], casts: &[Option<DataType>]) -> Vec<DataType> {
    keys.iter().zip(casts).map(|(&k, cast)| cast.clone().unwrap_or_else(|| types[k].clone())).collect()
}

/// A window as the page labels it: `[12:20:00.000, 12:25:00.000)` on the window clock.
pub fn window_ref(start: i64, end: i64) -> WindowRef {
    WindowRef { start_ms: start, end_ms: end, label: window_label(start, end) }
}

thread_local! {
    /// The last window labelled: consecutive rows mostly fall in the same window, so its label
    /// is copied, not formatted again (a pure function's memo: nothing else depends on it).
    static LAST_LABEL: std::cell::Cell<(i64, i64, String)> = std::cell::Cell::default();
}

fn window_label(start: i64, end: i64) -> String {
    LAST_LABEL.with(|last| {
        let (s, e, label) = last.take();
        let label = if (s, e) == (start, end) && !label.is_empty() {
            label
        } else {
            let mut l = String::with_capacity(52);
            l.push('[');
            write_ts(&mut l, Ts::from_millis(start), 3);
            l.push_str(", ");
            write_ts(&mut l, Ts::from_millis(end), 3);
            l.push(')');
            l
        };
        let out = label.clone();
        last.set((start, end, label));
        out
    })
}

/// Merges two lineages (sorted, without duplicates).
pub fn merge_lineage(a: &Lineage, b: &Lineage) -> Lineage {
    // (sized once: a clone and a push would grow it for every joined row)
    let mut v = Vec::with_capacity(a.len() + b.len());
    v.extend_from_slice(a);
    for x in b {
        if !v.contains(x) {
            v.push(*x);
        }
    }
    // On a joined or aggregated row's path: the standard sort of u32s (one more copy of it in the
    // wasm, a few KB), not crate::sort's, which allocates its positions.
    v.sort_unstable();
    v
}

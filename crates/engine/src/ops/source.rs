//! A table's source (Flink's `TableSourceScan` with the watermark pushed into it). For every row
//! it builds the table row (physical values, computed and metadata columns, `$rowtime`), emits it,
//! then evaluates the WATERMARK clause and emits a watermark right after the row if it rose —
//! never on a timer, as the oracle's source does.
//!
//! ```text
//!   row r ──► emit r ──► wm = max(wm, expr(r)) ──► wm > last emitted? ──► emit Watermark(wm)
//!   @watermark T t ──► t > last emitted? ──► emit Watermark(t)
//!   end of input ──► emit Watermark(+inf)
//! ```
//!
//! # Emits
//! Each data row at once, with the kind the data line gives (`+I` for INSERT rows), only the
//! columns the query reads when a projection was fused into it.
//! # Retracts
//! Never itself: a retract or upsert table's `-U`/`+U`/`-D` lines pass on as they are.
//! # State
//! None (the pending watermark).
//! # Watermark out
//! After a row that raised it (`per-record`, the default); with `oracle.watermark-emit =
//! on-marker` rows only raise the pending watermark and an `@watermark T` line without a time
//! emits it; `+inf` at the end of input.
//! # Trace events
//! `source_row`, `watermark`, `source_end`.
//! # Flink class
//! `TableSourceScan` (the oracle's collecting source, `Scenario.java`).
//! # Scenarios
//! `tests/conformance/time/watermark_*`, `statements/arrival_*`.

use crate::catalog::{ColumnKind, Table, WatermarkStrategy};
use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};
use crate::kinds::RowKind;
use crate::time::{format_watermark, Ts};
use crate::trace::Event;
use crate::types::{DataType, TypeKind};
use crate::value::{Row, Value};

use super::{render, Ctx, Operator, Record};

/// Base of the simulated produce clock for `$rowtime` of tables without a timestamp column:
/// 2024-01-01 00:00:00 UTC plus one second per step.
pub const PRODUCE_CLOCK_BASE_MS: i64 = 1_704_067_200_000;

#[derive(Clone, Debug)]
enum WmGen {
    None,
    /// The clause's expression after every row (the watermark is its running maximum).
    Expr(Expr),
    /// The largest value of a column seen so far, minus a delay (ms): `WATERMARK FOR ts AS ts`
    /// or `AS ts - INTERVAL '5' SECOND`, or SOURCE_WATERMARK() on rows.
    MaxOf(usize, i64),
    /// Only `@watermark` markers.
    Markers,
}

/// `c` or `c - INTERVAL …` (a literal interval): the column and the delay in ms.
fn column_minus_delay(e: &Expr) -> Option<(usize, i64)> {
    if let Some(c) = e.as_input() {
        return Some((c, 0));
    }
    match e {
        Expr::Call { op: crate::expr::Op::TimestampMinus | crate::expr::Op::Minus, args, .. } if args.len() == 2 => {
            let c = args[0].as_input()?;
            match &args[1] {
                Expr::Literal { value: Value::Interval(ms), .. } => Some((c, *ms)),
                _ => None,
            }
        }
        _ => None,
    }
}

pub struct SourceOp {
    pub table: usize,
    pub name: String,
    pub types: Vec<DataType>,
    phys: Vec<usize>,
    computed: Vec<(usize, Expr)>,
    metadata: Vec<(usize, String)>,
    rowtime_from: Option<usize>,
    /// Column of the declared rowtime (for the trace's event time).
    pub event_time_col: Option<usize>,
    wm: WmGen,
    per_record: bool,
    pending: i64,
    pub last_emitted: i64,
    arrivals: i64,
    /// The columns the source emits, when a plain projection above it was fused in (Flink's
    /// projection push-down into the scan).
    pub output: Option<Vec<usize>>,
    /// The full row being built (kept to save an allocation per row).
    scratch: Row,
    /// When the source emits only data columns and has no watermark to compute: for each
    /// emitted column, its position among the data row's values.
    direct: Option<Vec<usize>>,
    /// With `direct`: the data position of the watermark's column.
    direct_wm: Option<usize>,
    /// `table.exec.source.idle-timeout` (ms; 0 = never idle) and Flink's `IdlenessTimer` state.
    idle: Idleness,
    /// Batch mode: the only watermark is `+inf` at the end of input.
    batch: bool,
}

/// Flink's `WatermarksWithIdleness` / `IdlenessTimer` on the simulated processing-time clock:
/// a periodic check every `pipeline.auto-watermark-interval` (200 ms, from the job's start) sees
/// whether rows arrived since the last one; the first check without any starts the inactivity
/// timer, and the first check more than the timeout after it marks the source idle (its
/// watermark status IDLE: operators with several inputs leave it out of their minimum). The next
/// watermark the source emits marks it active again (`WatermarkToDataOutput.emitWatermark`).
#[derive(Clone, Debug, Default)]
struct Idleness {
    timeout: i64,
    idle: bool,
    counter: u64,
    last_counter: u64,
    inactive_since: Option<i64>,
    /// The next periodic check (`None` before the first).
    next_check: Option<i64>,
}

/// Flink's default `pipeline.auto-watermark-interval`.
const WATERMARK_INTERVAL_MS: i64 = 200;

impl SourceOp {
    /// `rows_drive_source_watermark`: SOURCE_WATERMARK() follows the rows (INSERT data in the
    /// Confluent dialect) instead of waiting for `@watermark` markers.
    pub fn new(table_idx: usize, t: &Table, per_record: bool, rows_drive_source_watermark: bool) -> SourceOp {
        let types: Vec<DataType> = t.columns.iter().map(|c| c.ty.clone()).collect();
        let phys = t.physical();
        let mut computed = Vec::new();
        let mut metadata = Vec::new();
        for (i, c) in t.columns.iter().enumerate() {
            match &c.kind {
                ColumnKind::Computed(e) => computed.push((i, e.clone())),
                ColumnKind::Metadata { key, .. } => metadata.push((i, key.clone())),
                _ => {}
            }
        }
        let rowtime_col = t.rowtime_index();
        let declared = t.watermark.as_ref().filter(|w| w.declared).map(|w| w.column);
        let rowtime_from = declared.or_else(|| {
            t.columns[..rowtime_col]
                .iter()
                .position(|c| matches!(c.ty.kind, TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. }))
        });
        let wm = match &t.watermark {
            None => WmGen::None,
            Some(w) => match &w.strategy {
                WatermarkStrategy::Expr(e) => match column_minus_delay(e) {
                    Some((c, d)) => WmGen::MaxOf(c, d),
                    None => WmGen::Expr(e.clone()),
                },
                WatermarkStrategy::Source if rows_drive_source_watermark || !w.declared => WmGen::MaxOf(w.column, 0),
                WatermarkStrategy::Source => WmGen::Markers,
            },
        };
        SourceOp {
            table: table_idx,
            name: t.name.clone(),
            types,
            phys,
            computed,
            metadata,
            rowtime_from,
            event_time_col: declared.or(rowtime_from),
            wm,
            per_record,
            pending: i64::MIN,
            last_emitted: i64::MIN,
            arrivals: 0,
            output: None,
            scratch: Vec::new(),
            direct: None,
            direct_wm: None,
            idle: Idleness::default(),
            batch: false,
        }
    }

    /// The full table row of a data row's physical values, built in `row` (cleared first).
    fn build_row(
        &mut self,
        row: &mut Row,
        values: &Row,
        step: u32,
        given: Option<i64>,
        cx: &Ctx,
    ) -> Result<(), RuntimeError> {
        let n = self.types.len();
        row.clear();
        if self.phys.len() + 1 == n && self.phys.iter().enumerate().all(|(k, &p)| k == p) {
            // only physical columns, in order
            row.extend(values.iter().take(n - 1).cloned());
            row.resize(n, Value::Null);
        } else {
            row.resize(n, Value::Null);
            for (k, &p) in self.phys.iter().enumerate() {
                row[p] = values.get(k).cloned().unwrap_or(Value::Null);
            }
        }
        let rowtime_col = n - 1;
        let rowtime = match given.or_else(|| self.rowtime_from.and_then(|c| row[c].as_millis())) {
            Some(ms) => Value::TimestampLtz(Ts::from_millis(ms)),
            None => match self.rowtime_from {
                Some(_) => Value::Null,
                None => Value::TimestampLtz(Ts::from_millis(PRODUCE_CLOCK_BASE_MS + step as i64 * 1000)),
            },
        };
        row[rowtime_col] = rowtime;
        for (i, key) in &self.metadata {
            row[*i] = match key.as_str() {
                "timestamp" | "rowtime" | "$rowtime" => row[rowtime_col].clone(),
                "offset" => Value::BigInt(self.arrivals),
                "partition" => Value::Int(0),
                _ => Value::Null,
            };
        }
        if !self.computed.is_empty() {
            let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
            for (i, e) in &self.computed {
                row[*i] = e.eval(row, &ctx)?;
            }
        }
        Ok(())
    }

    /// Batch mode: no watermark before the end of input (a bounded source's only one is `+inf`).
    pub fn set_batch(&mut self) {
        self.batch = true;
    }

    fn advance(&mut self, candidate: i64, cx: &mut Ctx) -> Option<i64> {
        if candidate > self.last_emitted && !self.batch {
            self.mark_active(cx);
            self.last_emitted = candidate;
            cx.emit_watermark(candidate);
            let op = cx.op;
            cx.event(|| Event::Watermark { op, value_ms: candidate, text: format_watermark(candidate) });
            return Some(candidate);
        }
        None
    }

    /// `table.exec.source.idle-timeout` in ms.
    pub fn set_idle_timeout(&mut self, ms: i64) {
        self.idle.timeout = ms;
    }

    fn mark_active(&mut self, cx: &mut Ctx) {
        if self.idle.idle {
            self.idle.idle = false;
            cx.out.push(super::Element::Idle(false));
            let (op, table) = (cx.op, self.name.clone());
            let at = cx.proc_time;
            cx.event(|| Event::SourceIdle { op, table, idle: false, at_ms: at });
        }
    }

    /// The periodic idleness checks up to `now` (Flink's `IdlenessTimer.checkIfIdle`).
    fn idleness_checks(&mut self, now: i64, cx: &mut Ctx) {
        const P: i64 = WATERMARK_INTERVAL_MS;
        let first = PRODUCE_CLOCK_BASE_MS + P;
        let mut c = self.idle.next_check.unwrap_or(first);
        let after_now = |c: i64| if c > now { c } else { c + ((now - c) / P + 1) * P };
        while c <= now {
            if self.idle.counter != self.idle.last_counter {
                // rows since the last check: the timer starts again
                self.idle.last_counter = self.idle.counter;
                self.idle.inactive_since = None;
                c += P;
                continue;
            }
            match self.idle.inactive_since {
                None => {
                    self.idle.inactive_since = Some(c);
                    c += P;
                }
                Some(_) if self.idle.idle => c = after_now(c),
                Some(s) => {
                    // the first check more than the timeout after the timer started
                    let idle_at = s + (self.idle.timeout / P + 1) * P;
                    if idle_at <= now {
                        self.idle.idle = true;
                        cx.out.push(super::Element::Idle(true));
                        let (op, table) = (cx.op, self.name.clone());
                        cx.event(|| Event::SourceIdle { op, table, idle: true, at_ms: idle_at });
                        c = idle_at + P;
                    } else {
                        c = after_now(c);
                    }
                }
            }
        }
        self.idle.next_check = Some(c);
    }

    /// The `-> wm T=…` note of a watermark this source emitted.
    pub fn note(&self, wm: i64) -> String {
        format!("wm {}={}", self.name, format_watermark(wm))
    }

    /// One data row; returns the new watermark if it rose.
    pub fn push_row(
        &mut self,
        kind: RowKind,
        values: &Row,
        step: u32,
        rowtime: Option<i64>,
        cx: &mut Ctx,
    ) -> Result<Option<i64>, RuntimeError> {
        self.arrivals += 1;
        self.idle.counter += 1;
        if let (Some(direct), false) = (&self.direct, cx.tracing()) {
            // fast path: the emitted columns are data columns, nothing to compute
            let row: Row = direct.iter().map(|&p| values.get(p).map_or(Value::Null, Value::copy_of)).collect();
            let wm_candidate = match (&self.wm, self.direct_wm) {
                (WmGen::MaxOf(_, d), Some(p)) => values.get(p).and_then(Value::as_millis).map(|t| t.saturating_sub(*d)),
                _ => None,
            };
            cx.emit(Record { kind, row, lineage: Vec::new() });
            if let Some(w) = wm_candidate {
                if w > self.pending {
                    self.pending = w;
                }
            }
            if self.per_record {
                let p = self.pending;
                return Ok(self.advance(p, cx));
            }
            return Ok(None);
        }
        let mut row = std::mem::take(&mut self.scratch);
        self.build_row(&mut row, values, step, rowtime, cx)?;
        let rowtime_ms = self.event_time_col.and_then(|c| row[c].as_millis()).or(rowtime);
        if cx.tracing() {
            let (op, zone, types, table, shown) = (cx.op, cx.zone, &self.types, &self.name, &row[..row.len() - 1]);
            cx.event(|| Event::SourceRow {
                op,
                table: table.clone(),
                kind,
                row: render(shown, types, zone),
                rowtime_ms,
            });
        }
        let lineage = if cx.tracing() { vec![step] } else { Vec::new() };
        let wm_candidate = match &self.wm {
            WmGen::None | WmGen::Markers => None,
            WmGen::MaxOf(c, d) => row[*c].as_millis().map(|t| t.saturating_sub(*d)),
            WmGen::Expr(e) => {
                let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
                e.eval(&row, &ctx)?.as_millis()
            }
        };
        let out: Row = match &self.output {
            Some(cols) => cols.iter().map(|&c| row[c].clone()).collect(),
            None => row.clone(),
        };
        self.scratch = row;
        cx.emit(Record { kind, row: out, lineage });
        if let Some(w) = wm_candidate {
            if w > self.pending {
                self.pending = w;
            }
        }
        if self.per_record {
            let p = self.pending;
            return Ok(self.advance(p, cx));
        }
        Ok(None)
    }

    /// An `@watermark` line: an explicit time, or (None) the pending watermark.
    pub fn push_watermark(&mut self, explicit: Option<i64>, cx: &mut Ctx) -> Option<i64> {
        match explicit {
            Some(t) => self.advance(t, cx),
            None => {
                if matches!(self.wm, WmGen::None | WmGen::Markers) {
                    return None;
                }
                let p = self.pending;
                self.advance(p, cx)
            }
        }
    }

    /// End of input: the source finishes with a +inf watermark.
    fn end_of_input(&mut self, cx: &mut Ctx) {
        let (op, table) = (cx.op, self.name.clone());
        cx.event(|| Event::SourceEnd { op, table });
        if self.last_emitted < i64::MAX {
            self.mark_active(cx);
            self.last_emitted = i64::MAX;
            cx.emit_watermark(i64::MAX);
            cx.event(|| Event::Watermark { op, value_ms: i64::MAX, text: "+inf".into() });
        }
    }

    /// Fuses a projection into the source: it emits only `cols` of the table row.
    pub fn set_output(&mut self, cols: Vec<usize>) {
        let (simple_wm, wm_col) = match self.wm {
            WmGen::None | WmGen::Markers => (true, None),
            WmGen::MaxOf(c, _) => match self.phys.iter().position(|&p| p == c) {
                Some(pos) => (true, Some(pos)),
                None => (false, None),
            },
            WmGen::Expr(_) => (false, None),
        };
        self.direct = if simple_wm && self.computed.is_empty() && self.metadata.is_empty() {
            cols.iter().map(|c| self.phys.iter().position(|p| p == c)).collect()
        } else {
            None
        };
        self.direct_wm = wm_col;
        self.output = Some(cols);
    }

    /// Types of the physical columns (how a step line prints the data row).
    pub fn physical_types(&self) -> Vec<DataType> {
        self.phys.iter().map(|&p| self.types[p].clone()).collect()
    }
}

/// A source has no inputs: the runtime feeds it rows and markers through [`SourceOp::push_row`]
/// and [`SourceOp::push_watermark`]; anything delivered to it passes on unchanged.
impl Operator for SourceOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        cx.emit(rec);
        Ok(())
    }

    fn finish(&mut self, cx: &mut Ctx) {
        self.end_of_input(cx);
    }

    fn on_processing_time(&mut self, now: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if self.idle.timeout > 0 {
            self.idleness_checks(now, cx);
        }
        Ok(())
    }

    fn wants_processing_time(&self) -> bool {
        self.idle.timeout > 0
    }
}

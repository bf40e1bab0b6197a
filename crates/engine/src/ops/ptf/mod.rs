//! Process table functions (PTFs): the operator of Flink's `ProcessSetTableOperator` /
//! `ProcessTableRunner`, and the built-in functions it runs, one file per function implementing
//! [`ProcessTableFunction`] (signature, state, eval, on_timer) — a new PTF is one new file plus
//! one [`PtfKind`] variant, its [`Signature`] in `catalog::ptf` and an arm in [`implementation`].
//!
//! **Emits**: whatever `eval` or `onTimer` collects, at once, laid out as Flink does: the
//! PARTITION BY columns of each table argument (the partition's key values: co-partitioned tables
//! share them), the function's output columns, then `rowtime` when `on_time` is given (an eval
//! row: the input row's time; a timer row: the timer's time). Insert-only functions emit `+I`.
//! **Retracts**: only a `ChangelogFunction` (its rows carry their own change kind).
//! **State** (kept / freed): one [`PtfState`] and its timers per partition key, shared by all table
//! arguments (a `machine_id` M1 and a `sensor_id` M1 are one virtual processor) / when the
//! function clears it (`Context#clearAll`); no state TTL yet.
//! **Timers**: `registerOnTime` (named: replaces the timer of that name; unnamed: one per time,
//! a second registration at the same time is the same timer), fired when the combined watermark
//! advances to or past them, in time order (ties: partitions in first-seen order, then
//! registration order), before the watermark is passed on; `time()` in `onTimer` is the timer's
//! time, `currentWatermark()` the new watermark; a timer `onTimer` registers at or before it fires
//! in the same advance (Flink's `InternalTimerServiceImpl` loop). A timer registered in `eval` at
//! or before the current watermark fires at the next advance (oracle `i13`). Flink keeps named and
//! unnamed timers in two timer services advanced one after the other, so a function mixing both
//! kinds could see another order across kinds; none of the built-ins does. Equal-time timers of
//! different partitions fire in Flink's heap order: the output of one step is a multiset.
//! **Watermark out**: the combined (minimum) watermark of the table arguments, after the timers.
//! **Trace events**: `ptf_call` for every eval and timer (the partition's state entries and
//! timers after it, how many rows it emitted, and the function's own `why` sentence).
//! **Late rows**: reach `eval` (Flink 2.3.0, oracle scenario `i13`); nothing is dropped — except
//! for a table argument with `ORDER BY` (its `on_time` column): Flink's `InputSortBuffer` keeps
//! its rows per partition until that table's watermark passes them, then passes them to `eval` in
//! time order (equal times: by the further ORDER BY columns, then arrival order), partition by partition, before the combined watermark
//! advances and fires timers; a row at or before the table's watermark is dropped (`i13` query 2).
//! **Flink class**: `StreamExecProcessTableFunction` → `ProcessSetTableOperator`.
//! **Scenarios**: `tests/conformance/ptf/`.

pub mod checkout;
pub mod greeting;
pub mod incremental_output_window;
pub mod median;
pub mod score;
pub mod sensor_fusion;
pub mod sensor_fusion_watermark;

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::ops::sort_key::{compare_rows, SortKey};
use crate::ops::watermarks::InputWatermarks;
use crate::ops::{Ctx, Operator, Record};
use crate::time::{format_ts, format_watermark, SessionZone, Ts};
use crate::trace::{Event, Lineage, PtfEntry, PtfTimer, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::Value;

pub use crate::catalog::ptf::{PtfKind, ScalarArg, Signature};

/// The implementation of a built-in, if there is one (the binder plans only those).
pub fn implementation(kind: PtfKind) -> Option<Box<dyn ProcessTableFunction>> {
    match kind {
        PtfKind::SensorFusionPtf => Some(Box::new(sensor_fusion::SensorFusionPtf { tutorial: false })),
        PtfKind::SensorFusionPtfTutorial => Some(Box::new(sensor_fusion::SensorFusionPtf { tutorial: true })),
        PtfKind::GreetingPtf => Some(Box::new(greeting::GreetingPtf)),
        PtfKind::Median => Some(Box::new(median::Median)),
        PtfKind::IncrementalOutputWindow => Some(Box::new(incremental_output_window::IncrementalOutputWindow)),
        PtfKind::ScorePtf => Some(Box::new(score::ScorePtf)),
        PtfKind::SensorFusionWatermarkPtf => Some(Box::new(sensor_fusion_watermark::SensorFusionWatermarkPtf)),
        PtfKind::CheckoutPtf => Some(Box::new(checkout::CheckoutPtf)),
    }
}

/// A partition's state: named entries, as the page shows them (scalars and lists).
#[derive(Clone, Debug, Default)]
pub struct PtfState {
    pub entries: Vec<(&'static str, Value)>,
}

impl PtfState {
    pub fn get(&self, name: &str) -> &Value {
        self.entries.iter().find(|(n, _)| *n == name).map(|(_, v)| v).unwrap_or(&Value::Null)
    }

    pub fn set(&mut self, name: &'static str, v: Value) {
        match self.entries.iter_mut().find(|(n, _)| *n == name) {
            Some(e) => e.1 = v,
            None => self.entries.push((name, v)),
        }
    }

    /// Number of values held (list elements count one each).
    pub fn size(&self) -> usize {
        self.entries.iter().map(|(_, v)| value_size(v)).sum()
    }
}

fn value_size(v: &Value) -> usize {
    match v {
        Value::Array(a) => a.len(),
        Value::Map(m) => m.len(),
        Value::Null => 0,
        _ => 1,
    }
}

/// A state value as the page shows it (Java's `toString` of the state object's field).
pub fn show(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::TinyInt(x) => x.to_string(),
        Value::SmallInt(x) => x.to_string(),
        Value::Int(x) => x.to_string(),
        Value::BigInt(x) => x.to_string(),
        Value::Float(x) => crate::value::java_float(*x),
        Value::Double(x) => crate::value::java_double(*x),
        Value::String(s) => s.to_string(),
        Value::Timestamp(t) | Value::TimestampLtz(t) => format_ts(*t, 3),
        Value::Interval(ms) => format!("{} ms", ms),
        Value::Array(a) => format!("[{}]", a.iter().map(show).collect::<Vec<_>>().join(", ")),
        Value::Map(m) => {
            format!("{{{}}}", m.iter().map(|(k, v)| format!("{}={}", show(k), show(v))).collect::<Vec<_>>().join(", "))
        }
        Value::Row(r) => format!("({})", r.iter().map(show).collect::<Vec<_>>().join(", ")),
        other => format!("{:?}", other),
    }
}

/// One call of `eval`: the row of one table argument (the others are null in Java).
pub struct EvalCall<'a> {
    /// Which table argument the row came on.
    pub table: usize,
    pub kind: RowKind,
    /// The partition's key values.
    pub key: &'a [Value],
    pub row: &'a [Value],
    /// The table's column names (for `Row#getFieldAs(name)`).
    pub names: &'a [String],
    /// `TimeContext#time()`: the row's `on_time` value, epoch ms on the UTC clock.
    pub time: Option<i64>,
    pub scalars: &'a [Value],
    /// `TimeContext#currentWatermark()`: the combined watermark (None: none yet).
    pub watermark: Option<i64>,
    /// `TimeContext#tableWatermark(name)` per table argument (None: none yet).
    pub table_watermarks: &'a [Option<i64>],
}

impl<'a> EvalCall<'a> {
    pub fn field(&self, name: &str) -> &Value {
        self.names.iter().position(|n| n == name).and_then(|i| self.row.get(i)).unwrap_or(&Value::Null)
    }
}

/// One call of `onTimer`.
pub struct TimerCall<'a> {
    /// The timer's name (`registerOnTime(name, t)`), None for an unnamed timer.
    pub name: Option<&'a str>,
    /// `TimeContext#time()`: the timer's time.
    pub time: i64,
    /// The partition's key values.
    pub key: &'a [Value],
    pub scalars: &'a [Value],
    /// The combined watermark that fired it.
    pub watermark: i64,
}

/// A change of a partition's timers asked for by `eval` or `onTimer`.
#[derive(Clone, Debug, PartialEq)]
pub enum TimerOp {
    /// `registerOnTime([name,] time)`: a named timer replaces the one of that name.
    Register { name: Option<String>, time: i64 },
    /// `clearTimer(name)`.
    ClearNamed(String),
    /// `clearTimer(time)` of an unnamed timer.
    ClearUnnamed(i64),
    /// `clearAllTimers()` (also part of `Context#clearAll`).
    ClearAll,
}

/// What one call of `eval` / `onTimer` produced.
#[derive(Default)]
pub struct PtfOut {
    /// Collected rows (the function's output columns only) and their change kind.
    pub rows: Vec<(RowKind, Vec<Value>)>,
    /// Timer changes, applied in order after the call.
    pub timers: Vec<TimerOp>,
    /// Why the call emitted (or did not), in words, for the page's step view.
    pub why: Option<String>,
}

impl PtfOut {
    /// `collect(row)` of an insert-only function.
    pub fn collect(&mut self, row: Vec<Value>) {
        self.rows.push((RowKind::Insert, row));
    }
}

/// A built-in process table function.
pub trait ProcessTableFunction {
    fn signature(&self) -> &'static Signature;
    /// The state of a new partition (the `@StateHint` object's defaults).
    fn new_state(&self) -> PtfState;
    /// One input row.
    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError>;
    /// A timer firing (`onTimer`).
    fn on_timer(&self, _state: &mut PtfState, _call: &TimerCall, _out: &mut PtfOut) -> Result<(), RuntimeError> {
        Ok(())
    }
}

/// A partition (one key value, shared by all table arguments).
struct Partition {
    key: Vec<Value>,
    state: PtfState,
    /// Registered timers, in registration order.
    timers: Vec<(Option<String>, i64)>,
    /// Rows of each table argument with ORDER BY waiting for its watermark (Flink's
    /// `InputSortBuffer`): `(time, row)` in arrival order.
    sorted: Vec<Vec<(i64, Record)>>,
}

/// The operator: set-semantic table arguments co-partitioned by their PARTITION BY keys.
pub struct PtfOp {
    func: Box<dyn ProcessTableFunction>,
    /// PARTITION BY columns of each table argument.
    keys: Vec<Vec<usize>>,
    key_types: Vec<DataType>,
    /// `on_time` column of each table argument.
    time_cols: Vec<Option<usize>>,
    names: Vec<Vec<String>>,
    types: Vec<Vec<DataType>>,
    table_names: Vec<String>,
    scalars: Vec<Value>,
    with_rowtime: bool,
    /// State per partition key, in first-seen order.
    partitions: Vec<Partition>,
    /// Where each key's partition is in `partitions`.
    index: FxHashMap<Vec<Value>, usize>,
    watermarks: InputWatermarks,
    table_watermarks: Vec<Option<i64>>,
    /// ORDER BY time column of each table argument (None: rows go to eval at once).
    order: Vec<Option<usize>>,
    /// The ORDER BY columns after the time column: they order rows of equal time.
    order_rest: Vec<Vec<SortKey>>,
    /// Each ordered input's last watermark (`InputSortBuffer.triggeringWatermark`): rows at or
    /// before it are dropped.
    sort_wm: Vec<i64>,
}

impl PtfOp {
    pub fn new(node: &crate::plan::rel::PtfNode) -> PtfOp {
        // (the binder plans only implemented PTFs; an unknown one would get the failing stand-in)
        let func = implementation(node.kind).unwrap_or_else(|| Box::new(NotImplemented));
        let key_types = node.keys.first().map(|k| k.iter().map(|&i| node.inputs[0].fields[i].ty.clone()).collect());
        PtfOp {
            func,
            keys: node.keys.clone(),
            key_types: key_types.unwrap_or_default(),
            time_cols: node.time_cols.clone(),
            names: node.inputs.iter().map(|r| r.names()).collect(),
            types: node.inputs.iter().map(|r| r.fields.iter().map(|f| f.ty.clone()).collect()).collect(),
            table_names: node.table_names.clone(),
            scalars: node.scalars.clone(),
            with_rowtime: node.time_cols.iter().any(|t| t.is_some()),
            partitions: Vec::new(),
            index: FxHashMap::default(),
            watermarks: InputWatermarks::new(node.table_names.clone()),
            table_watermarks: vec![None; node.inputs.len()],
            order: node.order.iter().map(|o| o.first().map(|(c, _)| *c)).collect(),
            order_rest: node
                .order
                .iter()
                .map(|o| o.iter().skip(1).map(|(c, desc)| SortKey::new(*c, *desc)).collect())
                .collect(),
            sort_wm: vec![i64::MIN; node.inputs.len()],
        }
    }

    /// The partition of `key`, created (in first-seen order) when new.
    fn partition(&mut self, key: Vec<Value>) -> usize {
        if let Some(&p) = self.index.get(&key) {
            return p;
        }
        let sorted = vec![Vec::new(); self.keys.len()];
        self.index.insert(key.clone(), self.partitions.len());
        self.partitions.push(Partition { key, state: self.func.new_state(), timers: Vec::new(), sorted });
        self.partitions.len() - 1
    }

    /// Passes one row to `eval` (at once, or from the ORDER BY buffer).
    fn eval_row(&mut self, input: usize, pos: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let time = self.time_cols[input].and_then(|c| rec.row.get(c).and_then(millis));
        let mut out = PtfOut::default();
        let key = self.partitions[pos].key.clone();
        let call = EvalCall {
            table: input,
            kind: rec.kind,
            key: &key,
            row: &rec.row,
            names: &self.names[input],
            time,
            scalars: &self.scalars,
            watermark: self.watermark(),
            table_watermarks: &self.table_watermarks,
        };
        self.func.eval(&mut self.partitions[pos].state, &call, &mut out)?;
        let lineage = rec.lineage.clone();
        self.finish(pos, out, time, Some((input, &rec)), None, &lineage, cx);
        Ok(())
    }

    /// A row of an ORDER BY table argument: dropped when at or before its table's watermark,
    /// else buffered until the watermark passes it (`InputSortBuffer.processElement`).
    fn buffer_row(&mut self, input: usize, col: usize, rec: Record, cx: &mut Ctx) {
        let Some(t) = rec.row.get(col).and_then(millis) else {
            // (a NULL rowtime cannot reach a PTF: the source's watermark assigner rejects it)
            return;
        };
        let key: Vec<Value> = self.keys[input].iter().map(|&i| rec.row[i].clone()).collect();
        let is_new = !self.index.contains_key(&key);
        let pos = self.partition(key);
        let late = t <= self.sort_wm[input];
        let why = if late {
            format!(
                "ORDER BY: the row's time {} is at or before {}'s watermark {}, so it is late and dropped before eval",
                format_ts(Ts::from_millis(t), 3),
                self.table_names[input],
                format_watermark(self.sort_wm[input])
            )
        } else {
            format!(
                "ORDER BY: the row waits in the sort buffer until {}'s watermark reaches {}",
                self.table_names[input],
                format_ts(Ts::from_millis(t), 3)
            )
        };
        if !late {
            self.partitions[pos].sorted[input].push((t, rec.clone()));
        }
        let out = PtfOut { why: Some(why), ..PtfOut::default() };
        let lineage = rec.lineage.clone();
        self.finish(pos, out, Some(t), Some((input, &rec)), None, &lineage, cx);
        if late && is_new {
            // a dropped row creates no state (the partition was made only to trace it)
            if let Some(p) = self.partitions.pop() {
                self.index.remove(&p.key);
            }
        }
    }

    /// Input `input`'s watermark reached `wm`: its buffered rows at or before it go to eval,
    /// partition by partition, in time order (equal times: arrival order) — Flink's
    /// `InputSortBuffer.onEventTime`, before the combined watermark advances.
    fn flush_sorted(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        for pos in 0..self.partitions.len() {
            let buf = match self.partitions[pos].sorted.get_mut(input) {
                Some(b) if b.iter().any(|(t, _)| *t <= wm) => b,
                _ => continue,
            };
            let (mut due, rest): (Vec<_>, Vec<_>) = std::mem::take(buf).into_iter().partition(|(t, _)| *t <= wm);
            self.partitions[pos].sorted[input] = rest;
            let rest = self.order_rest.get(input).map(Vec::as_slice).unwrap_or(&[]);
            // a stable sort: equal rows keep their arrival order (Java's List.sort)
            crate::sort::sort_by(&mut due, |(ta, a), (tb, b)| {
                ta.cmp(tb).then_with(|| compare_rows(rest, &a.row, &b.row))
            });
            for (_, rec) in due {
                self.eval_row(input, pos, rec, cx)?;
            }
        }
        Ok(())
    }

    fn watermark(&self) -> Option<i64> {
        let wm = self.watermarks.current();
        (wm != i64::MIN).then_some(wm)
    }

    /// Emits the rows of one call, applies its timer changes and traces it.
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        pos: usize,
        out: PtfOut,
        row_time: Option<i64>,
        input: Option<(usize, &Record)>,
        fired: Option<PtfTimer>,
        lineage: &Lineage,
        cx: &mut Ctx,
    ) {
        let emitted = out.rows.len();
        for (kind, fields) in out.rows {
            let key = &self.partitions[pos].key;
            let mut row: Vec<Value> = Vec::new();
            for _ in &self.keys {
                row.extend(key.iter().cloned());
            }
            row.extend(fields);
            if self.with_rowtime {
                // rowtime has the on_time column's type (a TIMESTAMP_LTZ prints in the session zone)
                let ltz = self.time_cols.iter().zip(&self.types).any(|(c, ty)| {
                    c.and_then(|c| ty.get(c))
                        .is_some_and(|t| matches!(t.kind, crate::types::TypeKind::TimestampLtz { .. }))
                });
                row.push(match row_time {
                    Some(t) if ltz => Value::TimestampLtz(Ts::from_millis(t)),
                    Some(t) => Value::Timestamp(Ts::from_millis(t)),
                    None => Value::Null,
                });
            }
            cx.emit(Record { kind, row, lineage: lineage.clone() });
        }
        let p = &mut self.partitions[pos];
        for op in out.timers {
            match op {
                TimerOp::Register { name: Some(n), time } => {
                    p.timers.retain(|(x, _)| x.as_deref() != Some(n.as_str()));
                    p.timers.push((Some(n), time));
                }
                TimerOp::Register { name: None, time } => {
                    if !p.timers.iter().any(|(x, t)| x.is_none() && *t == time) {
                        p.timers.push((None, time));
                    }
                }
                TimerOp::ClearNamed(n) => p.timers.retain(|(x, _)| x.as_deref() != Some(n.as_str())),
                TimerOp::ClearUnnamed(time) => p.timers.retain(|(x, t)| !(x.is_none() && *t == time)),
                TimerOp::ClearAll => p.timers.clear(),
            }
        }
        if cx.tracing() {
            let op = cx.op;
            let zone = cx.zone;
            let key = crate::ops::render(&self.partitions[pos].key, &self.key_types, zone);
            let (side, kind, row) = match input {
                Some((t, rec)) => (
                    Some(self.table_names[t].clone()),
                    Some(rec.kind),
                    Some(crate::ops::render(&rec.row, &self.types[t], zone)),
                ),
                None => (None, None, None),
            };
            let wm = self.watermarks.current();
            let late = input.is_some() && row_time.is_some_and(|t| t <= wm);
            let p = &self.partitions[pos];
            let state = p.state.entries.iter().map(|(n, v)| PtfEntry { name: n.to_string(), value: show(v) }).collect();
            let timers = p.timers.iter().map(|(n, t)| PtfTimer { name: n.clone(), time_ms: *t }).collect();
            let why = out.why;
            let lineage = lineage.clone();
            cx.event(|| Event::PtfCall {
                op,
                key,
                side,
                kind,
                row,
                lineage,
                timer: fired,
                time_ms: row_time,
                watermark_ms: wm,
                late,
                state,
                timers,
                emitted,
                why,
            });
        }
    }

    fn fire_timers(&mut self, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        loop {
            // the earliest due timer (ties: partition first-seen order, then registration order)
            let mut best: Option<(i64, usize, usize)> = None;
            for (pi, p) in self.partitions.iter().enumerate() {
                for (ti, (_, t)) in p.timers.iter().enumerate() {
                    if *t <= wm && best.is_none_or(|(bt, _, _)| *t < bt) {
                        best = Some((*t, pi, ti));
                    }
                }
            }
            let Some((time, pi, ti)) = best else { return Ok(()) };
            let (name, _) = self.partitions[pi].timers.remove(ti);
            let mut out = PtfOut::default();
            let key = self.partitions[pi].key.clone();
            let call = TimerCall { name: name.as_deref(), time, key: &key, scalars: &self.scalars, watermark: wm };
            self.func.on_timer(&mut self.partitions[pi].state, &call, &mut out)?;
            let fired = PtfTimer { name, time_ms: time };
            self.finish(pi, out, Some(time), None, Some(fired), &Lineage::default(), cx);
        }
    }
}

fn millis(v: &Value) -> Option<i64> {
    match v {
        Value::Timestamp(t) | Value::TimestampLtz(t) => Some(t.millis),
        _ => None,
    }
}

impl Operator for PtfOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if rec.kind != RowKind::Insert {
            return Err(RuntimeError::new("not supported yet: a process table function on an updating input"));
        }
        if let Some(col) = self.order.get(input).copied().flatten() {
            self.buffer_row(input, col, rec, cx);
            return Ok(());
        }
        let key: Vec<Value> = self.keys[input].iter().map(|&i| rec.row[i].clone()).collect();
        let pos = self.partition(key);
        self.eval_row(input, pos, rec, cx)
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if self.order.get(input).copied().flatten().is_some() && wm > self.sort_wm[input] {
            // the sort buffer takes the watermark at once (late rows from now on are dropped),
            // then its rows go to eval, then the watermark goes on (`ProcessSetTableOperator`)
            self.sort_wm[input] = wm;
            self.flush_sorted(input, wm, cx)?;
        }
        if let Some(t) = self.table_watermarks.get_mut(input) {
            *t = Some(t.map_or(wm, |x| x.max(wm)));
        }
        if let Some(combined) = self.watermarks.advance(input, wm, cx) {
            self.fire_timers(combined, cx)?;
            self.watermarks.emit(cx);
        }
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(
            self.partitions
                .iter()
                .map(|p| p.state.size() + p.timers.len() + p.sorted.iter().map(Vec::len).sum::<usize>())
                .sum(),
        )
    }

    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut groups = Vec::new();
        for p in &self.partitions {
            let key = crate::ops::render(&p.key, &self.key_types, zone);
            let rows = p.state.entries.iter().map(|(n, v)| vec![n.to_string(), show(v)]).collect();
            let row_notes = p.state.entries.iter().map(|_| String::new()).collect();
            groups.push(StateGroup { side: "state".into(), key: key.clone(), window: None, rows, row_notes });
            let waiting: Vec<(usize, &(i64, Record))> =
                p.sorted.iter().enumerate().flat_map(|(t, b)| b.iter().map(move |r| (t, r))).collect();
            if !waiting.is_empty() {
                let rows = waiting
                    .iter()
                    .map(|(t, (_, rec))| {
                        let row = crate::ops::render(&rec.row, &self.types[*t], zone);
                        vec![self.table_names[*t].clone(), row.join(", ")]
                    })
                    .collect();
                let row_notes = waiting.iter().map(|_| String::new()).collect();
                groups.push(StateGroup { side: "sort buffer".into(), key: key.clone(), window: None, rows, row_notes });
            }
            if !p.timers.is_empty() {
                let rows = p
                    .timers
                    .iter()
                    .map(|(n, t)| vec![n.clone().unwrap_or_default(), format_ts(Ts::from_millis(*t), 3)])
                    .collect();
                let row_notes = p.timers.iter().map(|_| String::new()).collect();
                groups.push(StateGroup { side: "timers".into(), key, window: None, rows, row_notes });
            }
        }
        Some(StateSummary { op, rows: self.state_rows().unwrap_or(0), groups })
    }
}

/// Stands in for a PTF without an implementation (never planned).
struct NotImplemented;

impl ProcessTableFunction for NotImplemented {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::SENSOR_FUSION
    }
    fn new_state(&self) -> PtfState {
        PtfState::default()
    }
    fn eval(&self, _: &mut PtfState, _: &EvalCall, _: &mut PtfOut) -> Result<(), RuntimeError> {
        Err(RuntimeError::new("not supported yet: this process table function"))
    }
}

//! Process table functions (PTFs): the operator of Flink's `ProcessSetTableOperator` /
//! `ProcessTableRunner`, and the built-in functions it runs, one file per function implementing
//! [`ProcessTableFunction`] (signature, state, eval, on_timer) — a new PTF is one new file plus
//! one [`PtfKind`] variant.
//!
//! **Emits**: whatever `eval` collects, at once, as `+I`, laid out as Flink does: the PARTITION BY
//! columns of each table argument (the partition's key values: co-partitioned tables share them),
//! the function's output columns, then `rowtime` (the row's `on_time` time) when `on_time` is given.
//! **Retracts**: never (ChangelogFunction PTFs are not supported yet).
//! **State** (kept / freed): one [`PtfState`] per partition key, shared by all table arguments
//! (a `machine_id` M1 and a `sensor_id` M1 are one virtual processor) / never (no state TTL yet).
//! **Watermark out**: the combined (minimum) watermark of the table arguments.
//! **Trace events**: the combined watermark only (the page's PTF state view is issue 13's later
//! work; `state_rows` counts the values held).
//! **Late rows**: reach `eval` (Flink 2.3.0, oracle scenario `i13`); nothing is dropped.
//! **Flink class**: `StreamExecProcessTableFunction` → `ProcessSetTableOperator`.
//! **Scenarios**: `tests/conformance/ptf/`.
//!
//! Not supported yet (the binder says so): timers, watermark-aware PTFs, row-semantic tables,
//! updating inputs or outputs, state TTL, the other built-ins the oracle has.

pub mod sensor_fusion;

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::ops::watermarks::InputWatermarks;
use crate::ops::{Ctx, Operator, Record};
use crate::value::Value;

pub use crate::catalog::ptf::{PtfKind, ScalarArg, Signature};

/// The implementation of a built-in, if this slice has one (the binder plans only those).
pub fn implementation(kind: PtfKind) -> Option<Box<dyn ProcessTableFunction>> {
    match kind {
        PtfKind::SensorFusionPtf => Some(Box::new(sensor_fusion::SensorFusionPtf)),
        _ => None,
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
        self.entries
            .iter()
            .map(|(_, v)| match v {
                Value::Array(a) => a.len(),
                Value::Null => 0,
                _ => 1,
            })
            .sum()
    }
}

/// One call of `eval`: the row of one table argument (the others are null in Java).
pub struct EvalCall<'a> {
    /// Which table argument the row came on.
    pub table: usize,
    pub row: &'a [Value],
    /// The table's column names (for `Row#getFieldAs(name)`).
    pub names: &'a [String],
    /// `TimeContext#time()`: the row's `on_time` value, epoch ms on the UTC clock.
    pub time: Option<i64>,
    pub scalars: &'a [Value],
}

impl<'a> EvalCall<'a> {
    pub fn field(&self, name: &str) -> &Value {
        self.names.iter().position(|n| n == name).and_then(|i| self.row.get(i)).unwrap_or(&Value::Null)
    }
}

/// A built-in process table function.
pub trait ProcessTableFunction {
    fn signature(&self) -> &'static Signature;
    /// The state of a new partition (the `@StateHint` object's defaults).
    fn new_state(&self) -> PtfState;
    /// One input row; collected rows (function output columns only) go to `out`.
    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut Vec<Vec<Value>>) -> Result<(), RuntimeError>;
    /// A timer firing (`onTimer`); no built-in of this slice registers timers.
    fn on_timer(&self, _state: &mut PtfState, _time: i64, _out: &mut Vec<Vec<Value>>) -> Result<(), RuntimeError> {
        Ok(())
    }
}

/// The operator: set-semantic table arguments co-partitioned by their PARTITION BY keys.
pub struct PtfOp {
    func: Box<dyn ProcessTableFunction>,
    /// PARTITION BY columns of each table argument.
    keys: Vec<Vec<usize>>,
    /// `on_time` column of each table argument.
    time_cols: Vec<Option<usize>>,
    names: Vec<Vec<String>>,
    scalars: Vec<Value>,
    with_rowtime: bool,
    /// State per partition key, in first-seen order.
    partitions: Vec<(Vec<Value>, PtfState)>,
    watermarks: InputWatermarks,
}

impl PtfOp {
    pub fn new(node: &crate::plan::rel::PtfNode) -> PtfOp {
        // (the binder plans only implemented PTFs; an unknown one would get the no-op function)
        let func = implementation(node.kind).unwrap_or_else(|| Box::new(NotImplemented));
        PtfOp {
            func,
            keys: node.keys.clone(),
            time_cols: node.time_cols.clone(),
            names: node.inputs.iter().map(|r| r.names()).collect(),
            scalars: node.scalars.clone(),
            with_rowtime: node.time_cols.iter().any(|t| t.is_some()),
            partitions: Vec::new(),
            watermarks: InputWatermarks::new(node.table_names.clone()),
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
        let key: Vec<Value> = self.keys[input].iter().map(|&i| rec.row[i].clone()).collect();
        let time = self.time_cols[input].and_then(|c| millis(&rec.row[c]));
        let pos = match self.partitions.iter().position(|(k, _)| *k == key) {
            Some(p) => p,
            None => {
                self.partitions.push((key.clone(), self.func.new_state()));
                self.partitions.len() - 1
            }
        };
        let mut out = Vec::new();
        let call = EvalCall { table: input, row: &rec.row, names: &self.names[input], time, scalars: &self.scalars };
        self.func.eval(&mut self.partitions[pos].1, &call, &mut out)?;
        for fields in out {
            let mut row: Vec<Value> = Vec::new();
            for _ in &self.keys {
                row.extend(key.iter().cloned());
            }
            row.extend(fields);
            if self.with_rowtime {
                row.push(match time {
                    Some(t) => Value::Timestamp(crate::time::Ts::from_millis(t)),
                    None => Value::Null,
                });
            }
            cx.emit(Record { kind: RowKind::Insert, row, lineage: rec.lineage.clone() });
        }
        Ok(())
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if self.watermarks.advance(input, wm, cx).is_some() {
            self.watermarks.emit(cx);
        }
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.partitions.iter().map(|(_, s)| s.size()).sum())
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
    fn eval(&self, _: &mut PtfState, _: &EvalCall, _: &mut Vec<Vec<Value>>) -> Result<(), RuntimeError> {
        Err(RuntimeError::new("not supported yet: this process table function"))
    }
}

//! Projection and filter (Flink's `Calc`), row by row.
//!
//! # Emits
//! Each row that passes the filter, projected, at once, with its input's change kind.
//! # Retracts
//! Only what its input retracts (the kind passes through).
//! # State
//! None.
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! `filtered`.
//! # Flink class
//! `StreamExecCalc`.
//! # Scenarios
//! `tests/conformance/expressions/*`, `regular_join/regular_filter_*`.

use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};
use crate::trace::Event;
use crate::types::DataType;

use super::{render, Ctx, Operator, Record};

pub struct CalcOp {
    pub filter: Option<Expr>,
    pub project: Vec<Expr>,
    pub in_types: Vec<DataType>,
    pub out_types: Vec<DataType>,
    /// The projection only reorders/keeps input columns: no evaluation needed.
    identity: Option<Vec<usize>>,
}

impl CalcOp {
    pub fn new(filter: Option<Expr>, project: Vec<Expr>, in_types: Vec<DataType>) -> CalcOp {
        let out_types = project.iter().map(|e| e.ty().clone()).collect();
        let identity = project.iter().map(|e| e.as_input()).collect::<Option<Vec<usize>>>();
        CalcOp { filter, project, in_types, out_types, identity }
    }
}

impl Operator for CalcOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
        if let Some(f) = &self.filter {
            if !f.eval_true(&rec.row, &ctx)? {
                let (op, zone, types) = (cx.op, cx.zone, &self.in_types);
                cx.event(|| Event::Filtered { op, row: render(&rec.row, types, zone) });
                return Ok(());
            }
        }
        let row = match &self.identity {
            Some(cols) => cols.iter().map(|&c| rec.row.get(c).cloned().unwrap_or(crate::value::Value::Null)).collect(),
            None => {
                let mut out = Vec::with_capacity(self.project.len());
                for e in &self.project {
                    out.push(e.eval(&rec.row, &ctx)?);
                }
                out
            }
        };
        cx.emit(Record { kind: rec.kind, row, lineage: rec.lineage });
        Ok(())
    }
}

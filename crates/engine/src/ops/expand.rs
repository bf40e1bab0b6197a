//! One copy of each row per grouping set (Calcite's `Expand`, Flink's `StreamExecExpand`): the
//! keys a set rolls up are NULL in its copy, and the set id `$e` comes last.
//!
//! # Emits
//! Per input row, one row per projection, in the planner's order of the grouping sets, with the
//! input's change kind.
//! # Retracts
//! Only what its input retracts.
//! # State
//! None.
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! None.
//! # Flink class
//! `StreamExecExpand`.
//! # Scenarios
//! `tests/conformance/aggregate/group_agg_grouping_sets.sql`.

use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};

use super::{Ctx, Operator, Record};

pub struct ExpandOp {
    projects: Vec<Vec<Expr>>,
}

impl ExpandOp {
    pub fn new(projects: Vec<Vec<Expr>>) -> ExpandOp {
        ExpandOp { projects }
    }
}

impl Operator for ExpandOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
        for p in &self.projects {
            let mut row = Vec::with_capacity(p.len());
            for e in p {
                row.push(e.eval(&rec.row, &ctx)?);
            }
            cx.emit(Record { kind: rec.kind, row, lineage: rec.lineage.clone() });
        }
        Ok(())
    }
}

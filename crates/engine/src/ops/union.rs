//! `UNION ALL` (Flink's `Union`): no operator in Flink — the consumer reads every branch's
//! channel and its watermark is the lowest of theirs (`StatusWatermarkValve`); JoinLab gives that
//! reading its own node so that it shows in the plan and the trace.
//!
//! # Emits
//! Every row of every input, at once, as it came.
//! # Retracts
//! Only what its inputs retract.
//! # State
//! None.
//! # Watermark out
//! The minimum of its inputs' watermarks ([`super::watermarks`]).
//! # Trace events
//! `watermark`, `input_watermark`.
//! # Flink class
//! `StreamExecUnion` (a `UnionTransformation`).
//! # Scenarios
//! `tests/conformance/union/*`.

use crate::error::RuntimeError;

use super::watermarks::InputWatermarks;
use super::{Ctx, Operator, Record};

pub struct UnionOp {
    watermarks: InputWatermarks,
}

impl UnionOp {
    pub fn new(inputs: usize) -> UnionOp {
        UnionOp { watermarks: InputWatermarks::new((1..=inputs).map(|i| format!("branch {}", i)).collect()) }
    }
}

impl Operator for UnionOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        cx.emit(rec);
        Ok(())
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if self.watermarks.advance(input, wm, cx).is_some() {
            self.watermarks.emit(cx);
        }
        Ok(())
    }

    fn on_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let advanced = self.watermarks.set_idle(input, idle, cx);
        if advanced.is_some() {
            self.watermarks.emit(cx);
        }
        Ok(())
    }
}

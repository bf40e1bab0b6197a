//! Literal rows (Flink's `Values`). Today only the empty `Values` Calcite leaves of a relation
//! it proved empty (see [`crate::plan::simplify`]) is planned.
//!
//! # Emits
//! Nothing (an empty relation).
//! # Retracts
//! Never.
//! # State
//! None.
//! # Watermark out
//! None: it has no source, so nothing it feeds sees a watermark from it.
//! # Trace events
//! None.
//! # Flink class
//! `StreamExecValues`.
//! # Scenarios
//! `tests/conformance/regular_join/false_conditions.sql`.

use crate::error::RuntimeError;

use super::{Ctx, Operator, Record};

pub struct ValuesOp;

impl Operator for ValuesOp {
    fn on_record(&mut self, _input: usize, _rec: Record, _cx: &mut Ctx) -> Result<(), RuntimeError> {
        Ok(())
    }
}

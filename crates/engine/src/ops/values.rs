//! Literal rows (Flink's `Values`): a query's `VALUES (…), (…)`, or the empty relation Calcite
//! leaves of one it proved empty (see [`crate::plan::simplify`]).
//!
//! # Emits
//! Its rows, as `+I`, in order, when the job starts (before the first data row: Flink's values
//! source is bounded and runs at once; the oracle prints them under `# at job start`).
//! # Retracts
//! Never.
//! # State
//! None.
//! # Watermark out
//! `+inf` right after its rows: the source has finished, so it no longer holds back a union or
//! a join it feeds.
//! # Trace events
//! `emit`, `watermark`.
//! # Flink class
//! `StreamExecValues` (a `ValuesInputFormat` source).
//! # Scenarios
//! `tests/conformance/regular_join/false_conditions.sql`, `values/*`.

use crate::error::RuntimeError;
use crate::trace::Event;
use crate::value::Row;

use super::{Ctx, Operator, Record};

pub struct ValuesOp {
    rows: Vec<Row>,
}

impl ValuesOp {
    pub fn new(rows: Vec<Row>) -> ValuesOp {
        ValuesOp { rows }
    }

    pub fn has_rows(&self) -> bool {
        !self.rows.is_empty()
    }
}

impl Operator for ValuesOp {
    fn on_record(&mut self, _input: usize, _rec: Record, _cx: &mut Ctx) -> Result<(), RuntimeError> {
        Ok(())
    }

    fn start(&mut self, cx: &mut Ctx) {
        for row in std::mem::take(&mut self.rows) {
            cx.emit(Record { kind: crate::kinds::RowKind::Insert, row, lineage: Vec::new() });
        }
        let op = cx.op;
        cx.event(|| Event::Watermark { op, value_ms: i64::MAX, text: crate::time::format_watermark(i64::MAX) });
        cx.emit_watermark(i64::MAX);
    }
}

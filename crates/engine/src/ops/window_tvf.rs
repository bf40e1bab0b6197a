//! Windowing TVFs (Flink's `WindowTableFunction`): row by row, appends `window_start`,
//! `window_end`, `window_time` and emits one row per window the row belongs to.
//!
//! For a `TIMESTAMP_LTZ` time attribute the windows live on the session zone's local clock:
//! `window_start`/`window_end` are local `TIMESTAMP(3)` values and `window_time` is the instant of
//! `window_end - 1 ms` in that zone (SEMANTICS.md §2.1).
//!
//! # Emits
//! One row per window (TUMBLE: one; HOP and CUMULATE: several), at once, with the input's change
//! kind. Rows with a NULL time attribute are dropped; late rows are **not** dropped here (only a
//! window join drops them).
//! # Retracts
//! Only what its input retracts.
//! # State
//! None.
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! `window_assign`, `null_time_drop`.
//! # Flink class
//! `WindowTableFunctionOperator` (`StreamExecWindowTableFunction`).
//! # Scenarios
//! `tests/conformance/window_tvf/*`, `time/window_full_join_ltz_*`.

use crate::error::RuntimeError;
use crate::time::window::{Window, WindowSpec};
use crate::time::{SessionZone, Ts};
use crate::trace::Event;
use crate::types::DataType;
use crate::value::Value;

use super::{render, window_ref, Ctx, Operator, Record};

pub struct WindowTvfOp {
    pub spec: WindowSpec,
    pub time_col: usize,
    pub ltz: bool,
    pub in_types: Vec<DataType>,
    buf: Vec<Window>,
    /// Output columns picked from (input ++ window_start, window_end, window_time) when a
    /// projection was fused into the TVF.
    pub project: Option<Vec<usize>>,
}

impl WindowTvfOp {
    pub fn new(spec: WindowSpec, time_col: usize, ltz: bool, in_types: Vec<DataType>) -> WindowTvfOp {
        WindowTvfOp { spec, time_col, ltz, in_types, buf: Vec::new(), project: None }
    }
}

impl WindowTvfOp {
    /// The rows of `rec`, one per window it belongs to (`window_start`, `window_end`,
    /// `window_time` appended, or the fused projection's columns), each handed to `emit`; a row
    /// with a NULL time attribute gives none. What the operator emits, and what a window join
    /// that runs its TVF itself (untraced runs, [`super::window_join::WindowJoinOp`]) joins.
    pub fn windowed(
        &mut self,
        rec: Record,
        zone: &SessionZone,
        mut emit: impl FnMut(Record) -> Result<(), RuntimeError>,
    ) -> Result<(), RuntimeError> {
        let Some(t) = rec.row.get(self.time_col).and_then(|v| v.as_millis()) else { return Ok(()) };
        let local = if self.ltz { zone.instant_to_local(t) } else { t };
        let mut windows = std::mem::take(&mut self.buf);
        self.spec.assign(local, &mut windows);
        let n = windows.len();
        let mut rec = rec;
        let mut result = Ok(());
        for (i, w) in windows.iter().enumerate() {
            let window_time = if self.ltz {
                Value::TimestampLtz(Ts::from_millis(zone.local_to_instant(w.end - 1)))
            } else {
                Value::Timestamp(Ts::from_millis(w.end - 1))
            };
            let last = i + 1 == n;
            let out = match &self.project {
                Some(cols) => {
                    let width = rec.row.len();
                    let mut out = Vec::with_capacity(cols.len());
                    for &c in cols {
                        out.push(match c.checked_sub(width) {
                            None => rec.row[c].copy_of(),
                            Some(0) => Value::Timestamp(Ts::from_millis(w.start)),
                            Some(1) => Value::Timestamp(Ts::from_millis(w.end)),
                            Some(_) => window_time.clone(),
                        });
                    }
                    out
                }
                None => {
                    let mut out = if last { std::mem::take(&mut rec.row) } else { rec.row.clone() };
                    out.reserve(3);
                    out.push(Value::Timestamp(Ts::from_millis(w.start)));
                    out.push(Value::Timestamp(Ts::from_millis(w.end)));
                    out.push(window_time);
                    out
                }
            };
            let lineage = if last { std::mem::take(&mut rec.lineage) } else { rec.lineage.clone() };
            result = emit(Record { kind: rec.kind, row: out, lineage });
            if result.is_err() {
                break;
            }
        }
        self.buf = windows;
        result
    }
}

impl Operator for WindowTvfOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if cx.tracing() {
            match rec.row.get(self.time_col).and_then(|v| v.as_millis()) {
                None => {
                    let row = render(&rec.row, &self.in_types, cx.zone);
                    let op = cx.op;
                    cx.event(|| Event::NullTimeDrop { op, row });
                }
                Some(t) => {
                    let local = if self.ltz { cx.zone.instant_to_local(t) } else { t };
                    self.spec.assign(local, &mut self.buf);
                    if !self.buf.is_empty() {
                        let op = cx.op;
                        let refs = self.buf.iter().map(|w| window_ref(w.start, w.end)).collect();
                        cx.event(|| Event::WindowAssign { op, windows: refs });
                    }
                }
            }
        }
        let zone = cx.zone;
        self.windowed(rec, zone, |r| {
            cx.emit(r);
            Ok(())
        })
    }
}

//! The simulated processing-time clock: what `PROCTIME()` reads and what state TTL counts.
//! Real Flink reads the wall clock, so a run could never be repeated; JoinLab's clock starts
//! at 2024-01-01 00:00:00 UTC and moves with the steps, in one of two ways
//! (`SET 'joinlab.proctime-step' = …`):
//!
//! * a fixed tick per step (a duration, default `1 s`; `0 ms` stops the clock): step n is at
//!   start + n · tick;
//! * `event-time`: the clock follows the data — it is the largest event time (or explicit
//!   `@watermark` time) seen so far (the start until the first one), so a TTL of `10 min`
//!   means ten minutes of data.

use crate::catalog::Catalog;
use crate::data::{Event as DataEvent, EventKind};
use crate::kinds::ProcClockMode;
use crate::value::Value;

/// Start of the simulated processing-time clock: 2024-01-01 00:00:00 UTC.
pub const PROC_CLOCK_BASE_MS: i64 = 1_704_067_200_000;

pub struct ProcClock {
    mode: ProcClockMode,
    now: i64,
    seen: bool,
}

impl ProcClock {
    pub fn new(mode: ProcClockMode) -> ProcClock {
        ProcClock { mode, now: PROC_CLOCK_BASE_MS, seen: false }
    }

    /// The clock at step `step_no` (1-based; the end of input is one past the last step).
    pub fn at(&mut self, step_no: usize, ev: Option<&DataEvent>, catalog: &Catalog) -> i64 {
        match self.mode {
            ProcClockMode::Tick(ms) => self.now = PROC_CLOCK_BASE_MS + step_no as i64 * ms,
            ProcClockMode::EventTime => {
                let t = ev.and_then(|ev| match &ev.kind {
                    EventKind::Row { values, .. } => {
                        let t = &catalog.tables[ev.table];
                        t.declared_rowtime_physical().and_then(|p| values.get(p)).and_then(Value::as_millis)
                    }
                    EventKind::Watermark { millis, .. } => *millis,
                });
                if let Some(t) = t {
                    self.now = if self.seen { self.now.max(t) } else { t };
                    self.seen = true;
                }
            }
        }
        self.now
    }
}

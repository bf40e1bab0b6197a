//! The input side both windowed ranking operators share (`WindowRank`, `WindowDeduplicate`):
//! Flink's `WindowBuffer` + window timers of its slicing window operators. A row of a window
//! that has fired is dropped as late (counted, `late_drop`); any other row is buffered per
//! (partition key, window end) (`state_insert` on side `buffer`). When the watermark passes the
//! earliest buffered window's end the operator flushes the buffer into its per-window state
//! (its combiner), then fires each window whose timer is due; what a flush and a fire do is the
//! operator's. Frees nothing itself: the buffer empties at each flush.

use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::time::window::WindowSpec;
use crate::trace::{Event, Lineage, WindowRef};
use crate::types::DataType;
use crate::value::Row;

use super::watermarks::InputWatermarks;
use super::window_slicing::{key_of, window_end_of, window_start_of, SliceBuffer, WindowClock, WindowTimers};
use super::{render, window_ref, Ctx, Record};

/// A buffered input row.
pub(super) struct Buffered {
    pub kind: RowKind,
    pub row: Row,
    pub lineage: Lineage,
}

pub(super) struct WindowInput {
    window: WindowSpec,
    end_col: usize,
    partition: Vec<usize>,
    in_types: Vec<DataType>,
    pub clock: WindowClock,
    pub watermarks: InputWatermarks,
    /// The operator's watermark so far.
    pub progress: i64,
    pub buffer: SliceBuffer<Buffered>,
    pub timers: WindowTimers,
    pub late: u64,
}

impl WindowInput {
    pub fn new(
        window: WindowSpec,
        end_col: usize,
        ltz: bool,
        partition: Vec<usize>,
        in_types: Vec<DataType>,
    ) -> WindowInput {
        WindowInput {
            window,
            end_col,
            partition,
            in_types,
            clock: WindowClock { shift: ltz },
            watermarks: InputWatermarks::new(vec!["input".into()]),
            progress: i64::MIN,
            buffer: SliceBuffer::default(),
            timers: WindowTimers::default(),
            late: 0,
        }
    }

    pub fn key_types(&self) -> Vec<DataType> {
        self.partition.iter().map(|&g| self.in_types.get(g).cloned().unwrap_or_else(DataType::string)).collect()
    }

    pub fn window(&self, end: i64) -> WindowRef {
        window_ref(window_start_of(&self.window, end), end)
    }

    /// A row arrives: dropped as late, or buffered.
    pub fn record(&mut self, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let end = window_end_of(&rec.row, self.end_col)?;
        if self.clock.fired(end, self.progress, cx.zone) {
            self.late += 1;
            if cx.tracing() {
                let row = render(&rec.row, &self.in_types, cx.zone);
                let (op, wm, window, lineage) = (cx.op, self.progress, self.window(end), rec.lineage.clone());
                cx.event(|| Event::LateDrop { op, side: "input".into(), row, window, watermark_ms: wm, lineage });
            }
            return Ok(());
        }
        let key = key_of(&rec.row, &self.partition);
        let trace = if cx.tracing() {
            Some((
                render(&key, &self.key_types(), cx.zone),
                render(&rec.row, &self.in_types, cx.zone),
                rec.lineage.clone(),
            ))
        } else {
            None
        };
        let n = self.buffer.add(key, end, Buffered { kind: rec.kind, row: rec.row, lineage: rec.lineage });
        if let Some((key, row, lineage)) = trace {
            let (op, window) = (cx.op, Some(self.window(end)));
            cx.event(|| Event::StateInsert { op, side: "buffer".into(), key, window, row, lineage, rows_in_state: n });
        }
        Ok(())
    }

    /// The input watermark `wm` arrives: the operator's new watermark when it rose, and whether
    /// the buffer must be flushed first (the watermark passed a buffered window's end).
    pub fn advance(&mut self, wm: i64, cx: &mut Ctx) -> Option<(i64, bool)> {
        let wm = self.watermarks.advance(0, wm, cx)?;
        let mut flush = false;
        if wm > self.progress {
            self.progress = wm;
            flush = !self.buffer.is_empty() && self.clock.fired(self.buffer.min_end, wm, cx.zone);
        }
        Some((wm, flush))
    }
}

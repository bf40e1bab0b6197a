//! The watermark of an operator with several inputs (SEMANTICS.md §0.2): the minimum of the
//! watermarks its inputs sent, `-inf` until every input has sent one. Written once for every
//! multi-input operator (window, regular, multi-way joins).
//!
//! ```text
//!  input i: wm ──► wms[i] = max(wms[i], wm) ──► min(wms) > current? ── yes ─► current = min;
//!                                                                          the operator fires what is
//!                                                                          due, then emit(): `watermark`
//!                                               └─ no ─► `input_watermark` held by the lowest other input
//! ```

use crate::time::format_watermark;
use crate::trace::Event;

use super::Ctx;

pub struct InputWatermarks {
    wms: Vec<i64>,
    /// Inputs whose status is idle: left out of the minimum (Flink's `CombinedWatermarkStatus`;
    /// when all are idle the watermark stays).
    idle: Vec<bool>,
    current: i64,
    /// Each input's name as the `held_by` of a trace event says it.
    names: Vec<String>,
}

impl InputWatermarks {
    pub fn new(names: Vec<String>) -> InputWatermarks {
        InputWatermarks { wms: vec![i64::MIN; names.len()], idle: vec![false; names.len()], current: i64::MIN, names }
    }

    /// The operator's watermark (the combined one it last emitted).
    pub fn current(&self) -> i64 {
        self.current
    }

    /// Takes input `input`'s watermark. When the combined watermark advances, returns it (the
    /// operator does what the new watermark makes due, then calls [`Self::emit`]); otherwise
    /// records that the lowest other input holds the operator back.
    pub fn advance(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Option<i64> {
        if let Some(w) = self.wms.get_mut(input) {
            if wm > *w {
                *w = wm;
            }
        }
        if let Some(i) = self.idle.get_mut(input) {
            // (a watermark means the input is active: its source said so before it)
            *i = false;
        }
        let combined = self.combined();
        if combined > self.current {
            self.current = combined;
            return Some(combined);
        }
        let op = cx.op;
        cx.event(|| {
            let lowest = (0..self.wms.len()).filter(|&i| i != input && !self.idle[i]).min_by_key(|&i| self.wms[i]);
            let held_by = lowest.and_then(|i| self.names.get(i).cloned());
            Event::InputWatermark { op, input, value_ms: wm, text: format_watermark(wm), held_by }
        });
        None
    }

    /// The minimum over the inputs that are not idle (`i64::MIN` when all are).
    fn combined(&self) -> i64 {
        self.wms.iter().zip(&self.idle).filter(|(_, idle)| !**idle).map(|(w, _)| *w).min().unwrap_or(i64::MIN)
    }

    /// Input `input`'s watermark status changed (`CombinedWatermarkStatus.updateStatus`): an
    /// idle input no longer holds the others back. When the operator's own status changes (all
    /// inputs idle, or one active again) it is sent on (`Element::Idle`). Returns the combined
    /// watermark when it advanced (the operator fires what is due, then calls [`Self::emit`]).
    pub fn set_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Option<i64> {
        let was_all = self.idle.iter().all(|i| *i);
        if let Some(i) = self.idle.get_mut(input) {
            *i = idle;
        }
        let all = self.idle.iter().all(|i| *i);
        if was_all != all {
            cx.out.push(super::Element::Idle(all));
        }
        if all {
            return None;
        }
        let combined = self.combined();
        if combined > self.current {
            self.current = combined;
            return Some(combined);
        }
        None
    }

    /// Whether input `input` is idle.
    pub fn is_idle(&self, input: usize) -> bool {
        self.idle.get(input).copied().unwrap_or(false)
    }

    /// Records and sends on the operator's current watermark.
    pub fn emit(&self, cx: &mut Ctx) {
        self.emit_delayed(0, cx)
    }

    /// Records and sends on the operator's current watermark held back by `delay` ms (Flink's
    /// `delayedWatermarkOutput`, which subtracts it from `+inf` too).
    pub fn emit_delayed(&self, delay: i64, cx: &mut Ctx) {
        let wm = if delay > 0 { self.current.saturating_sub(delay) } else { self.current };
        let current = self.current;
        let op = cx.op;
        // The text only when the trace is on: formatting it for every row cost more than the row.
        cx.event(|| Event::Watermark {
            op,
            value_ms: wm,
            text: if delay > 0 && current == i64::MAX { format!("+inf - {} ms", delay) } else { format_watermark(wm) },
        });
        cx.emit_watermark(wm);
    }
}

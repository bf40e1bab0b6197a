//! What Flink's slicing window operators share (window aggregation, window Top-N, window
//! deduplication): window starts and ends with offsets, the window clock (TIMESTAMP_LTZ windows
//! fire on the session zone's clock), the per-window timers, and the buffer of rows per key and
//! window end that a watermark flushes.

use std::collections::BTreeMap;

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::time::window::WindowSpec;
use crate::time::SessionZone;
use crate::value::{Row, Value};

/// `TimeWindow.getWindowStartWithOffset` without overflow.
pub(super) fn window_start_at(t: i64, offset: i64, size: i64) -> i64 {
    if size <= 0 {
        return t;
    }
    let (t, o, s) = (t as i128, offset as i128, size as i128);
    clamp(t - (t - o).rem_euclid(s))
}

fn clamp(v: i128) -> i64 {
    v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
}

pub(super) fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    i64::try_from(a).unwrap_or(i64::MAX)
}

/// The start of the window of `spec` ending at `end` (CUMULATE: its cycle's start).
pub(super) fn window_start_of(spec: &WindowSpec, end: i64) -> i64 {
    match *spec {
        WindowSpec::Tumble { size, .. } | WindowSpec::Hop { size, .. } => end.saturating_sub(size),
        WindowSpec::Cumulate { max_size, offset, .. } => window_start_at(end.saturating_sub(1), offset, max_size),
    }
}

/// Java's `TimeZone.useDaylightTime()` (as `SessionZone` decides it: the offsets of mid-January
/// and mid-July 2030 differ).
fn zone_uses_dst(zone: &SessionZone) -> bool {
    const JAN_15_2030: i64 = 1_894_665_600_000;
    const JUL_15_2030: i64 = 1_910_304_000_000;
    !zone.is_utc() && zone.offset_at_instant(JAN_15_2030) != zone.offset_at_instant(JUL_15_2030)
}

/// The clock windows live on (`TimeWindowUtil` with the shift zone: the session zone for a
/// TIMESTAMP_LTZ time attribute, else UTC).
#[derive(Clone, Copy, Debug)]
pub(super) struct WindowClock {
    pub shift: bool,
}

impl WindowClock {
    /// `toUtcTimestampMills`: an instant on the windows' clock.
    pub fn local(self, epoch: i64, zone: &SessionZone) -> i64 {
        if !self.shift || epoch == i64::MAX {
            epoch
        } else {
            zone.instant_to_local(epoch)
        }
    }

    /// `T(end)`: the trigger instant of a window or slice ending at `end`.
    pub fn trigger(self, end: i64, zone: &SessionZone) -> i64 {
        let last = end.saturating_sub(1);
        if self.shift {
            zone.local_to_instant_for_timer(last)
        } else {
            last
        }
    }

    /// `TimeWindowUtil.isWindowFired`.
    pub fn fired(self, end: i64, progress: i64, zone: &SessionZone) -> bool {
        end != i64::MAX && progress >= self.trigger(end, zone)
    }

    /// `TimeWindowUtil.getNextTriggerWatermarkWithOffset`: without daylight saving time the
    /// raw epoch value is sliced (no zone shift) — the schedule of §1.7.
    pub fn next_trigger(self, wm: i64, interval: i64, offset: i64, zone: &SessionZone) -> i64 {
        if wm == i64::MAX {
            return wm;
        }
        let trig = if self.shift && zone_uses_dst(zone) {
            let start = window_start_at(self.local(wm, zone), offset, interval);
            zone.local_to_instant_for_timer(start.saturating_add(interval).saturating_sub(1))
        } else {
            window_start_at(wm, offset, interval).saturating_add(interval).saturating_sub(1)
        };
        if trig > wm {
            trig
        } else {
            trig.saturating_add(interval)
        }
    }
}

/// Event- or processing-time timers per (key, window end), fired in ascending time; timers of
/// one time in registration order. Registering a timer that exists does nothing (Flink's timer
/// set).
#[derive(Default)]
pub(super) struct WindowTimers {
    queue: BTreeMap<(i64, u64), (Row, i64)>,
    index: FxHashMap<(Row, i64), (i64, u64)>,
    seq: u64,
}

impl WindowTimers {
    pub fn register(&mut self, key: &Row, end: i64, time: i64) {
        let k = (key.clone(), end);
        if self.index.get(&k).is_some_and(|t| t.0 == time) {
            return;
        }
        self.seq += 1;
        self.queue.insert((time, self.seq), k.clone());
        self.index.insert(k, (time, self.seq));
    }

    /// The first timer at or before `upto`.
    pub fn pop_due(&mut self, upto: i64) -> Option<(i64, Row, i64)> {
        let (&(t, seq), _) = self.queue.first_key_value()?;
        if t > upto {
            return None;
        }
        let (key, end) = self.queue.remove(&(t, seq))?;
        let k = (key, end);
        if self.index.get(&k).is_some_and(|x| x.1 == seq) {
            self.index.remove(&k);
        }
        Some((t, k.0, k.1))
    }
}

/// Flink's `RecordsWindowBuffer`: items per (key, slice end), keys in first-seen order, and the
/// smallest slice end buffered (`i64::MAX` when empty).
pub(super) struct SliceBuffer<T> {
    entries: Vec<(Row, i64, Vec<T>)>,
    index: FxHashMap<(Row, i64), usize>,
    pub min_end: i64,
    pub items: usize,
}

impl<T> Default for SliceBuffer<T> {
    fn default() -> Self {
        SliceBuffer { entries: Vec::new(), index: FxHashMap::default(), min_end: i64::MAX, items: 0 }
    }
}

impl<T> SliceBuffer<T> {
    /// Adds an item; returns how many items its (key, slice) now holds.
    pub fn add(&mut self, key: Row, end: i64, item: T) -> usize {
        self.min_end = self.min_end.min(end);
        self.items += 1;
        let k = (key, end);
        if let Some(&i) = self.index.get(&k) {
            if let Some(e) = self.entries.get_mut(i) {
                e.2.push(item);
                return e.2.len();
            }
        }
        self.index.insert(k.clone(), self.entries.len());
        self.entries.push((k.0, k.1, vec![item]));
        1
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Empties the buffer (`flush`), in first-seen order.
    pub fn take(&mut self) -> Vec<(Row, i64, Vec<T>)> {
        self.index.clear();
        self.min_end = i64::MAX;
        self.items = 0;
        std::mem::take(&mut self.entries)
    }

    pub fn iter(&self) -> impl Iterator<Item = &(Row, i64, Vec<T>)> {
        self.entries.iter()
    }
}

/// The key columns of a row.
pub(super) fn key_of(row: &[Value], cols: &[usize]) -> Row {
    cols.iter().map(|&c| row.get(c).cloned().unwrap_or(Value::Null)).collect()
}

/// The `window_end` column of a window-attached row (local clock).
pub(super) fn window_end_of(row: &[Value], col: usize) -> Result<i64, RuntimeError> {
    row.get(col).and_then(|v| v.as_millis()).ok_or_else(|| {
        RuntimeError::java("java.lang.NullPointerException", "window_end of a window-attached row is NULL")
    })
}

// ---------------------------------------------------------------------------------------------
// The slice assigners (`SliceAssigners`).

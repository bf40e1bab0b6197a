//! Event time and disorder: when each generated row "happened", in the order the rows arrive.
//!
//! Rows arrive in index order `i = 0, 1, 2, …`. Each row has a **clock** time, the moment the
//! simulated source produced it, and an **event time** derived from the clock:
//!
//! ```text
//! clock(0) = start
//! clock(i) = clock(i-1) + gap(i) + (idle-for if i is a multiple of idle-every)
//!
//!   gap(i) = 1 s                      by default
//!          = 1 s / rows-per-second    'rows-per-second' (exact: clock(i) = start + ⌊i·10⁹/rps⌋ ns)
//!          = interval                 'joinlab.interval'
//!          = U[0, max.interval) ms    'max.interval' (quickstart / Avro tables, kafka-connect-datagen)
//!
//! event(i) = clock(i) − U[0, max-delay]                                  an on-time row
//! event(i) = clock(j) − 2·max-delay − 1 ms − U[0, late-by]               a late row (share late-rate, i > 0),
//!                                            j = the last on-time row before i
//! ```
//!
//! * **Bounded out-of-orderness**: an on-time row is at most `max-delay` behind the largest event
//!   time before it (that largest time is at most `clock(i-1) ≤ clock(i)`), so a watermark
//!   `ts - INTERVAL max-delay` never makes an on-time row late.
//! * **Late rows** are strictly behind any such watermark: the largest earlier event time is at
//!   least `event(j) ≥ clock(j) − max-delay`, so the watermark is at least `clock(j) − 2·max-delay`,
//!   and a late row is at least 1 ms before that.
//! * **Idle periods**: after every `idle-every` rows the source is silent for `idle-for`, so the
//!   table's watermark stands still while other inputs move on.
//!
//! All draws come from the reserved column path `$time` (see [`super::rng`]): one draw decides
//! lateness (only when `late-rate > 0`), one the delay, one the random gap (only with
//! `max.interval`), in that order.

use super::rng::Rng;
use crate::time::Ts;

/// 2024-01-01 00:00:00 UTC.
pub const DEFAULT_START_MS: i64 = 1_704_067_200_000;
/// One row per second unless a rate or interval is given.
pub const DEFAULT_INTERVAL_NS: i64 = 1_000_000_000;
/// How far past the watermark bound a late row may fall, beyond the minimum.
pub const DEFAULT_LATE_BY_MS: i64 = 5_000;

/// How the simulated clock advances from one row to the next.
#[derive(Clone, Debug, PartialEq)]
pub enum Pace {
    /// A fixed gap in nanoseconds.
    Every(i64),
    /// `rows-per-second`: row `i` at `start + ⌊i·10⁹/rps⌋ ns`.
    PerSecond(u64),
    /// kafka-connect-datagen's `max.interval`: each gap uniform in `[0, ms)` whole milliseconds.
    RandomUpTo(i64),
}

/// A table's time options, with the defaults documented in [`super`].
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// Clock of row 0, epoch milliseconds (a `TIMESTAMP` column shows the same digits in UTC).
    pub start_ms: i64,
    pub pace: Pace,
    /// Bounded out-of-orderness: on-time rows are up to this many ms older than their clock.
    pub max_delay_ms: i64,
    /// Share of rows generated late (0..=1).
    pub late_rate: f64,
    /// Extra lateness of a late row, uniform in `[0, late_by_ms]`.
    pub late_by_ms: i64,
    /// After every this many rows the source is idle (0 = never).
    pub idle_every: u64,
    /// How long each idle period lasts (ms).
    pub idle_ms: i64,
}

impl Timing {
    /// The gap between rows when it is fixed (`100 ms`, `5 s`), as the page says it.
    pub fn fixed_interval_text(&self) -> Option<String> {
        match self.pace {
            Pace::Every(ns) if ns > 0 && ns % 1_000_000 == 0 => {
                let ms = ns / 1_000_000;
                Some(if ms % 1000 == 0 { format!("{} s", ms / 1000) } else { format!("{} ms", ms) })
            }
            _ => None,
        }
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            start_ms: DEFAULT_START_MS,
            pace: Pace::Every(DEFAULT_INTERVAL_NS),
            max_delay_ms: 0,
            late_rate: 0.0,
            late_by_ms: DEFAULT_LATE_BY_MS,
            idle_every: 0,
            idle_ms: 0,
        }
    }
}

/// Nanoseconds since the epoch → [`Ts`].
pub fn ts_from_nanos(ns: i128) -> Ts {
    let millis = ns.div_euclid(1_000_000);
    let nanos = ns.rem_euclid(1_000_000) as u32;
    Ts { millis: millis.clamp(i64::MIN as i128, i64::MAX as i128) as i64, nanos }
}

/// The clock and event time of consecutive rows.
#[derive(Clone, Debug)]
pub struct Clock {
    timing: Timing,
    key: u64,
    /// Clock of the previous row (ns), when there is one.
    prev: Option<i128>,
    /// Clock of the last on-time row (ns).
    last_on_time: Option<i128>,
    next_index: u64,
}

/// When one row happened.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowTime {
    /// The simulated source clock when the row was produced (ns since the epoch).
    pub clock_ns: i128,
    /// The row's event time (ns since the epoch).
    pub event_ns: i128,
    pub late: bool,
}

impl Clock {
    /// `key` is the column key of the reserved path `$time`.
    pub fn new(timing: &Timing, key: u64) -> Clock {
        Clock { timing: timing.clone(), key, prev: None, last_on_time: None, next_index: 0 }
    }

    /// Time of row `next_index`, then moves on. Rows must be asked for in order.
    pub fn advance(&mut self) -> RowTime {
        let i = self.next_index;
        self.next_index += 1;
        let t = &self.timing;
        let mut rng = Rng::cell(self.key, i);
        let late = i > 0 && t.late_rate > 0.0 && rng.unit() < t.late_rate;
        let delay_draw = rng.next_u64();
        let start = t.start_ms as i128 * 1_000_000;
        let idle = i.checked_div(t.idle_every).map_or(0, |k| k as i128 * t.idle_ms as i128 * 1_000_000);
        let clock = match &t.pace {
            Pace::Every(ns) => start + i as i128 * *ns as i128 + idle,
            Pace::PerSecond(rps) => start + (i as i128 * 1_000_000_000) / (*rps).max(1) as i128 + idle,
            Pace::RandomUpTo(ms) => match self.prev {
                None => start,
                Some(p) => {
                    let gap = if *ms > 0 { rng.below(*ms as u64) as i128 } else { 0 };
                    let idle_now = if i.checked_rem(t.idle_every) == Some(0) { t.idle_ms as i128 } else { 0 };
                    p + (gap + idle_now) * 1_000_000
                }
            },
        };
        let ms = 1_000_000i128;
        let event = if late {
            let base = self.last_on_time.unwrap_or(clock);
            let extra = uniform_inclusive(delay_draw, t.late_by_ms.max(0) as u64) as i128;
            base - 2 * t.max_delay_ms as i128 * ms - ms - extra * ms
        } else if t.max_delay_ms > 0 {
            clock - uniform_inclusive(delay_draw, t.max_delay_ms as u64) as i128 * ms
        } else {
            clock
        };
        self.prev = Some(clock);
        if !late {
            self.last_on_time = Some(clock);
        }
        RowTime { clock_ns: clock, event_ns: event, late }
    }
}

/// Uniform in `[0, n]` from one 64-bit draw (multiply-shift).
fn uniform_inclusive(r: u64, n: u64) -> u64 {
    ((r as u128 * (n as u128 + 1)) >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    fn times(t: &Timing, n: usize) -> Vec<RowTime> {
        let mut c = Clock::new(t, 99);
        (0..n).map(|_| c.advance()).collect()
    }

    #[test]
    fn in_order_by_default() {
        let ts = times(&Timing::default(), 5);
        for (i, r) in ts.iter().enumerate() {
            assert_eq!(r.event_ns, (DEFAULT_START_MS as i128 + i as i128 * 1000) * 1_000_000);
            assert!(!r.late);
        }
    }

    #[test]
    fn rows_per_second_and_idle() {
        let t = Timing { pace: Pace::PerSecond(3), idle_every: 2, idle_ms: 60_000, ..Timing::default() };
        let ts = times(&t, 5);
        let rel: Vec<i128> = ts.iter().map(|r| r.clock_ns - DEFAULT_START_MS as i128 * 1_000_000).collect();
        assert_eq!(rel, vec![0, 333_333_333, 60_666_666_666, 61_000_000_000, 121_333_333_333]);
    }

    #[test]
    fn disorder_is_bounded_and_late_rows_are_late() {
        let t = Timing { max_delay_ms: 3_000, late_rate: 0.1, pace: Pace::Every(200_000_000), ..Timing::default() };
        let ts = times(&t, 20_000);
        let mut max_seen = i128::MIN;
        let (mut late, mut behind) = (0, 0);
        for r in &ts {
            let wm = max_seen.saturating_sub(3_000 * 1_000_000);
            if r.late {
                late += 1;
                assert!(r.event_ns < wm, "late row not behind the watermark");
            } else if max_seen != i128::MIN {
                assert!(r.event_ns >= wm, "on-time row behind the watermark");
                if r.event_ns < max_seen {
                    behind += 1;
                }
            }
            max_seen = max_seen.max(r.event_ns);
        }
        assert!((1_700..2_300).contains(&late), "late rows: {}", late);
        assert!(behind > 1_000);
    }

    #[test]
    fn random_gaps() {
        let t = Timing { pace: Pace::RandomUpTo(500), ..Timing::default() };
        let ts = times(&t, 1000);
        for w in ts.windows(2) {
            let gap = w[1].clock_ns - w[0].clock_ns;
            assert!((0..500_000_000).contains(&gap) && gap % 1_000_000 == 0);
        }
    }
}

//! Window assignment of the windowing TVFs (TUMBLE, HOP, CUMULATE), in milliseconds of the
//! clock the windows live on (the local clock for `TIMESTAMP_LTZ` time attributes).
//!
//! Mirrors Flink's `TimeWindow.getWindowStartWithOffset` and the group-window assigners
//! `TumblingWindowAssigner`, `SlidingWindowAssigner`, `CumulativeWindowAssigner`
//! (SEMANTICS.md §2.2), including the order in which one row's windows are emitted.

use serde::{Deserialize, Serialize};

/// The windowing TVF of a window join input or a window query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum WindowSpec {
    Tumble {
        size: i64,
        offset: i64,
    },
    /// `HOP(data, timecol, slide, size [, offset])`: slide comes first in SQL.
    Hop {
        slide: i64,
        size: i64,
        offset: i64,
    },
    /// `CUMULATE(data, timecol, step, max_size [, offset])`.
    Cumulate {
        step: i64,
        max_size: i64,
        offset: i64,
    },
}

/// `[start, end)` on the window clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Window {
    pub start: i64,
    pub end: i64,
}

/// Flink's `getWindowStartWithOffset`: the start of the window of `size` holding `t`.
pub fn window_start(t: i64, offset: i64, size: i64) -> i64 {
    let remainder = (t - offset) % size;
    if remainder < 0 {
        t - (remainder + size)
    } else {
        t - remainder
    }
}

impl WindowSpec {
    /// The windows of a row at time `t`, in the order Flink's assigner emits them.
    pub fn assign(&self, t: i64, out: &mut Vec<Window>) {
        out.clear();
        match *self {
            WindowSpec::Tumble { size, offset } => {
                let start = window_start(t, offset, size);
                out.push(Window { start, end: start + size });
            }
            WindowSpec::Hop { slide, size, offset } => {
                let mut start = window_start(t, offset, slide);
                while start > t - size {
                    out.push(Window { start, end: start + size });
                    start -= slide;
                }
            }
            WindowSpec::Cumulate { step, max_size, offset } => {
                let start = window_start(t, offset, max_size);
                let last_end = start + max_size;
                let mut end = window_start(t, offset, step) + step;
                while end <= last_end {
                    out.push(Window { start, end });
                    end += step;
                }
            }
        }
    }

    /// The TVF name as SQL writes it.
    pub fn tvf_name(&self) -> &'static str {
        match self {
            WindowSpec::Tumble { .. } => "TUMBLE",
            WindowSpec::Hop { .. } => "HOP",
            WindowSpec::Cumulate { .. } => "CUMULATE",
        }
    }

    /// Flink's EXPLAIN text of the window, e.g. `TUMBLE(time_col=[row_time], size=[5 min])`.
    pub fn explain(&self, time_col: &str) -> String {
        let off = |o: i64| if o == 0 { String::new() } else { format!(", offset=[{}]", explain_duration(o)) };
        match *self {
            WindowSpec::Tumble { size, offset } => {
                format!("TUMBLE(time_col=[{}], size=[{}]{})", time_col, explain_duration(size), off(offset))
            }
            WindowSpec::Hop { slide, size, offset } => format!(
                "HOP(time_col=[{}], size=[{}], slide=[{}]{})",
                time_col,
                explain_duration(size),
                explain_duration(slide),
                off(offset)
            ),
            WindowSpec::Cumulate { step, max_size, offset } => format!(
                "CUMULATE(time_col=[{}], max_size=[{}], step=[{}]{})",
                time_col,
                explain_duration(max_size),
                explain_duration(step),
                off(offset)
            ),
        }
    }
}

/// Flink's `TimeUtils.formatWithHighestUnit`: `5 min`, `1 h`, `10 s`, `1500 ms`, `1 d`.
pub fn explain_duration(ms: i64) -> String {
    let units: [(i64, &str); 5] = [(86_400_000, "d"), (3_600_000, "h"), (60_000, "min"), (1000, "s"), (1, "ms")];
    if ms == 0 {
        return "0 ms".to_string();
    }
    for (u, name) in units {
        if ms % u == 0 {
            return format!("{} {}", ms / u, name);
        }
    }
    format!("{} ms", ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(spec: WindowSpec, t: i64) -> Vec<(i64, i64)> {
        let mut v = Vec::new();
        spec.assign(t, &mut v);
        v.into_iter().map(|x| (x.start, x.end)).collect()
    }

    #[test]
    fn tumble_with_offsets_and_negative_times() {
        let t = WindowSpec::Tumble { size: 5, offset: 0 };
        assert_eq!(w(t, 7), vec![(5, 10)]);
        assert_eq!(w(t, -1), vec![(-5, 0)]);
        assert_eq!(w(t, -5), vec![(-5, 0)]);
        // SEMANTICS.md §2.2: 5 s windows, offset +1 s puts 6 s into [6, 11), -1 s into [4, 9)
        assert_eq!(w(WindowSpec::Tumble { size: 5000, offset: 1000 }, 6000), vec![(6000, 11000)]);
        assert_eq!(w(WindowSpec::Tumble { size: 5000, offset: -1000 }, 6000), vec![(4000, 9000)]);
    }

    #[test]
    fn hop_emits_newest_window_first() {
        // SEMANTICS.md §2.2: slide 5 / size 10, t = 7 → [5,15), [0,10)
        assert_eq!(w(WindowSpec::Hop { slide: 5, size: 10, offset: 0 }, 7), vec![(5, 15), (0, 10)]);
        assert_eq!(w(WindowSpec::Hop { slide: 5, size: 10, offset: 0 }, -3), vec![(-5, 5), (-10, 0)]);
        assert_eq!(w(WindowSpec::Hop { slide: 5, size: 10, offset: 1 }, 7), vec![(6, 16), (1, 11)]);
    }

    #[test]
    fn cumulate_emits_by_ascending_end() {
        // SEMANTICS.md §2.2: step 2 / max 6, t = 7 → [6,8), [6,10), [6,12)
        assert_eq!(w(WindowSpec::Cumulate { step: 2, max_size: 6, offset: 0 }, 7), vec![(6, 8), (6, 10), (6, 12)]);
        assert_eq!(w(WindowSpec::Cumulate { step: 2, max_size: 6, offset: 0 }, 11), vec![(6, 12)]);
        assert_eq!(w(WindowSpec::Cumulate { step: 2, max_size: 6, offset: 0 }, -1), vec![(-6, 0)]);
    }

    #[test]
    fn durations_print_with_their_highest_unit() {
        assert_eq!(explain_duration(300_000), "5 min");
        assert_eq!(explain_duration(3_600_000), "1 h");
        assert_eq!(explain_duration(1500), "1500 ms");
    }
}

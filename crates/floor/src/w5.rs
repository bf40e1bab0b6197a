//! W5, the event-time temporal join `P JOIN V FOR SYSTEM_TIME AS OF P.ts`: per key a deque of
//! versions in time order; probe rows queued until the watermark (min of both sides' largest ts)
//! reaches them, then emitted in arrival order against the newest version at or before their
//! ts (LEFT pads a probe with none); versions older than the newest one at or before the
//! watermark are dropped.

use std::collections::VecDeque;

use crate::hash::FxMap;
use crate::sink::Sink;
use crate::BASE_MS;

struct Join {
    left: bool,
    versions: FxMap<i64, VecDeque<(i64, i64)>>,
    probes: VecDeque<(i64, i64, i64)>,
    out: Sink,
}

impl Join {
    fn release(&mut self, wm: i64) {
        while let Some(&(ts, k, v)) = self.probes.front() {
            if ts > wm {
                break;
            }
            self.probes.pop_front();
            let found = self.versions.get_mut(&k).and_then(|vs| {
                // Versions older than the newest one at or before the watermark are never read again.
                while vs.len() > 1 && vs[1].0 <= wm {
                    vs.pop_front();
                }
                vs.iter().rev().find(|(vts, _)| *vts <= ts).map(|(_, rate)| *rate)
            });
            match found {
                Some(rate) => self.out.insert(k, v, Some(rate)),
                None if self.left => self.out.insert(k, v, None),
                None => {}
            }
        }
    }
}

pub fn run(n: i64, left: bool) -> Sink {
    let mut j = Join { left, versions: FxMap::default(), probes: VecDeque::new(), out: Sink::default() };
    let (mut max_p, mut max_v) = (i64::MIN, i64::MIN);
    for i in 0..n {
        let ts = BASE_MS + i;
        j.probes.push_back((ts, (i * 104729) % 1250, i));
        max_p = max_p.max(ts);
        j.release(max_p.min(max_v));
        j.versions.entry((i * 7919) % 1000).or_default().push_back((ts, i));
        max_v = max_v.max(ts);
        j.release(max_p.min(max_v));
    }
    j.release(i64::MAX);
    j.out
}

/// Derived for N = 500,000 only (BENCHMARKS.md W5), with the sum of V.rate.
pub fn expected(n: i64, left: bool) -> Option<(u64, Option<i64>)> {
    if left {
        (n == 500_000).then_some((500_000, Some(99_801_831_206)))
    } else {
        (n == 500_000).then_some((399_603, Some(99_801_831_206)))
    }
}

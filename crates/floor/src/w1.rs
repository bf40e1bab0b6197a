//! W1, the tumbling-window join: 10-second windows, rows kept per window and key, a window
//! joined and dropped when the watermark (min of both sides' largest ts) reaches its end - 1 ms.

use std::collections::VecDeque;

use crate::lists::Lists;
use crate::sink::Sink;
use crate::BASE_MS;

const SIZE: i64 = 10_000;

type Window = Lists;

fn fire(open: &mut VecDeque<(i64, Window)>, wm: i64, out: &mut Sink) {
    while let Some((ws, _)) = open.front() {
        if ws + SIZE - 1 > wm {
            break;
        }
        if let Some((_, mut w)) = open.pop_front() {
            w.drain(|k, l, r| {
                for a in l {
                    for b in r {
                        out.insert(k, *a, Some(*b));
                    }
                }
            });
        }
    }
}

fn add(open: &mut VecDeque<(i64, Window)>, k: i64, v: i64, ts: i64, left: bool) {
    let ws = ts - ts.rem_euclid(SIZE);
    let at = match open.iter().position(|(s, _)| *s == ws) {
        Some(p) => p,
        None => {
            open.push_back((ws, Window::default()));
            open.len() - 1
        }
    };
    // A window joins when it fires: nothing to emit while rows arrive.
    open[at].1.add(k, usize::from(!left), v, |_, _| {});
}

/// W1 has one form (`left` is ignored).
pub fn run(n: i64, _left: bool) -> Sink {
    let mut out = Sink::default();
    let mut open: VecDeque<(i64, Window)> = VecDeque::new();
    let (mut max_l, mut max_r) = (i64::MIN, i64::MIN);
    for i in 0..n {
        let ts = BASE_MS + i;
        add(&mut open, (i * 7919) % 5000, i, ts, true);
        max_l = max_l.max(ts);
        fire(&mut open, max_l.min(max_r), &mut out);
        add(&mut open, (i * 104729) % 5000, i, ts, false);
        max_r = max_r.max(ts);
        fire(&mut open, max_l.min(max_r), &mut out);
    }
    fire(&mut open, i64::MAX, &mut out);
    out
}

/// 2N rows when N is a multiple of 10,000 (BENCHMARKS.md W1).
pub fn expected(n: i64, _left: bool) -> Option<(u64, Option<i64>)> {
    (n % 10_000 == 0).then_some((2 * n as u64, None))
}

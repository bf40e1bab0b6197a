//! W2, the regular join: both sides' rows kept per key for ever; INNER emits each match, LEFT
//! pads an A row that has no B row yet and retracts the padded row (`-D`) when its first B
//! row arrives (Flink's changelog: 780,246 `+I` and 30,246 `-D` at N = 500,000).

use crate::lists::Lists;
use crate::sink::Sink;

pub fn run(n: i64, left: bool) -> Sink {
    let k2 = n / 2;
    let off = n / 4;
    let mut out = Sink::default();
    let mut state = Lists::default();
    for i in 0..n {
        let k = i % k2;
        if left && state.is_empty(k, 1) {
            out.insert(k, i, None);
        }
        state.add(k, 0, i, |w, _| out.insert(k, i, Some(w)));
        let k = (i * 31) % k2 + off;
        state.add(k, 1, i, |v, first| {
            if first && left {
                out.delete(k, v);
            }
            out.insert(k, v, Some(i));
        });
    }
    out
}

/// Keys OFF..K2 shared, each twice per side: 4 rows per shared key (BENCHMARKS.md W2).
/// The inner rows plus two padded rows per A key below OFF.
pub fn expected(n: i64, left: bool) -> Option<(u64, Option<i64>)> {
    if left {
        (n % 4 == 0).then_some((((n / 2 - n / 4) * 4 + (n / 4) * 2) as u64, None))
    } else {
        (n % 4 == 0).then_some((((n / 2 - n / 4) * 4) as u64, None))
    }
}

//! Shared pieces of the fuzz targets: a byte-driven chooser ([`G`]) over `arbitrary`'s
//! `Unstructured`, the grammar-aware generators of scripts and queries ([`gen`]), and the
//! caps that keep one execution well under the 1 s timeout ([`raw_script_ok`]).

pub mod gen;
pub mod run;

use std::sync::OnceLock;

use arbitrary::Unstructured;

/// With `JOINLAB_FUZZ_LAST=FILE`, writes each input to FILE before it runs: a stack overflow
/// kills the process before libFuzzer can save the input, and FILE then holds it.
pub fn keep_last_input(data: &[u8]) {
    static PATH: OnceLock<Option<String>> = OnceLock::new();
    if let Some(p) = PATH.get_or_init(|| std::env::var("JOINLAB_FUZZ_LAST").ok()) {
        let _ = std::fs::write(p, data);
    }
}

/// Choices driven by the fuzzer's bytes. When the bytes run out every choice is the first
/// (arbitrary's zero), so a short input gives a short, valid-looking script.
pub struct G<'a> {
    pub u: Unstructured<'a>,
}

impl<'a> G<'a> {
    pub fn new(data: &'a [u8]) -> G<'a> {
        G { u: Unstructured::new(data) }
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n <= 1 {
            return 0;
        }
        self.u.int_in_range(0..=n - 1).unwrap_or(0)
    }

    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        self.u.int_in_range(lo..=hi).unwrap_or(lo)
    }

    pub fn coin(&mut self) -> bool {
        self.u.arbitrary::<bool>().unwrap_or(false)
    }

    /// True about one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'s>(&mut self, xs: &[&'s str]) -> &'s str {
        xs[self.below(xs.len())]
    }

    /// A short string of the fuzzer's own bytes (lossy UTF-8), for the odd hostile value.
    pub fn raw(&mut self, max: usize) -> String {
        let n = self.below(max + 1);
        let bytes = self.u.bytes(n).unwrap_or(&[]);
        String::from_utf8_lossy(bytes).into_owned()
    }
}

/// Whether a script given as raw text (a mutated seed) stays a small workload: short, and no
/// row count or repetition written with more than three digits. Huge legitimate workloads (a
/// datagen table of 10^9 rows, a cross join blowing up) are the engine limits' job, not a
/// crash; the fuzzer skips them rather than time out on them.
pub fn raw_script_ok(s: &str) -> bool {
    if s.len() > 6000 {
        return false;
    }
    let lower = s.to_ascii_lowercase();
    for key in ["number-of-rows", "iterations", "joinlab.examples.rows", "rows-per-second"] {
        let mut rest = lower.as_str();
        while let Some(i) = rest.find(key) {
            rest = &rest[i + key.len()..];
            // the value: the next quoted text
            let tail: String = rest.chars().take(40).collect();
            let digits = tail.chars().skip_while(|c| !c.is_ascii_digit()).take_while(|c| c.is_ascii_digit()).count();
            if digits > 3 {
                return false;
            }
        }
    }
    // windows: a HOP/CUMULATE with a small step over a long size makes thousands of windows a row
    !(lower.contains("hop") || lower.contains("cumulate")) || !lower.contains("day")
}

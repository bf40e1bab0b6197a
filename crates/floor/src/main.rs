//! The "floor" of ../shared/BENCHMARKS.md: each workload as a bare Rust loop (std only, one
//! thread, rows generated inline and interleaved exactly as the document says, state in plain
//! hash maps with an Fx-style hasher), so `npm run bench` can say how far the engine is from
//! what this machine does with no engine at all. Every run checks its output count (and, where
//! the document gives one, the sum of the third output column) against BENCHMARKS.md.
//!
//!   joinlab-floor [--rows N] [--repeat R] [WORKLOAD ...]   (default N = 500,000, R = 5, all)
//!
//! Prints one line per workload: `floor <name> <rows/s median> rows/s ... check ok|n/a|FAILED`.

mod hash;
mod lists;
mod sink;
mod w1;
mod w2;
mod w4;
mod w5;

use std::process::ExitCode;
use std::time::Instant;

use sink::Sink;

/// 2024-01-01 00:00:00.000 UTC in epoch milliseconds (BENCHMARKS.md "Common rules").
pub const BASE_MS: i64 = 1_704_067_200_000;

/// (rows, sum of column 3) BENCHMARKS.md derives for an N and form, if it derives one.
type Expected = fn(i64, bool) -> Option<(u64, Option<i64>)>;

struct Workload {
    name: &'static str,
    /// The LEFT form of the join (else INNER).
    left: bool,
    run: fn(i64, bool) -> Sink,
    expected: Expected,
}

const WORKLOADS: [Workload; 7] = [
    Workload { name: "w1", left: false, run: w1::run, expected: w1::expected },
    Workload { name: "w2-inner", left: false, run: w2::run, expected: w2::expected },
    Workload { name: "w2-left", left: true, run: w2::run, expected: w2::expected },
    Workload { name: "w4-inner", left: false, run: w4::run, expected: w4::expected },
    Workload { name: "w4-left", left: true, run: w4::run, expected: w4::expected },
    Workload { name: "w5-inner", left: false, run: w5::run, expected: w5::expected },
    Workload { name: "w5-left", left: true, run: w5::run, expected: w5::expected },
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn parse_args() -> Result<(i64, u32, Vec<String>), String> {
    let mut rows = 500_000i64;
    let mut repeat = 5u32;
    let mut names = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rows" => rows = args.next().and_then(|v| v.parse().ok()).ok_or("--rows needs a number")?,
            "--repeat" => repeat = args.next().and_then(|v| v.parse().ok()).ok_or("--repeat needs a number")?,
            _ if a.starts_with("--") => return Err(format!("unknown option {a}")),
            _ => names.push(a),
        }
    }
    if rows <= 0 {
        return Err("--rows must be positive".into());
    }
    Ok((rows, repeat.max(1), names))
}

fn main() -> ExitCode {
    let (n, repeat, names) = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("joinlab-floor: {e}");
            return ExitCode::from(2);
        }
    };
    let mut failed = false;
    for w in WORKLOADS.iter().filter(|w| names.is_empty() || names.iter().any(|n| n == w.name)) {
        let mut rates = Vec::new();
        let mut out = Sink::default();
        for _ in 0..repeat {
            let t0 = Instant::now();
            out = std::hint::black_box((w.run)(n, w.left));
            rates.push((2 * n) as f64 / t0.elapsed().as_secs_f64());
        }
        let check = match (w.expected)(n, w.left) {
            None => "n/a (BENCHMARKS.md derives no count for this N)".to_string(),
            Some((rows, sum)) if out.net() == rows && sum.is_none_or(|s| s == out.sum_col3) => "ok".into(),
            Some((rows, sum)) => {
                failed = true;
                format!("FAILED (expected {rows} rows, sum_col3 {sum:?})")
            }
        };
        println!(
            "floor {:<9} {:>12.0} rows/s (median of {repeat})  output {} +I {} -D, sum_col3 {}  check {check}",
            w.name,
            median(rates),
            out.inserts,
            out.deletes,
            out.sum_col3
        );
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every loop gives BENCHMARKS.md's counts (and column sums where it gives them) at the
    /// document's N, so a floor figure is never the speed of a wrong answer.
    #[test]
    fn every_workload_gives_the_documented_counts() {
        for w in &WORKLOADS {
            let out = (w.run)(500_000, w.left);
            let (rows, sum) = (w.expected)(500_000, w.left).unwrap_or_else(|| panic!("{}: no expected count", w.name));
            assert_eq!(out.net(), rows, "{}", w.name);
            if let Some(s) = sum {
                assert_eq!(out.sum_col3, s, "{}", w.name);
            }
        }
        let left = w2::run(500_000, true);
        assert_eq!((left.inserts, left.deletes), (780_246, 30_246));
    }
}

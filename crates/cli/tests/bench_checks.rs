//! The benchmark workloads still produce the row counts ../shared/BENCHMARKS.md derives for
//! them (W1: 2N rows; W2-inner: N rows at K2 = N/2; W2-left: 1.5N net; W3: 2N), at a small N.

use std::process::Command;

fn bench(workload: &str, rows: u64) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_joinlab"))
        .args(["bench", workload, "--rows", &rows.to_string(), "--repeat", "1"])
        .output()
        .expect("joinlab runs");
    let text = String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {}", workload, text);
    text
}

#[test]
fn workloads_give_their_expected_counts() {
    for (w, n, expected) in [
        ("w1", 20_000, 40_000),
        ("w2-inner", 4_000, 4_000),
        ("w2-left", 4_000, 6_000),
        ("w3-cascade", 4_000, 8_000),
        ("w3-multi", 4_000, 8_000),
    ] {
        let t = bench(w, n);
        assert!(t.contains(&format!("check          ok ({} rows expected)", expected)), "{}: {}", w, t);
    }
}

#[test]
fn generators_report_their_speed() {
    let t = bench("gen", 10_000);
    assert_eq!(t.lines().filter(|l| l.contains("10000 rows")).count(), 3, "{}", t);
}

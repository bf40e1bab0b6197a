//! How the generators' scripts fare: runs N generated scripts (seeded bytes) and counts the
//! queries that ran, the errors by first words, and the slowest run:
//! `cargo run --release --manifest-path fuzz/Cargo.toml --example survey -- [N]`.

use std::collections::BTreeMap;
use std::time::Instant;

use joinlab_engine::{run_script, Dialect, RunConfig};
use joinlab_fuzz::{gen, G};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(500);
    let mut x: u64 = 0x5EED;
    let mut ok = 0;
    let mut errors: BTreeMap<String, usize> = BTreeMap::new();
    let mut slowest = (0.0, String::new());
    for _ in 0..n {
        let bytes: Vec<u8> = (0..400)
            .map(|_| {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                (x >> 33) as u8
            })
            .collect();
        let script = gen::script(&mut G::new(&bytes));
        let t0 = Instant::now();
        let t = run_script(&script, &RunConfig { dialect: Dialect::Flink, trace: true });
        let dt = t0.elapsed().as_secs_f64();
        if dt > slowest.0 {
            slowest = (dt, script.clone());
        }
        if let Some(e) = &t.harness_error {
            *errors.entry(format!("script: {}", e.message.chars().take(70).collect::<String>())).or_default() += 1;
        }
        for q in &t.queries {
            match (&q.error, &q.runtime_error) {
                (Some(e), _) => *errors.entry(e.message.chars().take(70).collect()).or_default() += 1,
                (_, Some(e)) => {
                    *errors
                        .entry(format!("runtime: {}", e.message.chars().take(60).collect::<String>()))
                        .or_default() += 1
                }
                _ => ok += 1,
            }
        }
    }
    let mut v: Vec<_> = errors.into_iter().collect();
    v.sort_by_key(|x| std::cmp::Reverse(x.1));
    println!("{} queries ran", ok);
    for (m, c) in v.iter().take(40) {
        println!("{:5} {}", c, m);
    }
    println!("slowest {:.3} s:\n{}", slowest.0, slowest.1);
}

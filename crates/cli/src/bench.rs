//! `joinlab bench`: the workloads of ../shared/BENCHMARKS.md, run through the same runtime as
//! `joinlab run`. The query text is parsed and planned once; the rows are generated in memory
//! exactly as defined there (generation timed separately); the output is only counted.
//!
//! * W1 — tumbling-window join: L/R(k BIGINT, v BIGINT, ts TIMESTAMP(3)), k = i·7919 mod 5000
//!   (L) and i·104729 mod 5000 (R), ts = 2024-01-01 + i ms, arrival L0, R0, L1, R1, …;
//!   expected output 2N rows when N is a multiple of 10,000.

use std::time::Instant;

use joinlab_engine::changelog::RowKind;
use joinlab_engine::data::{Event, EventKind};
use joinlab_engine::time::Ts;
use joinlab_engine::value::Value;
use joinlab_engine::{prepare, Dialect, RunConfig};

const BASE_MS: i64 = 1_704_067_200_000;

const W1: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE R (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SELECT L.k, L.v AS lv, R.v AS rv, L.window_start, L.window_end
FROM (SELECT * FROM TABLE(TUMBLE(TABLE L, DESCRIPTOR(ts), INTERVAL '10' SECOND))) L
JOIN (SELECT * FROM TABLE(TUMBLE(TABLE R, DESCRIPTOR(ts), INTERVAL '10' SECOND))) R
  ON L.window_start = R.window_start AND L.window_end = R.window_end AND L.k = R.k;
";

fn w1_rows(n: u64) -> Vec<Event> {
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n as i64 {
        let ts = Value::Timestamp(Ts::from_millis(BASE_MS + i));
        v.push(Event {
            table: 0,
            kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt((i * 7919) % 5000), Value::BigInt(i), ts.clone()] },
            line: 0,
        });
        v.push(Event {
            table: 1,
            kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt((i * 104729) % 5000), Value::BigInt(i), ts] },
            line: 0,
        });
    }
    v
}

/// Peak resident memory (Linux VmHWM), in MiB.
fn peak_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    v[v.len() / 2]
}

pub fn run(workload: &str, rows: Option<u64>, trace: bool, repeat: u32) -> Result<(), String> {
    let (script, gen, expected): (&str, fn(u64) -> Vec<Event>, fn(u64) -> Option<u64>) = match workload {
        "w1" => (W1, w1_rows, |n| if n % 10_000 == 0 { Some(2 * n) } else { None }),
        other => return Err(format!("unknown workload '{}' (w1)", other)),
    };
    let n = rows.unwrap_or(500_000);
    let t0 = Instant::now();
    let prepared = prepare(script, &RunConfig { dialect: Dialect::Flink, trace: false }).map_err(|(_, _, e)| e.human())?;
    let plan = prepared.plan(0).map_err(|e| e.human())?;
    let t_plan = t0.elapsed();
    let t1 = Instant::now();
    let events = gen(n);
    let t_gen = t1.elapsed();
    let input_rows = events.len() as f64;
    let zone = joinlab_engine::time::SessionZone::default();
    let mut rates = Vec::new();
    let mut result = ([0u64; 4], 0u64);
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        result = joinlab_engine::runtime::run_counting(&plan, &prepared.catalog, events.iter(), &zone, trace)
            .map_err(|e| e.human())?;
        rates.push(input_rows / t.elapsed().as_secs_f64());
    }
    let (counts, n_events) = result;
    println!("workload       {} (N = {} rows per table, {} input rows)", workload, n, events.len());
    println!("trace          {}", if trace { format!("on ({} events per run)", n_events) } else { "off".into() });
    println!("plan           {:.3} ms (parse + plan, once)", t_plan.as_secs_f64() * 1e3);
    println!("generation     {:.1} ms ({:.0} rows/s)", t_gen.as_secs_f64() * 1e3, input_rows / t_gen.as_secs_f64());
    println!(
        "throughput     {:.0} input rows/s (median of {}; min {:.0}, max {:.0})",
        median(rates.clone()),
        rates.len(),
        rates.iter().cloned().fold(f64::INFINITY, f64::min),
        rates.iter().cloned().fold(0.0, f64::max)
    );
    println!("output         +I {}  -U {}  +U {}  -D {}", counts[0], counts[1], counts[2], counts[3]);
    if let Some(m) = peak_mib() {
        println!("peak memory    {:.1} MiB", m);
    }
    match expected(n) {
        Some(e) if e == counts[0] + counts[2] - counts[1] - counts[3] => println!("check          ok ({} rows expected)", e),
        Some(e) => return Err(format!("check FAILED: expected {} rows, got {:?}", e, counts)),
        None => println!("check          (no expected count for this N)"),
    }
    Ok(())
}

//! `joinlab bench`: the workloads of ../shared/BENCHMARKS.md, run through the same runtime as
//! `joinlab run`. The query text is parsed and planned once; the rows are generated in memory
//! exactly as defined there (generation timed separately); the output is only counted.
//!
//! * W1 — tumbling-window join: L/R(k BIGINT, v BIGINT, ts TIMESTAMP(3)), k = i·7919 mod 5000
//!   (L) and i·104729 mod 5000 (R), ts = 2024-01-01 + i ms, arrival L0, R0, L1, R1, …;
//!   expected output 2N rows when N is a multiple of 10,000.
//! * W2 — regular join, INNER and LEFT: A(k, v), B(k, w), K2 = N/2, OFF = N/4,
//!   A row i: k = i mod K2; B row i: k = (i·31 mod K2) + OFF; arrival A0, B0, A1, …;
//!   expected 500,000 (inner) / 750,000 (left, net of 780,246 +I and 30,246 -D) at N = 500,000.
//! * W3 — three-way INNER join A ⋈ B ⋈ C on k (C like B with factor 37), as a cascade of two
//!   binary joins and with `/*+ MULTI_JOIN(A, B, C) */` (JoinLab's own workload: the two plans
//!   must give the same count; compare rows/s and peak state).

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

const W2_INNER: &str = "
CREATE TABLE A (k BIGINT, v BIGINT);
CREATE TABLE B (k BIGINT, w BIGINT);
SELECT A.k, A.v, B.w FROM A JOIN B ON A.k = B.k;
";

const W2_LEFT: &str = "
CREATE TABLE A (k BIGINT, v BIGINT);
CREATE TABLE B (k BIGINT, w BIGINT);
SELECT A.k, A.v, B.w FROM A LEFT JOIN B ON A.k = B.k;
";

const W3_CASCADE: &str = "
CREATE TABLE A (k BIGINT, v BIGINT);
CREATE TABLE B (k BIGINT, w BIGINT);
CREATE TABLE C (k BIGINT, x BIGINT);
SELECT A.k, A.v, B.w, C.x FROM A JOIN B ON A.k = B.k JOIN C ON B.k = C.k;
";

const W3_MULTI: &str = "
CREATE TABLE A (k BIGINT, v BIGINT);
CREATE TABLE B (k BIGINT, w BIGINT);
CREATE TABLE C (k BIGINT, x BIGINT);
SELECT /*+ MULTI_JOIN(A, B, C) */ A.k, A.v, B.w, C.x FROM A JOIN B ON A.k = B.k JOIN C ON B.k = C.k;
";

fn row(table: usize, a: i64, b: i64) -> Event {
    Event { table, kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt(a), Value::BigInt(b)] }, line: 0, rowtime: None }
}

fn w2_rows(n: u64) -> Vec<Event> {
    let n = n as i64;
    let (k2, off) = ((n / 2).max(1), n / 4);
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n {
        v.push(row(0, i % k2, i));
        v.push(row(1, (i * 31) % k2 + off, i));
    }
    v
}

fn w3_rows(n: u64) -> Vec<Event> {
    let n = n as i64;
    let (k2, off) = ((n / 2).max(1), n / 4);
    let mut v = Vec::with_capacity(3 * n as usize);
    for i in 0..n {
        v.push(row(0, i % k2, i));
        v.push(row(1, (i * 31) % k2 + off, i));
        v.push(row(2, (i * 37) % k2 + off, i));
    }
    v
}

/// W2-inner: keys OFF..K2 are shared, each twice per side → 4 rows per shared key.
fn w2_inner_expected(n: u64) -> Option<u64> {
    if !n.is_multiple_of(4) {
        return None;
    }
    Some((n / 2 - n / 4) * 4)
}

/// W2-left: the inner rows plus two padded rows per A key below OFF.
fn w2_left_expected(n: u64) -> Option<u64> {
    if !n.is_multiple_of(4) {
        return None;
    }
    Some((n / 2 - n / 4) * 4 + (n / 4) * 2)
}

/// W3: shared keys OFF..K2, each twice per table → 8 rows per key.
fn w3_expected(n: u64) -> Option<u64> {
    if !n.is_multiple_of(4) {
        return None;
    }
    Some((n / 2 - n / 4) * 8)
}

fn w1_rows(n: u64) -> Vec<Event> {
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n as i64 {
        let ts = Value::Timestamp(Ts::from_millis(BASE_MS + i));
        v.push(Event {
            table: 0,
            kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt((i * 7919) % 5000), Value::BigInt(i), ts.clone()] },
            line: 0,
            rowtime: None,
        });
        v.push(Event {
            table: 1,
            kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt((i * 104729) % 5000), Value::BigInt(i), ts] },
            line: 0,
            rowtime: None,
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

/// `bench gen`: how fast the mock-data generators make rows (issue 5: generating 10^6 rows must
/// not be the bottleneck): the examples catalog's orders and player activity, and a Flink
/// datagen table with disorder.
fn gen(rows: Option<u64>, repeat: u32) -> Result<(), String> {
    use joinlab_engine::datagen;
    let n = rows.unwrap_or(1_000_000);
    let cols = vec![
        datagen::ColumnSpec::new("k", joinlab_engine::types::DataType::nullable(joinlab_engine::types::TypeKind::BigInt)),
        datagen::ColumnSpec::new("v", joinlab_engine::types::DataType::string()),
        datagen::ColumnSpec::new("ts", joinlab_engine::types::DataType::nullable(joinlab_engine::types::TypeKind::Timestamp { precision: 3, attr: joinlab_engine::types::TimeAttr::None })),
    ];
    let opts: Vec<(String, String)> = [("fields.k.min", "1"), ("fields.k.max", "1000"), ("fields.v.length", "8"), ("joinlab.max-delay", "2 s")]
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    let flink = datagen::from_flink_options("t", &cols, &opts, 0).map_err(|e| e.human())?;
    let catalog = datagen::examples_catalog(None, 0);
    let mut tables: Vec<(String, datagen::GenTable)> = vec![("datagen (BIGINT, STRING(8), TIMESTAMP(3), 2 s disorder)".into(), flink)];
    for ex in catalog {
        if ex.name == "orders" || ex.name == "player_activity" {
            let mut t = ex.table.clone();
            t.rows = None;
            tables.push((ex.path(), t));
        }
    }
    for (name, t) in &tables {
        let mut rates = Vec::new();
        let mut count = 0u64;
        for _ in 0..repeat.max(1) {
            let t0 = Instant::now();
            count = datagen::generate(t, n).count() as u64;
            rates.push(count as f64 / t0.elapsed().as_secs_f64());
        }
        println!("{:<60} {:>9} rows  {:>12.0} rows/s (median of {})", name, count, median(rates.clone()), rates.len());
    }
    Ok(())
}

pub fn run(workload: &str, rows: Option<u64>, trace: bool, repeat: u32) -> Result<(), String> {
    if workload == "gen" {
        return gen(rows, repeat);
    }
    let (script, gen, expected): (&str, fn(u64) -> Vec<Event>, fn(u64) -> Option<u64>) = match workload {
        "w1" => (W1, w1_rows, |n| if n % 10_000 == 0 { Some(2 * n) } else { None }),
        "w2-inner" => (W2_INNER, w2_rows, w2_inner_expected),
        "w2-left" => (W2_LEFT, w2_rows, w2_left_expected),
        "w3-cascade" => (W3_CASCADE, w3_rows, w3_expected),
        "w3-multi" => (W3_MULTI, w3_rows, w3_expected),
        other => return Err(format!("unknown workload '{}' (w1, w2-inner, w2-left, w3-cascade, w3-multi, gen)", other)),
    };
    let n = rows.unwrap_or(500_000);
    let t0 = Instant::now();
    let prepared = prepare(script, &RunConfig { dialect: Dialect::Flink, trace: false }).map_err(|(_, _, e)| e.human())?;
    let plan = prepared.plan(0).map_err(|e| e.human())?;
    let t_plan = t0.elapsed();
    let t1 = Instant::now();
    let mut events = gen(n);
    let t_gen = t1.elapsed();
    // the generators number the script's tables from 0; the catalog lists the examples first
    let base = prepared.catalog.tables.iter().position(|t| !t.read_only).unwrap_or(0);
    for e in &mut events {
        e.table += base;
    }
    let input_rows = events.len() as f64;
    let zone = joinlab_engine::time::SessionZone::default();
    let mut rates = Vec::new();
    let mut result = joinlab_engine::runtime::Counts::default();
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        result = joinlab_engine::runtime::run_counting(&plan, &prepared.catalog, events.iter(), &zone, trace)
            .map_err(|e| e.human())?;
        rates.push(input_rows / t.elapsed().as_secs_f64());
    }
    let (counts, n_events) = (result.kinds, result.events);
    let _ = gen;
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
    println!("peak state     {} rows held by the operators at once", result.peak_state_rows);
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

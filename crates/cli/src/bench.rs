//! `joinlab bench`: times the workloads of ../shared/BENCHMARKS.md (`joinlab_engine::bench`)
//! through the same runtime as `joinlab run`. The query is planned once; the rows are
//! generated in memory (timed separately); the output is only counted.

use std::time::Instant;

use joinlab_engine::bench::{net_rows, plan_workload, workload, workload_rows, Prepared, WORKLOADS};

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
        datagen::ColumnSpec::new(
            "k",
            joinlab_engine::types::DataType::nullable(joinlab_engine::types::TypeKind::BigInt),
        ),
        datagen::ColumnSpec::new("v", joinlab_engine::types::DataType::string()),
        datagen::ColumnSpec::new(
            "ts",
            joinlab_engine::types::DataType::nullable(joinlab_engine::types::TypeKind::Timestamp {
                precision: 3,
                attr: joinlab_engine::types::TimeAttr::None,
            }),
        ),
    ];
    let opts: Vec<(String, String)> =
        [("fields.k.min", "1"), ("fields.k.max", "1000"), ("fields.v.length", "8"), ("joinlab.max-delay", "2 s")]
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
    let flink = datagen::from_flink_options("t", &cols, &opts, 0).map_err(|e| e.human())?;
    let catalog = datagen::examples_catalog(None, 0);
    let mut tables: Vec<(String, datagen::GenTable)> =
        vec![("datagen (BIGINT, STRING(8), TIMESTAMP(3), 2 s disorder)".into(), flink)];
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
        sayln!("{:<60} {:>9} rows  {:>12.0} rows/s (median of {})", name, count, median(rates.clone()), rates.len());
    }
    Ok(())
}

/// `bench insert-parse`: how fast a script's own data is read (issue 16: INSERT … VALUES and
/// `@` lines at ≥ 10^6 rows/s): N rows (default 100,000) written three ways
/// (`joinlab_engine::bench::insert_script`); "read" times splitting the script, its statements
/// and the rows' arrival order (`prepare`), "whole run" also the query and the text output.
fn insert_parse(rows: Option<u64>, repeat: u32) -> Result<(), String> {
    use joinlab_engine::bench::{insert_script, INSERT_SHAPES};
    let n = rows.unwrap_or(100_000);
    let cfg = joinlab_engine::RunConfig { dialect: joinlab_engine::Dialect::Confluent, trace: false };
    for (k, shape) in INSERT_SHAPES.iter().enumerate() {
        let script = insert_script(k, n);
        let mut read = Vec::new();
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            let p = joinlab_engine::prepare(&script, &cfg).map_err(|(_, _, e)| e.human())?;
            read.push(n as f64 / t.elapsed().as_secs_f64());
            if p.events.len() as u64 != n {
                return Err(format!("check FAILED: {} rows read, {} written", p.events.len(), n));
            }
        }
        let t = Instant::now();
        let text =
            joinlab_engine::run_to_text(&script, &cfg, &joinlab_engine::output::TextOptions { quiet_steps: true });
        let whole = t.elapsed().as_secs_f64();
        if !text.contains("== changelog") {
            return Err(format!("check FAILED: the run failed:\n{}", text));
        }
        sayln!(
            "{:<24} {:>8} rows  {:>6.1} MB  read {:>10.0} rows/s (median of {})  whole run {:>7.3} s ({:.0} rows/s)",
            shape,
            n,
            script.len() as f64 / 1e6,
            median(read.clone()),
            read.len(),
            whole,
            n as f64 / whole
        );
    }
    Ok(())
}

pub fn run(workload_name: &str, rows: Option<u64>, trace: bool, repeat: u32) -> Result<(), String> {
    if workload_name == "gen" {
        return gen(rows, repeat);
    }
    if workload_name == "insert-parse" {
        return insert_parse(rows, repeat);
    }
    let names: Vec<&str> = WORKLOADS.iter().map(|w| w.name).collect();
    let w = workload(workload_name)
        .ok_or_else(|| format!("unknown workload '{}' ({}, gen, insert-parse)", workload_name, names.join(", ")))?;
    let n = rows.unwrap_or(500_000);
    let t0 = Instant::now();
    let (plan, catalog) = plan_workload(w)?;
    let t_plan = t0.elapsed();
    let t1 = Instant::now();
    let events = workload_rows(w, n, &catalog);
    let t_gen = t1.elapsed();
    let input_rows = events.len() as f64;
    let prepared = Prepared { plan, catalog, events };
    let events = &prepared.events;
    let mut rates = Vec::new();
    let mut result = joinlab_engine::runtime::Counts::default();
    let mut packed = (0, 0);
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        if trace {
            // what the page's worker runs: every step built and packed
            let p = joinlab_engine::bench::run_packed(&prepared)?;
            packed = (p.bytes, p.steps);
            result = p.counts;
        } else {
            result = joinlab_engine::bench::run(&prepared, trace)?;
        }
        rates.push(input_rows / t.elapsed().as_secs_f64());
    }
    let (counts, n_events) = (result.kinds, result.events);
    let expected = w.expected;
    let workload = workload_name;
    sayln!("workload       {} (N = {} rows per table, {} input rows)", workload, n, events.len());
    sayln!(
        "trace          {}",
        if trace {
            format!(
                "on, as the page's worker runs it: {} events and rows, packed to {} bytes ({:.0} bytes per step)",
                n_events,
                packed.0,
                packed.0 as f64 / packed.1.max(1) as f64
            )
        } else {
            "off".into()
        }
    );
    sayln!("plan           {:.3} ms (parse + plan, once)", t_plan.as_secs_f64() * 1e3);
    let _ = events;
    sayln!("generation     {:.1} ms ({:.0} rows/s)", t_gen.as_secs_f64() * 1e3, input_rows / t_gen.as_secs_f64());
    sayln!(
        "throughput     {:.0} input rows/s (median of {}; min {:.0}, max {:.0})",
        median(rates.clone()),
        rates.len(),
        rates.iter().cloned().fold(f64::INFINITY, f64::min),
        rates.iter().cloned().fold(0.0, f64::max)
    );
    sayln!("output         +I {}  -U {}  +U {}  -D {}", counts[0], counts[1], counts[2], counts[3]);
    sayln!("peak state     {} rows held by the operators at once", result.peak_state_rows);
    if let Some(m) = peak_mib() {
        sayln!("peak memory    {:.1} MiB", m);
    }
    match expected(n) {
        Some(e) if e == net_rows(&result) => sayln!("check          ok ({} rows expected)", e),
        Some(e) => return Err(format!("check FAILED: expected {} rows, got {:?}", e, counts)),
        None => sayln!("check          (no expected count for this N)"),
    }
    Ok(())
}

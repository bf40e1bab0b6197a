//! The benchmark workloads of ../shared/BENCHMARKS.md as data: each workload's script, its
//! rows (generated in memory exactly as defined there, a pure function of the row index) and
//! the result size the document derives for it. `joinlab bench` times them natively, the wasm
//! build's `Bench` in Node (tests/wasm/bench.mjs); nothing here reads a clock.
//!
//! * W1 — tumbling-window join: L/R(k BIGINT, v BIGINT, ts TIMESTAMP(3)), k = i·7919 mod 5000
//!   (L) and i·104729 mod 5000 (R), ts = 2024-01-01 + i ms, arrival L0, R0, L1, R1, …;
//!   expected output 2N rows when N is a multiple of 10,000.
//! * W2 — regular join, INNER and LEFT: A(k, v), B(k, w), K2 = N/2, OFF = N/4,
//!   A row i: k = i mod K2; B row i: k = (i·31 mod K2) + OFF; arrival A0, B0, A1, …;
//!   expected 500,000 (inner) / 750,000 (left, net of 780,246 +I and 30,246 -D) at N = 500,000.
//! * W4 — interval join, INNER and LEFT: L/R(k BIGINT, v BIGINT, ts TIMESTAMP(3)), K4 = 2400,
//!   OFF4 = 480, L row i: k = i·7919 mod 2400, R row i: k = (i·104729 mod 2400) + 480, ts = 2024-01-01
//!   plus i ms, `L.ts BETWEEN R.ts - 2 s AND R.ts + 1 s`, arrival L0, R0, L1, R1, …; expected 499,165
//!   (inner) / 599,515 (left) rows at N = 500,000.
//! * W5 — event-time temporal join, INNER and LEFT: P(k, v, ts) append-only, V(k, rate, ts) upsert
//!   with PRIMARY KEY (k), P row i: k = i·104729 mod 1250, V row i: k = i·7919 mod 1000, rate = i,
//!   `+I` for i < 1000 else `+U`, ts = 2024-01-01 + i ms, arrival P0, V0, P1, V1, …; expected
//!   399,603 (inner) / 500,000 (left) rows at N = 500,000.
//! * W3 — three-way INNER join A ⋈ B ⋈ C on k (C like B with factor 37), as a cascade of two
//!   binary joins and with `/*+ MULTI_JOIN(A, B, C) */` (JoinLab's own workload: the two plans
//!   must give the same count; compare rows/s and peak state).

use crate::catalog::Catalog;
use crate::data::{Event, EventKind};
use crate::kinds::RowKind;
use crate::plan::QueryPlan;
use crate::runtime::Counts;
use crate::time::Ts;
use crate::value::Value;
use crate::{prepare, Dialect, RunConfig};

const BASE_MS: i64 = 1_704_067_200_000;

pub const W1: &str = "
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

const W4_INNER: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE R (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SELECT L.k, L.v, R.v FROM L JOIN R
  ON L.k = R.k AND L.ts BETWEEN R.ts - INTERVAL '2' SECOND AND R.ts + INTERVAL '1' SECOND;
";

const W4_LEFT: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE R (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
SELECT L.k, L.v, R.v FROM L LEFT JOIN R
  ON L.k = R.k AND L.ts BETWEEN R.ts - INTERVAL '2' SECOND AND R.ts + INTERVAL '1' SECOND;
";

const W5_INNER: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE P (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE V (k BIGINT, rate BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts,
  PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
SELECT P.k, P.v, V.rate FROM P JOIN V FOR SYSTEM_TIME AS OF P.ts ON P.k = V.k;
";

const W5_LEFT: &str = "
SET 'table.local-time-zone' = 'UTC';
CREATE TABLE P (k BIGINT, v BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
CREATE TABLE V (k BIGINT, rate BIGINT, ts TIMESTAMP(3), WATERMARK FOR ts AS ts,
  PRIMARY KEY (k) NOT ENFORCED) WITH ('changelog-mode' = 'upsert');
SELECT P.k, P.v, V.rate FROM P LEFT JOIN V FOR SYSTEM_TIME AS OF P.ts ON P.k = V.k;
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

/// Lookup workloads (issue 14): N lookups against N/10 external-table rows, which all arrive
/// first. KEY: S(k, v) keyed by k = 0..N/10-1, probe k = i*7919 mod (N/10): every lookup finds
/// one row. VECTOR: 4-component FLOAT vectors from the row index, top 3 by cosine. Expected: N.
const LOOKUP_KEY: &str = "
SET 'joinlab.dialect' = 'confluent';
CREATE CONNECTION m WITH ('type' = 'mongodb', 'endpoint' = 'mongodb+srv://bench');
CREATE TABLE S (k BIGINT, v BIGINT, PRIMARY KEY (k) NOT ENFORCED) WITH ('connector' = 'mongodb', 'mongodb.connection' = 'm');
CREATE TABLE P (k BIGINT, v BIGINT);
SELECT P.k, P.v, CARDINALITY(search_results) FROM P, LATERAL TABLE(KEY_SEARCH_AGG(S, DESCRIPTOR(k), P.k));
";

const LOOKUP_VECTOR: &str = "
SET 'joinlab.dialect' = 'confluent';
CREATE CONNECTION pc WITH ('type' = 'pinecone', 'endpoint' = 'https://bench');
CREATE TABLE S (k BIGINT, v ARRAY<FLOAT>) WITH ('connector' = 'pinecone', 'pinecone.connection' = 'pc');
CREATE TABLE P (k BIGINT, q ARRAY<FLOAT>);
SELECT P.k, search_results[1].k FROM P, LATERAL TABLE(VECTOR_SEARCH_AGG(S, DESCRIPTOR(v), P.q, 3));
";

fn vector_of(i: i64) -> Value {
    let c = |f: i64| Value::Float(((i * f) % 1000) as f32 / 1000.0 + 0.001);
    Value::Array(std::sync::Arc::new(vec![c(7919), c(104729), c(31), c(37)]))
}

fn lookup_rows(n: u64, vector: bool) -> Vec<Event> {
    let n = n as i64;
    let s = (n / 10).max(1);
    let ev = |table: usize, values: Vec<Value>| Event {
        table,
        kind: EventKind::Row { kind: RowKind::Insert, values },
        line: 0,
        rowtime: None,
    };
    let mut v = Vec::with_capacity((n + s) as usize);
    for i in 0..s {
        v.push(ev(0, vec![Value::BigInt(i), if vector { vector_of(i) } else { Value::BigInt(i) }]));
    }
    for i in 0..n {
        let k = (i * 7919) % s;
        v.push(ev(1, vec![Value::BigInt(k), if vector { vector_of(i + 1) } else { Value::BigInt(i) }]));
    }
    v
}

pub fn lookup_key_rows(n: u64) -> Vec<Event> {
    lookup_rows(n, false)
}

pub fn lookup_vector_rows(n: u64) -> Vec<Event> {
    lookup_rows(n, true)
}

fn lookup_expected(n: u64) -> Option<u64> {
    Some(n)
}

fn row(table: usize, a: i64, b: i64) -> Event {
    Event {
        table,
        kind: EventKind::Row { kind: RowKind::Insert, values: vec![Value::BigInt(a), Value::BigInt(b)] },
        line: 0,
        rowtime: None,
    }
}

pub fn w2_rows(n: u64) -> Vec<Event> {
    let n = n as i64;
    let (k2, off) = ((n / 2).max(1), n / 4);
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n {
        v.push(row(0, i % k2, i));
        v.push(row(1, (i * 31) % k2 + off, i));
    }
    v
}

pub fn w3_rows(n: u64) -> Vec<Event> {
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

/// Two tables of (k, v, ts) rows with keys `lk(i)` and `rk(i)`, ts = BASE + i ms, arrival
/// L0, R0, L1, R1, ….
fn timed_rows(n: u64, lk: impl Fn(i64) -> i64, rk: impl Fn(i64) -> i64) -> Vec<Event> {
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n as i64 {
        let ts = Value::Timestamp(Ts::from_millis(BASE_MS + i));
        for (table, k) in [(0, lk(i)), (1, rk(i))] {
            v.push(Event {
                table,
                kind: EventKind::Row {
                    kind: RowKind::Insert,
                    values: vec![Value::BigInt(k), Value::BigInt(i), ts.clone()],
                },
                line: 0,
                rowtime: None,
            });
        }
    }
    v
}

pub fn w4_rows(n: u64) -> Vec<Event> {
    timed_rows(n, |i| (i * 7919) % 2400, |i| (i * 104729) % 2400 + 480)
}

/// W5: probe rows P(k, v, ts) and versions V(k, rate, ts), the first 1,000 versions `+I`, the
/// rest `+U` of their key.
pub fn w5_rows(n: u64) -> Vec<Event> {
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n as i64 {
        let ts = Value::Timestamp(Ts::from_millis(BASE_MS + i));
        v.push(Event {
            table: 0,
            kind: EventKind::Row {
                kind: RowKind::Insert,
                values: vec![Value::BigInt((i * 104729) % 1250), Value::BigInt(i), ts.clone()],
            },
            line: 0,
            rowtime: None,
        });
        v.push(Event {
            table: 1,
            kind: EventKind::Row {
                kind: if i < 1000 { RowKind::Insert } else { RowKind::UpdateAfter },
                values: vec![Value::BigInt((i * 7919) % 1000), Value::BigInt(i), ts],
            },
            line: 0,
            rowtime: None,
        });
    }
    v
}

/// W5's counts are derived for N = 500,000 only (BENCHMARKS.md).
fn w5_inner_expected(n: u64) -> Option<u64> {
    (n == 500_000).then_some(399_603)
}

fn w5_left_expected(n: u64) -> Option<u64> {
    (n == 500_000).then_some(500_000)
}

/// W4's counts are derived for N = 500,000 only (BENCHMARKS.md).
fn w4_inner_expected(n: u64) -> Option<u64> {
    (n == 500_000).then_some(499_165)
}

fn w4_left_expected(n: u64) -> Option<u64> {
    (n == 500_000).then_some(599_515)
}

pub fn w1_rows(n: u64) -> Vec<Event> {
    let mut v = Vec::with_capacity(2 * n as usize);
    for i in 0..n as i64 {
        let ts = Value::Timestamp(Ts::from_millis(BASE_MS + i));
        v.push(Event {
            table: 0,
            kind: EventKind::Row {
                kind: RowKind::Insert,
                values: vec![Value::BigInt((i * 7919) % 5000), Value::BigInt(i), ts.clone()],
            },
            line: 0,
            rowtime: None,
        });
        v.push(Event {
            table: 1,
            kind: EventKind::Row {
                kind: RowKind::Insert,
                values: vec![Value::BigInt((i * 104729) % 5000), Value::BigInt(i), ts],
            },
            line: 0,
            rowtime: None,
        });
    }
    v
}

/// A workload: its script, its rows, and the result rows BENCHMARKS.md expects (None when N
/// is not a size the document derives a count for).
pub struct Workload {
    pub name: &'static str,
    pub script: &'static str,
    pub rows: fn(u64) -> Vec<Event>,
    pub expected: fn(u64) -> Option<u64>,
}

fn w1_expected(n: u64) -> Option<u64> {
    if n.is_multiple_of(10_000) {
        Some(2 * n)
    } else {
        None
    }
}

pub const WORKLOADS: [Workload; 11] = [
    Workload { name: "w1", script: W1, rows: w1_rows, expected: w1_expected },
    Workload { name: "w2-inner", script: W2_INNER, rows: w2_rows, expected: w2_inner_expected },
    Workload { name: "w2-left", script: W2_LEFT, rows: w2_rows, expected: w2_left_expected },
    Workload { name: "w4-inner", script: W4_INNER, rows: w4_rows, expected: w4_inner_expected },
    Workload { name: "w4-left", script: W4_LEFT, rows: w4_rows, expected: w4_left_expected },
    Workload { name: "w5-inner", script: W5_INNER, rows: w5_rows, expected: w5_inner_expected },
    Workload { name: "w5-left", script: W5_LEFT, rows: w5_rows, expected: w5_left_expected },
    Workload { name: "w3-cascade", script: W3_CASCADE, rows: w3_rows, expected: w3_expected },
    Workload { name: "w3-multi", script: W3_MULTI, rows: w3_rows, expected: w3_expected },
    Workload { name: "lookup-key", script: LOOKUP_KEY, rows: lookup_key_rows, expected: lookup_expected },
    Workload { name: "lookup-vector", script: LOOKUP_VECTOR, rows: lookup_vector_rows, expected: lookup_expected },
];

pub fn workload(name: &str) -> Option<&'static Workload> {
    WORKLOADS.iter().find(|w| w.name == name)
}

/// A workload ready to run: the planned query, the catalog, the rows.
pub struct Prepared {
    pub plan: QueryPlan,
    pub catalog: Catalog,
    pub events: Vec<Event>,
}

/// Plans the workload's query and generates its N rows per table.
pub fn prepare_workload(w: &Workload, n: u64) -> Result<Prepared, String> {
    let (plan, catalog) = plan_workload(w)?;
    let events = workload_rows(w, n, &catalog);
    Ok(Prepared { plan, catalog, events })
}

/// Plans the workload's query (parse + plan).
pub fn plan_workload(w: &Workload) -> Result<(QueryPlan, Catalog), String> {
    let p = prepare(w.script, &RunConfig { dialect: Dialect::Flink, trace: false }).map_err(|(_, _, e)| e.human())?;
    let plan = p.plan(0).map_err(|e| e.human())?;
    Ok((plan, p.catalog))
}

/// The workload's N rows per table, numbered for `catalog`.
pub fn workload_rows(w: &Workload, n: u64, catalog: &Catalog) -> Vec<Event> {
    let mut events = (w.rows)(n);
    // the generators number the script's tables from 0; the catalog lists the examples first
    let base = catalog.tables.iter().position(|t| !t.read_only).unwrap_or(0);
    for e in &mut events {
        e.table += base;
    }
    events
}

/// Runs a prepared workload once, counting the result.
pub fn run(p: &Prepared, trace: bool) -> Result<Counts, String> {
    crate::runtime::run_counting(&p.plan, &p.catalog, p.events.iter(), &crate::time::SessionZone::default(), trace)
        .map_err(|e| e.human())
}

/// The net result rows of a run (+I + +U − -U − -D).
pub fn net_rows(c: &Counts) -> u64 {
    (c.kinds[0] + c.kinds[2]).saturating_sub(c.kinds[1] + c.kinds[3])
}

/// The shapes of `joinlab bench insert-parse`: the same rows written as one INSERT of N tuples,
/// as N INSERT statements of one tuple, and as N `@` lines.
pub const INSERT_SHAPES: [&str; 3] = ["one INSERT of N tuples", "N INSERT statements", "N @ lines"];

/// A script with N rows of data in it (issue 16: scripts with data are read at ≥ 10^6 rows/s):
/// the README's LeftTable/RightTable (TIMESTAMP(3) rowtime with a WATERMARK, INT, STRING), row i
/// in LeftTable for even i and RightTable for odd i, at 2023-11-03 12:22:47.268 + 37·i ms, under a
/// join that keeps none of them. `shape` indexes [`INSERT_SHAPES`].
pub fn insert_script(shape: usize, n: u64) -> String {
    let mut s = String::from(
        "SET 'sql.local-time-zone' = 'UTC';
CREATE TABLE LeftTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
CREATE TABLE RightTable (row_time TIMESTAMP(3), num INT, id STRING, WATERMARK FOR row_time AS row_time);
SELECT L.num, L.id, R.id FROM LeftTable L JOIN RightTable R ON L.num = R.num AND L.num < 0;
",
    );
    let row = |i: u64| (crate::time::format_ts(Ts::from_millis(1_699_014_167_268 + 37 * i as i64), 3), i);
    let table = |i: u64| if i.is_multiple_of(2) { "LeftTable" } else { "RightTable" };
    match shape {
        0 => {
            for (t, par) in [("LeftTable", 0), ("RightTable", 1)] {
                s.push_str(&format!("INSERT INTO {} VALUES\n", t));
                let tuples: Vec<String> = (0..n)
                    .filter(|i| i % 2 == par)
                    .map(|i| {
                        let (ts, i) = row(i);
                        format!("  (TIMESTAMP '{}', {}, 'L{}')", ts, i, i)
                    })
                    .collect();
                s.push_str(&tuples.join(",\n"));
                s.push_str(";\n");
            }
        }
        1 => {
            for i in 0..n {
                let (ts, i) = row(i);
                s.push_str(&format!("INSERT INTO {} VALUES (TIMESTAMP '{}', {}, 'L{}');\n", table(i), ts, i, i));
            }
        }
        _ => {
            for i in 0..n {
                let (ts, i) = row(i);
                s.push_str(&format!("@{} {} | {} | L{}\n", table(i), ts, i, i));
            }
        }
    }
    s
}

/// What a traced workload run packed: the result's counts and the bytes of the packed trace.
pub struct Packed {
    pub counts: Counts,
    pub bytes: usize,
    pub steps: usize,
}

/// The sentences the page's worker has a run make (www/src/engine/worker.ts passes its model's
/// `LAZY_STEPS` and two `STEP_BLOCK`s to `Session.load`): a run of more than 20,000 steps makes
/// those of its first and last 2,000 (the blocks its model sends first), the others are made when
/// a step is shown.
pub const PAGE_SENTENCES: crate::runtime::Sentences = crate::runtime::Sentences::Lazy { over: 20_000, edge: 2_000 };

/// Runs a prepared workload once as the page's worker does: traced, every step built (its events,
/// output rows and state sizes; its sentence as [`PAGE_SENTENCES`] says) and packed as it is made
/// ([`crate::trace::pack`]).
pub fn run_packed(p: &Prepared) -> Result<Packed, String> {
    use crate::runtime::{run_query_into, QueryMeta, RunOptions};
    let opts = RunOptions {
        trace: true,
        zone: crate::time::SessionZone::default(),
        end_mode: crate::kinds::EndMode::Both,
        per_record: true,
        rows_drive_source_watermark: true,
        rowtime_null_check: false,
        proc_clock: crate::kinds::ProcClockMode::Tick(1000),
        batch: false,
        limits: crate::limits::Limits::NONE,
        sentences: PAGE_SENTENCES,
    };
    let meta = QueryMeta { index: 1, sql: String::new(), line: 1, notes: Vec::new(), plan_text: String::new() };
    let mut packed = crate::trace::pack::PackedScript::new();
    let mut counts = Counts::default();
    let mut failed = None;
    let mut steps = 0;
    let count = |counts: &mut Counts, s: &crate::trace::Step| {
        for o in &s.output {
            counts.kinds[o.kind as usize] += 1;
        }
        counts.events += (s.events.len() + s.output.len()) as u64;
    };
    let mut keep = |s: crate::trace::Step| {
        steps += 1;
        count(&mut counts, &s);
        if failed.is_none() {
            failed = packed.step(0, &s).err();
        }
    };
    let q = run_query_into(meta, &p.plan, &p.catalog, &p.events, &opts, &mut |_, _| {}, Some(&mut keep));
    if let Some(e) = failed {
        return Err(e.to_string());
    }
    if let Some(e) = q.error.as_ref().or(q.runtime_error.as_ref()) {
        return Err(e.message.clone());
    }
    if let Some(end) = &q.end {
        count(&mut counts, end);
    }
    let trace = crate::trace::ScriptTrace {
        version: crate::trace::TRACE_VERSION,
        dialect: crate::kinds::Dialect::Flink,
        notes: Vec::new(),
        tables: Vec::new(),
        statements: Vec::new(),
        queries: vec![q],
        harness_error: None,
    };
    let bytes = packed.bytes(trace).map_err(|e| e.to_string())?.len();
    Ok(Packed { counts, bytes, steps: steps + 1 })
}

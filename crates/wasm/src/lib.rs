//! JoinLab in the browser: one session type with coarse calls (load a script, get its trace,
//! get the state at a step), whole serialisable objects in and out. No semantics here: the
//! engine decides everything.

use joinlab_engine::exec::{prepare, Prepared};
use joinlab_engine::output::TextOptions;
use joinlab_engine::runtime::Sentences;
use joinlab_engine::trace::pack::{pack_value, PackedScript};
use joinlab_engine::trace::{ScriptTrace, StateSummary, TRACE_VERSION};
use joinlab_engine::{run_to_text, Dialect, RunConfig};
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
pub mod grow;

/// Grows the wasm memory ahead of need, with room for at least `bytes` (see `grow`); nothing on
/// other targets.
fn reserve_memory(bytes: usize) {
    #[cfg(target_arch = "wasm32")]
    grow::reserve_for(bytes);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = bytes;
}

/// A value packed for the page (`joinlab_engine::trace::pack`; the page reads it with
/// `www/src/engine/unpack.ts`).
fn packed<T: Serialize>(v: &T) -> Result<Vec<u8>, JsValue> {
    pack_value(v).map_err(|e| JsValue::from_str(&e.to_string()))
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Panics abort (a wasm trap); first they say where and why on `console.error`, so the page
/// can report it (its worker reads the message and restarts itself).
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(|info| console_error(&format!("JoinLab engine panic: {info}"))));
}

/// A deliberate panic, for the page's crash-recovery test only: the worker calls it when the
/// page was opened with `?engine-test-panic=…` (docs/design.md, "Test hooks"), never otherwise.
/// It traps the instance exactly as an engine bug would (the panic hook reports `what` first).
#[wasm_bindgen(js_name = testPanic)]
pub fn test_panic(what: &str) {
    panic!("test panic requested by the page ({what})");
}

fn dialect_of(name: &str) -> Dialect {
    Dialect::parse(name).unwrap_or_default()
}

/// A loaded script: its trace, and what is needed to show the state at any step.
#[wasm_bindgen]
pub struct Session {
    script: String,
    dialect: Dialect,
    prepared: Option<Prepared>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

#[wasm_bindgen]
extern "C" {
    /// A JS function `(query, queries, step, steps) => void` ([`Session::load`]'s progress).
    #[wasm_bindgen(typescript_type = "(query: number, queries: number, step: number, steps: number) => void")]
    pub type ProgressFn;
    #[wasm_bindgen(method, structural, js_name = call)]
    fn report(this: &ProgressFn, this_arg: &JsValue, query: u32, queries: u32, step: u32, steps: u32);
}

#[wasm_bindgen]
impl Session {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Session {
        Session { script: String::new(), dialect: Dialect::Confluent, prepared: None }
    }

    /// The trace schema version this engine produces.
    #[wasm_bindgen(js_name = traceVersion)]
    pub fn trace_version() -> u32 {
        TRACE_VERSION
    }

    /// Runs a script (dialect `confluent` or `flink`) and returns its trace (`ScriptTrace`),
    /// packed: bytes the page reads with `www/src/engine/unpack.ts` (docs/trace.md, "Packed"),
    /// each step packed as the run makes it. `progress`, when given, is called as
    /// `progress(query, queries, step, steps)` as each query starts and every few thousand steps
    /// (the page shows it while a long run is in flight). With `lazy_over` and `edge_sentences`,
    /// a query of more than `lazy_over` steps makes the sentences of its first and last
    /// `edge_sentences` steps only (the others' `summary` is empty: `sentences` makes them when
    /// they are shown).
    pub fn load(
        &mut self,
        script: &str,
        dialect: &str,
        progress: Option<ProgressFn>,
        lazy_over: Option<u32>,
        edge_sentences: Option<u32>,
    ) -> Result<Vec<u8>, JsValue> {
        self.script = script.to_string();
        self.dialect = dialect_of(dialect);
        let cfg = RunConfig { dialect: self.dialect, trace: true };
        reserve_memory(script.len().saturating_mul(4));
        let packed = match prepare(script, &cfg) {
            Ok(p) => {
                // The progress hook is also where the memory is grown ahead of the trace.
                let sentences = match (lazy_over, edge_sentences) {
                    (Some(over), Some(edge)) => Sentences::Lazy { over: over as usize, edge: edge as usize },
                    _ => Sentences::All,
                };
                let t = p.packed_trace_with(sentences, &mut |x| {
                    reserve_memory(0);
                    if let Some(f) = &progress {
                        let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
                        f.report(&JsValue::NULL, n(x.query), n(x.queries), n(x.step), n(x.steps));
                    }
                });
                self.prepared = Some(p);
                t
            }
            Err((notes, statements, e)) => {
                self.prepared = None;
                PackedScript::new().bytes(ScriptTrace::failed(self.dialect, notes, statements, &e))
            }
        };
        packed.map_err(|e| JsValue::from_str(&e.to_string()))
    }

    /// The oracle's text format of the loaded script (what `joinlab run` prints).
    pub fn text(&self) -> String {
        run_to_text(&self.script, &RunConfig { dialect: self.dialect, trace: false }, &TextOptions::default())
    }

    /// The sentences of query `query`'s (0-based) data steps `from` … `to` − 1 (the first data
    /// step is 1) of the loaded script, as the trace has them (a replay of the query up to them:
    /// a big run's trace leaves them out, `load`). Fewer when the query has fewer steps.
    pub fn sentences(&self, query: usize, from: usize, to: usize) -> Vec<String> {
        let Some(p) = &self.prepared else { return Vec::new() };
        reserve_memory(0);
        p.sentences(query, from, to)
    }

    /// Full operator state of query `query` (0-based) after `steps` steps (re-runs the query
    /// that far; cheap next to drawing). Returns `StateSummary[]`, packed as `load`'s trace.
    #[wasm_bindgen(js_name = stateAt)]
    pub fn state_at(&self, query: usize, steps: usize) -> Result<Vec<u8>, JsValue> {
        let Some(p) = &self.prepared else { return packed(&Vec::<StateSummary>::new()) };
        reserve_memory(0);
        if query >= p.query_count() {
            return packed(&Vec::<StateSummary>::new());
        }
        packed(&p.state_at(query, steps))
    }
}

/// Runs a script to the oracle text format in one call (headless use, tests).
#[wasm_bindgen(js_name = runText)]
pub fn run_text(script: &str, dialect: &str) -> String {
    reserve_memory(0);
    run_to_text(script, &RunConfig { dialect: dialect_of(dialect), trace: false }, &TextOptions::default())
}

/// What can be written at UTF-16 offset `cursor` of `script` (the page's editor completion, issue
/// 20; feature `cli`: answered in the exporter's worker): the JSON of the engine's
/// `complete::Completion` (`{replace, items: [{label, kind, detail, apply?}]}`).
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = completeAt)]
pub fn complete_at(script: &str, cursor: usize, dialect: &str) -> String {
    reserve_memory(0);
    joinlab_engine::complete::complete_json(script, cursor, dialect_of(dialect))
}

/// What the name at UTF-16 offset `cursor` is (a column's type, a table's columns), if anything
/// (the editor's hover; feature `cli`).
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = hoverAt)]
pub fn hover_at(script: &str, cursor: usize, dialect: &str) -> Option<String> {
    reserve_memory(0);
    let at = joinlab_engine::complete::byte_offset(script, cursor);
    joinlab_engine::complete::hover(script, at, dialect_of(dialect))
}

/// Every table the script can read, with columns, types, primary key, watermark and changelog
/// mode (the schema browser; feature `cli`): JSON of the engine's `complete::SchemaTable` list.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = schemaOf)]
pub fn schema_of(script: &str, dialect: &str) -> String {
    reserve_memory(0);
    joinlab_engine::complete::schema_json(script, dialect_of(dialect))
}

/// Runs a script to the oracle text format with `joinlab run --quiet-steps` when `quiet_steps`
/// (the npm package's CLI; feature `cli`).
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = runTextWith)]
pub fn run_text_with(script: &str, dialect: &str, quiet_steps: bool) -> String {
    reserve_memory(0);
    run_to_text(script, &RunConfig { dialect: dialect_of(dialect), trace: false }, &TextOptions { quiet_steps })
}

/// What `joinlab test` prints ([`joinlab_engine::golden::report`], as the native CLI does), for
/// the npm package (feature `cli`): per script its path as shown, its text, and its expected
/// file's path as shown ("" when it has none) and text. Throws the message to print (exit code
/// 2) when no script has an expected file.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = goldenReport)]
pub fn golden_report(
    shown: Vec<String>,
    scripts: Vec<String>,
    expected_shown: Vec<String>,
    expected: Vec<String>,
    dir: &str,
    dialect: &str,
    strict_errors: bool,
) -> Result<GoldenReport, JsValue> {
    use joinlab_engine::golden::{report, Case};
    let cases: Vec<Case> = shown
        .into_iter()
        .zip(scripts)
        .zip(expected_shown.into_iter().zip(expected))
        .map(|((shown, script), (es, e))| Case { shown, script, expected: (!es.is_empty()).then_some((es, e)) })
        .collect();
    let cfg = RunConfig { dialect: dialect_of(dialect), trace: false };
    let r = report(&cases, dir, &cfg, strict_errors).map_err(|m| JsValue::from_str(&m))?;
    Ok(GoldenReport { text: r.text, failed: r.failed as u32 })
}

/// [`golden_report`]'s answer: the text to print and how many scripts failed.
#[cfg(feature = "cli")]
#[wasm_bindgen]
pub struct GoldenReport {
    text: String,
    failed: u32,
}

#[cfg(feature = "cli")]
#[wasm_bindgen]
impl GoldenReport {
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn failed(&self) -> u32 {
        self.failed
    }
}

/// What `joinlab test --update` prints once it wrote the expected files `written` (as shown)
/// ([`joinlab_engine::golden::written`]); throws when there was no script below `dir`.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = goldenWritten)]
pub fn golden_written(written: Vec<String>, dir: &str) -> Result<String, JsValue> {
    joinlab_engine::golden::written(&written, dir).map_err(|m| JsValue::from_str(&m))
}

/// `joinlab export` for the npm package and the page's Export button (feature `cli`): the script
/// written for `target` (`flink` or `confluent`, docs/export.md) and what it could not export
/// faithfully; a script JoinLab cannot run, or an unknown target, throws with the message
/// `joinlab export` prints.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = exportScript)]
pub fn export_script(script: &str, target: &str, dialect: &str) -> Result<Exported, JsValue> {
    use joinlab_engine::export::{export, Target};
    let t = Target::parse(target)
        .ok_or_else(|| JsValue::from_str(&format!("unknown target '{}' (flink or confluent)", target)))?;
    export(script, t, dialect_of(dialect))
        .map(|e| Exported { text: e.text, unfaithful: e.unfaithful })
        .map_err(|m| JsValue::from_str(&m))
}

/// An exported script ([`export_script`]): its text, and each thing not exported faithfully (also
/// a `-- JoinLab:` comment in the text, where it stands).
#[cfg(feature = "cli")]
#[wasm_bindgen]
pub struct Exported {
    text: String,
    unfaithful: Vec<String>,
}

#[cfg(feature = "cli")]
#[wasm_bindgen]
impl Exported {
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn unfaithful(&self) -> Vec<String> {
        self.unfaithful.clone()
    }
}

/// `joinlab explain-row` for the npm package and the page's "Why?" (feature `cli`, issue 19): why
/// the row `TABLE#K` (the table's K-th row in arrival order) is or is not in query `query`'s result
/// (from 1), from a run of `script` with its trace; a question it cannot answer throws the CLI's
/// message.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = explainRow)]
pub fn explain_row(script: &str, dialect: &str, query: usize, row: &str) -> Result<RowAnswer, JsValue> {
    reserve_memory(0);
    let cfg = joinlab_engine::RunConfig { dialect: dialect_of(dialect), trace: true };
    let trace = joinlab_engine::run_script(script, &cfg);
    let x = joinlab_engine::explain::in_trace(&trace, query, row).map_err(|m| JsValue::from_str(&m))?;
    Ok(RowAnswer::of(&x, row, None))
}

/// `joinlab explain-row --with` (feature `cli`, issue 19): why the rows `row` and `with`
/// (`TABLE#K` each, one of each side) did or did not join with each other in query `query`; a
/// question it cannot answer (both rows of one table, no such row) throws the CLI's message.
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = explainPair)]
pub fn explain_pair(script: &str, dialect: &str, query: usize, row: &str, with: &str) -> Result<RowAnswer, JsValue> {
    reserve_memory(0);
    let cfg = joinlab_engine::RunConfig { dialect: dialect_of(dialect), trace: true };
    let trace = joinlab_engine::run_script(script, &cfg);
    let x = joinlab_engine::explain::pair_in_trace(&trace, query, row, with).map_err(|m| JsValue::from_str(&m))?;
    Ok(RowAnswer::of(&x, row, Some(with)))
}

/// An answer of [`explain_row`] or [`explain_pair`]: the question it answers, one or two
/// sentences, the steps they name, the row's own step (and the other row's, for a pair) and the
/// whole text `joinlab explain-row` prints.
#[cfg(feature = "cli")]
#[wasm_bindgen]
pub struct RowAnswer {
    question: String,
    answer: String,
    steps: Vec<u32>,
    step: u32,
    with_step: Option<u32>,
    text: String,
}

#[cfg(feature = "cli")]
impl RowAnswer {
    fn of(x: &joinlab_engine::explain::Explanation, row: &str, with: Option<&str>) -> RowAnswer {
        RowAnswer {
            question: x.question.to_string(),
            answer: x.answer.clone(),
            steps: x.steps.iter().map(|&s| s as u32).collect(),
            step: x.step as u32,
            with_step: x.with.as_ref().map(|(s, _)| *s as u32),
            text: joinlab_engine::explain::text(x, row, with),
        }
    }
}

#[cfg(feature = "cli")]
#[wasm_bindgen]
impl RowAnswer {
    #[wasm_bindgen(getter)]
    pub fn question(&self) -> String {
        self.question.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn answer(&self) -> String {
        self.answer.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn steps(&self) -> Vec<u32> {
        self.steps.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn step(&self) -> u32 {
        self.step
    }

    /// The other row's step, for a pair (`explainPair`); undefined for one row.
    #[wasm_bindgen(getter, js_name = withStep)]
    pub fn with_step(&self) -> Option<u32> {
        self.with_step
    }

    #[wasm_bindgen(getter)]
    pub fn text(&self) -> String {
        self.text.clone()
    }
}

/// The dialect's canonical name (`flink` or `confluent`) when `name` is one, as the native CLI
/// reads `--dialect` (feature `cli`).
#[cfg(feature = "cli")]
#[wasm_bindgen(js_name = dialectName)]
pub fn dialect_name(name: &str) -> Option<String> {
    Dialect::parse(name).map(|d| match d {
        Dialect::Flink => "flink".to_string(),
        Dialect::Confluent => "confluent".to_string(),
    })
}

/// A benchmark workload of ../shared/BENCHMARKS.md, planned and generated, for timing the wasm
/// build from JavaScript (tests/wasm/bench.mjs): `new Bench('w2-inner', 500000)`, then time
/// `run(false)`. Only counts come back.
#[wasm_bindgen]
pub struct Bench {
    prepared: joinlab_engine::bench::Prepared,
    expected: Option<u64>,
}

/// What a benchmark run counted.
#[wasm_bindgen(getter_with_clone)]
pub struct BenchResult {
    pub input_rows: usize,
    /// Result rows per change kind: +I, -U, +U, -D (numbers, not BigInts: all well below 2^53).
    pub kinds: Vec<f64>,
    pub net_rows: f64,
    pub expected: Option<f64>,
    pub events: f64,
    pub peak_state_rows: usize,
    /// A traced run: the packed trace's bytes and steps (0 untraced).
    pub trace_bytes: f64,
    pub steps: f64,
}

#[wasm_bindgen]
impl Bench {
    #[wasm_bindgen(constructor)]
    pub fn new(workload: &str, rows: u32) -> Result<Bench, JsValue> {
        let w = joinlab_engine::bench::workload(workload)
            .ok_or_else(|| JsValue::from_str(&format!("unknown workload '{}'", workload)))?;
        let prepared = joinlab_engine::bench::prepare_workload(w, rows as u64).map_err(|e| JsValue::from_str(&e))?;
        Ok(Bench { prepared, expected: (w.expected)(rows as u64) })
    }

    /// Input rows of both tables.
    #[wasm_bindgen(js_name = inputRows)]
    pub fn input_rows(&self) -> usize {
        self.prepared.events.len()
    }

    /// Runs the workload once; `trace`: as the page's worker runs it, every step built and
    /// packed (`engine::bench::run_packed`, what the native `joinlab bench --trace` times).
    pub fn run(&self, trace: bool) -> Result<BenchResult, JsValue> {
        reserve_memory(0);
        let (c, bytes, steps) = if trace {
            let p = joinlab_engine::bench::run_packed(&self.prepared).map_err(|e| JsValue::from_str(&e))?;
            (p.counts, p.bytes, p.steps)
        } else {
            (joinlab_engine::bench::run(&self.prepared, false).map_err(|e| JsValue::from_str(&e))?, 0, 0)
        };
        Ok(BenchResult {
            input_rows: self.prepared.events.len(),
            kinds: c.kinds.iter().map(|&k| k as f64).collect(),
            net_rows: joinlab_engine::bench::net_rows(&c) as f64,
            expected: self.expected.map(|e| e as f64),
            events: c.events as f64,
            peak_state_rows: c.peak_state_rows,
            trace_bytes: bytes as f64,
            steps: steps as f64,
        })
    }
}

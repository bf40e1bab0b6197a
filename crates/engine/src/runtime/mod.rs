//! The deterministic scheduler: feeds a query's operator graph one step at a time — a source
//! row, or an `@watermark` marker — and, at the end, finishes the sources one after the other
//! in CREATE TABLE order (each emitting a +inf watermark), exactly as the oracle drives Flink.
//! Every element is fully processed before the next step begins.

pub mod clock;
mod driver;
pub mod graph;
mod materialize;
mod pairs;
pub mod replay;
mod summary;

use crate::catalog::Catalog;
use crate::data::{Event as DataEvent, EventKind};
use crate::error::{Error, ErrorKind, RuntimeError};
use crate::kinds::EndMode;
use crate::ops::Record;
use crate::plan::QueryPlan;
use crate::time::SessionZone;
use crate::trace::{ErrorInfo, Event, FieldInfo, OutRow, QueryTrace, Step, StepKind};
use crate::value::Value;

pub use clock::{ProcClock, PROC_CLOCK_BASE_MS};
pub use driver::Driver;
pub use graph::{BuildOptions, DeliverCtx, Graph};

#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Record events and state (the page's trace). Off for the text output and benchmarks.
    pub trace: bool,
    pub zone: SessionZone,
    pub end_mode: EndMode,
    pub per_record: bool,
    pub rows_drive_source_watermark: bool,
    /// The oracle's collecting sink fails on a NULL in the result's only rowtime column.
    pub rowtime_null_check: bool,
    /// How the simulated processing-time clock moves.
    pub proc_clock: crate::kinds::ProcClockMode,
    /// Batch mode (`execution.runtime-mode` = batch): see [`graph::blocking`].
    pub batch: bool,
    /// What the run may read, emit, hold and record ([`crate::limits`]).
    pub limits: crate::limits::Limits,
    /// Which data steps of a traced run get their sentence (`Step::summary`).
    pub sentences: Sentences,
}

/// Which data steps of a traced run get their sentence (`Step::summary`; the job's start and the
/// end of input always do). A sentence is new text at every step, about 40 % of a packed step and
/// an eighth of a traced run's work, and a learner reads a few of a big run's: the page has a run
/// of more than `over` steps make those of its first and last steps only, and the others when a
/// step is shown ([`crate::exec::Prepared::sentences`], a replay). A step without one has an
/// empty `summary`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sentences {
    /// Every step's (the CLI, the text output, a small run on the page).
    All,
    /// A run of more than `over` data steps makes those of its first `edge` and its last `edge`
    /// steps only.
    Lazy { over: usize, edge: usize },
    /// Those of steps `from` … `to` − 1 only, and the run stops after step `to` − 1 (no end of
    /// input): the replay that makes them when shown. The steps before `from` run as traced but
    /// are not kept (their rows are checked and counted, not rendered), so the query's trace has
    /// no step before `from` and no materialized result.
    Range { from: usize, to: usize },
}

impl Sentences {
    /// Which data steps (by index) a run over `steps` data events makes the sentence of, and the
    /// step it stops after (None: it runs to the end).
    fn resolve(self, steps: usize) -> (Made, Option<usize>) {
        match self {
            Sentences::All => (Made { head: usize::MAX, tail: usize::MAX, range: (0, 0) }, None),
            // (a run that stops early has fewer steps: its last ones are then left out too)
            Sentences::Lazy { over, edge } if steps > over => {
                (Made { head: edge, tail: steps.saturating_sub(edge), range: (0, 0) }, None)
            }
            Sentences::Lazy { .. } => (Made { head: usize::MAX, tail: usize::MAX, range: (0, 0) }, None),
            Sentences::Range { from, to } => {
                (Made { head: 0, tail: usize::MAX, range: (from, to) }, Some(to.saturating_sub(1)))
            }
        }
    }
}

/// The data steps a run makes the sentence of: those up to `head`, those after `tail`, and those
/// of `range`.
#[derive(Clone, Copy)]
struct Made {
    head: usize,
    tail: usize,
    range: (usize, usize),
}

impl Made {
    fn has(&self, step: usize) -> bool {
        step <= self.head || step > self.tail || (step >= self.range.0 && step < self.range.1)
    }
}

/// Identifies the query in the trace.
pub struct QueryMeta {
    pub index: usize,
    pub sql: String,
    pub line: usize,
    pub notes: Vec<String>,
    pub plan_text: String,
}

/// A failed job as the oracle reports it: "job terminated early: FAILED" while rows are sent, "job
/// failed" when the failure comes only after the end of input (its sources finishing).
/// (A "not supported yet" found while running — batch_ties — is not a job failure Flink has:
/// it reads as the refusal it is.)
fn runtime_error(failure: &RuntimeError, at_end: bool) -> Error {
    if failure.class == "joinlab.NotSupportedYet" || failure.class == crate::limits::CLASS {
        return Error::new(ErrorKind::Runtime, failure.message.clone()).with_class(failure.class.clone());
    }
    let cause = failure.cause_text();
    Error::new(ErrorKind::Runtime, if at_end { "job failed" } else { "job terminated early: FAILED" })
        .with_class("java.lang.RuntimeException")
        .caused_by("org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy")
        .caused_by(cause)
}

/// Changelog applied to a multiset, printed sorted as the oracle prints it (Java string order).
/// `prefix[v1, v2, …]` (a changelog row's text, `+I[…]`; a materialized line, `[…]`), written
/// once into a buffer of its size.
fn bracketed(prefix: &str, row: &[String]) -> String {
    let mut k = String::with_capacity(prefix.len() + 2 + row.iter().map(|v| v.len() + 2).sum::<usize>());
    k.push_str(prefix);
    k.push('[');
    for (i, v) in row.iter().enumerate() {
        if i > 0 {
            k.push_str(", ");
        }
        k.push_str(v);
    }
    k.push(']');
    k
}

fn step_text(catalog: &Catalog, ev: &DataEvent, zone: &SessionZone) -> (String, Vec<String>) {
    let t = &catalog.tables[ev.table];
    match &ev.kind {
        EventKind::Row { kind, values } => {
            // as `render` over the physical columns' types, without copying the types
            let phys = t.physical();
            let vals: Vec<String> = values
                .iter()
                .enumerate()
                .map(|(i, v)| match phys.get(i) {
                    Some(&c) => v.render(&t.columns[c].ty, zone),
                    None => v.render(&crate::types::DataType::string(), zone),
                })
                .collect();
            let mut prefix = String::with_capacity(t.name.len() + 3);
            prefix.push_str(&t.name);
            prefix.push(' ');
            prefix.push_str(kind.short());
            (bracketed(&prefix, &vals), vals)
        }
        EventKind::Watermark { text, .. } => (
            format!("@watermark {}{}", t.name, text.as_ref().map(|x| format!(" {}", x)).unwrap_or_default()),
            Vec::new(),
        ),
    }
}

/// How often a run reports its progress (steps done, steps in all) to the caller: the page shows
/// it while a long run is in flight (nothing in the run depends on it).
pub const PROGRESS_EVERY: usize = 4096;

/// Runs one planned query over the script's events; every [`PROGRESS_EVERY`] steps it calls
/// `progress(step, steps)`.
pub fn run_query(
    meta: QueryMeta,
    plan: &QueryPlan,
    catalog: &Catalog,
    events: &[DataEvent],
    opts: &RunOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> QueryTrace {
    run_query_into(meta, plan, catalog, events, opts, progress, None)
}

/// [`run_query`], handing each data step to `steps` as it is made instead of keeping it in the
/// trace (whose `steps` then stay empty; `start` and `end` are kept): the page's packed trace
/// ([`crate::trace::pack`]) never holds a run's steps as values.
pub fn run_query_into(
    meta: QueryMeta,
    plan: &QueryPlan,
    catalog: &Catalog,
    events: &[DataEvent],
    opts: &RunOptions,
    progress: &mut dyn FnMut(usize, usize),
    mut steps: Option<&mut dyn FnMut(Step)>,
) -> QueryTrace {
    let schema: Vec<FieldInfo> =
        plan.schema.iter().map(|f| FieldInfo { name: f.name.clone(), ty: f.ty.summary() }).collect();
    let mut qt = QueryTrace {
        index: meta.index,
        sql: meta.sql,
        line: meta.line,
        zone: opts.zone.id().to_string(),
        notes: meta.notes,
        schema,
        plan: meta.plan_text,
        operators: Vec::new(),
        end_mode: opts.end_mode,
        start: None,
        steps: Vec::new(),
        end: None,
        materialized_unbounded: None,
        materialized_bounded: None,
        error: None,
        runtime_error: None,
        failed_step: None,
        late_rows: Vec::new(),
    };
    let build = BuildOptions {
        per_record: opts.per_record,
        rows_drive_source_watermark: opts.rows_drive_source_watermark,
        trace: opts.trace,
        batch: opts.batch,
        emit_limit: opts.limits.emitted_rows,
        fuse: !opts.trace,
    };
    let zone = &opts.zone;
    let limits = &opts.limits;
    let mut driver = match Driver::new(plan, catalog, &build, opts.proc_clock, zone) {
        Ok(d) => d,
        Err(e) => {
            qt.error = Some(ErrorInfo::from_error(&e));
            return qt;
        }
    };
    qt.operators = driver.graph.infos.clone();
    if opts.batch {
        // a batch job's operators emit final rows only: every result is insert-only
        for o in &mut qt.operators {
            o.updating = false;
        }
    }
    let sink_out = SinkOut { plan, types: plan.schema.iter().map(|f| f.ty.clone()).collect(), opts };
    // the changelog so far, folded into the result lines, and its length
    let mut result = materialize::Materialized::default();
    let mut changelog_len = 0usize;
    let mut sink: Vec<Record> = Vec::new();
    // (a job without a table source runs its VALUES to the end at once: the oracle sees the rows
    // when the input ends)
    if driver.graph.has_values_rows() && !driver.graph.sources.is_empty() {
        let mut evs: Vec<Event> = Vec::new();
        let proc_time = match driver.start(opts.trace.then_some(&mut evs), &mut sink) {
            Ok(t) => t,
            Err(e) => return qt.failed(&runtime_error(&e, false), 0, &driver.graph),
        };
        let output = match sink_out.drain(&mut sink, &mut evs, 0) {
            (output, None) => output,
            (_, Some(e)) => return qt.failed(&runtime_error(&e, false), 0, &driver.graph),
        };
        result.add(&output);
        changelog_len += output.len();
        let mut step = Step {
            index: 0,
            kind: StepKind::Start,
            table: None,
            line: 0,
            text: "at job start".into(),
            row_kind: None,
            values: Vec::new(),
            event_time_ms: None,
            proc_time_ms: proc_time,
            watermarks: Vec::new(),
            events: evs,
            output,
            state: Vec::new(),
            summary: String::new(),
        };
        if opts.trace {
            step.state = state_sizes(&driver.graph);
            step.summary = summary::sentence(&step, &qt.operators, zone);
        }
        qt.start = Some(step);
    }
    let mut input_rows: u64 = 0;
    let mut trace_events: u64 = 0;
    let (sentences, stop_after) = opts.sentences.resolve(events.len());
    for (i, ev) in events.iter().enumerate() {
        let step_no = i + 1;
        if step_no % PROGRESS_EVERY == 0 {
            progress(step_no, events.len());
        }
        if matches!(ev.kind, EventKind::Row { .. }) {
            input_rows += 1;
        }
        if let Some(e) = input_limit(limits, step_no as u64, input_rows, ev) {
            return qt.failed(&e, step_no, &driver.graph);
        }
        let mut evs: Vec<Event> = Vec::new();
        let skipped = stop_after.is_some() && !sentences.has(step_no);
        driver.graph.count_only = skipped;
        if skipped {
            // A replay's step before the sentences it makes (`Sentences::Range`): nothing of it is
            // kept, so its events are counted, not made, it has no `wm` notes, and its rows are
            // only checked and counted (what fails a step and what the limits see)
            if let Err(e) = driver.feed_rows(step_no, ev, opts.trace.then_some(&mut evs), &mut sink) {
                return qt.failed(&runtime_error(&e, false), step_no, &driver.graph);
            }
            let rows = sink.len();
            for r in sink.drain(..) {
                if let Some(e) = check_rowtime(plan, &r, opts) {
                    return qt.failed(&runtime_error(&e, false), step_no, &driver.graph);
                }
            }
            changelog_len += rows;
            // (a traced step's events and rows: its own events, an `Output` event per row, the rows)
            trace_events += (evs.len() + if opts.trace { 2 * rows } else { rows }) as u64;
            if let Some(e) = held_limit(limits, &driver.graph, trace_events, opts.trace) {
                return qt.failed(&e, step_no, &driver.graph);
            }
            continue;
        }
        let fed = driver.feed(step_no, ev, opts.trace.then_some(&mut evs), &mut sink);
        let (fed, output) = match fed {
            Ok(fed) => match sink_out.drain(&mut sink, &mut evs, changelog_len) {
                (output, None) => (fed, output),
                (_, Some(e)) => return qt.failed(&runtime_error(&e, false), step_no, &driver.graph),
            },
            Err(e) => return qt.failed(&runtime_error(&e, false), step_no, &driver.graph),
        };
        let (text, values) = step_text(catalog, ev, zone);
        let event_time_ms = match &ev.kind {
            EventKind::Row { values, .. } => {
                let t = &catalog.tables[ev.table];
                // a generated row's own time when the table's rowtime is not a data column
                t.declared_rowtime_physical().and_then(|p| values.get(p)).and_then(Value::as_millis).or(ev.rowtime)
            }
            _ => None,
        };
        result.add(&output);
        changelog_len += output.len();
        let (kind, row_kind) = match &ev.kind {
            EventKind::Row { kind, .. } => (StepKind::Row, Some(*kind)),
            EventKind::Watermark { .. } => (StepKind::Watermark, None),
        };
        let mut step = Step {
            index: step_no,
            kind,
            table: Some(catalog.tables[ev.table].name.clone()),
            line: ev.line,
            text,
            row_kind,
            values,
            event_time_ms,
            proc_time_ms: fed.proc_time,
            watermarks: fed.notes,
            events: evs,
            output,
            state: Vec::new(),
            summary: String::new(),
        };
        if opts.trace {
            step.state = state_sizes(&driver.graph);
        }
        if opts.trace && sentences.has(step_no) {
            step.summary = summary::sentence(&step, &qt.operators, zone);
            if opts.batch && step.kind == StepKind::Row {
                let mut held: Vec<usize> = Vec::new();
                for s in driver.graph.sources_of(ev.table) {
                    if let Some(h) = driver.graph.held_above(s) {
                        if !held.contains(&h) {
                            held.push(h);
                        }
                    }
                }
                step.summary = summary::batch_hold(&step.summary, &qt.operators, &held);
            }
        }
        trace_events += (step.events.len() + step.output.len()) as u64;
        match steps.as_deref_mut() {
            Some(f) => f(step),
            None => qt.steps.push(step),
        }
        if let Some(e) = held_limit(limits, &driver.graph, trace_events, opts.trace) {
            return qt.failed(&e, step_no, &driver.graph);
        }
        if stop_after == Some(step_no) {
            return qt;
        }
    }
    if opts.end_mode != EndMode::Bounded {
        qt.materialized_unbounded = Some(result.lines());
    }
    if opts.end_mode == EndMode::Unbounded {
        qt.late_rows = driver.graph.late_rows();
        return qt;
    }
    let step_no = events.len() + 1;
    let mut evs: Vec<Event> = Vec::new();
    let (proc_time, mut failure) = driver.finish(step_no, opts.trace.then_some(&mut evs), &mut sink);
    let mut output = Vec::new();
    if failure.is_none() {
        // the rows before a failing one were received (the text prints them)
        let (rows, e) = sink_out.drain(&mut sink, &mut evs, changelog_len);
        output = rows;
        failure = e;
    }
    if failure.is_none() {
        result.add(&output);
    }
    let mut end = Step {
        index: step_no,
        kind: StepKind::End,
        table: None,
        line: 0,
        text: "end of input: sources finish (watermark +inf)".into(),
        row_kind: None,
        values: Vec::new(),
        event_time_ms: None,
        proc_time_ms: proc_time,
        watermarks: Vec::new(),
        events: evs,
        output,
        state: Vec::new(),
        summary: String::new(),
    };
    if opts.trace {
        end.state = state_sizes(&driver.graph);
        end.summary = summary::sentence(&end, &qt.operators, zone);
        if opts.batch {
            end.summary = format!("{} (batch mode: the result, all at once)", end.summary.trim_end_matches('.'));
        }
    }
    qt.end = Some(end);
    if let Some(e) = failure {
        // failed at the end of input: `end` is set too (the text prints the end-of-input line)
        qt.materialized_unbounded = None;
        return qt.failed(&runtime_error(&e, true), step_no, &driver.graph);
    }
    qt.materialized_bounded = Some(result.lines());
    qt.late_rows = driver.graph.late_rows();
    qt
}

/// The input limits ([`crate::limits`]) at step `step`, the `rows`-th input row so far: the
/// error of the step that would cross one (it is not run; the steps before it stand).
fn input_limit(limits: &crate::limits::Limits, step: u64, rows: u64, ev: &DataEvent) -> Option<Error> {
    use crate::limits::{exceeded, grouped};
    let at = if ev.line > 0 { format!(", at line {}", ev.line) } else { String::new() };
    if rows > limits.input_rows && matches!(ev.kind, EventKind::Row { .. }) {
        let what = format!(
            "this query would read more than {} input rows: this is row {}{}",
            grouped(limits.input_rows),
            grouped(rows),
            at
        );
        let mut e = exceeded("input-rows", limits.input_rows, &what);
        if ev.line > 0 {
            e.script_pos = Some(crate::error::Pos { line: ev.line, col: 1 });
        }
        return Some(e);
    }
    if step > limits.steps {
        let what = format!("this query would run more than {} steps", grouped(limits.steps));
        return Some(exceeded("steps", limits.steps, &what));
    }
    None
}

/// The limits on what a run holds ([`crate::limits`]), after a step: state rows, and (with a
/// trace) the trace's events and output rows so far.
fn held_limit(limits: &crate::limits::Limits, graph: &Graph, trace_events: u64, trace: bool) -> Option<Error> {
    use crate::limits::{exceeded, grouped};
    let held = graph.total_state_rows() as u64;
    if held > limits.state_rows {
        let what = format!(
            "this query would hold more than {} rows in state ({} after this step)",
            grouped(limits.state_rows),
            grouped(held)
        );
        return Some(exceeded("state-rows", limits.state_rows, &what));
    }
    if trace && trace_events > limits.trace_events {
        let what =
            format!("this query's trace would record more than {} events and rows", grouped(limits.trace_events));
        return Some(exceeded("trace-events", limits.trace_events, &what));
    }
    None
}

impl QueryTrace {
    /// The query's job failed at step `step`.
    fn failed(mut self, e: &Error, step: usize, graph: &Graph) -> QueryTrace {
        if e.class.as_deref() == Some(crate::limits::CLASS) {
            // JoinLab's own limit: the message names the step (Flink's failures keep Flink's words)
            let mut e = e.clone();
            e.message = format!("at step {}: {}", crate::limits::grouped(step as u64), e.message);
            // where the editor points: the row that crossed an input limit, else the query
            if e.script_pos.is_none() {
                e.script_pos = Some(crate::error::Pos { line: self.line, col: 1 });
            }
            self.runtime_error = Some(ErrorInfo::from_error(&e));
        } else {
            self.runtime_error = Some(ErrorInfo::from_error(e));
        }
        self.failed_step = Some(step);
        self.late_rows = graph.late_rows();
        self
    }
}

/// Rows held per stateful operator after a step (the full state comes from a replay).
fn state_sizes(graph: &Graph) -> Vec<crate::trace::StateSummary> {
    graph
        .state_rows()
        .into_iter()
        .map(|(op, rows)| crate::trace::StateSummary { op, rows, groups: Vec::new() })
        .collect()
}

/// What the collecting sink does with the rows that reach it.
struct SinkOut<'a> {
    plan: &'a QueryPlan,
    types: Vec<crate::types::DataType>,
    opts: &'a RunOptions,
}

impl SinkOut<'_> {
    /// The sink's rows of one step, as the changelog prints them (with retraction pairs when
    /// tracing); `base` is the changelog position of the first. Stops at a row the sink fails on.
    fn drain(&self, sink: &mut Vec<Record>, evs: &mut Vec<Event>, base: usize) -> (Vec<OutRow>, Option<RuntimeError>) {
        let zone = &self.opts.zone;
        let mut out = Vec::new();
        let mut nulls = Vec::new();
        let mut failure = None;
        for r in sink.drain(..) {
            if let Some(e) = check_rowtime(self.plan, &r, self.opts) {
                failure = Some(e);
                break;
            }
            if self.opts.trace {
                nulls.push(r.row.iter().map(Value::is_null).collect());
            }
            out.push(out_row(&r, &self.types, zone, evs, self.opts.trace));
        }
        sink.clear();
        if self.opts.trace {
            pairs::mark(&mut out, &nulls, base);
        }
        (out, failure)
    }
}

fn check_rowtime(plan: &QueryPlan, r: &Record, opts: &RunOptions) -> Option<RuntimeError> {
    if !opts.rowtime_null_check {
        return None;
    }
    let i = plan.single_rowtime?;
    if r.row.get(i).map(|v| v.is_null()).unwrap_or(false) {
        return Some(RuntimeError::from("java.lang.NullPointerException: Cannot invoke \"org.apache.flink.table.data.TimestampData.getMillisecond()\" because the return value of \"org.apache.flink.table.data.RowData.getTimestamp(int, int)\" is null"));
    }
    None
}

fn out_row(
    r: &Record,
    types: &[crate::types::DataType],
    zone: &SessionZone,
    evs: &mut Vec<Event>,
    trace: bool,
) -> OutRow {
    let row = crate::value::render_external(&r.row, types, zone);
    let text = bracketed(r.kind.short(), &row);
    if trace {
        evs.push(Event::Output { kind: r.kind, row: row.clone(), lineage: r.lineage.clone() });
    }
    OutRow { kind: r.kind, row, text, lineage: r.lineage.clone(), partner: None, pair: None }
}

/// What a counting run measured.
#[derive(Clone, Debug, Default)]
pub struct Counts {
    /// Result rows per change kind [+I, -U, +U, -D].
    pub kinds: [u64; 4],
    /// Trace events produced (with `trace`).
    pub events: u64,
    /// The most rows all operators held at once (after any step).
    pub peak_state_rows: usize,
}

/// Runs a query without recording anything but counts (benchmarks), on the simulated clock's
/// default tick. With `trace`, every step's events are produced (and counted, then dropped) —
/// what the page's trace costs.
pub fn run_counting<'a>(
    plan: &QueryPlan,
    catalog: &Catalog,
    events: impl Iterator<Item = &'a DataEvent>,
    zone: &SessionZone,
    trace: bool,
) -> Result<Counts, Error> {
    let build = BuildOptions {
        per_record: true,
        rows_drive_source_watermark: true,
        trace,
        batch: false,
        emit_limit: u64::MAX,
        fuse: !trace,
    };
    let mut driver = Driver::new(plan, catalog, &build, crate::kinds::ProcClockMode::Tick(1000), zone)?;
    let mut counts = Counts::default();
    let mut sink: Vec<Record> = Vec::new();
    let count = |sink: &mut Vec<Record>, kinds: &mut [u64; 4]| {
        for r in sink.drain(..) {
            let k = match r.kind {
                crate::kinds::RowKind::Insert => 0,
                crate::kinds::RowKind::UpdateBefore => 1,
                crate::kinds::RowKind::UpdateAfter => 2,
                crate::kinds::RowKind::Delete => 3,
            };
            kinds[k] += 1;
        }
    };
    let mut evs: Vec<Event> = Vec::new();
    let mut steps = 0;
    for (i, ev) in events.enumerate() {
        steps = i + 1;
        driver.feed_rows(steps, ev, trace.then_some(&mut evs), &mut sink).map_err(|e| runtime_error(&e, false))?;
        count(&mut sink, &mut counts.kinds);
        counts.events += evs.len() as u64;
        evs.clear();
        counts.peak_state_rows = counts.peak_state_rows.max(driver.graph.total_state_rows());
    }
    if let (_, Some(e)) = driver.finish(steps + 1, trace.then_some(&mut evs), &mut sink) {
        return Err(runtime_error(&e, true));
    }
    count(&mut sink, &mut counts.kinds);
    counts.events += evs.len() as u64;
    Ok(counts)
}

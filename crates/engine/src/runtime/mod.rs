//! The deterministic scheduler: feeds a query's operator graph one step at a time — a source
//! row, or an `@watermark` marker — and, at the end, finishes the sources one after the other
//! in CREATE TABLE order (each emitting a +inf watermark), exactly as the oracle drives Flink.
//! Every element is fully processed before the next step begins.

pub mod graph;
mod summary;

use crate::catalog::Catalog;
use crate::data::{Event as DataEvent, EventKind};
use crate::error::{Error, ErrorKind, RuntimeError};
use crate::kinds::EndMode;
use crate::ops::{render, Record};
use crate::plan::QueryPlan;
use crate::time::SessionZone;
use crate::trace::{ErrorInfo, Event, FieldInfo, OutRow, QueryTrace, Step, StepKind};
use crate::value::Value;

pub use graph::{BuildOptions, DeliverCtx, Graph};

pub mod clock;
pub mod replay;

pub use clock::{ProcClock, PROC_CLOCK_BASE_MS};

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
fn runtime_error(failure: &RuntimeError, at_end: bool) -> Error {
    let cause = failure.cause_text();
    Error::new(ErrorKind::Runtime, if at_end { "job failed" } else { "job terminated early: FAILED" })
        .with_class("java.lang.RuntimeException")
        .caused_by("org.apache.flink.runtime.JobException: Recovery is suppressed by NoRestartBackoffTimeStrategy")
        .caused_by(cause)
}

/// Changelog applied to a multiset, printed sorted as the oracle prints it (Java string order).
pub fn materialize(rows: &[OutRow]) -> Vec<String> {
    let mut m: Vec<(String, i64)> = Vec::new();
    let mut warnings = Vec::new();
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for r in rows {
        let k = format!("[{}]", r.row.join(", "));
        if r.kind.is_accumulate() {
            match index.get(&k) {
                Some(&i) => m[i].1 += 1,
                None => {
                    index.insert(k.clone(), m.len());
                    m.push((k, 1));
                }
            }
        } else {
            match index.get(&k) {
                Some(&i) if m[i].1 > 0 => m[i].1 -= 1,
                _ => warnings.push(format!("# WARNING retraction of absent row {}", r.text)),
            }
        }
    }
    m.retain(|(_, c)| *c > 0);
    m.sort_by(|a, b| a.0.encode_utf16().cmp(b.0.encode_utf16()));
    let mut out = Vec::new();
    for (k, c) in m {
        for _ in 0..c {
            out.push(k.clone());
        }
    }
    out.extend(warnings);
    out
}

fn step_text(catalog: &Catalog, graph: &Graph, ev: &DataEvent, zone: &SessionZone) -> (String, Vec<String>) {
    let t = &catalog.tables[ev.table];
    match &ev.kind {
        EventKind::Row { kind, values } => {
            let types: Vec<_> = t.physical().iter().map(|&i| t.columns[i].ty.clone()).collect();
            let vals = render(values, &types, zone);
            let _ = graph;
            (format!("{} {}[{}]", t.name, kind.short(), vals.join(", ")), vals)
        }
        EventKind::Watermark { text, .. } => (
            format!("@watermark {}{}", t.name, text.as_ref().map(|x| format!(" {}", x)).unwrap_or_default()),
            Vec::new(),
        ),
    }
}

/// Runs one planned query over the script's events.
pub fn run_query(
    meta: QueryMeta,
    plan: &QueryPlan,
    catalog: &Catalog,
    events: &[DataEvent],
    opts: &RunOptions,
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
    };
    let mut graph = match Graph::build(&plan.rel, catalog, &build) {
        Ok(g) => g,
        Err(e) => {
            qt.error = Some(ErrorInfo::from_error(&e));
            return qt;
        }
    };
    qt.operators = graph.infos.clone();
    let out_types: Vec<_> = plan.schema.iter().map(|f| f.ty.clone()).collect();
    let zone = &opts.zone;
    let mut all_out: Vec<OutRow> = Vec::new();
    let mut sink: Vec<Record> = Vec::new();
    let mut clock = ProcClock::new(opts.proc_clock);
    for (i, ev) in events.iter().enumerate() {
        let step_no = i + 1;
        let proc_time = clock.at(step_no, Some(ev), catalog);
        let mut evs: Vec<Event> = Vec::new();
        let mut notes: Vec<String> = Vec::new();
        let mut failure: Option<RuntimeError> = None;
        let srcs = graph.sources_of(ev.table);
        for s in srcs {
            let mut cx = DeliverCtx { events: if opts.trace { Some(&mut evs) } else { None }, zone, proc_time };
            let r = graph.push_event(s, ev, step_no as u32, &mut cx, &mut sink);
            match r {
                Ok(Some(wm)) => {
                    let n = graph.source(s).map(|src| src.note(wm)).unwrap_or_default();
                    if !notes.contains(&n) {
                        notes.push(n)
                    }
                }
                Ok(None) => {}
                Err(m) => {
                    failure = Some(m);
                    break;
                }
            }
        }
        let mut output = Vec::new();
        if failure.is_none() {
            for r in sink.drain(..) {
                if let Some(err) = check_rowtime(plan, &r, opts) {
                    failure = Some(err);
                    break;
                }
                output.push(out_row(&r, &out_types, zone, &mut evs, opts.trace));
            }
        }
        sink.clear();
        if let Some(m) = failure {
            qt.runtime_error = Some(ErrorInfo::from_error(&runtime_error(&m, false)));
            qt.failed_step = Some(step_no);
            qt.late_rows = graph.late_rows();
            return qt;
        }
        let (text, values) = step_text(catalog, &graph, ev, zone);
        let event_time_ms = match &ev.kind {
            EventKind::Row { values, .. } => {
                let t = &catalog.tables[ev.table];
                // a generated row's own time when the table's rowtime is not a data column
                t.declared_rowtime_physical().and_then(|p| values.get(p)).and_then(Value::as_millis).or(ev.rowtime)
            }
            _ => None,
        };
        all_out.extend(output.iter().cloned());
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
            proc_time_ms: proc_time,
            watermarks: notes,
            events: evs,
            output,
            state: Vec::new(),
            summary: String::new(),
        };
        if opts.trace {
            step.state = graph
                .state_rows()
                .into_iter()
                .map(|(op, rows)| crate::trace::StateSummary { op, rows, groups: Vec::new() })
                .collect();
            step.summary = summary::sentence(&step, &qt.operators, zone);
        }
        qt.steps.push(step);
    }
    if opts.end_mode != EndMode::Bounded {
        qt.materialized_unbounded = Some(materialize(&all_out));
    }
    if opts.end_mode == EndMode::Unbounded {
        qt.late_rows = graph.late_rows();
        return qt;
    }
    // end of input: sources finish in CREATE TABLE order
    let step_no = events.len() + 1;
    let proc_time = clock.at(step_no, None, catalog);
    let mut evs: Vec<Event> = Vec::new();
    let mut failure = None;
    for t in 0..catalog.tables.len() {
        for s in graph.sources_of(t) {
            let mut cx = DeliverCtx { events: if opts.trace { Some(&mut evs) } else { None }, zone, proc_time };
            if let Err(m) = graph.with_source(s, &mut cx, &mut sink, |src, ctx| {
                src.finish(ctx);
                Ok(())
            }) {
                failure = Some(m);
                break;
            }
        }
    }
    let mut output = Vec::new();
    if failure.is_none() {
        for r in sink.drain(..) {
            if let Some(err) = check_rowtime(plan, &r, opts) {
                failure = Some(err);
                break;
            }
            output.push(out_row(&r, &out_types, zone, &mut evs, opts.trace));
        }
    }
    if failure.is_none() {
        all_out.extend(output.iter().cloned());
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
        end.state = graph
            .state_rows()
            .into_iter()
            .map(|(op, rows)| crate::trace::StateSummary { op, rows, groups: Vec::new() })
            .collect();
        end.summary = summary::sentence(&end, &qt.operators, zone);
    }
    qt.end = Some(end);
    if let Some(m) = failure {
        // failed at the end of input: `end` is set too (the text prints the end-of-input line)
        qt.runtime_error = Some(ErrorInfo::from_error(&runtime_error(&m, true)));
        qt.failed_step = Some(step_no);
        qt.materialized_unbounded = None;
        qt.late_rows = graph.late_rows();
        return qt;
    }
    qt.materialized_bounded = Some(materialize(&all_out));
    qt.late_rows = graph.late_rows();
    qt
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
    let row = render(&r.row, types, zone);
    let text = format!("{}[{}]", r.kind.short(), row.join(", "));
    if trace {
        evs.push(Event::Output { kind: r.kind, row: row.clone(), lineage: r.lineage.clone() });
    }
    OutRow { kind: r.kind, row, text, lineage: r.lineage.clone() }
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

/// Runs a query without recording anything but counts (benchmarks).
/// With `trace`, every step's events are produced (and counted, then dropped) — what the
/// page's trace costs.
pub fn run_counting<'a>(
    plan: &QueryPlan,
    catalog: &Catalog,
    events: impl Iterator<Item = &'a DataEvent>,
    zone: &SessionZone,
    trace: bool,
) -> Result<Counts, Error> {
    let build = BuildOptions { per_record: true, rows_drive_source_watermark: true, trace };
    let mut peak = 0usize;
    let mut graph = Graph::build(&plan.rel, catalog, &build)?;
    let mut counts = [0u64; 4];
    let mut sink: Vec<Record> = Vec::new();
    let by_table: Vec<Vec<usize>> = (0..catalog.tables.len()).map(|t| graph.sources_of(t)).collect();
    let count = |sink: &mut Vec<Record>, counts: &mut [u64; 4]| {
        for r in sink.drain(..) {
            let k = match r.kind {
                crate::kinds::RowKind::Insert => 0,
                crate::kinds::RowKind::UpdateBefore => 1,
                crate::kinds::RowKind::UpdateAfter => 2,
                crate::kinds::RowKind::Delete => 3,
            };
            counts[k] += 1;
        }
    };
    let mut evs: Vec<Event> = Vec::new();
    let mut n_events = 0u64;
    for (i, ev) in events.enumerate() {
        let mut cx = DeliverCtx {
            events: if trace { Some(&mut evs) } else { None },
            zone,
            proc_time: PROC_CLOCK_BASE_MS + (i as i64 + 1) * 1000,
        };
        for &s in &by_table[ev.table] {
            graph.push_event(s, ev, i as u32 + 1, &mut cx, &mut sink).map_err(|m| runtime_error(&m, false))?;
        }
        count(&mut sink, &mut counts);
        n_events += evs.len() as u64;
        evs.clear();
        peak = peak.max(graph.state_rows().iter().map(|(_, r)| r).sum());
    }
    for t in 0..catalog.tables.len() {
        for &s in &by_table[t] {
            let mut cx = DeliverCtx { events: if trace { Some(&mut evs) } else { None }, zone, proc_time: 0 };
            graph
                .with_source(s, &mut cx, &mut sink, |src, ctx| {
                    src.finish(ctx);
                    Ok(())
                })
                .map_err(|m| runtime_error(&m, true))?;
        }
    }
    count(&mut sink, &mut counts);
    n_events += evs.len() as u64;
    Ok(Counts { kinds: counts, events: n_events, peak_state_rows: peak })
}

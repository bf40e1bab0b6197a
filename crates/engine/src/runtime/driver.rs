//! Driving a query's operator graph, one step at a time: the same for the traced run (the
//! page), the text run (the CLI), the counting run (benchmarks) and the state replay — so they
//! can never disagree. A step is one data event fed to every source reading its table (a table
//! read twice gets the row on each read, in FROM order); the end of input finishes the sources
//! in CREATE TABLE order, each emitting a `+inf` watermark, as the oracle drives Flink.

use crate::catalog::Catalog;
use crate::data::{Event as DataEvent, EventKind};
use crate::error::{Result, RuntimeError};
use crate::kinds::ProcClockMode;
use crate::ops::{Operator, Record};
use crate::plan::QueryPlan;
use crate::time::SessionZone;
use crate::trace::Event;

use super::clock::ProcClock;
use super::graph::{BuildOptions, DeliverCtx, Graph};

pub struct Driver<'a> {
    pub graph: Graph,
    catalog: &'a Catalog,
    zone: &'a SessionZone,
    clock: ProcClock,
    /// Per table: the sources reading it, in plan order.
    by_table: Vec<Vec<usize>>,
}

/// What feeding one step did.
pub struct Fed {
    /// The simulated processing time of the step.
    pub proc_time: i64,
    /// `wm T=…` notes of the sources whose watermark moved.
    pub notes: Vec<String>,
}

impl<'a> Driver<'a> {
    pub fn new(
        plan: &QueryPlan,
        catalog: &'a Catalog,
        build: &BuildOptions,
        clock: ProcClockMode,
        zone: &'a SessionZone,
    ) -> Result<Driver<'a>> {
        let mut graph = Graph::build(&plan.rel, catalog, build)?;
        graph.set_idle_timeout(plan.idle_timeout);
        let by_table = (0..catalog.tables.len()).map(|t| graph.sources_of(t)).collect();
        Ok(Driver { graph, catalog, zone, clock: ProcClock::new(clock), by_table })
    }

    /// The job starting (step 0): `VALUES` rows and their `+inf` watermark.
    pub fn start(
        &mut self,
        events: Option<&mut Vec<Event>>,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<i64, RuntimeError> {
        let proc_time = self.clock.at(0, None, self.catalog);
        let mut cx = DeliverCtx { events, zone: self.zone, proc_time };
        self.graph.start(&mut cx, sink)?;
        Ok(proc_time)
    }

    /// Feeds data event `ev` as step `step_no` (1-based). What reaches the root is appended to
    /// `sink`; trace events to `events` when given.
    pub fn feed(
        &mut self,
        step_no: usize,
        ev: &DataEvent,
        events: Option<&mut Vec<Event>>,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<Fed, RuntimeError> {
        let mut notes: Vec<String> = Vec::new();
        let proc_time = self.deliver(step_no, ev, events, sink, Some(&mut notes))?;
        Ok(Fed { proc_time, notes })
    }

    /// `feed` without the step's `wm T=…` notes (the benchmark loop, which prints no steps):
    /// the same elements, events and output. Returns the step's processing time.
    pub fn feed_rows(
        &mut self,
        step_no: usize,
        ev: &DataEvent,
        events: Option<&mut Vec<Event>>,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<i64, RuntimeError> {
        self.deliver(step_no, ev, events, sink, None)
    }

    fn deliver(
        &mut self,
        step_no: usize,
        ev: &DataEvent,
        mut events: Option<&mut Vec<Event>>,
        sink: &mut Vec<Record>,
        mut notes: Option<&mut Vec<String>>,
    ) -> std::result::Result<i64, RuntimeError> {
        let proc_time = self.clock.at(step_no, Some(ev), self.catalog);
        // processing-time timers due by now fire before the step's element arrives
        let mut cx = DeliverCtx { events: events.as_deref_mut(), zone: self.zone, proc_time };
        self.graph.advance_processing_time(proc_time, &mut cx, sink)?;
        let count = self.by_table.get(ev.table).map_or(0, Vec::len);
        for k in 0..count {
            let s = self.by_table[ev.table][k];
            let mut cx = DeliverCtx { events: events.as_deref_mut(), zone: self.zone, proc_time };
            if let (Some(wm), Some(notes)) =
                (self.push_event(s, ev, step_no as u32, &mut cx, sink)?, notes.as_deref_mut())
            {
                let n = self.graph.source(s).map(|src| src.note(wm)).unwrap_or_default();
                if !notes.contains(&n) {
                    notes.push(n);
                }
            }
        }
        Ok(proc_time)
    }

    fn push_event(
        &mut self,
        s: usize,
        ev: &DataEvent,
        step: u32,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<Option<i64>, RuntimeError> {
        match &ev.kind {
            EventKind::Row { kind, values } => {
                let kind = *kind;
                self.graph.with_source(s, cx, sink, |src, ctx| src.push_row(kind, values, step, ev.rowtime, ctx))
            }
            EventKind::Watermark { millis, .. } => {
                let m = *millis;
                self.graph.with_source(s, cx, sink, |src, ctx| Ok(src.push_watermark(m, ctx)))
            }
        }
    }

    /// The end of input as step `step_no`: every source finishes, tables in CREATE TABLE order.
    /// Returns the step's processing time, and the last failure (a failing table does not stop
    /// the others from finishing, as in Flink's job).
    pub fn finish(
        &mut self,
        step_no: usize,
        mut events: Option<&mut Vec<Event>>,
        sink: &mut Vec<Record>,
    ) -> (i64, Option<RuntimeError>) {
        let proc_time = self.clock.at(step_no, None, self.catalog);
        let mut failure = None;
        self.graph.ending = true;
        // the clock moves once more: processing-time timers due by now fire (later ones never do:
        // the job ends)
        let mut cx = DeliverCtx { events: events.as_deref_mut(), zone: self.zone, proc_time };
        if let Err(e) = self.graph.advance_processing_time(proc_time, &mut cx, sink) {
            return (proc_time, Some(e));
        }
        if self.graph.sources.is_empty() {
            // a job of VALUES only: its rows come out as it finishes
            let mut cx = DeliverCtx { events: events.as_deref_mut(), zone: self.zone, proc_time };
            if let Err(e) = self.graph.start(&mut cx, sink) {
                return (proc_time, Some(e));
            }
        }
        for sources in self.by_table.clone() {
            for s in sources {
                let mut cx = DeliverCtx { events: events.as_deref_mut(), zone: self.zone, proc_time };
                if let Err(e) = self.graph.with_source(s, &mut cx, sink, |src, ctx| {
                    src.finish(ctx);
                    Ok(())
                }) {
                    failure = Some(e);
                    break;
                }
            }
        }
        if failure.is_none() {
            // batch mode: what no +inf watermark released comes out as the job ends
            let mut cx = DeliverCtx { events, zone: self.zone, proc_time };
            if let Err(e) = self.graph.release_all(&mut cx, sink) {
                failure = Some(e);
            }
        }
        (proc_time, failure)
    }
}

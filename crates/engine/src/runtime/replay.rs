//! Replaying a query to a step without recording anything, to show the full operator state
//! there (the page's state pane asks for it when the user moves to a step). It feeds the same
//! elements in the same order as [`super::run_query`], with the same clock, so the state is the
//! state that run had after that step.

use crate::catalog::Catalog;
use crate::data::Event as DataEvent;
use crate::kinds::EndMode;
use crate::plan::QueryPlan;
use crate::trace::StateSummary;

use super::graph::{BuildOptions, DeliverCtx, Graph};
use super::{ProcClock, RunOptions};
use crate::ops::Record;

/// The state of every stateful operator after `steps` steps; a number past the last data step
/// includes the end of input (when the run is bounded). A failing step ends the replay there.
pub fn state_after(
    plan: &QueryPlan,
    catalog: &Catalog,
    events: &[DataEvent],
    opts: &RunOptions,
    steps: usize,
) -> Vec<StateSummary> {
    let build = BuildOptions {
        per_record: opts.per_record,
        rows_drive_source_watermark: opts.rows_drive_source_watermark,
        trace: false,
    };
    let Ok(mut graph) = Graph::build(&plan.rel, catalog, &build) else { return Vec::new() };
    let zone = &opts.zone;
    let mut sink: Vec<Record> = Vec::new();
    let mut clock = ProcClock::new(opts.proc_clock);
    for (i, ev) in events.iter().enumerate().take(steps) {
        let proc_time = clock.at(i + 1, Some(ev), catalog);
        for s in graph.sources_of(ev.table) {
            let mut cx = DeliverCtx { events: None, zone, proc_time };
            if graph.push_event(s, ev, i as u32 + 1, &mut cx, &mut sink).is_err() {
                return graph.state(zone);
            }
        }
        sink.clear();
    }
    if steps > events.len() && opts.end_mode != EndMode::Unbounded {
        let proc_time = clock.at(events.len() + 1, None, catalog);
        for t in 0..catalog.tables.len() {
            for s in graph.sources_of(t) {
                let mut cx = DeliverCtx { events: None, zone, proc_time };
                let _ = graph.with_source(s, &mut cx, &mut sink, |src, ctx| {
                    src.finish(ctx);
                    Ok(())
                });
            }
        }
    }
    graph.state(zone)
}

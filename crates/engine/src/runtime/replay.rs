//! Replaying a query to a step without recording anything, to show the full operator state
//! there (the page's state pane asks for it when the user moves to a step). It drives the
//! graph exactly as [`super::run_query`] does ([`super::Driver`]), with the same clock, so the
//! state is the state that run had after that step.

use crate::catalog::Catalog;
use crate::data::Event as DataEvent;
use crate::kinds::EndMode;
use crate::ops::Record;
use crate::plan::QueryPlan;
use crate::trace::StateSummary;

use super::graph::BuildOptions;
use super::{Driver, RunOptions};

/// The state of every stateful operator after `steps` steps. A number past the last data step
/// is the end of input (when the run is bounded); `steps` equal to the number of data steps is
/// the state right before it. A failing step ends the replay there.
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
        batch: opts.batch,
        emit_limit: opts.limits.emitted_rows,
        // the trace's operators, so that the state's operator ids are the trace's
        fuse: false,
    };
    let zone = &opts.zone;
    let Ok(mut driver) = Driver::new(plan, catalog, &build, opts.proc_clock, zone) else { return Vec::new() };
    let mut sink: Vec<Record> = Vec::new();
    // the job's start (VALUES rows), as the traced run does it: `steps` = 0 is the state after it
    if driver.graph.has_values_rows() && !driver.graph.sources.is_empty() {
        if driver.start(None, &mut sink).is_err() {
            return driver.graph.state(zone);
        }
        sink.clear();
    }
    for (i, ev) in events.iter().enumerate().take(steps) {
        if driver.feed(i + 1, ev, None, &mut sink).is_err() {
            return driver.graph.state(zone);
        }
        sink.clear();
    }
    if steps > events.len() && opts.end_mode != EndMode::Unbounded {
        let _ = driver.finish(events.len() + 1, None, &mut sink);
    }
    driver.graph.state(zone)
}

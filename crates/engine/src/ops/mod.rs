//! Operators: one file per Flink operator. Each receives records and watermarks on its inputs
//! and pushes what it emits into [`Ctx`]; the runtime ([`crate::runtime`]) carries elements
//! from an operator to its parent in the plan tree, depth first, so one step is fully
//! processed before the next begins (as the oracle's quiescence guarantees).

pub mod calc;
pub mod join_state;
pub mod multi_join;
pub mod normalize;
pub mod regular_join;
pub mod source;
pub mod ttl_queue;
pub mod window_join;
pub mod window_tvf;

use crate::kinds::RowKind;
use crate::time::{format_ts, SessionZone, Ts};
use crate::trace::{Event, Lineage, WindowRef};
use crate::types::DataType;
use crate::value::{Row, Value};

/// A changelog row travelling through the plan.
#[derive(Clone, Debug)]
pub struct Record {
    pub kind: RowKind,
    pub row: Row,
    /// Steps whose source rows this row is made of (empty when tracing is off).
    pub lineage: Lineage,
}

#[derive(Clone, Debug)]
pub enum Element {
    Record(Record),
    Watermark(i64),
}

/// What an operator may touch while it handles one element.
pub struct Ctx<'a> {
    pub out: &'a mut Vec<Element>,
    pub events: Option<&'a mut Vec<Event>>,
    pub op: usize,
    pub zone: &'a SessionZone,
    pub proc_time: i64,
}

impl<'a> Ctx<'a> {
    #[inline]
    pub fn emit(&mut self, rec: Record) {
        self.out.push(Element::Record(rec));
    }

    #[inline]
    pub fn emit_watermark(&mut self, wm: i64) {
        self.out.push(Element::Watermark(wm));
    }

    #[inline]
    pub fn tracing(&self) -> bool {
        self.events.is_some()
    }

    /// Records a trace event (the closure only runs when tracing).
    #[inline]
    pub fn event(&mut self, f: impl FnOnce() -> Event) {
        if let Some(e) = self.events.as_deref_mut() {
            e.push(f());
        }
    }
}

/// Renders a row as the CLI prints its values.
pub fn render(row: &[Value], types: &[DataType], zone: &SessionZone) -> Vec<String> {
    row.iter().enumerate().map(|(i, v)| v.render(types.get(i).unwrap_or(&DataType::string()), zone)).collect()
}

/// A window as the page labels it: `[12:20:00.000, 12:25:00.000)` on the window clock.
pub fn window_ref(start: i64, end: i64) -> WindowRef {
    WindowRef {
        start_ms: start,
        end_ms: end,
        label: format!("[{}, {})", format_ts(Ts::from_millis(start), 3), format_ts(Ts::from_millis(end), 3)),
    }
}

/// Merges two lineages (sorted, without duplicates).
pub fn merge_lineage(a: &Lineage, b: &Lineage) -> Lineage {
    let mut v = a.clone();
    for x in b {
        if !v.contains(x) {
            v.push(*x);
        }
    }
    v.sort_unstable();
    v
}

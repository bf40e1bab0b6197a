//! Batch mode's blocking operators. Flink's batch planner runs a join as a hash or sort-merge
//! join, an aggregation as a hash or sort aggregate, a Top-N after a sort: each reads all of its
//! input before it emits, and emits only final rows (`+I`). JoinLab runs the streaming operator
//! and holds what it emits: the held rows are its changelog applied to a multiset (a `+I` adds
//! a row, a `-U` / `-D` takes one away), released as `+I` rows when the operator's `+inf`
//! watermark comes (the end of its input), before that watermark goes on; what never saw one is
//! released when the job ends. With insert-only sources and no watermark before the end (the
//! sources of a batch job emit none), the streaming operator's final rows are the batch
//! operator's result: nothing is late, no state expires, every window fires at the end.
//!
//! Pipelined operators pass rows on at once, as Flink's batch Calc, Correlate and LookupJoin
//! do (the oracle shows their rows at the step that read them): a source, a projection or
//! filter, a window table function, UNNEST of a column, a lookup join, Expand. UNION ALL's rows come at
//! the end (as the oracle shows them).

use rustc_hash::FxHashMap;

use crate::kinds::RowKind;
use crate::ops::{Element, Record};
use crate::value::Row;

use super::OpNode;

/// Whether `op` reads all of its input before it emits, in batch mode.
pub fn is_blocking(op: &OpNode) -> bool {
    match op {
        OpNode::Source(_)
        | OpNode::Values(_)
        | OpNode::Normalize(_)
        | OpNode::Calc(_)
        | OpNode::WindowTvf(_)
        | OpNode::LookupJoin(_)
        // Confluent's search functions are lookups: "supported in both streaming and batch
        // mode, including snapshot queries" (seed 001)
        | OpNode::Search(_)
        | OpNode::Expand(_) => false,
        // (the oracle shows UNION ALL's rows at the end of input in batch mode)
        OpNode::Union(_) => true,
        // a constant collection is joined by a nested-loop join over VALUES (oracle: batch)
        OpNode::Correlate(c) => !c.reads_input(),
        OpNode::WindowJoin(_)
        | OpNode::IntervalJoin(_)
        | OpNode::TemporalJoin(_)
        | OpNode::RegularJoin(_)
        | OpNode::MultiJoin(_)
        | OpNode::GroupAggregate(_)
        | OpNode::Ptf(_)
        | OpNode::Rank(_)
        | OpNode::Deduplicate(_)
        | OpNode::WindowAggregate(_)
        | OpNode::WindowRank(_)
        | OpNode::WindowDeduplicate(_) => true,
    }
}

/// The rows a blocking operator emitted so far, as a multiset in first-emitted order.
#[derive(Default)]
pub struct Held {
    rows: Vec<(Row, usize, Vec<u32>)>,
    index: FxHashMap<Row, usize>,
    /// Released (its `+inf` watermark went on).
    pub released: bool,
}

impl Held {
    /// Applies one emitted record.
    pub fn apply(&mut self, r: Record) {
        match r.kind {
            RowKind::Insert | RowKind::UpdateAfter => match self.index.get(&r.row) {
                Some(&i) => self.rows[i].1 += 1,
                None => {
                    self.index.insert(r.row.clone(), self.rows.len());
                    self.rows.push((r.row, 1, r.lineage));
                }
            },
            RowKind::UpdateBefore | RowKind::Delete => {
                if let Some(&i) = self.index.get(&r.row) {
                    self.rows[i].1 = self.rows[i].1.saturating_sub(1);
                }
            }
        }
    }

    /// Distinct rows held (what the memory holds).
    pub fn distinct(&self) -> usize {
        self.rows.len()
    }

    pub fn rows(&self) -> usize {
        self.rows.iter().map(|r| r.1).sum()
    }

    /// The held rows as `+I` records (`empty`: the row a global aggregation gives an empty input),
    /// then the `+inf` watermark; at most `limit` records (past the emitted-rows limit the sink
    /// stops the job at the first record it cannot take: the rest would only fill memory).
    pub fn release(&mut self, empty: Option<Row>, limit: usize) -> Vec<Element> {
        self.released = true;
        let mut out = Vec::new();
        if let (Some(row), 0) = (empty, self.rows()) {
            out.push(Element::Record(Record { kind: RowKind::Insert, row, lineage: Vec::new() }));
        }
        for (row, n, lineage) in self.rows.drain(..) {
            for _ in 0..n.min(limit.saturating_add(1).saturating_sub(out.len())) {
                out.push(Element::Record(Record { kind: RowKind::Insert, row: row.clone(), lineage: lineage.clone() }));
            }
        }
        self.index.clear();
        out.push(Element::Watermark(i64::MAX));
        out
    }
}

//! The operator graph of one query: one operator per plan node, each knowing its parent and
//! which input of the parent it feeds. The plan is a tree, so delivering an element is a
//! depth-first walk towards the sink. Building the graph is the one place that matches every
//! plan node; everything after that reaches the operators through [`Operator`].

use crate::catalog::Catalog;
use crate::data::{Event as DataEvent, EventKind};
use crate::error::Result;
use crate::error::RuntimeError;
use crate::kinds::OpKind;
use crate::ops::aggregate::accumulators::CallSpec;
use crate::ops::calc::CalcOp;
use crate::ops::correlate::CorrelateOp;
use crate::ops::deduplicate::{DedupKind, DeduplicateOp, DeduplicateSpec};
use crate::ops::expand::ExpandOp;
use crate::ops::group_aggregate::{GroupAggregateOp, GroupAggregateSpec};
use crate::ops::interval_join::{IntervalJoinOp, IntervalJoinSpec};
use crate::ops::lookup_join::{LookupJoinOp, LookupJoinSpec};
use crate::ops::multi_join::{MultiJoinOp, MultiJoinSpec};
use crate::ops::normalize::NormalizeOp;
use crate::ops::rank::RankRange as OpRankRange;
use crate::ops::rank::{RankFunction, RankOp, RankSpec};
use crate::ops::regular_join::{RegularJoinOp, RegularJoinSpec};
use crate::ops::sort_key::SortKey;
use crate::ops::source::SourceOp;
use crate::ops::temporal_join::{TemporalJoinOp, TemporalJoinSpec};
use crate::ops::union::UnionOp;
use crate::ops::values::ValuesOp;
use crate::ops::window_aggregate::{WindowAggregateOp, WindowAggregateSpec, WindowProp as OpWindowProp, WindowTime};
use crate::ops::window_deduplicate::{WindowDeduplicateOp, WindowDeduplicateSpec};
use crate::ops::window_join::{WindowJoinOp, WindowJoinSpec};
use crate::ops::window_rank::{WindowRankOp, WindowRankSpec};
use crate::ops::window_tvf::WindowTvfOp;
use crate::ops::{Ctx, Element, Operator, Record};
use crate::plan::rel::{RankKind, RankNumber, RankRange as PlanRankRange, RankStrategy};
use crate::plan::{Node, Rel};
use crate::trace::{
    AggCallInfo, AggregateInfo, DedupInfo, IntervalInfo, OperatorInfo, RankInfo, StateSummary, TemporalInfo,
};
use crate::types::TimeAttr;

/// One operator of the graph (an enum, so that delivering an element is a static call; the
/// operators stay unboxed, since every element reaches them).
#[allow(clippy::large_enum_variant)]
pub enum OpNode {
    Source(SourceOp),
    Values(ValuesOp),
    Normalize(NormalizeOp),
    Calc(CalcOp),
    WindowTvf(WindowTvfOp),
    WindowJoin(WindowJoinOp),
    IntervalJoin(IntervalJoinOp),
    TemporalJoin(TemporalJoinOp),
    LookupJoin(LookupJoinOp),
    Search(crate::ops::search::SearchOp),
    RegularJoin(RegularJoinOp),
    MultiJoin(MultiJoinOp),
    GroupAggregate(GroupAggregateOp),
    Expand(ExpandOp),
    Correlate(CorrelateOp),
    Ptf(crate::ops::ptf::PtfOp),
    Union(UnionOp),
    Rank(RankOp),
    Deduplicate(DeduplicateOp),
    WindowAggregate(WindowAggregateOp),
    WindowRank(WindowRankOp),
    WindowDeduplicate(WindowDeduplicateOp),
}

/// Runs `$body` with `$o` bound to the operator inside an [`OpNode`].
macro_rules! with_op {
    ($node:expr, $o:ident => $body:expr) => {
        match $node {
            OpNode::Source($o) => $body,
            OpNode::Values($o) => $body,
            OpNode::Normalize($o) => $body,
            OpNode::Calc($o) => $body,
            OpNode::WindowTvf($o) => $body,
            OpNode::WindowJoin($o) => $body,
            OpNode::IntervalJoin($o) => $body,
            OpNode::TemporalJoin($o) => $body,
            OpNode::LookupJoin($o) => $body,
            OpNode::Search($o) => $body,
            OpNode::RegularJoin($o) => $body,
            OpNode::MultiJoin($o) => $body,
            OpNode::GroupAggregate($o) => $body,
            OpNode::Expand($o) => $body,
            OpNode::Correlate($o) => $body,
            OpNode::Ptf($o) => $body,
            OpNode::Union($o) => $body,
            OpNode::Rank($o) => $body,
            OpNode::Deduplicate($o) => $body,
            OpNode::WindowAggregate($o) => $body,
            OpNode::WindowRank($o) => $body,
            OpNode::WindowDeduplicate($o) => $body,
        }
    };
}

pub struct Graph {
    pub ops: Vec<OpNode>,
    /// (parent op, input index of the parent); None for the root (the sink follows it).
    pub parent: Vec<Option<(usize, usize)>>,
    pub infos: Vec<OperatorInfo>,
    /// Source operators, in plan order.
    pub sources: Vec<usize>,
    bufs: Vec<Vec<Element>>,
    /// A node the graph cannot run yet.
    unsupported: Option<String>,
    /// Batch mode: what each blocking operator emitted so far (None: it passes rows on).
    held: Vec<Option<blocking::Held>>,
    /// The input has ended (the sources are finishing): batch mode shows everything again.
    pub ending: bool,
    /// `joinlab.limit.emitted-rows` ([`crate::limits`]): rows the sink may receive, and rows
    /// one operator (or a batch operator's held result) may hold at once.
    emit_limit: u64,
    /// Rows the sink received so far.
    emitted: u64,
    /// The operators with processing-time timers (worked out at the first clock move, after the
    /// idle timeout is set: what they answer never changes during a run).
    timed: Option<Vec<usize>>,
    /// Per operator: where its watermarks and idleness go when nothing is traced — the parent,
    /// past the one-input operators that only pass them on (a Calc, a window TVF).
    pub wm_parent: Vec<Option<(usize, usize)>>,
    /// The operators that hold state (whether one does is fixed by its kind).
    stateful: Vec<usize>,
    /// The events of what is delivered are counted, not made ([`Ctx::count_only`]): a replay's
    /// steps before the ones it keeps.
    pub count_only: bool,
}

pub struct BuildOptions {
    pub per_record: bool,
    pub rows_drive_source_watermark: bool,
    /// The run records a trace (operators keep lineage in their state).
    pub trace: bool,
    /// Batch mode: sources emit no watermark before the end, blocking operators hold their
    /// rows until their input ends ([`blocking`]).
    pub batch: bool,
    /// `joinlab.limit.emitted-rows` ([`crate::limits`]; `u64::MAX`: none).
    pub emit_limit: u64,
    /// A plain projection over an interval or temporal join may be done by the join (untraced
    /// runs whose operators nothing names: the text output, the benchmarks). Off for a trace and
    /// for a replay of the state at a step, whose operators must be the trace's.
    pub fuse: bool,
}

pub mod blocking;
mod build;

impl Graph {
    /// Delivers one element to an operator and everything it emits towards the sink; the
    /// sink's records are appended to `sink`.
    pub fn deliver(
        &mut self,
        op: usize,
        input: usize,
        el: Element,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        let mut out = std::mem::take(&mut self.bufs[op]);
        // batch mode: a blocking operator's work while the input is read is not shown (its
        // streaming changes are not what a batch operator does); its state is
        let mut quiet: Vec<crate::trace::Event> = Vec::new();
        let hidden = !self.ending && cx.events.is_some() && self.held.get(op).is_some_and(|h| h.is_some());
        let limit = self.out_limit();
        {
            let events = if hidden { Some(&mut quiet) } else { cx.events.as_deref_mut() };
            let mut ctx =
                Ctx { limit, count_only: self.count_only, ..Ctx::new(&mut out, events, op, cx.zone, cx.proc_time) };
            with_op!(&mut self.ops[op], o => match el {
                Element::Record(r) => o.on_record(input, r, &mut ctx)?,
                Element::Watermark(w) => o.on_watermark(input, w, &mut ctx)?,
                Element::Idle(b) => o.on_idle(input, b, &mut ctx)?,
            });
            self.overflowed(op, ctx.overflow)?;
        }
        self.forward(op, &mut out, cx, sink)?;
        self.bufs[op] = out;
        Ok(())
    }

    /// Sends what `op` emitted to its parent (or the sink); a held operator's rows are kept.
    pub fn forward(
        &mut self,
        op: usize,
        out: &mut Vec<Element>,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        let mut release = false;
        if let Some(h) = self.held.get_mut(op).and_then(|h| h.as_mut()).filter(|h| !h.released) {
            for e in out.drain(..) {
                match e {
                    Element::Record(r) => {
                        h.apply(r);
                        if h.distinct() as u64 > self.emit_limit {
                            let label = self.op_name(op);
                            return Err(crate::limits::runtime_error(
                                "emitted-rows",
                                self.emit_limit,
                                &format!(
                                    "the {} would hold more than {} rows for its batch result",
                                    label,
                                    crate::limits::grouped(self.emit_limit)
                                ),
                            ));
                        }
                    }
                    Element::Watermark(i64::MAX) => release = true,
                    // no watermark below +inf in batch mode; idleness has nothing to tell
                    Element::Watermark(_) | Element::Idle(_) => {}
                }
            }
            if release {
                return self.release(op, cx, sink);
            }
            return Ok(());
        }
        self.send(op, out, cx, sink)
    }

    /// Batch mode: releases a blocking operator's held rows (as `+I`, then `+inf`).
    fn release(
        &mut self,
        op: usize,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        let empty = match &self.ops[op] {
            OpNode::GroupAggregate(g) => g.empty_input_row(),
            _ => None,
        };
        if self.held.get(op).and_then(|h| h.as_ref()).is_some_and(|h| !h.released) {
            let in_arrival_order = !self.blocking_below(op);
            match &self.ops[op] {
                OpNode::Rank(r) => r.batch_ties(in_arrival_order)?,
                OpNode::WindowRank(r) => r.batch_ties(in_arrival_order)?,
                _ => {}
            }
        }
        let Some(h) = self.held.get_mut(op).and_then(|h| h.as_mut()).filter(|h| !h.released) else { return Ok(()) };
        let mut out = h.release(empty, crate::limits::Limits::at_most(self.emit_limit));
        self.send(op, &mut out, cx, sink)
    }

    /// Batch mode, the job ending: the blocking operators that did not see their input end
    /// release their rows, inputs before the operators they feed.
    pub fn release_all(
        &mut self,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        // an operator's inputs were built after it: higher ids first
        for op in (0..self.ops.len()).rev() {
            self.release(op, cx, sink)?;
        }
        Ok(())
    }

    /// Batch mode: whether a blocking operator feeds `op` (its rows then come in that
    /// operator's order, not as they arrived).
    fn blocking_below(&self, op: usize) -> bool {
        (0..self.ops.len()).any(|o| {
            self.parent.get(o).copied().flatten().is_some_and(|(p, _)| p == op)
                && (self.held.get(o).is_some_and(|h| h.is_some()) || self.blocking_below(o))
        })
    }

    /// Batch mode: the first blocking operator above `op` (or `op` itself), if any.
    pub fn held_above(&self, op: usize) -> Option<usize> {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if self.held.get(o).is_some_and(|h| h.is_some()) {
                return Some(o);
            }
            cur = self.parent.get(o).copied().flatten().map(|(p, _)| p);
        }
        None
    }

    fn send(
        &mut self,
        op: usize,
        out: &mut Vec<Element>,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        let untraced = cx.events.is_none();
        for e in out.drain(..) {
            let to = match e {
                Element::Watermark(_) | Element::Idle(_) if untraced => self.wm_parent[op],
                _ => self.parent[op],
            };
            match to {
                Some((p, i)) => self.deliver(p, i, e, cx, sink)?,
                None => {
                    if let Element::Record(r) = e {
                        self.emitted += 1;
                        if self.emitted > self.emit_limit {
                            return Err(crate::limits::runtime_error(
                                "emitted-rows",
                                self.emit_limit,
                                &format!(
                                    "this query would emit more than {} rows",
                                    crate::limits::grouped(self.emit_limit)
                                ),
                            ));
                        }
                        sink.push(r);
                    }
                }
            }
        }
        Ok(())
    }

    /// An operator's name as Flink's plan gives it (`WindowJoin`, `Join`).
    fn op_name(&self, op: usize) -> String {
        self.infos.get(op).map(|i| i.label.split('(').next().unwrap_or("").to_string()).unwrap_or_default()
    }

    /// How many records one operator may emit at once ([`Ctx::limit`]).
    fn out_limit(&self) -> usize {
        crate::limits::Limits::at_most(self.emit_limit)
    }

    /// The limit's error when operator `op` emitted more than [`Graph::out_limit`] records at once
    /// (checked after every element: the check inlined, the error out of line).
    #[inline]
    fn overflowed(&self, op: usize, overflow: bool) -> std::result::Result<(), RuntimeError> {
        if !overflow {
            return Ok(());
        }
        self.overflow_error(op)
    }

    #[cold]
    fn overflow_error(&self, op: usize) -> std::result::Result<(), RuntimeError> {
        let label = self.op_name(op);
        Err(crate::limits::runtime_error(
            "emitted-rows",
            self.emit_limit,
            &format!("the {} would emit more than {} rows at one step", label, crate::limits::grouped(self.emit_limit)),
        ))
    }

    /// Whether a `VALUES` of the plan has rows to emit when the job starts.
    pub fn has_values_rows(&self) -> bool {
        self.ops.iter().any(|o| matches!(o, OpNode::Values(v) if v.has_rows()))
    }

    /// The job starting: every operator's `start` (the `VALUES` ones emit), what they emit goes
    /// on towards the sink.
    pub fn start(&mut self, cx: &mut DeliverCtx, sink: &mut Vec<Record>) -> std::result::Result<(), RuntimeError> {
        for op in 0..self.ops.len() {
            if !matches!(self.ops[op], OpNode::Values(_)) {
                continue;
            }
            self.run_on(op, cx, sink, |node, ctx| {
                with_op!(node, o => o.start(ctx));
                Ok(())
            })?;
        }
        Ok(())
    }

    /// `table.exec.source.idle-timeout`: every source goes idle after that long without rows.
    pub fn set_idle_timeout(&mut self, ms: i64) {
        if ms <= 0 {
            return;
        }
        self.timed = None;
        for &s in &self.sources {
            if let OpNode::Source(src) = &mut self.ops[s] {
                src.set_idle_timeout(ms);
            }
        }
    }

    /// Tells the operators with processing-time timers that the simulated clock moved to `now`;
    /// what they emit goes on towards the sink.
    pub fn advance_processing_time(
        &mut self,
        now: i64,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
    ) -> std::result::Result<(), RuntimeError> {
        if self.timed.as_ref().is_some_and(Vec::is_empty) {
            return Ok(());
        }
        let timed = match self.timed.take() {
            Some(t) => t,
            None => (0..self.ops.len()).filter(|&op| with_op!(&self.ops[op], o => o.wants_processing_time())).collect(),
        };
        let mut r = Ok(());
        for &op in &timed {
            r = self.run_on(op, cx, sink, |node, ctx| with_op!(node, o => o.on_processing_time(now, ctx)));
            if r.is_err() {
                break;
            }
        }
        self.timed = Some(timed);
        r
    }

    /// Runs a closure on a source operator with a fresh output buffer, then forwards.
    pub fn with_source<T>(
        &mut self,
        op: usize,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
        f: impl FnOnce(&mut SourceOp, &mut Ctx) -> std::result::Result<T, RuntimeError>,
    ) -> std::result::Result<T, RuntimeError> {
        self.run_on(op, cx, sink, |node, ctx| match node {
            OpNode::Source(s) => f(s, ctx),
            _ => Err(RuntimeError::new("not a source")),
        })
    }

    /// Runs `f` on operator `op` with a fresh output buffer (held to the emitted-rows limit),
    /// then forwards what it emitted.
    fn run_on<T>(
        &mut self,
        op: usize,
        cx: &mut DeliverCtx,
        sink: &mut Vec<Record>,
        f: impl FnOnce(&mut OpNode, &mut Ctx) -> std::result::Result<T, RuntimeError>,
    ) -> std::result::Result<T, RuntimeError> {
        let mut out = std::mem::take(&mut self.bufs[op]);
        let limit = self.out_limit();
        let r = {
            let events = cx.events.as_deref_mut();
            let mut ctx =
                Ctx { limit, count_only: self.count_only, ..Ctx::new(&mut out, events, op, cx.zone, cx.proc_time) };
            let r = f(&mut self.ops[op], &mut ctx)?;
            self.overflowed(op, ctx.overflow)?;
            r
        };
        self.forward(op, &mut out, cx, sink)?;
        self.bufs[op] = out;
        Ok(r)
    }

    /// The source operators that read `table`, in plan order (FROM order). A table read twice
    /// (a self-join; one reused source in Flink's plan) gets each row delivered to its reads one
    /// after the other. In Flink the two paths race between tasks, and the oracle's changelog
    /// for such a step differs from run to run; only the final result is fixed
    /// (tests/divergences/self_join_fan_out.sql).
    pub fn sources_of(&self, table: usize) -> Vec<usize> {
        self.sources.iter().copied().filter(|&s| self.source(s).map(|x| x.table) == Some(table)).collect()
    }

    /// Feeds one data event (a row, or an `@watermark` line) to source `s` and everything
    /// downstream; returns the watermark the source moved to, if it moved.
    pub fn push_event(
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
                self.with_source(s, cx, sink, |src, ctx| src.push_row(kind, values, step, ev.rowtime, ctx))
            }
            EventKind::Watermark { millis, .. } => {
                let m = *millis;
                self.with_source(s, cx, sink, |src, ctx| Ok(src.push_watermark(m, ctx)))
            }
        }
    }

    pub fn source(&self, op: usize) -> Option<&SourceOp> {
        match &self.ops[op] {
            OpNode::Source(s) => Some(s),
            _ => None,
        }
    }

    /// Full state of every stateful operator.
    pub fn state(&self, zone: &crate::time::SessionZone) -> Vec<StateSummary> {
        self.ops.iter().enumerate().filter_map(|(i, op)| with_op!(op, o => o.state(i, zone))).collect()
    }

    /// Rows held per stateful operator (cheap).
    pub fn state_rows(&self) -> Vec<(usize, usize)> {
        self.ops.iter().enumerate().filter_map(|(i, op)| with_op!(op, o => o.state_rows()).map(|n| (i, n))).collect()
    }

    /// Rows held by all operators together (what `state_rows` sums, without a list).
    pub fn total_state_rows(&self) -> usize {
        self.stateful.iter().filter_map(|&op| with_op!(&self.ops[op], o => o.state_rows())).sum()
    }

    /// Late rows dropped per operator (of the operators that drop late rows).
    pub fn late_rows(&self) -> Vec<(usize, u64)> {
        self.ops.iter().enumerate().filter_map(|(i, op)| with_op!(op, o => o.late_rows()).map(|n| (i, n))).collect()
    }
}

/// What delivering needs besides the graph.
pub struct DeliverCtx<'a> {
    pub events: Option<&'a mut Vec<crate::trace::Event>>,
    pub zone: &'a crate::time::SessionZone,
    pub proc_time: i64,
}

//! Window Top-N (Flink's `WindowRank`, NOTES §2): `ROW_NUMBER() OVER (PARTITION BY
//! window_start, window_end [, keys] ORDER BY …)` filtered to a constant rank range, over an
//! input that carries its windows (a window TVF, aggregation, join or deduplication). Rows are
//! buffered per (key, window); when the watermark passes the first buffered window's trigger
//! time the buffer is flushed into each window's sorted rows (keeping, per flush, only rows that
//! can still rank within `rank_end`) and every flushed window gets its timer; a window fires at
//! `T(window_end)` (`window_end - 1 ms`, on the session zone's clock for TIMESTAMP_LTZ windows)
//! and emits its rows ranked `rank_start..=rank_end`, in rank order.
//!
//! ```text
//!  row ──► fired(window_end)? ──► dropped (late counter +1)
//!      └─► buffer[key, window]
//!  wm  ──► first buffered window fired? ──► flush: sort each batch (ties: arrival), merge into
//!          the window's rows, timer (key, window)
//!      ──► timers ≤ wm: rows ranked 1, 2, … → +I[row (, rn)] for rank_start ≤ rank ≤ rank_end;
//!          free the window ──► forward wm
//! ```
//!
//! The flush is not gated by a schedule (unlike the window aggregation, NOTES §1.7) and timers
//! are registered unconditionally, so no window is lost. Ties rank by arrival; rows of windows
//! with the same trigger time come in timer registration order.
//!
//! # Emits
//! `+I` of each row ranked within the range (input row as it is, `rn` BIGINT appended when
//! selected), when its window fires.
//! # Retracts
//! Never; a `-U`/`-D` input row fails the job at the flush
//! (`Window rank does not support input RowKind: …`).
//! # State
//! Kept: rows buffered per (key, window) until the flush, then the window's candidate rows in
//! sort order. Freed: when the window fires.
//! # Watermark out
//! Its input's, forwarded after the windows it makes due have fired.
//! # Trace events
//! `state_insert` (a row buffered), `late_drop`, `window_fire`, `emit`, `state_expire` (cause
//! `window_fired`), `watermark`.
//! # Flink class
//! `WindowAggOperator` with `SyncStateWindowRankProcessor` and `TopNRecordsCombiner`
//! (`StreamExecWindowRank`).
//! # Scenarios
//! `window_topn_tvf`, `window_topn_over_agg`, `window_agg_ltz_flush_loss` query 4 (the unit
//! tests below).

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::time::window::WindowSpec;
use crate::time::SessionZone;
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::sort_key::{insertion_point, SortKey};
use super::window_buffer::WindowInput;
use super::{render, Ctx, Operator, Record};

pub struct WindowRankSpec {
    pub window: WindowSpec,
    /// The input's `window_end` column (local clock).
    pub end_col: usize,
    /// Windows on the session zone's clock (TIMESTAMP_LTZ time attribute).
    pub ltz: bool,
    /// Partition keys besides the window.
    pub partition: Vec<usize>,
    pub order: Vec<SortKey>,
    pub rank_start: i64,
    pub rank_end: i64,
    /// Appends the rank (`rn` BIGINT) to each row.
    pub with_rn: bool,
    pub in_types: Vec<DataType>,
    pub out_types: Vec<DataType>,
}

/// A window's candidate rows, sorted (ties in arrival order).
struct Ranked {
    rows: Vec<(Row, Lineage)>,
    seq: u64,
}

pub struct WindowRankOp {
    s: WindowRankSpec,
    input: WindowInput,
    state: FxHashMap<(Row, i64), Ranked>,
    held: usize,
    seq: u64,
    /// Batch mode: every input row, to find ties Flink's sort decides (`batch_ties`).
    ties: Option<super::batch_ties::TieWatch>,
}

impl WindowRankOp {
    /// Batch mode: watch for ties Flink's batch sort decides (see `batch_ties`).
    pub fn set_batch(&mut self) {
        self.ties = Some(super::batch_ties::TieWatch::default());
    }

    /// Batch mode, the input ended: "not supported yet" if the kept rows depend on a tie.
    pub fn batch_ties(&self, in_arrival_order: bool) -> Result<(), RuntimeError> {
        match &self.ties {
            Some(w) => {
                w.check(&self.s.order, self.s.rank_start, self.s.with_rn || self.s.rank_start > 1, in_arrival_order)
            }
            None => Ok(()),
        }
    }

    pub fn new(spec: WindowRankSpec) -> WindowRankOp {
        WindowRankOp {
            input: WindowInput::new(spec.window, spec.end_col, spec.ltz, spec.partition.clone(), spec.in_types.clone()),
            s: spec,
            state: FxHashMap::default(),
            held: 0,
            seq: 0,
            ties: None,
        }
    }

    fn key_types(&self) -> Vec<DataType> {
        self.input.key_types()
    }

    fn window(&self, end: i64) -> crate::trace::WindowRef {
        self.input.window(end)
    }

    /// `TopNRecordsCombiner.combine` for every buffered (key, window).
    fn flush(&mut self, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let top = usize::try_from(self.s.rank_end.max(0)).unwrap_or(usize::MAX);
        let order = self.s.order.clone();
        for (key, end, rows) in self.input.buffer.take() {
            // this batch sorted, keeping a row only while it can rank within rank_end
            let mut batch: Vec<(Row, Lineage)> = Vec::new();
            for b in rows {
                if let Some(w) = &mut self.ties {
                    let mut part = key.clone();
                    part.push(crate::value::Value::BigInt(end));
                    w.add(&part, &b.row, self.s.rank_end);
                }
                if !b.kind.is_accumulate() {
                    return Err(RuntimeError::java(
                        "java.lang.UnsupportedOperationException",
                        format!("Window rank does not support input RowKind: {}", b.kind.short()),
                    ));
                }
                let keep = match batch.last() {
                    None => true,
                    Some((worst, _)) => {
                        super::sort_key::compare_rows(&order, &b.row, worst) == std::cmp::Ordering::Less
                            || batch.len() < top
                    }
                };
                if keep {
                    let at = insertion_point(&order, &batch, &b.row, |r| &r.0);
                    batch.insert(at, (b.row, b.lineage));
                }
            }
            let ranked = match self.state.entry((key.clone(), end)) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    self.seq += 1;
                    e.insert(Ranked { rows: Vec::new(), seq: self.seq })
                }
            };
            self.held += batch.len();
            for r in batch {
                let at = insertion_point(&order, &ranked.rows, &r.0, |x| &x.0);
                ranked.rows.insert(at, r);
            }
            let t = self.input.clock.trigger(end, cx.zone);
            self.input.timers.register(&key, end, t);
        }
        Ok(())
    }

    /// `fireWindow` + `clearWindow`.
    fn fire(&mut self, key: Row, end: i64, cx: &mut Ctx) {
        let Some(ranked) = self.state.remove(&(key.clone(), end)) else { return };
        self.held -= ranked.rows.len();
        let tracing = cx.tracing();
        let key_text = if tracing { render(&key, &self.key_types(), cx.zone) } else { Vec::new() };
        if tracing {
            let (op, wm, n, window, key) =
                (cx.op, self.input.watermarks.current(), ranked.rows.len(), self.window(end), key_text.clone());
            cx.event(|| Event::WindowFire { op, window, key, left_rows: n, right_rows: 0, watermark_ms: wm });
        }
        let n = ranked.rows.len();
        for (i, (mut row, lineage)) in ranked.rows.into_iter().enumerate() {
            let rank = i as i64 + 1;
            if rank > self.s.rank_end {
                break;
            }
            if rank < self.s.rank_start {
                continue;
            }
            if self.s.with_rn {
                row.push(Value::BigInt(rank));
            }
            if tracing {
                let text = render(&row, &self.s.out_types, cx.zone);
                let (op, lin) = (cx.op, lineage.clone());
                cx.event(|| Event::Emit { op, kind: RowKind::Insert, row: text, lineage: lin });
            }
            cx.emit(Record { kind: RowKind::Insert, row, lineage });
        }
        if tracing {
            let (op, window) = (cx.op, self.window(end));
            let reason = format!("window {} fired", window.label);
            cx.event(|| Event::StateExpire {
                op,
                side: "ranked".into(),
                key: key_text,
                window: Some(window),
                rows: n,
                cause: ExpireCause::WindowFired,
                reason,
            });
        }
    }
}

impl Operator for WindowRankOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        self.input.record(rec, cx)
    }

    fn on_watermark(&mut self, _input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let Some((wm, flush)) = self.input.advance(wm, cx) else { return Ok(()) };
        if flush {
            self.flush(cx)?;
        }
        while let Some((_, key, end)) = self.input.timers.pop_due(wm) {
            self.fire(key, end, cx);
        }
        self.input.watermarks.emit(cx);
        Ok(())
    }

    fn late_rows(&self) -> Option<u64> {
        Some(self.input.late)
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.input.buffer.items + self.held)
    }

    /// Buffered rows per (key, window), then each window's candidate rows in sort order.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let kt = self.key_types();
        let mut groups = Vec::new();
        let mut rows = 0;
        for (key, end, items) in self.input.buffer.iter() {
            rows += items.len();
            groups.push(StateGroup {
                side: "buffer".into(),
                key: render(key, &kt, zone),
                window: Some(self.window(*end)),
                rows: items.iter().map(|b| render(&b.row, &self.s.in_types, zone)).collect(),
                row_notes: vec![String::new(); items.len()],
            });
        }
        let mut windows: Vec<(&(Row, i64), &Ranked)> = self.state.iter().collect();
        crate::sort::sort_by_key(&mut windows, |(_, r)| r.seq);
        for ((key, end), r) in windows {
            rows += r.rows.len();
            groups.push(StateGroup {
                side: "ranked".into(),
                key: render(key, &kt, zone),
                window: Some(self.window(*end)),
                rows: r.rows.iter().map(|(x, _)| render(x, &self.s.in_types, zone)).collect(),
                row_notes: (1..=r.rows.len())
                    .map(|i| {
                        let i = i as i64;
                        if i >= self.s.rank_start && i <= self.s.rank_end {
                            format!("rank {}", i)
                        } else {
                            String::new()
                        }
                    })
                    .collect(),
            });
        }
        Some(StateSummary { op, rows, groups })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::window_aggregate::testing::*;
    use crate::ops::window_aggregate::{WindowAggregateOp, WindowAggregateSpec, WindowProp, WindowTime};
    use crate::ops::window_tvf::WindowTvfOp;

    const Z: &str = "UTC";

    /// t(k STRING, item STRING, price INT, ts TIMESTAMP(3))
    fn t_types() -> Vec<DataType> {
        vec![string(), string(), int_t(), ts_t()]
    }

    /// What the TVF appends: window_start, window_end, window_time.
    fn tvf_types(mut t: Vec<DataType>) -> Vec<DataType> {
        t.extend([ts_nn(), ts_nn(), ts_nn().with_time_attr(crate::types::TimeAttr::Rowtime)]);
        t
    }

    /// TUMBLE / HOP over t, then the window Top-N (the TVF stays a node of its own).
    fn topn(
        window: WindowSpec,
        partition: Vec<usize>,
        order: Vec<SortKey>,
        range: (i64, i64),
        with_rn: bool,
        select: Vec<usize>,
    ) -> Pipe {
        let tt = tvf_types(t_types());
        let mut out = tt.clone();
        if with_rn {
            out.push(bigint_nn());
        }
        let rank = WindowRankOp::new(WindowRankSpec {
            window,
            end_col: 5,
            ltz: false,
            partition,
            order,
            rank_start: range.0,
            rank_end: range.1,
            with_rn,
            in_types: tt.clone(),
            out_types: out.clone(),
        });
        Pipe::new(Z).then(WindowTvfOp::new(window, 3, false, t_types()), tt, None).then(rank, out, Some(select))
    }

    /// The data of window_topn_tvf.sql, one step each: (row, watermark).
    fn data() -> Vec<(Vec<Value>, Option<&'static str>)> {
        let r = |k: &str, i: &str, p: Option<i32>, t: &str| vec![s(k), s(i), p.map(int).unwrap_or(Value::Null), ts(t)];
        vec![
            (r("a", "i1", Some(10), "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")),
            (r("b", "i2", Some(30), "2024-01-01 00:00:02"), Some("2024-01-01 00:00:02")),
            (r("a", "i3", Some(20), "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
            (r("b", "i4", Some(20), "2024-01-01 00:00:04"), Some("2024-01-01 00:00:04")),
            (r("a", "i5", Some(30), "2024-01-01 00:00:05"), Some("2024-01-01 00:00:05")),
            (r("a", "i6", Some(5), "2024-01-01 00:00:11"), Some("2024-01-01 00:00:11")),
            (r("b", "i7", Some(40), "2024-01-01 00:00:06"), None),
            (r("a", "i8", None, "2024-01-01 00:00:12"), Some("2024-01-01 00:00:12")),
            (r("a", "i9", Some(7), "2024-01-01 00:00:13"), Some("2024-01-01 00:00:13")),
            (r("b", "i10", Some(50), "2024-01-01 00:00:21"), Some("2024-01-01 00:00:21")),
        ]
    }

    /// Runs every step and the end of input; returns the rows of each step (index 10: the end).
    fn run(p: &mut Pipe) -> Vec<Vec<String>> {
        let mut v: Vec<Vec<String>> = data().into_iter().map(|(row, wm)| p.ins(row, wm)).collect();
        v.push(p.end());
        v
    }

    fn only(got: &[Vec<String>], steps: &[usize]) {
        for (i, g) in got.iter().enumerate() {
            if !steps.contains(&i) {
                assert!(g.is_empty(), "step {} emitted {:?}", i + 1, g);
            }
        }
    }

    const TUMBLE_10: WindowSpec = WindowSpec::Tumble { size: 10_000, offset: 0 };

    /// window_topn_tvf.sql, query 1: `SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY
    /// window_start, window_end ORDER BY price DESC) AS rn FROM TABLE(TUMBLE(TABLE t,
    /// DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn <= 2` — ties (30) by arrival, NULL last
    /// for DESC, the late i7 dropped.
    #[test]
    fn topn_tvf_top2_desc() {
        let mut p = topn(TUMBLE_10, vec![], vec![SortKey::new(2, true)], (1, 2), true, (0..8).collect());
        let got = run(&mut p);
        only(&got, &[5, 9, 10]);
        assert_eq!(
            got[5],
            [
                "+I[b, i2, 30, 2024-01-01 00:00:02.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999, 1]",
                "+I[a, i5, 30, 2024-01-01 00:00:05.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999, 2]"
            ]
        );
        assert_eq!(
            got[9],
            [
                "+I[a, i9, 7, 2024-01-01 00:00:13.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, 2024-01-01 00:00:19.999, 1]",
                "+I[a, i6, 5, 2024-01-01 00:00:11.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, 2024-01-01 00:00:19.999, 2]"
            ]
        );
        assert_eq!(
            got[10],
            ["+I[b, i10, 50, 2024-01-01 00:00:21.000, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 2024-01-01 00:00:29.999, 1]"]
        );
        assert_eq!(p.late_rows(1), Some(1), "i7");
    }

    /// window_topn_tvf.sql, query 2: `PARTITION BY window_start, window_end, k ORDER BY price
    /// ASC … rn <= 2`, `SELECT k, item, price, window_start, rn` — NULL first for ASC.
    #[test]
    fn topn_tvf_per_key_asc() {
        let mut p = topn(TUMBLE_10, vec![0], vec![SortKey::new(2, false)], (1, 2), true, vec![0, 1, 2, 4, 7]);
        let got = run(&mut p);
        only(&got, &[5, 9, 10]);
        assert_eq!(
            got[5],
            [
                "+I[a, i1, 10, 2024-01-01 00:00:00.000, 1]",
                "+I[a, i3, 20, 2024-01-01 00:00:00.000, 2]",
                "+I[b, i4, 20, 2024-01-01 00:00:00.000, 1]",
                "+I[b, i2, 30, 2024-01-01 00:00:00.000, 2]"
            ]
        );
        assert_eq!(got[9], ["+I[a, i8, NULL, 2024-01-01 00:00:10.000, 1]", "+I[a, i6, 5, 2024-01-01 00:00:10.000, 2]"]);
        assert_eq!(got[10], ["+I[b, i10, 50, 2024-01-01 00:00:20.000, 1]"]);
    }

    /// window_topn_tvf.sql, queries 3 (`rn <= 3`, rn not selected), 4 (`rn BETWEEN 2 AND 3`)
    /// and 5 (`rn = 1`).
    #[test]
    fn topn_tvf_ranges() {
        let desc = vec![SortKey::new(2, true)];
        let mut q3 = topn(TUMBLE_10, vec![], desc.clone(), (1, 3), false, vec![0, 1, 2, 4]);
        let got = run(&mut q3);
        only(&got, &[5, 9, 10]);
        assert_eq!(
            got[5],
            [
                "+I[b, i2, 30, 2024-01-01 00:00:00.000]",
                "+I[a, i5, 30, 2024-01-01 00:00:00.000]",
                "+I[a, i3, 20, 2024-01-01 00:00:00.000]"
            ]
        );
        assert_eq!(
            got[9],
            [
                "+I[a, i9, 7, 2024-01-01 00:00:10.000]",
                "+I[a, i6, 5, 2024-01-01 00:00:10.000]",
                "+I[a, i8, NULL, 2024-01-01 00:00:10.000]"
            ]
        );
        assert_eq!(got[10], ["+I[b, i10, 50, 2024-01-01 00:00:20.000]"]);
        let mut q4 = topn(TUMBLE_10, vec![], desc.clone(), (2, 3), true, vec![0, 1, 2, 4, 7]);
        let got = run(&mut q4);
        only(&got, &[5, 9]);
        assert_eq!(got[5], ["+I[a, i5, 30, 2024-01-01 00:00:00.000, 2]", "+I[a, i3, 20, 2024-01-01 00:00:00.000, 3]"]);
        assert_eq!(got[9], ["+I[a, i6, 5, 2024-01-01 00:00:10.000, 2]", "+I[a, i8, NULL, 2024-01-01 00:00:10.000, 3]"]);
        let mut q5 = topn(TUMBLE_10, vec![], desc, (1, 1), false, vec![0, 1, 2, 4]);
        let got = run(&mut q5);
        only(&got, &[5, 9, 10]);
        assert_eq!(got[5], ["+I[b, i2, 30, 2024-01-01 00:00:00.000]"]);
        assert_eq!(got[9], ["+I[a, i9, 7, 2024-01-01 00:00:10.000]"]);
        assert_eq!(got[10], ["+I[b, i10, 50, 2024-01-01 00:00:20.000]"]);
    }

    /// window_topn_tvf.sql, query 7: Top-1 per HOP window (5 s / 10 s): i7 is late for [0, 10)
    /// but on time for [5, 15).
    #[test]
    fn topn_tvf_hop() {
        let hop = WindowSpec::Hop { slide: 5000, size: 10_000, offset: 0 };
        let mut p = topn(hop, vec![], vec![SortKey::new(2, true)], (1, 1), true, vec![0, 1, 2, 4, 5, 7]);
        let got = run(&mut p);
        only(&got, &[4, 5, 9, 10]);
        assert_eq!(got[4], ["+I[b, i2, 30, 2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000, 1]"]);
        assert_eq!(got[5], ["+I[b, i2, 30, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1]"]);
        assert_eq!(
            got[9],
            [
                "+I[b, i7, 40, 2024-01-01 00:00:05.000, 2024-01-01 00:00:15.000, 1]",
                "+I[a, i9, 7, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, 1]"
            ]
        );
        assert_eq!(
            got[10],
            [
                "+I[b, i10, 50, 2024-01-01 00:00:15.000, 2024-01-01 00:00:25.000, 1]",
                "+I[b, i10, 50, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, 1]"
            ]
        );
    }

    /// window_topn_over_agg.sql, queries 1 and 2: the window aggregation's rows ranked in the
    /// same step (the aggregation emits before it forwards the watermark); ties (s = 30) in
    /// the order the aggregation emitted them; the late (a, 100) dropped by the aggregation.
    #[test]
    fn topn_over_window_aggregation() {
        let agg = |window: WindowSpec, count: bool| {
            use crate::expr::aggregate::{AggCall, AggFunc};
            let in_types = vec![string(), int_t(), ts_t()];
            let mut calls = vec![AggCall {
                func: AggFunc::Sum,
                args: vec![1],
                distinct: false,
                filter: None,
                ty: int_t(),
                name: "s".into(),
            }];
            if count {
                calls.push(AggCall {
                    func: AggFunc::Count1,
                    args: vec![],
                    distinct: false,
                    filter: None,
                    ty: bigint_nn(),
                    name: "c".into(),
                });
            }
            let calls: Vec<_> =
                calls.iter().map(|c| crate::ops::aggregate::accumulators::CallSpec::new(c, &in_types, false)).collect();
            let mut out = vec![string()];
            out.extend(calls.iter().map(|c| c.ty.clone()));
            out.extend([ts_nn(), ts_nn()]);
            let op = WindowAggregateOp::new(WindowAggregateSpec {
                window,
                time: WindowTime::TimeCol { col: 2, ltz: false },
                group: vec![0],
                calls,
                retract: false,
                count_star: false,
                props: vec![WindowProp::Start, WindowProp::End],
                two_phase: true,
                ltz: false,
                in_types,
                out_types: out.clone(),
            });
            (op, out)
        };
        let data = |p: &mut Pipe| -> Vec<Vec<String>> {
            let r = |k: &str, v: i32, t: &str| vec![s(k), int(v), ts(t)];
            vec![
                p.ins(r("a", 10, "2024-01-01 00:00:01"), Some("2024-01-01 00:00:01")),
                p.ins(r("b", 30, "2024-01-01 00:00:02"), Some("2024-01-01 00:00:02")),
                p.ins(r("c", 25, "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
                p.ins(r("a", 20, "2024-01-01 00:00:04"), Some("2024-01-01 00:00:04")),
                p.ins(r("b", 1, "2024-01-01 00:00:12"), Some("2024-01-01 00:00:12")),
                p.ins(r("c", 5, "2024-01-01 00:00:13"), Some("2024-01-01 00:00:13")),
                p.ins(r("a", 100, "2024-01-01 00:00:05"), None),
                p.ins(r("a", 1, "2024-01-01 00:00:25"), Some("2024-01-01 00:00:25")),
                p.end(),
            ]
        };
        // 1: SELECT * FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY window_start, window_end
        //    ORDER BY s DESC) AS rn FROM (SELECT window_start, window_end, k, SUM(price) AS s,
        //    COUNT(*) AS c … TUMBLE 10 s GROUP BY window_start, window_end, k)) WHERE rn <= 2
        let (a, a_types) = agg(TUMBLE_10, true);
        let rank_in: Vec<DataType> = [3, 4, 0, 1, 2].iter().map(|&i| a_types[i].clone()).collect();
        let mut rank_out = rank_in.clone();
        rank_out.push(bigint_nn());
        let rank = WindowRankOp::new(WindowRankSpec {
            window: TUMBLE_10,
            end_col: 1,
            ltz: false,
            partition: vec![],
            order: vec![SortKey::new(3, true)],
            rank_start: 1,
            rank_end: 2,
            with_rn: true,
            in_types: rank_in,
            out_types: rank_out.clone(),
        });
        let mut p = Pipe::new(Z).then(a, a_types, Some(vec![3, 4, 0, 1, 2])).then(rank, rank_out, None);
        let got = data(&mut p);
        only(&got, &[4, 7, 8]);
        assert_eq!(
            got[4],
            [
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, a, 30, 2, 1]",
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, b, 30, 1, 2]"
            ]
        );
        assert_eq!(
            got[7],
            [
                "+I[2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, c, 5, 1, 1]",
                "+I[2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, b, 1, 1, 2]"
            ]
        );
        assert_eq!(got[8], ["+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, a, 1, 1, 1]"]);
        assert_eq!(p.late_rows(0), Some(1), "(a, 100), dropped by the aggregation");
        // 2: SELECT window_start, window_end, k, s FROM (… ORDER BY s DESC, k …) WHERE rn <= 1
        //    over CUMULATE(5 s, 10 s)
        let cum = WindowSpec::Cumulate { step: 5000, max_size: 10_000, offset: 0 };
        let (a, a_types) = agg(cum, false);
        let rank_in: Vec<DataType> = [2, 3, 0, 1].iter().map(|&i| a_types[i].clone()).collect();
        let rank = WindowRankOp::new(WindowRankSpec {
            window: cum,
            end_col: 1,
            ltz: false,
            partition: vec![],
            order: vec![SortKey::new(3, true), SortKey::new(2, false)],
            rank_start: 1,
            rank_end: 1,
            with_rn: false,
            in_types: rank_in.clone(),
            out_types: rank_in.clone(),
        });
        let mut p = Pipe::new(Z).then(a, a_types, Some(vec![2, 3, 0, 1])).then(rank, rank_in, None);
        let got = data(&mut p);
        only(&got, &[4, 7, 8]);
        assert_eq!(
            got[4],
            [
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:05.000, a, 30]",
                "+I[2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, a, 30]"
            ]
        );
        assert_eq!(
            got[7],
            [
                "+I[2024-01-01 00:00:10.000, 2024-01-01 00:00:15.000, c, 5]",
                "+I[2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000, c, 5]"
            ]
        );
        assert_eq!(got[8], ["+I[2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000, a, 1]"]);
    }

    /// window_agg_ltz_flush_loss.sql, query 4: a window Top-1 over the same TIMESTAMP_LTZ TVF in
    /// Asia/Shanghai is not affected by the aggregation's flush schedule: every window, on time.
    #[test]
    fn topn_ltz_windows_are_not_lost() {
        let z = "Asia/Shanghai";
        let day = WindowSpec::Tumble { size: 86_400_000, offset: 0 };
        let t = vec![string(), int_t(), ltz_t()];
        let mut tt = t.clone();
        tt.extend([ts_nn(), ts_nn(), ltz_t()]);
        // the Calc between TVF and rank keeps k, v (item = CAST(v AS STRING) prints alike),
        // window_start, window_end
        let rank_in: Vec<DataType> = [0, 1, 3, 4].iter().map(|&i| tt[i].clone()).collect();
        let rank = WindowRankOp::new(WindowRankSpec {
            window: day,
            end_col: 3,
            ltz: true,
            partition: vec![],
            order: vec![SortKey::new(1, true)],
            rank_start: 1,
            rank_end: 1,
            with_rn: false,
            in_types: rank_in.clone(),
            out_types: rank_in.clone(),
        });
        // SELECT k, item, window_start
        let mut p = Pipe::new(z).then(WindowTvfOp::new(day, 2, true, t), tt, Some(vec![0, 1, 3, 4])).then(
            rank,
            rank_in,
            Some(vec![0, 1, 2]),
        );
        let r = |v: i32, at: &str| vec![s("a"), int(v), ltz(z, at)];
        assert_eq!(p.ins(r(1, "2024-01-01 12:00:00"), Some("2024-01-01 04:00:00")), none());
        assert_eq!(
            p.ins(r(2, "2024-01-02 01:00:00"), Some("2024-01-01 17:00:00")),
            ["+I[a, 1, 2024-01-01 00:00:00.000]"]
        );
        assert_eq!(p.ins(r(3, "2024-01-02 09:00:00"), Some("2024-01-02 01:00:00")), none());
        assert_eq!(
            p.ins(r(4, "2024-01-03 00:30:00"), Some("2024-01-02 16:30:00")),
            ["+I[a, 3, 2024-01-02 00:00:00.000]"]
        );
        assert_eq!(p.ins(r(5, "2024-01-03 09:00:00"), Some("2024-01-03 01:00:00")), none());
        assert_eq!(p.end(), ["+I[a, 5, 2024-01-03 00:00:00.000]"]);
    }

    /// A retraction reaching the rank fails the job when its window is flushed.
    #[test]
    fn retraction_fails_at_the_flush() {
        let tt = tvf_types(t_types());
        let mut op = WindowRankOp::new(WindowRankSpec {
            window: TUMBLE_10,
            end_col: 5,
            ltz: false,
            partition: vec![],
            order: vec![SortKey::new(2, true)],
            rank_start: 1,
            rank_end: 1,
            with_rn: false,
            in_types: tt.clone(),
            out_types: tt,
        });
        let zone = SessionZone::default();
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, None, 1, &zone, 0);
        let row = vec![
            s("a"),
            s("i"),
            int(1),
            ts("2024-01-01 00:00:01"),
            ts("2024-01-01 00:00:00"),
            ts("2024-01-01 00:00:10"),
            ts("2024-01-01 00:00:09.999"),
        ];
        op.on_record(0, Record { kind: RowKind::Delete, row, lineage: vec![] }, &mut cx).unwrap();
        let e = op.on_watermark(0, ms("2024-01-01 00:00:20"), &mut cx).unwrap_err();
        assert_eq!(
            e.cause_text(),
            "java.lang.UnsupportedOperationException: Window rank does not support input RowKind: -D"
        );
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use crate::ops::window_aggregate::testing::*;

    /// Tracing on: a buffered row, a late row, the fire with its emitted row and freed window;
    /// the state pane between.
    #[test]
    fn trace_events_and_state() {
        let types = vec![string(), int_t(), ts_nn(), ts_nn()];
        let mut out = types.clone();
        out.push(bigint_nn());
        let op = WindowRankOp::new(WindowRankSpec {
            window: WindowSpec::Tumble { size: 10_000, offset: 0 },
            end_col: 3,
            ltz: false,
            partition: vec![0],
            order: vec![SortKey::new(1, true)],
            rank_start: 1,
            rank_end: 1,
            with_rn: true,
            in_types: types,
            out_types: out.clone(),
        });
        let mut r = Run::new(op, "UTC", out, None);
        r.events = Some(Vec::new());
        let row = |v: i32| vec![s("a"), int(v), ts("2024-01-01 00:00:00"), ts("2024-01-01 00:00:10")];
        assert_eq!(r.ins(row(1), Some("2024-01-01 00:00:05")), none());
        let st = r.op.state(1, &r.zone).unwrap();
        assert_eq!((st.rows, st.groups[0].side.as_str()), (1, "buffer"));
        assert_eq!(
            r.ins(row(2), Some("2024-01-01 00:00:10")),
            ["+I[a, 2, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 1]"]
        );
        assert_eq!(r.ins(row(3), None), none());
        assert_eq!(r.op.late_rows(), Some(1));
        assert_eq!(r.op.state_rows(), Some(0));
        let names: Vec<&str> = r
            .events
            .as_ref()
            .unwrap()
            .iter()
            .map(|e| match e {
                Event::StateInsert { .. } => "state_insert",
                Event::WindowFire { .. } => "window_fire",
                Event::Emit { .. } => "emit",
                Event::StateExpire { .. } => "state_expire",
                Event::LateDrop { .. } => "late_drop",
                Event::Watermark { .. } => "watermark",
                _ => "other",
            })
            .collect();
        assert_eq!(
            names,
            [
                "state_insert",
                "watermark",
                "state_insert",
                "window_fire",
                "emit",
                "state_expire",
                "watermark",
                "late_drop"
            ]
        );
    }
}

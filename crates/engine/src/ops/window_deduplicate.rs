//! Window deduplication (Flink's `WindowDeduplicate`, NOTES §3): `ROW_NUMBER() OVER (PARTITION
//! BY window_start, window_end [, keys] ORDER BY <time attribute> [DESC]) = 1` over an input
//! that carries its windows. Rows are buffered per (key, window); when the watermark passes the
//! first buffered window's trigger time the buffer is flushed: each window keeps one row, and
//! every flushed window gets its timer; at `T(window_end)` the kept row is emitted as it is.
//!
//! ```text
//!  row ──► fired(window_end)? ──► dropped (late counter +1)
//!      └─► buffer[key, window]
//!  wm  ──► first buffered window fired? ──► flush: keep-first: a row replaces the kept one if
//!          its time is smaller (ties: first arrival); keep-last: if not smaller (ties: last
//!          arrival); timer (key, window)
//!      ──► timers ≤ wm: +I[kept row]; free the window ──► forward wm
//! ```
//!
//! # Emits
//! `+I` of each window's kept row (the input row as it is) when the window fires.
//! # Retracts
//! Never; a `-U`/`-D` input row fails the job at the flush
//! (`Window deduplicate does not support input RowKind: …`).
//! # State
//! Kept: rows buffered per (key, window) until the flush, then one row per (key, window).
//! Freed: when the window fires.
//! # Watermark out
//! Its input's, forwarded after the windows it makes due have fired.
//! # Trace events
//! `state_insert` (a row buffered), `late_drop`, `window_fire`, `emit`, `state_expire` (cause
//! `window_fired`), `watermark`.
//! # Flink class
//! `WindowAggOperator` with `RowTimeSyncStateWindowDeduplicateProcessor` and
//! `RowTimeDeduplicateRecordsCombiner` (`StreamExecWindowDeduplicate`).
//! # Scenarios
//! `window_dedup`, `window_agg_hidden_count` (EXPLAIN) (the unit tests below).

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::time::window::WindowSpec;
use crate::time::SessionZone;
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::window_buffer::WindowInput;
use super::{render, Ctx, Operator, Record};

pub struct WindowDeduplicateSpec {
    pub window: WindowSpec,
    /// The input's `window_end` column (local clock).
    pub end_col: usize,
    /// Windows on the session zone's clock (TIMESTAMP_LTZ time attribute).
    pub ltz: bool,
    /// Partition keys besides the window.
    pub partition: Vec<usize>,
    /// The ORDER BY time attribute.
    pub time_col: usize,
    /// ORDER BY … DESC (`keep=[LastRow]`); else the first row.
    pub keep_last: bool,
    pub in_types: Vec<DataType>,
}

struct Kept {
    row: Row,
    lineage: Lineage,
    seq: u64,
}

pub struct WindowDeduplicateOp {
    s: WindowDeduplicateSpec,
    input: WindowInput,
    state: FxHashMap<(Row, i64), Kept>,
    seq: u64,
}

impl WindowDeduplicateOp {
    pub fn new(spec: WindowDeduplicateSpec) -> WindowDeduplicateOp {
        WindowDeduplicateOp {
            input: WindowInput::new(spec.window, spec.end_col, spec.ltz, spec.partition.clone(), spec.in_types.clone()),
            s: spec,
            state: FxHashMap::default(),
            seq: 0,
        }
    }

    fn key_types(&self) -> Vec<DataType> {
        self.input.key_types()
    }

    fn window(&self, end: i64) -> crate::trace::WindowRef {
        self.input.window(end)
    }

    fn time_of(&self, row: &[Value]) -> i64 {
        row.get(self.s.time_col).and_then(|v| v.as_millis()).unwrap_or(i64::MIN)
    }

    /// `DeduplicateFunctionHelper.shouldKeepCurrentRow`.
    fn keep_current(&self, pre: Option<&Row>, current: &Row) -> bool {
        match pre {
            None => true,
            Some(p) if self.s.keep_last => self.time_of(p) <= self.time_of(current),
            Some(p) => self.time_of(current) < self.time_of(p),
        }
    }

    /// `RowTimeDeduplicateRecordsCombiner.combine` for every buffered (key, window).
    fn flush(&mut self, cx: &mut Ctx) -> Result<(), RuntimeError> {
        for (key, end, rows) in self.input.buffer.take() {
            let mut best: Option<(Row, Lineage)> = None;
            for b in rows {
                if !b.kind.is_accumulate() {
                    return Err(RuntimeError::java(
                        "java.lang.UnsupportedOperationException",
                        format!("Window deduplicate does not support input RowKind: {}", b.kind.short()),
                    ));
                }
                if self.keep_current(best.as_ref().map(|x| &x.0), &b.row) {
                    best = Some((b.row, b.lineage));
                }
            }
            let Some((row, lineage)) = best else { continue };
            let k = (key.clone(), end);
            let replace = self.keep_current(self.state.get(&k).map(|x| &x.row), &row);
            if replace {
                let seq = match self.state.get(&k) {
                    Some(x) => x.seq,
                    None => {
                        self.seq += 1;
                        self.seq
                    }
                };
                self.state.insert(k, Kept { row, lineage, seq });
            }
            let t = self.input.clock.trigger(end, cx.zone);
            self.input.timers.register(&key, end, t);
        }
        Ok(())
    }

    /// `fireWindow` + `clearWindow`.
    fn fire(&mut self, key: Row, end: i64, cx: &mut Ctx) {
        let kept = self.state.remove(&(key.clone(), end));
        let tracing = cx.tracing();
        let key_text = if tracing { render(&key, &self.key_types(), cx.zone) } else { Vec::new() };
        if tracing {
            let n = usize::from(kept.is_some());
            let (op, wm, window, key) = (cx.op, self.input.watermarks.current(), self.window(end), key_text.clone());
            cx.event(|| Event::WindowFire { op, window, key, left_rows: n, right_rows: 0, watermark_ms: wm });
        }
        let Some(kept) = kept else { return };
        if tracing {
            let text = render(&kept.row, &self.s.in_types, cx.zone);
            let (op, lin) = (cx.op, kept.lineage.clone());
            cx.event(|| Event::Emit { op, kind: RowKind::Insert, row: text, lineage: lin });
        }
        cx.emit(Record { kind: RowKind::Insert, row: kept.row, lineage: kept.lineage });
        if tracing {
            let (op, window) = (cx.op, self.window(end));
            let reason = format!("window {} fired", window.label);
            cx.event(|| Event::StateExpire {
                op,
                side: "kept".into(),
                key: key_text,
                window: Some(window),
                rows: 1,
                cause: ExpireCause::WindowFired,
                reason,
            });
        }
    }
}

impl Operator for WindowDeduplicateOp {
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
        Some(self.input.buffer.items + self.state.len())
    }

    /// Buffered rows per (key, window), then the row each window keeps.
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
        let mut kept: Vec<(&(Row, i64), &Kept)> = self.state.iter().collect();
        crate::sort::sort_by_key(&mut kept, |(_, k)| k.seq);
        for ((key, end), k) in kept {
            rows += 1;
            groups.push(StateGroup {
                side: "kept".into(),
                key: render(key, &kt, zone),
                window: Some(self.window(*end)),
                rows: vec![render(&k.row, &self.s.in_types, zone)],
                row_notes: vec![if self.s.keep_last { "last row" } else { "first row" }.into()],
            });
        }
        Some(StateSummary { op, rows, groups })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::window_aggregate::testing::*;
    use crate::ops::window_tvf::WindowTvfOp;
    use crate::types::TimeAttr;

    /// t(k STRING, item STRING, ts TIMESTAMP(3)) through a TVF (window_start, window_end,
    /// window_time appended), then the deduplication, then `select`.
    fn dedup(window: WindowSpec, partition: Vec<usize>, time_col: usize, keep_last: bool, select: Vec<usize>) -> Pipe {
        let t = vec![string(), string(), ts_t()];
        let mut tt = t.clone();
        tt.extend([ts_nn(), ts_nn(), ts_nn().with_time_attr(TimeAttr::Rowtime)]);
        let op = WindowDeduplicateOp::new(WindowDeduplicateSpec {
            window,
            end_col: 4,
            ltz: false,
            partition,
            time_col,
            keep_last,
            in_types: tt.clone(),
        });
        Pipe::new("UTC").then(WindowTvfOp::new(window, 2, false, t), tt.clone(), None).then(op, tt, Some(select))
    }

    /// The data of window_dedup.sql; the rows of each step and of the end of input (index 10).
    fn run(p: &mut Pipe) -> Vec<Vec<String>> {
        let r = |k: &str, i: &str, at: &str| vec![s(k), s(i), ts(at)];
        vec![
            p.ins(r("a", "i1", "2024-01-01 00:00:03"), Some("2024-01-01 00:00:03")),
            p.ins(r("a", "i2", "2024-01-01 00:00:01"), None),
            p.ins(r("b", "i3", "2024-01-01 00:00:04"), Some("2024-01-01 00:00:04")),
            p.ins(r("a", "i4", "2024-01-01 00:00:05"), Some("2024-01-01 00:00:05")),
            p.ins(r("a", "i5", "2024-01-01 00:00:05"), None),
            p.ins(r("b", "i6", "2024-01-01 00:00:02"), None),
            p.ins(r("a", "i7", "2024-01-01 00:00:12"), Some("2024-01-01 00:00:12")),
            p.ins(r("a", "i8", "2024-01-01 00:00:08"), None),
            p.ins(r("a", "i9", "2024-01-01 00:00:11"), None),
            p.ins(r("b", "i10", "2024-01-01 00:00:25"), Some("2024-01-01 00:00:25")),
            p.end(),
        ]
    }

    fn only(got: &[Vec<String>], steps: &[usize]) {
        for (i, g) in got.iter().enumerate() {
            if !steps.contains(&i) {
                assert!(g.is_empty(), "step {} emitted {:?}", i + 1, g);
            }
        }
    }

    const TUMBLE_10: WindowSpec = WindowSpec::Tumble { size: 10_000, offset: 0 };

    /// window_dedup.sql, query 1: `SELECT k, item, ts, window_start, window_end FROM (SELECT *,
    /// ROW_NUMBER() OVER (PARTITION BY window_start, window_end, k ORDER BY ts ASC) AS rn FROM
    /// TABLE(TUMBLE(TABLE t, DESCRIPTOR(ts), INTERVAL '10' SECOND))) WHERE rn = 1` — keep-first;
    /// the late i8 dropped.
    #[test]
    fn keep_first() {
        let mut p = dedup(TUMBLE_10, vec![0], 2, false, vec![0, 1, 2, 3, 4]);
        let got = run(&mut p);
        only(&got, &[6, 9, 10]);
        assert_eq!(
            got[6],
            [
                "+I[a, i2, 2024-01-01 00:00:01.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]",
                "+I[b, i6, 2024-01-01 00:00:02.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]"
            ]
        );
        assert_eq!(got[9], ["+I[a, i9, 2024-01-01 00:00:11.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000]"]);
        assert_eq!(got[10], ["+I[b, i10, 2024-01-01 00:00:25.000, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000]"]);
        assert_eq!(p.late_rows(1), Some(1), "i8");
    }

    /// window_dedup.sql, query 2: `ORDER BY ts DESC` — keep-last; i4 and i5 tie at 00:05, the
    /// later arrival (i5) wins.
    #[test]
    fn keep_last_ties_go_to_the_later_row() {
        let mut p = dedup(TUMBLE_10, vec![0], 2, true, vec![0, 1, 2, 3, 4]);
        let got = run(&mut p);
        only(&got, &[6, 9, 10]);
        assert_eq!(
            got[6],
            [
                "+I[a, i5, 2024-01-01 00:00:05.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]",
                "+I[b, i3, 2024-01-01 00:00:04.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]"
            ]
        );
        assert_eq!(got[9], ["+I[a, i7, 2024-01-01 00:00:12.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000]"]);
        assert_eq!(got[10], ["+I[b, i10, 2024-01-01 00:00:25.000, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000]"]);
    }

    /// window_dedup.sql, query 3: `SELECT *` with `rn` (the planner's `Calc(1 AS rn)` is not
    /// the operator's: checked here without it) — the whole input row, window_time included.
    #[test]
    fn keep_first_whole_row() {
        let mut p = dedup(TUMBLE_10, vec![0], 2, false, (0..6).collect());
        let got = run(&mut p);
        only(&got, &[6, 9, 10]);
        assert_eq!(
            got[6],
            [
                "+I[a, i2, 2024-01-01 00:00:01.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999]",
                "+I[b, i6, 2024-01-01 00:00:02.000, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000, 2024-01-01 00:00:09.999]"
            ]
        );
    }

    /// window_dedup.sql, query 4: `PARTITION BY window_start, window_end ORDER BY window_time
    /// DESC` — one value per window, so the last arrival.
    #[test]
    fn order_by_window_time_keeps_the_last_arrival() {
        let mut p = dedup(TUMBLE_10, vec![], 5, true, vec![0, 1, 3]);
        let got = run(&mut p);
        only(&got, &[6, 9, 10]);
        assert_eq!(got[6], ["+I[b, i6, 2024-01-01 00:00:00.000]"]);
        assert_eq!(got[9], ["+I[a, i9, 2024-01-01 00:00:10.000]"]);
        assert_eq!(got[10], ["+I[b, i10, 2024-01-01 00:00:20.000]"]);
    }

    /// window_dedup.sql, query 5: keep-last per HOP window (5 s / 10 s).
    #[test]
    fn keep_last_hop() {
        let hop = WindowSpec::Hop { slide: 5000, size: 10_000, offset: 0 };
        let mut p = dedup(hop, vec![0], 2, true, vec![0, 1, 3, 4]);
        let got = run(&mut p);
        only(&got, &[3, 6, 9, 10]);
        assert_eq!(
            got[3],
            [
                "+I[a, i1, 2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000]",
                "+I[b, i3, 2023-12-31 23:59:55.000, 2024-01-01 00:00:05.000]"
            ]
        );
        assert_eq!(
            got[6],
            [
                "+I[a, i5, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]",
                "+I[b, i3, 2024-01-01 00:00:00.000, 2024-01-01 00:00:10.000]"
            ]
        );
        assert_eq!(
            got[9],
            [
                "+I[a, i7, 2024-01-01 00:00:05.000, 2024-01-01 00:00:15.000]",
                "+I[a, i7, 2024-01-01 00:00:10.000, 2024-01-01 00:00:20.000]"
            ]
        );
        assert_eq!(
            got[10],
            [
                "+I[b, i10, 2024-01-01 00:00:20.000, 2024-01-01 00:00:30.000]",
                "+I[b, i10, 2024-01-01 00:00:25.000, 2024-01-01 00:00:35.000]"
            ]
        );
    }
}

#[cfg(test)]
mod trace_tests {
    use super::*;
    use crate::ops::window_aggregate::testing::*;

    /// Tracing on: buffered rows, the kept row in the state pane, the fire and the late row.
    #[test]
    fn trace_events_and_state() {
        let types = vec![string(), ts_t(), ts_nn()];
        let op = WindowDeduplicateOp::new(WindowDeduplicateSpec {
            window: WindowSpec::Tumble { size: 10_000, offset: 0 },
            end_col: 2,
            ltz: false,
            partition: vec![0],
            time_col: 1,
            keep_last: false,
            in_types: types.clone(),
        });
        let mut r = Run::new(op, "UTC", types, None);
        r.events = Some(Vec::new());
        let row = |t: &str| vec![s("a"), ts(t), ts("2024-01-01 00:00:10")];
        assert_eq!(r.ins(row("2024-01-01 00:00:03"), None), none());
        assert_eq!(r.ins(row("2024-01-01 00:00:02"), Some("2024-01-01 00:00:05")), none());
        assert_eq!(r.op.state_rows(), Some(2));
        assert_eq!(
            r.ins(row("2024-01-01 00:00:01"), Some("2024-01-01 00:00:10")),
            ["+I[a, 2024-01-01 00:00:01.000, 2024-01-01 00:00:10.000]"]
        );
        assert_eq!(r.ins(row("2024-01-01 00:00:00"), None), none());
        assert_eq!(r.op.late_rows(), Some(1));
        let n = |f: fn(&Event) -> bool| r.events.as_ref().unwrap().iter().filter(|e| f(e)).count();
        assert_eq!(n(|e| matches!(e, Event::StateInsert { .. })), 3);
        assert_eq!(n(|e| matches!(e, Event::WindowFire { .. })), 1);
        assert_eq!(n(|e| matches!(e, Event::StateExpire { cause: ExpireCause::WindowFired, .. })), 1);
        assert_eq!(n(|e| matches!(e, Event::LateDrop { .. })), 1);
        assert_eq!(r.op.state(1, &r.zone).unwrap().rows, 0);
    }
}

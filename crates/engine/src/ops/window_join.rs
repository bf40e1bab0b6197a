//! Window join (Flink's `WindowJoinOperator` / `WindowJoinHelper`, SEMANTICS.md §2.4). Both inputs
//! come from the same windowing TVF. A row is buffered under (join key, window_end) on its side;
//! nothing is emitted until the operator's watermark — the minimum of both inputs' watermarks —
//! reaches `window_end - 1 ms`. Then the window's two lists are joined, the result emitted and the
//! window's state freed.
//!
//! ```text
//!  L rows ──► [key,window] left list  ─┐
//!                                       ├─ wm ≥ window_end-1 ──► join lists ──► +I … ; free state
//!  R rows ──► [key,window] right list ─┘
//!  row after its window fired ──► dropped (late counter +1)
//! ```
//!
//! In an untraced run (the text output, the benchmarks) the join runs a windowing TVF right below
//! an input itself ([`WindowJoinOp::set_window_tvf`], `WindowTvfOp::windowed`): the rows arrive
//! without window columns and get them as the TVF would give them, one operator hop less per row.
//!
//! Order of one firing: INNER/LEFT/FULL left-major (each left row in arrival order with its
//! matches in right arrival order; LEFT pads an unmatched left row right there; FULL then pads
//! every unmatched right row in right order); RIGHT is right-major; SEMI/ANTI emit a left row iff
//! it has (no) match. Across windows: timer order; windows with the same timer fire in the order
//! they were first seen (Flink's own order there is its timer queue's, unspecified).
//!
//! # Emits
//! `+I` only, when the window fires (padded rows for the outer kinds then too).
//! # Retracts
//! Never.
//! # State
//! Kept: each window's rows per key and side. Freed: when the window fires.
//! # Watermark out
//! The minimum of both inputs' ([`super::watermarks`]), after the windows it makes due have fired.
//! # Trace events
//! `state_insert` (with its window), `window_fire`, `emit`, `state_expire` (cause
//! `window_fired`), `late_drop`, `watermark`, `input_watermark`.
//! # Flink class
//! `WindowJoinOperator` (`StreamExecWindowJoin`).
//! # Scenarios
//! `tests/conformance/window_join/*`, `time/window_full_join_*`.

use crate::error::RuntimeError;
use std::collections::BTreeMap;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::ExpireCause;
use crate::kinds::JoinKind;
use crate::kinds::RowKind;
use crate::time::SessionZone;
use crate::trace::{Event, Lineage, StateGroup, StateSummary, WindowRef};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::watermarks::InputWatermarks;
use super::window_tvf::WindowTvfOp;
use super::{merge_lineage, render, window_ref, Ctx, Operator, Record};

/// Join key values (one or two columns stay inline).
type Key = SmallVec<[Value; 2]>;

struct Slot {
    key: Key,
    window_start: i64,
    window_end: i64,
    left: Vec<(Row, Lineage)>,
    right: Vec<(Row, Lineage)>,
    seq: u64,
}

pub struct WindowJoinOp {
    pub kind: JoinKind,
    left_keys: Vec<usize>,
    right_keys: Vec<usize>,
    null_safe: Vec<bool>,
    residual: Option<Expr>,
    /// Per key: the type the sides are compared in (`None`: as they are).
    key_types: Vec<Option<DataType>>,
    /// Columns of window_start / window_end on each side.
    left_win: (usize, usize),
    right_win: (usize, usize),
    ltz: bool,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    watermarks: InputWatermarks,
    slots: FxHashMap<(Key, i64), Slot>,
    timers: BTreeMap<i64, Vec<(Key, i64)>>,
    seq: u64,
    pub late: [u64; 2],
    pub input_names: [String; 2],
    /// Output columns picked from (left ++ right) when a projection was fused into the join.
    project: Option<Vec<usize>>,
    /// Rows held.
    rows: usize,
    /// The types the trace renders keys and emitted rows in (worked out once).
    key_render: Vec<DataType>,
    out_render: Vec<DataType>,
    /// Per input: its key columns' own types (how a stored row's key is shown).
    side_key_render: [Vec<DataType>; 2],
    /// Per input: the windowing TVF below it, when the join runs it itself (untraced runs: one
    /// hop and one operator less per row; a trace shows the TVF as its own operator).
    tvf: [Option<Box<WindowTvfOp>>; 2],
}

pub struct WindowJoinSpec {
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    pub null_safe: Vec<bool>,
    pub residual: Option<Expr>,
    /// Per key: the type both sides are compared in when their numeric types differ.
    pub key_types: Vec<Option<DataType>>,
    pub left_win: (usize, usize),
    pub right_win: (usize, usize),
    pub ltz: bool,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    pub input_names: [String; 2],
    pub project: Option<Vec<usize>>,
}

impl WindowJoinOp {
    pub fn new(s: WindowJoinSpec) -> WindowJoinOp {
        let watermarks = InputWatermarks::new(s.input_names.to_vec());
        WindowJoinOp {
            kind: s.kind,
            left_keys: s.left_keys,
            right_keys: s.right_keys,
            null_safe: s.null_safe,
            residual: s.residual,
            key_types: s.key_types,
            left_win: s.left_win,
            right_win: s.right_win,
            ltz: s.ltz,
            left_types: s.left_types,
            right_types: s.right_types,
            watermarks,
            slots: FxHashMap::default(),
            timers: BTreeMap::new(),
            seq: 0,
            late: [0, 0],
            input_names: s.input_names,
            project: s.project,
            rows: 0,
            key_render: Vec::new(),
            out_render: Vec::new(),
            side_key_render: [Vec::new(), Vec::new()],
            tvf: [None, None],
        }
        .with_render_types()
    }

    /// Runs the windowing TVF below input `side` inside the join: the input's rows arrive
    /// without their window columns, and the join appends them as the TVF would.
    pub fn set_window_tvf(&mut self, side: usize, tvf: WindowTvfOp) {
        if let Some(t) = self.tvf.get_mut(side) {
            *t = Some(Box::new(tvf));
        }
    }

    fn with_render_types(mut self) -> WindowJoinOp {
        self.key_render = self.key_render_types();
        self.side_key_render = [
            self.left_keys.iter().filter_map(|&k| self.left_types.get(k).cloned()).collect(),
            self.right_keys.iter().filter_map(|&k| self.right_types.get(k).cloned()).collect(),
        ];
        let mut t = self.left_types.clone();
        t.extend(self.right_types.iter().cloned());
        self.out_render = match &self.project {
            Some(cols) => cols.iter().filter_map(|&c| t.get(c).cloned()).collect(),
            None if self.kind.projects_right() => t,
            None => self.left_types.clone(),
        };
        self
    }

    /// The types join keys are held in (for rendering them in traces).
    fn key_render_types(&self) -> Vec<DataType> {
        self.left_keys
            .iter()
            .enumerate()
            .map(|(i, &k)| self.key_types.get(i).cloned().flatten().unwrap_or_else(|| self.left_types[k].clone()))
            .collect()
    }

    fn side_name(input: usize) -> &'static str {
        if input == 0 {
            "left"
        } else {
            "right"
        }
    }

    /// Epoch ms of the timer of a window ending at `end` (local clock for LTZ windows).
    fn timer_of(&self, end: i64, zone: &SessionZone) -> i64 {
        if self.ltz {
            zone.local_to_instant_for_timer(end - 1)
        } else {
            end - 1
        }
    }

    fn keys_can_match(&self, key: &Key) -> bool {
        key.iter().zip(&self.null_safe).all(|(v, safe)| *safe || !v.is_null())
    }

    fn matches(&self, l: &Row, r: &Row, ctx: &EvalCtx, buf: &mut Row) -> Result<bool, RuntimeError> {
        match &self.residual {
            None => Ok(true),
            Some(c) => {
                buf.clear();
                buf.extend(l.iter().cloned());
                buf.extend(r.iter().cloned());
                c.eval_true(buf, ctx)
            }
        }
    }

    fn fire(&mut self, slot: Slot, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let tracing = cx.tracing();
        let op = cx.op;
        let recording = cx.recording();
        if recording {
            let key = render(&slot.key, &self.key_render, cx.zone);
            let (l, r, wm) = (slot.left.len(), slot.right.len(), self.watermarks.current());
            cx.event(|| Event::WindowFire {
                op,
                window: window_ref(slot.window_start, slot.window_end),
                key,
                left_rows: l,
                right_rows: r,
                watermark_ms: wm,
            });
        } else {
            cx.count_event();
        }
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: Some(self.watermarks.current()) };
        let can = self.keys_can_match(&slot.key);
        let mut buf: Row = Vec::new();
        let lw = self.left_types.len();
        let rw = self.right_types.len();
        let project = self.project.as_deref();
        // builds (left ++ right), or only the fused projection's columns of it
        let build = |l: Option<&Row>, r: Option<&Row>| -> Row {
            let pick = |c: usize| -> Value {
                if c < lw {
                    l.map_or(Value::Null, |x| x[c].copy_of())
                } else {
                    r.map_or(Value::Null, |x| x[c - lw].copy_of())
                }
            };
            match project {
                Some(cols) => cols.iter().map(|&c| pick(c)).collect(),
                None => {
                    let mut row = Vec::with_capacity(lw + rw);
                    match l {
                        Some(x) => row.extend(x.iter().cloned()),
                        None => row.extend(std::iter::repeat_n(Value::Null, lw)),
                    }
                    match r {
                        Some(x) => row.extend(x.iter().cloned()),
                        None => row.extend(std::iter::repeat_n(Value::Null, rw)),
                    }
                    row
                }
            }
        };
        let join = |l: &(Row, Lineage), r: &(Row, Lineage)| -> (Row, Lineage) {
            let lin = if tracing { merge_lineage(&l.1, &r.1) } else { Vec::new() };
            (build(Some(&l.0), Some(&r.0)), lin)
        };
        let pad_right = |l: &(Row, Lineage)| -> (Row, Lineage) { (build(Some(&l.0), None), l.1.clone()) };
        let pad_left = |r: &(Row, Lineage)| -> (Row, Lineage) { (build(None, Some(&r.0)), r.1.clone()) };
        let only_left = |l: &(Row, Lineage)| -> (Row, Lineage) {
            match project {
                Some(_) => (build(Some(&l.0), None), l.1.clone()),
                None => l.clone(),
            }
        };
        // joined rows go out as they are found
        let out_render = &self.out_render;
        let mut emit = |(row, lineage): (Row, Lineage)| {
            if recording {
                let text = render(&row, out_render, cx.zone);
                let lin = lineage.clone();
                cx.event(|| Event::Emit { op, kind: RowKind::Insert, row: text, lineage: lin });
            } else {
                cx.count_event();
            }
            cx.emit(Record { kind: RowKind::Insert, row, lineage });
        };
        match self.kind {
            JoinKind::Inner | JoinKind::Left | JoinKind::Full => {
                // which right rows joined (a FULL join pads the others)
                let full = self.kind == JoinKind::Full;
                let mut right_matched = vec![false; if full { slot.right.len() } else { 0 }];
                for l in &slot.left {
                    let mut matched = false;
                    if can {
                        for (j, r) in slot.right.iter().enumerate() {
                            if self.matches(&l.0, &r.0, &ctx, &mut buf)? {
                                matched = true;
                                if let Some(m) = right_matched.get_mut(j) {
                                    *m = true;
                                }
                                emit(join(l, r));
                            }
                        }
                    }
                    if !matched && self.kind != JoinKind::Inner {
                        emit(pad_right(l));
                    }
                }
                if full {
                    for (j, r) in slot.right.iter().enumerate() {
                        if !right_matched[j] {
                            emit(pad_left(r));
                        }
                    }
                }
            }
            JoinKind::Right => {
                for r in &slot.right {
                    let mut matched = false;
                    if can {
                        for l in &slot.left {
                            if self.matches(&l.0, &r.0, &ctx, &mut buf)? {
                                matched = true;
                                emit(join(l, r));
                            }
                        }
                    }
                    if !matched {
                        emit(pad_left(r));
                    }
                }
            }
            JoinKind::Semi | JoinKind::Anti => {
                for l in &slot.left {
                    let mut matched = false;
                    if can {
                        for r in &slot.right {
                            if self.matches(&l.0, &r.0, &ctx, &mut buf)? {
                                matched = true;
                                break;
                            }
                        }
                    }
                    if matched == (self.kind == JoinKind::Semi) {
                        emit(only_left(l));
                    }
                }
            }
        }
        if recording {
            let key = render(&slot.key, &self.key_render, cx.zone);
            for (side, n) in [("left", slot.left.len()), ("right", slot.right.len())] {
                if n > 0 {
                    let key = key.clone();
                    cx.event(|| Event::StateExpire {
                        op,
                        side: side.into(),
                        key,
                        window: Some(window_ref(slot.window_start, slot.window_end)),
                        rows: n,
                        cause: ExpireCause::WindowFired,
                        reason: "window fired".into(),
                    });
                }
            }
        } else {
            for n in [slot.left.len(), slot.right.len()] {
                if n > 0 {
                    cx.count_event();
                }
            }
        }
        Ok(())
    }
}

impl Operator for WindowJoinOp {
    fn late_rows(&self) -> Option<u64> {
        Some(self.late[0] + self.late[1])
    }

    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        match self.tvf.get_mut(input).and_then(Option::take) {
            None => self.on_windowed(input, rec, cx),
            Some(mut tvf) => {
                let zone = cx.zone;
                let r = tvf.windowed(rec, zone, |row| self.on_windowed(input, row, cx));
                self.tvf[input] = Some(tvf);
                r
            }
        }
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let Some(combined) = self.watermarks.advance(input, wm, cx) else { return Ok(()) };
        self.advanced(combined, cx)
    }

    fn on_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let Some(combined) = self.watermarks.set_idle(input, idle, cx) else { return Ok(()) };
        self.advanced(combined, cx)
    }

    /// Rows held per (key, window) and side, oldest window first.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut slots: Vec<&Slot> = self.slots.values().collect();
        crate::sort::sort_by_key(&mut slots, |s| s.seq);
        let key_types = self.key_render_types();
        let mut groups = Vec::new();
        let mut rows = 0;
        for s in slots {
            let w: WindowRef = window_ref(s.window_start, s.window_end);
            let key = render(&s.key, &key_types, zone);
            for (side, list, types) in [("left", &s.left, &self.left_types), ("right", &s.right, &self.right_types)] {
                if list.is_empty() {
                    continue;
                }
                rows += list.len();
                groups.push(StateGroup {
                    side: side.into(),
                    key: key.clone(),
                    window: Some(w.clone()),
                    rows: list.iter().map(|(r, _)| render(r, types, zone)).collect(),
                    row_notes: vec![String::new(); list.len()],
                });
            }
        }
        Some(StateSummary { op, rows, groups })
    }

    /// Total rows held (a running count).
    fn state_rows(&self) -> Option<usize> {
        Some(self.rows)
    }
}

impl WindowJoinOp {
    /// A row with its window columns: buffered under its key and window, or dropped as late.
    fn on_windowed(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let (keys, win) =
            if input == 0 { (&self.left_keys, self.left_win) } else { (&self.right_keys, self.right_win) };
        let (Some(end), Some(start)) = (rec.row[win.1].as_millis(), rec.row[win.0].as_millis()) else {
            return Ok(());
        };
        let timer = self.timer_of(end, cx.zone);
        if timer <= self.watermarks.current() {
            self.late[input] += 1;
            if cx.recording() {
                let types = if input == 0 { &self.left_types } else { &self.right_types };
                let row = render(&rec.row, types, cx.zone);
                let (op, wm) = (cx.op, self.watermarks.current());
                let lineage = rec.lineage.clone();
                cx.event(|| Event::LateDrop {
                    op,
                    side: Self::side_name(input).into(),
                    row,
                    window: window_ref(start, end),
                    watermark_ms: wm,
                    lineage,
                });
            } else {
                cx.count_event();
            }
            return Ok(());
        }
        let mut key = Key::new();
        let types = if input == 0 { &self.left_types } else { &self.right_types };
        for (i, &k) in keys.iter().enumerate() {
            let v = &rec.row[k];
            match self.key_types.get(i).and_then(|t| t.as_ref()) {
                Some(t) if t.kind != types[k].kind && !v.is_null() => {
                    key.push(cast_value(v, &types[k], t, cx.zone)?);
                }
                _ => key.push(v.clone()),
            }
        }
        let map_key = (key, end);
        let recording = cx.recording();
        let (rendered, lineage, key) = if recording {
            let types = if input == 0 { &self.left_types } else { &self.right_types };
            let key = render(&map_key.0, &self.side_key_render[input.min(1)], cx.zone);
            (render(&rec.row, types, cx.zone), rec.lineage.clone(), key)
        } else {
            (Vec::new(), Vec::new(), Vec::new())
        };
        let slot = match self.slots.get_mut(&map_key) {
            Some(s) => s,
            None => {
                self.seq += 1;
                self.timers.entry(timer).or_default().push(map_key.clone());
                let s = Slot {
                    key: map_key.0.clone(),
                    window_start: start,
                    window_end: end,
                    left: Vec::new(),
                    right: Vec::new(),
                    seq: self.seq,
                };
                self.slots.entry(map_key).or_insert(s)
            }
        };
        let list = if input == 0 { &mut slot.left } else { &mut slot.right };
        list.push((rec.row, rec.lineage));
        self.rows += 1;
        let n = list.len();
        if recording {
            let op = cx.op;
            cx.event(|| Event::StateInsert {
                op,
                side: Self::side_name(input).into(),
                key,
                window: Some(window_ref(start, end)),
                row: rendered,
                lineage,
                rows_in_state: n,
            });
        } else {
            cx.count_event();
        }
        Ok(())
    }

    /// The combined watermark advanced: every timer at or below it fires.
    fn advanced(&mut self, combined: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        // fire every timer at or below the new watermark
        while let Some((&t, _)) = self.timers.first_key_value() {
            if t > combined {
                break;
            }
            let due = self.timers.remove(&t).unwrap_or_default();
            for k in due {
                if let Some(slot) = self.slots.remove(&k) {
                    self.rows -= slot.left.len() + slot.right.len();
                    self.fire(slot, cx)?;
                }
            }
        }
        self.watermarks.emit(cx);
        Ok(())
    }
}

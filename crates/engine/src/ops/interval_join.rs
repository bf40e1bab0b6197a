//! Interval join — Flink's `RowTimeIntervalJoin` / `ProcTimeIntervalJoin` over
//! `TimeIntervalJoin` (SEMANTICS.md §3.3), for a condition that bounds the two inputs' time
//! attributes: `left.time - right.time ∈ [lower, upper]`. With `L = -lower` (how far a left row
//! looks back at the right side) and `U = upper`, a left row at `t` joins right rows of times
//! `[t - U, t + L]`, a right row at `t` left rows of times `[t - L, t + U]`.
//!
//! ```text
//!            right times a left row at t joins
//!           ├──────────────┤
//!   ───────t-U─────t─────t+L──────────► time
//!                         └ the left row stays until the operator time passes t+L
//!                           (its key's cleanup timer; LEFT/FULL: padded then if it never joined)
//! ```
//!
//! Each input's rows are cached per key by time. An arriving row joins the other side's cached
//! rows in its range at once (rows of the other side found expired meanwhile leave, padded on an
//! outer side), then stays cached while the operator's time has not passed its range — else it
//! is *late*: it probed, it is not kept, and an outer side pads it at once (late rows are never
//! dropped). The operator's time is `max(watermark, 0)` (rowtime) or the simulated processing
//! time (proctime); the watermark is the minimum of both inputs'. One cleanup timer per key and
//! side, set for the key's first cached row (`t + bound + 1`, plus
//! `table.exec.interval-join.min-cleanup-interval`) and re-set for the oldest row that stays, so
//! a row may be padded later than its own `t + bound + 1`. The "expired" marks that spare a probe
//! (`left_exp`, `right_exp`) are the operator's own, shared by all keys, as in Flink.
//!
//! Upper < lower (a negative interval): no row can join; Flink plans no join at all, only the
//! inputs' rows padded at once (LEFT / RIGHT / FULL) or dropped (INNER).
//!
//! # Emits
//! `+I` of each joined row on arrival; `+I` of a padded row on an outer side when its key's
//! cleanup timer removes it unjoined, or at once for a late row.
//! # Retracts
//! Never (inputs and output are append-only).
//! # State
//! Kept: each side's rows per key and time, with whether they joined. Freed: by the cleanup
//! timers (rows at or before `operator time - bound - 1`), and by probes that meet expired rows.
//! # Watermark out
//! The combined watermark held back by `max(L, U)` (Flink's
//! `KeyedCoProcessOperatorWithWatermarkDelay`): a padded row may come out up to that much behind
//! the watermark. Timers fire at the undelayed watermark.
//! # Trace events
//! `interval_probe` (each arriving row: its range, whether it is kept, until when),
//! `state_insert`, `emit`, `interval_cleanup`, `state_expire` (cause `interval_passed`),
//! `watermark`, `input_watermark`.
//! # Flink class
//! `RowTimeIntervalJoin`, `ProcTimeIntervalJoin`, `TimeIntervalJoin` (`StreamExecIntervalJoin`).
//! # Scenarios
//! `tests/conformance/interval_join/*`.
//!
//! Rows of one time are kept in arrival order; a key's times are visited in the order of Flink's
//! hash map (Java's `HashMap<Long, …>`, [`super::java_order`]): that order decides which padded
//! row comes out first, and so which row sets a cleanup timer in a join downstream.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use super::java_order::JavaLongMap;

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::expr::typing::least_restrictive;
use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::{ExpireCause, JoinKind, RowKind};
use crate::time::window::explain_duration;
use crate::time::{format_watermark, SessionZone};
use crate::trace::{Event, Lineage, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::join_state::Key;
use super::watermarks::InputWatermarks;
use super::{key_render_types, merge_lineage, render, Ctx, Operator, Record};

pub struct IntervalJoinSpec {
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    pub null_safe: Vec<bool>,
    /// The rest of the condition, over left ++ right.
    pub residual: Option<Expr>,
    /// `left.time - right.time ∈ [lower, upper]` (ms).
    pub lower: i64,
    pub upper: i64,
    /// Event time (else processing time).
    pub rowtime: bool,
    pub left_time: usize,
    pub right_time: usize,
    /// `table.exec.interval-join.min-cleanup-interval` (ms).
    pub min_cleanup: i64,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    pub input_names: [String; 2],
    /// Keep lineage in state (the page's trace).
    pub tracing: bool,
    /// Output columns picked from (left ++ right) when the plain projection above the join was
    /// fused into it (untraced runs only: a trace shows the join's rows whole).
    pub project: Option<Vec<usize>>,
}

/// The rows of one time (mostly one: kept inline).
type Rows = smallvec::SmallVec<[Cached; 1]>;

struct Cached {
    row: Row,
    /// It joined a row of the other side (so it is never padded).
    emitted: bool,
    lineage: Lineage,
}

#[derive(Default)]
struct KeyState {
    /// Per side: rows by time (arrival order within a time), walked in the order of Flink's
    /// heap `MapState` (a Java `HashMap<Long, …>`, see [`super::java_order`]).
    cache: [JavaLongMap<Rows>; 2],
    /// Per side: the cleanup timer that removes that side's expired rows (Flink's
    /// `rightTimerState` for the left cache, `leftTimerState` for the right one).
    cleanup: [Option<i64>; 2],
    /// First seen (a stable order for the state view).
    seq: u64,
    key: Key,
}

pub struct IntervalJoinOp {
    s: IntervalJoinSpec,
    /// Per side: how far it looks at the other side's times (`L` for the left, `U` for the right).
    size: [i64; 2],
    /// Each key's slot in `slots` (a timer names its key's slot: firing it hashes no key).
    keys: FxHashMap<Key, u32>,
    slots: Vec<Option<KeyState>>,
    /// Slots emptied by a key's last row leaving, for the next new key.
    free: Vec<u32>,
    /// The states of keys whose last row left, emptied, for the next new keys (their caches keep
    /// their allocations).
    spare: Vec<KeyState>,
    /// The keys' cleanup timers, fired in time order and, within a time, in the order they were
    /// set (as Flink's timer service, which keeps one timer per key and time: a key set twice for
    /// one time fires once, its second entry finding nothing to do).
    timers: BinaryHeap<Reverse<Timer>>,
    /// How many timers were set (their order within a time).
    timer_seq: u64,
    /// Per side: the time up to which that side's cache is known clean (Flink's
    /// `leftExpirationTime` / `rightExpirationTime`; the operator's, not a key's).
    expired: [i64; 2],
    /// The operator's time (`max(watermark, 0)`, or the processing time).
    op_time: i64,
    watermarks: InputWatermarks,
    /// The output watermark is held back by this much.
    delay: i64,
    key_casts: [Vec<Option<DataType>>; 2],
    /// Per side: the types its key values print with (the common type where a side is cast).
    key_render_types: [Vec<DataType>; 2],
    seq: u64,
    rows: usize,
    buf: Row,
    /// Per side: why its rows leave state (a `state_expire` event's `reason`), made once.
    expire_reason: [String; 2],
}

fn side_name(i: usize) -> &'static str {
    if i == 0 {
        "left"
    } else {
        "right"
    }
}

impl IntervalJoinOp {
    /// Fuses the plain projection above the join into it (untraced runs: see the spec's `project`).
    pub fn set_project(&mut self, cols: Vec<usize>) {
        self.s.project = Some(cols);
    }

    pub fn new(s: IntervalJoinSpec) -> IntervalJoinOp {
        let mut key_casts = [Vec::new(), Vec::new()];
        for (&l, &r) in s.left_keys.iter().zip(&s.right_keys) {
            let (lt, rt) = (&s.left_types[l], &s.right_types[r]);
            let common = if lt.kind == rt.kind { None } else { least_restrictive(&[lt, rt]) };
            let cast = |t: &DataType| common.as_ref().filter(|c| c.kind != t.kind).cloned();
            key_casts[0].push(cast(lt));
            key_casts[1].push(cast(rt));
        }
        let size = [s.lower.saturating_neg(), s.upper];
        let watermarks = InputWatermarks::new(s.input_names.to_vec());
        let key_render_types = [
            key_render_types(&s.left_keys, &s.left_types, &key_casts[0]),
            key_render_types(&s.right_keys, &s.right_types, &key_casts[1]),
        ];
        let clock = if s.rowtime { "the join's watermark" } else { "the processing time" };
        let expire_reason = size.map(|n| format!("{} passed their time + {} + 1 ms", clock, explain_duration(n)));
        IntervalJoinOp {
            key_render_types,
            expire_reason,
            // Flink holds a rowtime join's output watermark back (a negative interval plans no
            // join, only the inputs' union)
            delay: if s.rowtime && s.upper >= s.lower { size[0].max(size[1]).max(0) } else { 0 },
            size,
            key_casts,
            s,
            keys: FxHashMap::default(),
            slots: Vec::new(),
            free: Vec::new(),
            spare: Vec::new(),
            timers: BinaryHeap::new(),
            timer_seq: 0,
            expired: [0, 0],
            op_time: 0,
            watermarks,
            seq: 0,
            rows: 0,
            buf: Vec::new(),
        }
    }

    fn negative(&self) -> bool {
        self.s.upper < self.s.lower
    }

    fn outer(&self, side: usize) -> bool {
        if side == 0 {
            self.s.kind.left_outer()
        } else {
            self.s.kind.right_outer()
        }
    }

    fn types(&self, side: usize) -> &[DataType] {
        if side == 0 {
            &self.s.left_types
        } else {
            &self.s.right_types
        }
    }

    fn key_cols(&self, side: usize) -> &[usize] {
        if side == 0 {
            &self.s.left_keys
        } else {
            &self.s.right_keys
        }
    }

    fn key_of(&self, side: usize, row: &[Value], zone: &SessionZone) -> Result<Key, RuntimeError> {
        if self.key_casts[side].iter().all(Option::is_none) {
            // no key to cast (the usual case): the key is the row's values
            return Ok(super::join_state::plain_key(self.key_cols(side), row));
        }
        let types = self.types(side);
        self.key_cols(side)
            .iter()
            .zip(&self.key_casts[side])
            .map(|(&k, cast)| match cast {
                Some(to) => cast_value(&row[k], &types[k], to, zone),
                None => Ok(row[k].clone()),
            })
            .collect()
    }

    /// A row's key and values as the trace shows them.
    fn shown(&self, side: usize, key: &Key, row: &Row, zone: &SessionZone) -> (Vec<String>, Vec<String>) {
        (self.key_text(side, key, zone), render(row, self.types(side), zone))
    }

    fn key_text(&self, side: usize, key: &Key, zone: &SessionZone) -> Vec<String> {
        render(key, &self.key_render_types[side], zone)
    }

    /// The operator's time (Flink's `updateOperatorTime`).
    fn update_op_time(&mut self, proc_time: i64) {
        self.op_time = if self.s.rowtime { self.watermarks.current().max(0) } else { proc_time };
    }

    /// The time up to which a side of `size` is expired at the operator's time.
    fn expiration(&self, size: i64) -> i64 {
        if self.op_time < i64::MAX {
            self.op_time.saturating_sub(size).saturating_sub(1)
        } else {
            i64::MAX
        }
    }

    /// The row's time: its time attribute (a NULL reads as 0, as Flink's binary row does), or
    /// the processing time.
    fn time_of(&self, side: usize, row: &[Value]) -> i64 {
        if !self.s.rowtime {
            return self.op_time;
        }
        let col = if side == 0 { self.s.left_time } else { self.s.right_time };
        row.get(col).and_then(Value::as_millis).unwrap_or(0)
    }

    /// Pads a row of `side` with NULLs for the other side's columns.
    fn pad(&self, side: usize, row: &Row, lineage: Lineage, cx: &mut Ctx) {
        pad_row(&self.s, side, row, lineage, cx)
    }

    /// When the cleanup timer of `side`'s cache goes off for a row at `time`.
    fn cleanup_at(&self, side: usize, time: i64) -> i64 {
        time.saturating_add(self.size[side]).saturating_add(self.s.min_cleanup).saturating_add(1)
    }

    /// `interval_cleanup` and, for the rows that left, `state_expire`.
    #[allow(clippy::too_many_arguments)]
    fn cleanup_event(
        &self,
        side: usize,
        key: &Key,
        timer: Option<i64>,
        exp: i64,
        rows: usize,
        padded: Vec<Vec<String>>,
        next: Option<i64>,
        cx: &mut Ctx,
    ) {
        if !cx.recording() {
            // (counted: the cleanup, and the expiry when rows left)
            cx.count_event();
            if rows > 0 {
                cx.count_event();
            }
            return;
        }
        let (op, k, time) = (cx.op, self.key_text(side, key, cx.zone), self.op_time);
        // (the expiry, if any rows left, shows the same key: rendered once for both events)
        let expired_key = if rows == 0 { None } else { Some(k.clone()) };
        cx.event(|| Event::IntervalCleanup {
            op,
            side: side_name(side).into(),
            key: k,
            timer_ms: timer,
            time_ms: time,
            expired_ms: exp,
            rows,
            padded,
            next_timer_ms: next,
        });
        if let Some(k) = expired_key {
            self.expire_event(side, k, rows, cx);
        }
    }

    /// The `state_expire` event of `rows` rows of `key` (shown as `k`) leaving `side`.
    fn expire_event(&self, side: usize, k: Vec<String>, rows: usize, cx: &mut Ctx) {
        let op = cx.op;
        let reason = self.expire_reason[side].clone();
        cx.event(|| Event::StateExpire {
            op,
            side: side_name(side).into(),
            key: k,
            window: None,
            rows,
            cause: ExpireCause::IntervalPassed,
            reason,
        });
    }

    /// A row arriving on `side` (Flink's `processElement1` / `processElement2`).
    fn process(&mut self, side: usize, mut rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let other = 1 - side;
        // the row's key and values as the trace shows them: worked out once for its two events
        let mut shown: Option<(Vec<String>, Vec<String>)> = None;
        self.update_op_time(cx.proc_time);
        if self.negative() {
            // no row can join: an outer side's rows come out padded at once
            if self.outer(side) {
                self.pad(side, &rec.row, rec.lineage.clone(), cx);
            }
            return Ok(());
        }
        let key = self.key_of(side, &rec.row, cx.zone)?;
        let t = self.time_of(side, &rec.row);
        // the other side's times it joins with
        let (lo, hi) = (t.saturating_sub(self.size[other]), t.saturating_add(self.size[side]));
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: Some(self.watermarks.current()) };
        let mut emitted = false;
        let mut matched = 0;
        let mut evicted = None;
        let slot = self.keys.get(&key).copied();
        if self.expired[other] < hi {
            self.expired[other] = self.expiration(self.size[other]);
            let exp = self.expired[other];
            let other_outer = self.outer(other);
            if let Some(ks) = slot.and_then(|i| self.slots[i as usize].as_mut()) {
                let cache = &mut ks.cache[other];
                // one pass in the map's order: rows in range join, expired ones leave (padded)
                let mut gone = 0;
                let mut padded = Vec::new();
                let mut expired_any = false;
                for time in cache.times() {
                    if time >= lo && time <= hi {
                        let Some(rows) = cache.get_mut(time) else { continue };
                        for c in rows.iter_mut() {
                            let (l, r) = if side == 0 { (&rec.row, &c.row) } else { (&c.row, &rec.row) };
                            if joins(&self.s, &mut self.buf, &key, l, r, &ctx)? {
                                let lin =
                                    if self.s.tracing { merge_lineage(&rec.lineage, &c.lineage) } else { Vec::new() };
                                emit_row(&self.s, Some(l), Some(r), lin, cx);
                                emitted = true;
                                matched += 1;
                                if other_outer {
                                    c.emitted = true;
                                }
                            }
                        }
                    }
                    // (a row may join and leave in the same pass: then it is not padded)
                    if time <= exp {
                        let Some(rows) = cache.get_mut(time).map(std::mem::take) else { continue };
                        expired_any = true;
                        if other_outer {
                            for c in rows.iter().filter(|c| !c.emitted) {
                                pad_row(&self.s, other, &c.row, c.lineage.clone(), cx);
                                if cx.recording() {
                                    let types = if other == 0 { &self.s.left_types } else { &self.s.right_types };
                                    padded.push(render(&c.row, types, cx.zone));
                                }
                            }
                        }
                        gone += rows.len();
                    }
                }
                if expired_any {
                    cache.remove_through(exp);
                }
                self.rows -= gone;
                if gone > 0 {
                    evicted = Some((exp, gone, padded));
                }
            }
        }
        if let Some((exp, gone, padded)) = evicted {
            self.cleanup_event(other, &key, None, exp, gone, padded, None, cx);
        }
        let keep = self.op_time < hi;
        let mut timer = None;
        if keep {
            self.seq += 1;
            let seq = self.seq;
            let at = self.cleanup_at(side, t);
            let tracing = cx.tracing();
            let slot = match slot {
                Some(i) => i,
                None => {
                    let ks = match self.spare.pop() {
                        Some(mut ks) => {
                            ks.seq = seq;
                            ks.key.clone_from(&key);
                            ks
                        }
                        None => KeyState { seq, key: key.clone(), ..KeyState::default() },
                    };
                    let i = match self.free.pop() {
                        Some(i) => {
                            self.slots[i as usize] = Some(ks);
                            i
                        }
                        None => {
                            self.slots.push(Some(ks));
                            (self.slots.len() - 1) as u32
                        }
                    };
                    self.keys.insert(key.clone(), i);
                    i
                }
            };
            let Some(ks) = self.slots[slot as usize].as_mut() else { return Ok(()) };
            let lineage = if self.s.tracing { rec.lineage.clone() } else { Vec::new() };
            // untraced, nothing reads the arriving row after this: it moves into the cache
            let row = if tracing { rec.row.clone() } else { std::mem::take(&mut rec.row) };
            ks.cache[side].get_or_insert_with(t, Rows::new).push(Cached { row, emitted, lineage });
            let n_key = if tracing { ks.cache[side].values().map(|r| r.len()).sum::<usize>() } else { 0 };
            // the side's cleanup timer, registered with its first row
            let fresh = ks.cleanup[side].is_none();
            timer = Some(*ks.cleanup[side].get_or_insert(at));
            self.rows += 1;
            let key_seq = ks.seq;
            if fresh {
                self.add_timer(at, slot, key_seq);
            }
            if cx.recording() {
                let (k, row) = shown.get_or_insert_with(|| self.shown(side, &key, &rec.row, cx.zone)).clone();
                let op = cx.op;
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert {
                    op,
                    side: side_name(side).into(),
                    key: k,
                    window: None,
                    row,
                    lineage,
                    rows_in_state: n_key,
                });
            } else {
                cx.count_event();
            }
        } else if !emitted && self.outer(side) {
            self.pad(side, &rec.row, rec.lineage.clone(), cx);
        }
        if cx.recording() {
            let (k, row) = shown.take().unwrap_or_else(|| self.shown(side, &key, &rec.row, cx.zone));
            let op = cx.op;
            let lineage = rec.lineage.clone();
            let expires = keep.then(|| t.saturating_add(self.size[side]).saturating_add(1));
            cx.event(|| Event::IntervalProbe {
                op,
                side: side_name(side).into(),
                key: k,
                row,
                lineage,
                time_ms: t,
                from_ms: lo,
                to_ms: hi,
                matched,
                cached: keep,
                expires_ms: expires,
                timer_ms: timer,
            });
        } else {
            cx.count_event();
        }
        Ok(())
    }

    /// Removes the rows of `side` of `key` at or before `exp` (Flink's `removeExpiredRows`),
    /// padding those that never joined on an outer side, and re-sets the side's timer for the
    /// oldest row that stays.
    fn remove_expired(&mut self, slot: usize, side: usize, exp: i64, timer: i64, cx: &mut Ctx) {
        let outer = self.outer(side);
        let s = &self.s;
        let types = if side == 0 { &s.left_types } else { &s.right_types };
        let Some(ks) = self.slots.get_mut(slot).and_then(Option::as_mut) else { return };
        let (mut gone, mut padded) = (0, Vec::new());
        let mut expired_any = false;
        // one pass in the map's order: expired rows leave (padded), the oldest that stays is found
        // as Flink's scan finds it (-1 for none; a time at or before 0 — 1970-01-01 — lets a later
        // one take its place)
        let mut earliest = -1i64;
        for time in ks.cache[side].times() {
            if time <= exp {
                let Some(rows) = ks.cache[side].get_mut(time).map(std::mem::take) else { continue };
                expired_any = true;
                if outer {
                    for c in rows.iter().filter(|c| !c.emitted) {
                        pad_row(s, side, &c.row, c.lineage.clone(), cx);
                        if cx.recording() {
                            padded.push(render(&c.row, types, cx.zone));
                        }
                    }
                }
                gone += rows.len();
            } else if time < earliest || earliest < 0 {
                earliest = time;
            }
        }
        if expired_any {
            ks.cache[side].remove_through(exp);
        }
        self.rows -= gone;
        // Flink re-arms only for a time above 0: rows at or before 1970-01-01 are dropped here
        let mut last = false;
        let next = if earliest > 0 {
            let at = earliest.saturating_add(self.size[side]).saturating_add(s.min_cleanup).saturating_add(1);
            ks.cleanup[side] = Some(at);
            self.timer_seq += 1;
            self.timers.push(Reverse(Timer { at, seq: self.timer_seq, slot: slot as u32, key_seq: ks.seq }));
            Some(at)
        } else {
            self.rows -= ks.cache[side].values().map(|r| r.len()).sum::<usize>();
            ks.cache[side].clear();
            ks.cleanup[side] = None;
            last = ks.cache[1 - side].is_empty() && ks.cleanup[1 - side].is_none();
            None
        };
        // the key's last row left: its slot is free
        let freed = if last { self.slots[slot].take() } else { None };
        if let Some(ks) = &freed {
            self.keys.remove(&ks.key);
            self.free.push(slot as u32);
        }
        if cx.tracing() {
            if let Some(ks) = freed.as_ref().or(self.slots[slot].as_ref()) {
                self.cleanup_event(side, &ks.key, Some(timer), exp, gone, padded, next, cx);
            }
        }
        if let Some(mut ks) = freed {
            if self.spare.len() < SPARE_KEYS {
                // both caches are empty and no timer is set: as a new key's state
                for cache in &mut ks.cache {
                    cache.clear();
                }
                self.spare.push(ks);
            }
        }
    }

    /// A timer at `at` of the key in `slot` (Flink's `onTimer`): the right cache first, then the left.
    fn on_timer(&mut self, slot: usize, key_seq: u64, at: i64, cx: &mut Ctx) {
        // the key's timers (none once its last row left: the slot is empty or another key's)
        let cleanup =
            |me: &Self| me.slots.get(slot).and_then(Option::as_ref).filter(|ks| ks.seq == key_seq).map(|ks| ks.cleanup);
        let Some(timers) = cleanup(self) else { return };
        if timers[1] == Some(at) {
            self.expired[1] = self.expiration(self.size[1]);
            let exp = self.expired[1];
            self.remove_expired(slot, 1, exp, at, cx);
        }
        if cleanup(self).unwrap_or_default()[0] == Some(at) {
            self.expired[0] = self.expiration(self.size[0]);
            let exp = self.expired[0];
            self.remove_expired(slot, 0, exp, at, cx);
        }
    }

    /// Fires every timer at or before `now` in time order (timers set meanwhile included).
    fn fire_timers(&mut self, now: i64, proc_time: i64, cx: &mut Ctx) {
        while self.timers.peek().is_some_and(|t| t.0.at <= now) {
            let Some(Reverse(Timer { at, slot, key_seq, .. })) = self.timers.pop() else { break };
            self.update_op_time(proc_time);
            self.on_timer(slot as usize, key_seq, at, cx);
        }
    }

    /// Sets a cleanup timer at `at` for the key in `slot` (first seen as `key_seq`).
    fn add_timer(&mut self, at: i64, slot: u32, key_seq: u64) {
        self.timer_seq += 1;
        self.timers.push(Reverse(Timer { at, seq: self.timer_seq, slot, key_seq }));
    }
}

/// How many emptied key states are kept for new keys.
const SPARE_KEYS: usize = 1024;

/// A key's cleanup timer: ordered by its time, then by when it was set.
struct Timer {
    at: i64,
    seq: u64,
    /// The key's slot, and the key's `seq` (the slot may hold another key by the time it fires).
    slot: u32,
    key_seq: u64,
}

impl PartialEq for Timer {
    fn eq(&self, other: &Self) -> bool {
        (self.at, self.seq) == (other.at, other.seq)
    }
}

impl Eq for Timer {}

impl PartialOrd for Timer {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Timer {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.at, self.seq).cmp(&(other.at, other.seq))
    }
}

/// Whether a left and a right row of `key` join: no NULL in a key compared with `=`, and the
/// residual condition holds (Flink's `IntervalJoinFunction`).
fn joins(
    s: &IntervalJoinSpec,
    buf: &mut Row,
    key: &Key,
    l: &Row,
    r: &Row,
    ctx: &EvalCtx,
) -> Result<bool, RuntimeError> {
    if !key.iter().zip(&s.null_safe).all(|(v, safe)| *safe || !v.is_null()) {
        return Ok(false);
    }
    match &s.residual {
        None => Ok(true),
        Some(c) => {
            buf.clear();
            buf.extend(l.iter().cloned());
            buf.extend(r.iter().cloned());
            c.eval_true(buf, ctx)
        }
    }
}

/// Emits `+I` of left ++ right (a missing side NULLs), or of the fused projection's columns.
fn emit_row(s: &IntervalJoinSpec, left: Option<&Row>, right: Option<&Row>, lineage: Lineage, cx: &mut Ctx) {
    let (lw, rw) = (s.left_types.len(), s.right_types.len());
    if let Some(cols) = &s.project {
        let pick = |side: Option<&Row>, c: usize| side.map_or(Value::Null, |r| r[c].copy_of());
        let row = cols.iter().map(|&c| if c < lw { pick(left, c) } else { pick(right, c - lw) }).collect();
        cx.emit(Record { kind: RowKind::Insert, row, lineage });
        return;
    }
    let mut row = Vec::with_capacity(lw + rw);
    match left {
        Some(l) => row.extend(l.iter().cloned()),
        None => row.extend(std::iter::repeat_n(Value::Null, lw)),
    }
    match right {
        Some(r) => row.extend(r.iter().cloned()),
        None => row.extend(std::iter::repeat_n(Value::Null, rw)),
    }
    if cx.recording() {
        // each side in its own types (the same text as the row in both sides' types)
        let mut text = render(&row[..lw], &s.left_types, cx.zone);
        text.extend(render(&row[lw..], &s.right_types, cx.zone));
        let (op, lin) = (cx.op, lineage.clone());
        cx.event(|| Event::Emit { op, kind: RowKind::Insert, row: text, lineage: lin });
    } else {
        cx.count_event();
    }
    cx.emit(Record { kind: RowKind::Insert, row, lineage });
}

/// Pads a row of `side` with NULLs for the other side's columns.
fn pad_row(s: &IntervalJoinSpec, side: usize, row: &Row, lineage: Lineage, cx: &mut Ctx) {
    if side == 0 {
        emit_row(s, Some(row), None, lineage, cx)
    } else {
        emit_row(s, None, Some(row), lineage, cx)
    }
}

impl Operator for IntervalJoinOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        self.process(input, rec, cx)
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let Some(combined) = self.watermarks.advance(input, wm, cx) else { return Ok(()) };
        if self.s.rowtime && !self.negative() {
            self.fire_timers(combined, cx.proc_time, cx);
        }
        self.watermarks.emit_delayed(self.delay, cx);
        Ok(())
    }

    fn on_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let advanced = self.watermarks.set_idle(input, idle, cx);
        if let Some(combined) = advanced {
            if self.s.rowtime && !self.negative() {
                self.fire_timers(combined, cx.proc_time, cx);
            }
            self.watermarks.emit_delayed(self.delay, cx);
        }
        Ok(())
    }

    fn on_processing_time(&mut self, now: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if !self.s.rowtime && !self.negative() {
            self.fire_timers(now, now, cx);
        }
        Ok(())
    }

    fn wants_processing_time(&self) -> bool {
        !self.s.rowtime
    }

    /// Rows held per key and side, oldest key first, with when each leaves.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut keys: Vec<&KeyState> = self.slots.iter().flatten().collect();
        crate::sort::sort_by_key(&mut keys, |k| k.seq);
        let mut groups = Vec::new();
        let mut rows = 0;
        for ks in keys {
            for side in 0..2 {
                if ks.cache[side].is_empty() {
                    continue;
                }
                let mut g = StateGroup {
                    side: side_name(side).into(),
                    key: self.key_text(side, &ks.key, zone),
                    window: None,
                    rows: Vec::new(),
                    row_notes: Vec::new(),
                };
                for (t, list) in ks.cache[side].iter_sorted() {
                    for c in list {
                        rows += 1;
                        g.rows.push(render(&c.row, self.types(side), zone));
                        let until = format_watermark(t.saturating_add(self.size[side]).saturating_add(1));
                        let mut note = format!("until {}", until);
                        if let Some(timer) = ks.cleanup[side] {
                            note.push_str(&format!(", timer {}", format_watermark(timer)));
                        }
                        if self.outer(side) {
                            note.push_str(if c.emitted { ", joined" } else { ", not joined yet" });
                        }
                        g.row_notes.push(note);
                    }
                }
                groups.push(g);
            }
        }
        Some(StateSummary { op, rows, groups })
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.rows)
    }
}

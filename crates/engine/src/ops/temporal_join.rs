//! Event-time temporal join — Flink's `TemporalRowTimeJoinOperator` (SEMANTICS.md §4), for
//! `FROM probe [LEFT] JOIN versioned FOR SYSTEM_TIME AS OF probe.rowtime ON probe.k = versioned.pk`.
//!
//! ```text
//!  versioned key EUR:  1.10 @09:00 ──────┬── 1.12 @10:00 ────────┬── 1.15 @10:40 ──►
//!  probe o2 @10:15 waits ... watermark reaches 10:15 ─► joins 1.12 (the greatest time ≤ 10:15)
//! ```
//!
//! Both inputs are keyed by the equality keys. A probe (left) row is stored with an arrival
//! number and waits; a versioned (right) row is stored by its row time, one version per time (a
//! later arrival of the same time overwrites the earlier one; `-U` rows never arrive: Flink drops
//! them before the join, `DropUpdateBefore`). Each key has one event-time timer, at the smallest
//! time of the rows that arrived since it last fired (a right row registers one too). When the
//! join's watermark (the minimum of both inputs') reaches a key's timer, every waiting probe row
//! of the key with time ≤ watermark is released **in arrival order** (not by time) against the
//! version with the greatest time ≤ its time: a `+I`/`+U` version that passes the rest of the
//! ON condition joins; none, a `-D` version or a failing condition gives a NULL-padded row
//! (LEFT) or nothing (INNER). The output row has the probe row's kind. Then the key's versions
//! older than the newest one ≤ watermark go (that one stays, however old), and the timer is set
//! again for the smallest time still waiting. Keys whose timers fire at one watermark come out in
//! timer order (time, then the order the timers were set).
//!
//! Late rows (Flink 2.3.0, the release the oracle runs: it keeps them, SEMANTICS.md §4.4): a
//! probe row whose time the watermark has passed still waits, and its timer (≤ the watermark)
//! fires at the next watermark advance, against what cleanup left (e1's `o7`); a late version is
//! stored and used by later probes.
//!
//! State retention (`table.exec.state.ttl`, SEMANTICS.md §4.5,
//! `BaseTwoInputStreamOperatorWithStateRetention`): one processing-time cleanup timer per key, set
//! to `now + 1.5 × ttl` whenever a row arrives (or the key's timer fires with state left) and
//! `now + ttl` is past the current one; when it fires, the key's probe rows and versions all go
//! (its event-time timer stays, and finds nothing).
//!
//! # Emits
//! At a watermark advance: each released probe row joined with its version, or padded (LEFT),
//! with the probe row's kind (`+I`, `-U`, `+U`, `-D`: an updating probe stays updating).
//! # Retracts
//! Never on its own: a probe retraction comes out as a retraction joined with the version valid at
//! *its* time (which may differ from the one its insert joined).
//! # State
//! Kept: waiting probe rows per key (arrival order); versions per key by time. Freed: probe rows
//! when released; versions older than the newest one at or before the watermark; everything of a
//! key by state TTL.
//! # Watermark out
//! The plain minimum of both inputs' (no hold-back), after the released rows.
//! # Trace events
//! `temporal_wait` (a probe row stored), `temporal_version` (a version stored, replaced, ended by a
//! `-D`, or a `-U` dropped), `temporal_release` (a probe row released: joined, padded or
//! dropped, with the version it met), `state_expire` (cause `version_superseded`, or `ttl`),
//! `emit`, `watermark`, `input_watermark`.
//! # Flink class
//! `TemporalRowTimeJoinOperator`, `TemporalRowTimeJoinHelper`,
//! `BaseTwoInputStreamOperatorWithStateRetention` (`StreamExecTemporalJoin`).
//! # Scenarios
//! `tests/conformance/temporal_join/*`.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::expr::{cast_value, EvalCtx, Expr};
use crate::kinds::{ExpireCause, RowKind, TemporalMiss, TemporalOutcome};
use crate::time::{format_watermark, SessionZone};
use crate::trace::{Event, Lineage, StateGroup, StateSummary, VersionRef};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::join_state::Key;
use super::watermarks::InputWatermarks;
use super::{key_render_types, merge_lineage, render, Ctx, Operator, Record};

pub struct TemporalJoinSpec {
    /// LEFT (else INNER).
    pub outer: bool,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    /// Per key: the type both sides compare in (numeric keys of different types).
    pub key_types: Vec<Option<DataType>>,
    /// The rest of the ON condition, over left ++ right.
    pub residual: Option<Expr>,
    pub left_time: usize,
    pub right_time: usize,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    /// Drop `-U` rows of the versioned side (Flink's `DropUpdateBefore`).
    pub drop_update_before: bool,
    /// `table.exec.state.ttl` (ms; 0 = off).
    pub ttl: i64,
    pub input_names: [String; 2],
    /// Output columns picked from (left ++ right) when the plain projection above the join was
    /// fused into it (untraced runs only: a trace shows the join's rows whole).
    pub project: Option<Vec<usize>>,
}

struct Probe {
    kind: RowKind,
    row: Row,
    lineage: Lineage,
    time: i64,
}

struct Version {
    kind: RowKind,
    row: Row,
    lineage: Lineage,
}

struct KeyState {
    key: Key,
    /// Waiting probe rows, in arrival order.
    left: Vec<Probe>,
    /// Versions by row time.
    right: BTreeMap<i64, Version>,
    /// Flink's `registeredTimer`: the event-time timer the key counts as set.
    registered: Option<i64>,
    /// Flink's `latestRegisteredCleanupTimer` (processing time).
    cleanup: Option<i64>,
}

pub struct TemporalJoinOp {
    s: TemporalJoinSpec,
    index: FxHashMap<Key, usize>,
    /// Keys in the order first seen (the state view's order).
    keys: Vec<KeyState>,
    /// The event-time timer service: (time, order set, key); one timer per key and time.
    timers: BTreeSet<(i64, u64, usize)>,
    timer_set: FxHashMap<(usize, i64), u64>,
    /// Processing-time cleanup timers: (time, key).
    proc_timers: BTreeSet<(i64, usize)>,
    watermarks: InputWatermarks,
    key_casts: [Vec<Option<DataType>>; 2],
    /// Per side: the types its key values print with (the common type where a side is cast).
    key_render_types: [Vec<DataType>; 2],
    min_retention: i64,
    max_retention: i64,
    timer_seq: u64,
    rows: usize,
    buf: Row,
}

fn side_name(side: usize) -> &'static str {
    if side == 0 {
        "left"
    } else {
        "right"
    }
}

impl TemporalJoinOp {
    /// Fuses the plain projection above the join into it (untraced runs: see the spec's `project`).
    pub fn set_project(&mut self, cols: Vec<usize>) {
        self.s.project = Some(cols);
    }

    pub fn new(s: TemporalJoinSpec) -> TemporalJoinOp {
        let mut key_casts = [Vec::new(), Vec::new()];
        for ((&l, &r), common) in s.left_keys.iter().zip(&s.right_keys).zip(&s.key_types) {
            let cast = |t: &DataType| common.as_ref().filter(|c| c.kind != t.kind).cloned();
            key_casts[0].push(cast(&s.left_types[l]));
            key_casts[1].push(cast(&s.right_types[r]));
        }
        let watermarks = InputWatermarks::new(s.input_names.to_vec());
        let key_render_types = [
            key_render_types(&s.left_keys, &s.left_types, &key_casts[0]),
            key_render_types(&s.right_keys, &s.right_types, &key_casts[1]),
        ];
        TemporalJoinOp {
            key_render_types,
            min_retention: s.ttl,
            max_retention: s.ttl.saturating_mul(3) / 2,
            s,
            index: FxHashMap::default(),
            keys: Vec::new(),
            timers: BTreeSet::new(),
            timer_set: FxHashMap::default(),
            proc_timers: BTreeSet::new(),
            watermarks,
            key_casts,
            timer_seq: 0,
            rows: 0,
            buf: Vec::new(),
        }
    }

    fn cleaning(&self) -> bool {
        self.min_retention > 1
    }

    fn types(&self, side: usize) -> &[DataType] {
        if side == 0 {
            &self.s.left_types
        } else {
            &self.s.right_types
        }
    }

    fn key_of(&self, side: usize, row: &[Value], zone: &SessionZone) -> Result<Key, RuntimeError> {
        let cols = if side == 0 { &self.s.left_keys } else { &self.s.right_keys };
        if self.key_casts[side].iter().all(Option::is_none) {
            // no key to cast (the usual case): the key is the row's values
            return Ok(super::join_state::plain_key(cols, row));
        }
        let types = self.types(side);
        cols.iter()
            .zip(&self.key_casts[side])
            .map(|(&k, cast)| match cast {
                Some(to) => cast_value(&row[k], &types[k], to, zone),
                None => Ok(row[k].clone()),
            })
            .collect()
    }

    fn key_text(&self, key: &Key, zone: &SessionZone) -> Vec<String> {
        render(key, &self.key_render_types[0], zone)
    }

    fn key_index(&mut self, key: Key) -> usize {
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let i = self.keys.len();
        self.keys.push(KeyState {
            key: key.clone(),
            left: Vec::new(),
            right: BTreeMap::new(),
            registered: None,
            cleanup: None,
        });
        self.index.insert(key, i);
        i
    }

    /// Flink's `registerTimer`: the timer service holds one timer per key and time.
    fn register_timer(&mut self, k: usize, t: i64) {
        self.keys[k].registered = Some(t);
        if let std::collections::hash_map::Entry::Vacant(e) = self.timer_set.entry((k, t)) {
            self.timer_seq += 1;
            e.insert(self.timer_seq);
            self.timers.insert((t, self.timer_seq, k));
        }
    }

    fn delete_timer(&mut self, k: usize, t: i64) {
        if let Some(seq) = self.timer_set.remove(&(k, t)) {
            self.timers.remove(&(t, seq, k));
        }
    }

    /// Flink's `registerSmallestTimer`.
    fn register_smallest_timer(&mut self, k: usize, t: i64) {
        match self.keys[k].registered {
            None => self.register_timer(k, t),
            Some(cur) if cur > t => {
                self.delete_timer(k, cur);
                self.register_timer(k, t);
            }
            Some(_) => {}
        }
    }

    /// `registerProcessingCleanupTimer`: `now + max` when `now + min` is past the current one.
    fn register_cleanup(&mut self, k: usize, now: i64) {
        if !self.cleaning() {
            return;
        }
        let cur = self.keys[k].cleanup;
        if cur.is_none_or(|c| now.saturating_add(self.min_retention) > c) {
            if let Some(c) = cur {
                self.proc_timers.remove(&(c, k));
            }
            let at = now.saturating_add(self.max_retention);
            self.proc_timers.insert((at, k));
            self.keys[k].cleanup = Some(at);
        }
    }

    fn time_of(&self, side: usize, row: &[Value]) -> i64 {
        let col = if side == 0 { self.s.left_time } else { self.s.right_time };
        row.get(col).and_then(Value::as_millis).unwrap_or(0)
    }

    fn probe(&mut self, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let key = self.key_of(0, &rec.row, cx.zone)?;
        let time = self.time_of(0, &rec.row);
        let k = self.key_index(key);
        let wm = self.watermarks.current();
        if cx.tracing() {
            let (op, key, row) =
                (cx.op, self.key_text(&self.keys[k].key, cx.zone), render(&rec.row, &self.s.left_types, cx.zone));
            let (kind, lineage, waiting) = (rec.kind, rec.lineage.clone(), self.keys[k].left.len() + 1);
            cx.event(|| Event::TemporalWait {
                op,
                key,
                kind,
                row,
                lineage,
                time_ms: time,
                watermark_ms: wm,
                late: time <= wm,
                waiting,
            });
        }
        self.keys[k].left.push(Probe { kind: rec.kind, row: rec.row, lineage: rec.lineage, time });
        self.rows += 1;
        self.register_smallest_timer(k, time);
        self.register_cleanup(k, cx.proc_time);
        Ok(())
    }

    fn version(&mut self, mut rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let mut key = self.key_of(1, &rec.row, cx.zone)?;
        let time = self.time_of(1, &rec.row);
        let wm = self.watermarks.current();
        let dropped = rec.kind == RowKind::UpdateBefore && self.s.drop_update_before;
        // untraced, nothing reads the key and the row after they are stored: they move
        let tracing = cx.tracing();
        let k = if dropped {
            self.index.get(&key).copied()
        } else {
            Some(self.key_index(if tracing { key.clone() } else { std::mem::take(&mut key) }))
        };
        let mut replaced = false;
        if let (false, Some(k)) = (dropped, k) {
            let (row, lineage) = if tracing {
                (rec.row.clone(), rec.lineage.clone())
            } else {
                (std::mem::take(&mut rec.row), std::mem::take(&mut rec.lineage))
            };
            let v = Version { kind: rec.kind, row, lineage };
            replaced = self.keys[k].right.insert(time, v).is_some();
            if !replaced {
                self.rows += 1;
            }
            self.register_smallest_timer(k, time);
            self.register_cleanup(k, cx.proc_time);
        }
        if cx.tracing() {
            let op = cx.op;
            let row = render(&rec.row, &self.s.right_types, cx.zone);
            let key = render(&key, &self.key_render_types[1], cx.zone);
            let versions = k.map(|k| self.keys[k].right.len()).unwrap_or(0);
            let (kind, lineage) = (rec.kind, rec.lineage);
            cx.event(|| Event::TemporalVersion {
                op,
                key,
                kind,
                row,
                lineage,
                time_ms: time,
                ends: kind == RowKind::Delete,
                replaced,
                dropped,
                late: time <= wm,
                versions,
            });
        }
        Ok(())
    }

    /// The key's timer fired at watermark `wm` (Flink's `onEventTime` and
    /// `emitResultAndCleanUpState`).
    fn on_timer(&mut self, k: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        self.keys[k].registered = None;
        let pending = std::mem::take(&mut self.keys[k].left);
        let (due, wait): (Vec<Probe>, Vec<Probe>) = if pending.iter().all(|p| p.time <= wm) {
            (pending, Vec::new())
        } else {
            pending.into_iter().partition(|p| p.time <= wm)
        };
        let last_unprocessed = wait.iter().map(|p| p.time).min();
        self.keys[k].left = wait;
        self.rows -= due.len();
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: Some(wm) };
        for p in due {
            let found = self.keys[k]
                .right
                .range(..=p.time)
                .next_back()
                .map(|(&t, v)| (t, v.kind, v.row.clone(), v.lineage.clone()));
            let (joined, miss) = match &found {
                None => (false, Some(TemporalMiss::NoVersion)),
                Some((_, kind, _, _)) if !kind.is_accumulate() => (false, Some(TemporalMiss::Deleted)),
                Some((_, _, row, _)) => {
                    let ok = match &self.s.residual {
                        None => true,
                        Some(c) => {
                            self.buf.clear();
                            self.buf.extend(p.row.iter().cloned());
                            self.buf.extend(row.iter().cloned());
                            c.eval_true(&self.buf, &ctx)?
                        }
                    };
                    if ok {
                        (true, None)
                    } else {
                        (false, Some(TemporalMiss::Condition))
                    }
                }
            };
            let out_outcome = if joined {
                TemporalOutcome::Joined
            } else if self.s.outer {
                TemporalOutcome::Padded
            } else {
                TemporalOutcome::Dropped
            };
            if cx.tracing() {
                let op = cx.op;
                let key = self.key_text(&self.keys[k].key, cx.zone);
                let row = render(&p.row, &self.s.left_types, cx.zone);
                let version = found.as_ref().map(|(t, kind, r, lin)| VersionRef {
                    time_ms: *t,
                    kind: *kind,
                    row: render(r, &self.s.right_types, cx.zone),
                    lineage: lin.clone(),
                });
                let (kind, lineage) = (p.kind, p.lineage.clone());
                cx.event(|| Event::TemporalRelease {
                    op,
                    key,
                    kind,
                    row,
                    lineage,
                    time_ms: p.time,
                    watermark_ms: wm,
                    version,
                    outcome: out_outcome,
                    miss,
                });
            }
            if !joined && !self.s.outer {
                continue;
            }
            let lineage = match (&found, joined) {
                (Some((_, _, _, lin)), true) => merge_lineage(&p.lineage, lin),
                _ => p.lineage.clone(),
            };
            let right = if joined { found.map(|(_, _, r, _)| r) } else { None };
            self.emit_row(p.kind, p.row, right, lineage, cx);
        }
        // clean-up: keep the newest version at or before the watermark, and every later one
        let keep_from = self.keys[k].right.range(..=wm).count().saturating_sub(1);
        if keep_from > 0 {
            for _ in 0..keep_from {
                self.keys[k].right.pop_first();
            }
            let kept = self.keys[k].right.keys().next().copied().unwrap_or_default();
            self.rows -= keep_from;
            if cx.tracing() {
                let op = cx.op;
                let key = self.key_text(&self.keys[k].key, cx.zone);
                let reason = format!(
                    "the join's watermark {} passed a newer version (from {}): the older ones can no longer be joined",
                    format_watermark(wm),
                    format_watermark(kept)
                );
                cx.event(|| Event::StateExpire {
                    op,
                    side: "right".into(),
                    key,
                    window: None,
                    rows: keep_from,
                    cause: ExpireCause::VersionSuperseded,
                    reason,
                });
            }
        }
        if let Some(t) = last_unprocessed {
            self.register_timer(k, t);
        }
        if self.cleaning() {
            if last_unprocessed.is_some() || !self.keys[k].right.is_empty() {
                self.register_cleanup(k, cx.proc_time);
            } else if let Some(c) = self.keys[k].cleanup.take() {
                self.proc_timers.remove(&(c, k));
            }
        }
        Ok(())
    }

    fn emit_row(&mut self, kind: RowKind, left: Row, right: Option<Row>, lineage: Lineage, cx: &mut Ctx) {
        if let Some(cols) = &self.s.project {
            let lw = self.s.left_types.len();
            let pick = |c: usize| match c.checked_sub(lw) {
                None => left[c].clone(),
                Some(c) => right.as_ref().map_or(Value::Null, |r| r[c].clone()),
            };
            let row = cols.iter().map(|&c| pick(c)).collect();
            cx.emit(Record { kind, row, lineage });
            return;
        }
        let mut row = left;
        match right {
            Some(r) => row.extend(r),
            None => row.extend(std::iter::repeat_n(Value::Null, self.s.right_types.len())),
        }
        if cx.tracing() {
            let mut types = self.s.left_types.clone();
            types.extend(self.s.right_types.iter().cloned());
            let text = render(&row, &types, cx.zone);
            let (op, lin) = (cx.op, lineage.clone());
            cx.event(|| Event::Emit { op, kind, row: text, lineage: lin });
        }
        cx.emit(Record { kind, row, lineage });
    }

    /// A key's state TTL timer fired (Flink's `cleanupState`): all its rows go.
    fn expire(&mut self, k: usize, cx: &mut Ctx) {
        let ks = &mut self.keys[k];
        let (l, r) = (ks.left.len(), ks.right.len());
        ks.left.clear();
        ks.right.clear();
        ks.registered = None;
        ks.cleanup = None;
        self.rows -= l + r;
        if cx.tracing() {
            let op = cx.op;
            let key = self.key_text(&self.keys[k].key, cx.zone);
            let ttl = crate::time::window::explain_duration(self.min_retention);
            for (side, n) in [(0, l), (1, r)] {
                if n == 0 {
                    continue;
                }
                let reason = format!(
                    "state TTL: the key was not written for {} (processing time; Flink cleans up between {} and 1.5 × that)",
                    ttl, ttl
                );
                let key = key.clone();
                cx.event(|| Event::StateExpire {
                    op,
                    side: side_name(side).into(),
                    key,
                    window: None,
                    rows: n,
                    cause: ExpireCause::Ttl,
                    reason,
                });
            }
        }
    }
}

impl TemporalJoinOp {
    /// The join's watermark advanced to `combined`: the keys' timers due fire, then it goes on.
    fn advanced(&mut self, combined: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        while let Some(&(t, seq, k)) = self.timers.first() {
            if t > combined {
                break;
            }
            self.timers.remove(&(t, seq, k));
            self.timer_set.remove(&(k, t));
            self.on_timer(k, combined, cx)?;
        }
        self.watermarks.emit(cx);
        Ok(())
    }
}

impl Operator for TemporalJoinOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if input == 0 {
            self.probe(rec, cx)
        } else {
            self.version(rec, cx)
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

    fn on_processing_time(&mut self, now: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        while let Some(&(t, k)) = self.proc_timers.first() {
            if t > now {
                break;
            }
            self.proc_timers.remove(&(t, k));
            if self.keys[k].cleanup == Some(t) {
                self.expire(k, cx);
            }
        }
        Ok(())
    }

    fn wants_processing_time(&self) -> bool {
        self.cleaning()
    }

    /// Per key: the probe rows waiting (with the watermark each needs), then the versions.
    fn state(&self, op: usize, zone: &SessionZone) -> Option<StateSummary> {
        let mut groups = Vec::new();
        let mut rows = 0;
        for ks in &self.keys {
            let key = self.key_text(&ks.key, zone);
            if !ks.left.is_empty() {
                let mut g = StateGroup {
                    side: "left".into(),
                    key: key.clone(),
                    window: None,
                    rows: Vec::new(),
                    row_notes: Vec::new(),
                };
                for p in &ks.left {
                    rows += 1;
                    g.rows.push(render(&p.row, &self.s.left_types, zone));
                    g.row_notes.push(format!(
                        "{} waits for the watermark to reach {}",
                        p.kind.short(),
                        format_watermark(p.time)
                    ));
                }
                groups.push(g);
            }
            if !ks.right.is_empty() {
                let mut g =
                    StateGroup { side: "right".into(), key, window: None, rows: Vec::new(), row_notes: Vec::new() };
                let times: Vec<i64> = ks.right.keys().copied().collect();
                for (i, (t, v)) in ks.right.iter().enumerate() {
                    rows += 1;
                    g.rows.push(render(&v.row, &self.s.right_types, zone));
                    let until =
                        times.get(i + 1).map(|n| format!(" until {}", format_watermark(*n))).unwrap_or_default();
                    let note = if v.kind.is_accumulate() {
                        format!("version from {}{}", format_watermark(*t), until)
                    } else {
                        format!("deleted at {}{}", format_watermark(*t), until)
                    };
                    g.row_notes.push(note);
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

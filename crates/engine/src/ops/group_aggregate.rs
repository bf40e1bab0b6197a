//! Group aggregation (Flink's `GroupAggregate`, `GroupAggFunction` / `GroupAggHelper`): one
//! accumulator row per group key, updated by every input message on its own.
//!
//! ```text
//!   +I/+U for a new key        ──► +I[key, results]
//!   +I/+U for a known key      ──► -U[key, before], +U[key, after]   (nothing if unchanged)
//!   -U/-D, the group stays     ──► -U[key, before], +U[key, after]   (nothing if unchanged)
//!   -U/-D, the last row leaves ──► -D[key, before]                    (group freed)
//!   -U/-D for an unknown key   ──► nothing
//! ```
//!
//! "Unchanged" compares the results only, and only without state TTL: with any retention an
//! unchanged result is sent again (`-U x`, `+U x`), so that downstream state is refreshed. A
//! `-U`/`+U` pair from upstream is two messages: a group of one row gives `-D` then `+I`. Only
//! a retracting input has the hidden row count that empties a group; an insert-only one never
//! deletes.
//!
//! # Emits
//! At once, per input message: `+I` for a group's first row, `-U`/`+U` for a change.
//! # Retracts
//! The group's previous result (`-U`), or the whole group (`-D`) when its last row is retracted.
//! # State
//! Kept: the accumulators per group key. Freed: when a retracting input empties the group, or by
//! state TTL (processing time since the group was last written; an expired group starts over).
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! `aggregated` (the group, its results before and after), `state_expire` (causes `retracted`,
//! `ttl`).
//! # Flink class
//! `GroupAggFunction` in `StreamExecGroupAggregate`.
//! # Scenarios
//! `tests/conformance/aggregate/group_agg_*`, `aggregate/agg_func_*`.

use rustc_hash::FxHashMap;

use crate::error::RuntimeError;
use crate::kinds::{ExpireCause, RowKind};
use crate::trace::{Event, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::aggregate::accumulators::{CallSpec, GroupAcc};
use super::write_queue::WriteQueue;
use super::{merge_lineage, render, Ctx, Operator, Record};

pub struct GroupAggregateSpec {
    pub group: Vec<usize>,
    pub calls: Vec<CallSpec>,
    /// A retracting input: the group empties when its row count is back to 0.
    pub retract: bool,
    /// Send `-U` before each `+U`.
    pub update_before: bool,
    /// State retention (ms of processing time; 0 = forever).
    pub ttl: i64,
    pub in_types: Vec<DataType>,
    pub out_types: Vec<DataType>,
}

struct Group {
    acc: GroupAcc,
    /// When the group was last written (processing time).
    written: i64,
    lineage: Vec<u32>,
    /// First-insert order (the state pane lists groups in it).
    seq: u64,
}

pub struct GroupAggregateOp {
    s: GroupAggregateSpec,
    groups: FxHashMap<Row, Group>,
    writes: WriteQueue<Row>,
    /// Arrival number of the next input message (FIRST_VALUE / LAST_VALUE order by it).
    order: u64,
    seq: u64,
}

impl GroupAggregateOp {
    pub fn new(s: GroupAggregateSpec) -> GroupAggregateOp {
        GroupAggregateOp { s, groups: FxHashMap::default(), writes: WriteQueue::default(), order: 0, seq: 0 }
    }

    /// A global aggregation's (no GROUP BY keys) row for an empty input: the initial
    /// accumulators' values (`COUNT` 0, `SUM` NULL). Batch mode emits it when no row arrived (a
    /// streaming aggregation emits nothing for an empty input).
    pub fn empty_input_row(&self) -> Option<Row> {
        if !self.s.group.is_empty() || !self.groups.is_empty() {
            return None;
        }
        Some(GroupAcc::new(&self.s.calls).values(&self.s.calls))
    }

    fn key_types(&self) -> Vec<DataType> {
        self.s.group.iter().map(|&g| self.s.in_types.get(g).cloned().unwrap_or_else(DataType::string)).collect()
    }

    fn out_row(&self, key: &Row, values: Vec<Value>) -> Row {
        let mut r = key.clone();
        r.extend(values);
        r
    }

    /// Drops the groups not written for the retention (Flink's state TTL never returns them).
    fn expire(&mut self, now: i64, cx: &mut Ctx) {
        let ttl = self.s.ttl;
        if ttl <= 0 {
            return;
        }
        while let Some(key) = self.writes.pop_expired(now, ttl) {
            let expired = self.groups.get(&key).is_some_and(|g| now >= g.written.saturating_add(ttl));
            if expired {
                self.groups.remove(&key);
                if cx.tracing() {
                    let op = cx.op;
                    let key_text = render(&key, &self.key_types(), cx.zone);
                    let reason = format!("not written for {} (state TTL)", crate::time::window::explain_duration(ttl));
                    cx.event(|| Event::StateExpire {
                        op,
                        side: "group".into(),
                        key: key_text,
                        window: None,
                        rows: 1,
                        cause: ExpireCause::Ttl,
                        reason,
                    });
                }
            }
        }
    }
}

impl Operator for GroupAggregateOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let now = cx.proc_time;
        self.expire(now, cx);
        let key: Row = self.s.group.iter().map(|&g| rec.row.get(g).cloned().unwrap_or(Value::Null)).collect();
        let accumulate = rec.kind.is_accumulate();
        self.order += 1;
        let order = self.order;
        let first = !self.groups.contains_key(&key);
        if first {
            if !accumulate {
                // a retraction for a group that does not exist is dropped
                return Ok(());
            }
            self.seq += 1;
            let g = Group { acc: GroupAcc::new(&self.s.calls), written: now, lineage: Vec::new(), seq: self.seq };
            self.groups.insert(key.clone(), g);
        }
        let Some(g) = self.groups.get_mut(&key) else { return Ok(()) };
        let before = g.acc.values(&self.s.calls);
        let before_lineage = g.lineage.clone();
        g.acc.apply(&self.s.calls, &rec.row, !accumulate, order);
        let after = g.acc.values(&self.s.calls);
        if cx.tracing() {
            g.lineage = merge_lineage(&g.lineage, &rec.lineage);
        }
        let lineage = g.lineage.clone();
        let emptied = self.s.retract && g.acc.count1 == 0;
        let tracing = cx.tracing();
        if emptied {
            self.groups.remove(&key);
            if !first {
                let row = self.out_row(&key, before.clone());
                cx.emit(Record { kind: RowKind::Delete, row, lineage: before_lineage.clone() });
            }
        } else {
            g.written = now;
            if self.s.ttl > 0 {
                self.writes.push(now, key.clone());
            }
            if first {
                let row = self.out_row(&key, after.clone());
                cx.emit(Record { kind: RowKind::Insert, row, lineage: lineage.clone() });
            } else if self.s.ttl > 0 || before != after {
                let old = self.out_row(&key, before.clone());
                let new = self.out_row(&key, after.clone());
                if self.s.update_before {
                    cx.emit(Record { kind: RowKind::UpdateBefore, row: old, lineage: before_lineage });
                }
                cx.emit(Record { kind: RowKind::UpdateAfter, row: new, lineage });
            }
        }
        if tracing {
            let op = cx.op;
            let kt = self.key_types();
            let nk = kt.len();
            let key_text = render(&key, &kt, cx.zone);
            let result_types: Vec<DataType> = self.s.out_types[nk..].to_vec();
            let before_text = if first { None } else { Some(render(&before, &result_types, cx.zone)) };
            let after_text = if emptied { None } else { Some(render(&after, &result_types, cx.zone)) };
            let row = render(&rec.row, &self.s.in_types, cx.zone);
            let changed = before_text != after_text || self.s.ttl > 0;
            cx.event(|| Event::Aggregated {
                op,
                key: key_text,
                window: None,
                kind: rec.kind,
                row,
                before: before_text,
                after: after_text,
                emitted: changed || first || emptied,
            });
        }
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.groups.len())
    }

    fn state(&self, op: usize, zone: &crate::time::SessionZone) -> Option<StateSummary> {
        let kt = self.key_types();
        let nk = kt.len();
        let result_types: Vec<DataType> = self.s.out_types[nk..].to_vec();
        let mut keys: Vec<(&Row, &Group)> = self.groups.iter().collect();
        crate::sort::sort_by_key(&mut keys, |(_, g)| g.seq);
        let groups: Vec<StateGroup> = keys
            .into_iter()
            .map(|(k, g)| {
                let held = g.acc.held();
                StateGroup {
                    side: "group".into(),
                    key: render(k, &kt, zone),
                    window: None,
                    rows: vec![render(&g.acc.values(&self.s.calls), &result_types, zone)],
                    row_notes: vec![if self.s.retract {
                        format!(
                            "{} row{}{}",
                            g.acc.count1,
                            if g.acc.count1 == 1 { "" } else { "s" },
                            if held > 0 { format!(", {} values kept", held) } else { String::new() }
                        )
                    } else if held > 0 {
                        format!("{} values kept", held)
                    } else {
                        String::new()
                    }],
                }
            })
            .collect();
        Some(StateSummary { op, rows: groups.len(), groups })
    }
}

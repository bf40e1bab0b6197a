//! ChangelogNormalize: what Flink puts after an upsert source so that downstream operators see
//! full changes. Keyed by the primary key; holds the last row of each key.
//!
//! ```text
//!   +I/+U k=v2, state k=v1 ──► -U v1, +U v2      (state k=v2)
//!   +I/+U k=v1, state k=v1 ──► nothing           (the same row: no change to send)
//!   +I/+U k=v1, no state   ──► +I v1             (state k=v1)
//!   -D k,       state k=v1 ──► -D v1 (full row)  (state freed)
//!   -D k,       no state   ──► nothing
//! ```
//!
//! With a condition (a filter Flink pushed into the normalize, `condition=[…]`), only rows that
//! pass it are visible downstream; the state holds the key's last row either way:
//!
//! ```text
//!   old passes, new passes ──► -U old, +U new
//!   old passes, new fails  ──► -D old
//!   old fails (or none), new passes ──► +I new
//!   -D k, old passes       ──► -D old; an old row that fails: nothing
//! ```
//!
//! "The same row" compares the row as the normalize holds it, after column pruning: an update
//! that changes only columns the query never reads is dropped here. With state TTL on, Flink
//! forwards it anyway (-U/+U), so that downstream state is written again and does not expire
//! early (`DeduplicateFunctionHelper.processLastRowOnChangelog`).
//!
//! # Emits
//! `+I` for a new key, `-U`/`+U` for a changed row, at once.
//! # Retracts
//! The key's last row: `-U` before its update, `-D` (the full row) on a delete.
//! # State
//! Kept: the last row per key. Freed: on `-D`.
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! `state_insert`, `state_expire` (cause `deleted`), `unchanged`, `filtered`.
//! # Flink class
//! `ProcTimeDeduplicateKeepLastRowFunction` behind `StreamExecChangelogNormalize`.
//! # Scenarios
//! `tests/conformance/changelog/changelog_upsert_filter_normalize.sql`,
//! `changelog/changelog_upsert_same_row.sql`, `changelog/changelog_upsert_*`.

use crate::error::RuntimeError;
use rustc_hash::FxHashMap;

use crate::expr::{EvalCtx, Expr};
use crate::kinds::ExpireCause;
use crate::kinds::RowKind;
use crate::trace::{Event, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::{render, Ctx, Operator, Record};

pub struct NormalizeOp {
    pub key: Vec<usize>,
    pub types: Vec<DataType>,
    /// State TTL is on: forward an update equal to the key's last row instead of dropping it.
    ttl_enabled: bool,
    /// Only rows passing this filter are visible downstream.
    condition: Option<Expr>,
    /// Key → (last row, its lineage, when the key was first inserted).
    state: FxHashMap<Vec<Value>, (Row, Vec<u32>, u64)>,
    seq: u64,
}

impl NormalizeOp {
    pub fn new(key: Vec<usize>, types: Vec<DataType>, ttl_enabled: bool, condition: Option<Expr>) -> NormalizeOp {
        NormalizeOp { key, types, ttl_enabled, condition, state: FxHashMap::default(), seq: 0 }
    }

    /// Whether a row passes the condition (every row does without one).
    fn passes(&self, row: &Row, cx: &Ctx) -> Result<bool, RuntimeError> {
        match &self.condition {
            Some(c) => {
                let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
                c.eval_true(row, &ctx)
            }
            None => Ok(true),
        }
    }
}

impl Operator for NormalizeOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let k: Vec<Value> = self.key.iter().map(|&i| rec.row[i].clone()).collect();
        let key_text = if cx.tracing() {
            render(&k, &self.key.iter().map(|&i| self.types[i].clone()).collect::<Vec<_>>(), cx.zone)
        } else {
            Vec::new()
        };
        let op = cx.op;
        if rec.kind.is_accumulate() {
            self.seq += 1;
            let seq = self.seq;
            let new_passes = self.passes(&rec.row, cx)?;
            let old_passes = match self.state.get(&k) {
                Some(slot) if !self.ttl_enabled && slot.0 == rec.row => {
                    if cx.tracing() {
                        let row = render(&rec.row, &self.types, cx.zone);
                        cx.event(|| Event::Unchanged { op, key: key_text, row });
                    }
                    return Ok(());
                }
                Some(slot) => Some(self.passes(&slot.0, cx)?),
                None => None,
            };
            match (old_passes, self.state.get_mut(&k)) {
                (Some(old_passes), Some(slot)) => {
                    let old = std::mem::replace(&mut slot.0, rec.row.clone());
                    let old_lineage = std::mem::replace(&mut slot.1, rec.lineage.clone());
                    match (old_passes, new_passes) {
                        (true, true) => {
                            cx.emit(Record { kind: RowKind::UpdateBefore, row: old, lineage: old_lineage });
                            cx.emit(Record {
                                kind: RowKind::UpdateAfter,
                                row: rec.row.clone(),
                                lineage: rec.lineage.clone(),
                            });
                        }
                        (true, false) => cx.emit(Record { kind: RowKind::Delete, row: old, lineage: old_lineage }),
                        (false, true) => cx.emit(Record {
                            kind: RowKind::Insert,
                            row: rec.row.clone(),
                            lineage: rec.lineage.clone(),
                        }),
                        (false, false) => {}
                    }
                }
                _ => {
                    self.state.insert(k, (rec.row.clone(), rec.lineage.clone(), seq));
                    if new_passes {
                        cx.emit(Record { kind: RowKind::Insert, row: rec.row.clone(), lineage: rec.lineage.clone() });
                    }
                }
            }
            if !new_passes && cx.tracing() {
                let row = render(&rec.row, &self.types, cx.zone);
                cx.event(|| Event::Filtered { op, row });
            }
            if cx.tracing() {
                let row = render(&rec.row, &self.types, cx.zone);
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert {
                    op,
                    side: "key".into(),
                    key: key_text,
                    window: None,
                    row,
                    lineage,
                    rows_in_state: 1,
                });
            }
        } else if let Some((old, old_lineage, _)) = self.state.remove(&k) {
            if self.passes(&old, cx)? {
                cx.emit(Record { kind: RowKind::Delete, row: old, lineage: old_lineage });
            }
            cx.event(|| Event::StateExpire {
                op,
                side: "key".into(),
                key: key_text,
                window: None,
                rows: 1,
                cause: ExpireCause::Deleted,
                reason: "deleted".into(),
            });
        }
        Ok(())
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.state.len())
    }

    fn state(&self, op: usize, zone: &crate::time::SessionZone) -> Option<StateSummary> {
        let key_types: Vec<DataType> = self.key.iter().map(|&i| self.types[i].clone()).collect();
        // keys in first-insert order (hash order differs between builds)
        let mut keys: Vec<(&Vec<Value>, u64)> = self.state.iter().map(|(k, v)| (k, v.2)).collect();
        crate::sort::sort_by_key(&mut keys, |(_, s)| *s);
        let groups = keys
            .into_iter()
            .filter_map(|(k, _)| {
                self.state.get(k).map(|(r, _, _)| StateGroup {
                    side: "key".into(),
                    key: render(k, &key_types, zone),
                    window: None,
                    rows: vec![render(r, &self.types, zone)],
                    row_notes: vec![String::new()],
                })
            })
            .collect::<Vec<_>>();
        Some(StateSummary { op, rows: groups.len(), groups })
    }
}

//! ChangelogNormalize: what Flink puts after an upsert source so that downstream operators see
//! full changes. Keyed by the primary key; holds the last row of each key.
//!
//! ```text
//!   +I/+U k=v2, state k=v1 ──► -U v1, +U v2      (state k=v2)
//!   +I/+U k=v1, no state   ──► +I v1             (state k=v1)
//!   -D k,       state k=v1 ──► -D v1 (full row)  (state freed)
//!   -D k,       no state   ──► nothing
//! ```

use rustc_hash::FxHashMap;

use crate::changelog::RowKind;
use crate::trace::{Event, StateGroup, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::{render, Ctx, Record};

pub struct NormalizeOp {
    pub key: Vec<usize>,
    pub types: Vec<DataType>,
    state: FxHashMap<Vec<Value>, (Row, Vec<u32>)>,
    /// Keys in first-insert order (for a deterministic state view).
    order: Vec<Vec<Value>>,
}

impl NormalizeOp {
    pub fn new(key: Vec<usize>, types: Vec<DataType>) -> NormalizeOp {
        NormalizeOp { key, types, state: FxHashMap::default(), order: Vec::new() }
    }

    pub fn on_record(&mut self, rec: Record, cx: &mut Ctx) -> Result<(), String> {
        let k: Vec<Value> = self.key.iter().map(|&i| rec.row[i].clone()).collect();
        let key_text = if cx.tracing() { render(&k, &self.key.iter().map(|&i| self.types[i].clone()).collect::<Vec<_>>(), cx.zone) } else { Vec::new() };
        let op = cx.op;
        if rec.kind.is_accumulate() {
            match self.state.insert(k.clone(), (rec.row.clone(), rec.lineage.clone())) {
                Some((old, old_lineage)) => {
                    cx.emit(Record { kind: RowKind::UpdateBefore, row: old, lineage: old_lineage });
                    cx.emit(Record { kind: RowKind::UpdateAfter, row: rec.row.clone(), lineage: rec.lineage.clone() });
                }
                None => {
                    self.order.push(k);
                    cx.emit(Record { kind: RowKind::Insert, row: rec.row.clone(), lineage: rec.lineage.clone() });
                }
            }
            if cx.tracing() {
                let row = render(&rec.row, &self.types, cx.zone);
                let lineage = rec.lineage.clone();
                cx.event(|| Event::StateInsert { op, side: "key".into(), key: key_text, window: None, row, lineage, rows_in_state: 1 });
            }
        } else if let Some((old, old_lineage)) = self.state.remove(&k) {
            self.order.retain(|x| x != &k);
            cx.emit(Record { kind: RowKind::Delete, row: old, lineage: old_lineage });
            cx.event(|| Event::StateExpire { op, side: "key".into(), key: key_text, window: None, rows: 1, reason: "deleted".into() });
        }
        Ok(())
    }

    pub fn state(&self, op: usize, zone: &crate::time::SessionZone) -> StateSummary {
        let key_types: Vec<DataType> = self.key.iter().map(|&i| self.types[i].clone()).collect();
        let groups = self
            .order
            .iter()
            .filter_map(|k| {
                self.state.get(k).map(|(r, _)| StateGroup {
                    side: "key".into(),
                    key: render(k, &key_types, zone),
                    window: None,
                    rows: vec![render(r, &self.types, zone)],
                })
            })
            .collect::<Vec<_>>();
        StateSummary { op, rows: groups.len(), groups }
    }
}

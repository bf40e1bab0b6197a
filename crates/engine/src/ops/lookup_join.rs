//! Processing-time lookup join — Flink's `LookupJoinRunner` (`StreamExecLookupJoin`), for
//! `FROM probe [LEFT] JOIN dim FOR SYSTEM_TIME AS OF probe.proc_time AS d ON probe.k = d.k` against a
//! lookup table (`'lookup' = 'true'`, SEMANTICS.md §5, the oracle's README "Lookup joins").
//!
//! ```text
//!  store customers:  {1: Alice}      {1: Alicia}                     (rows change at their steps)
//!  probe orders:          100 ─► looks up 1: Alice      101 ─► looks up 1: Alicia
//! ```
//!
//! Input 0 is the probe stream; input 1 is the lookup table's own rows, which Flink never sees
//! as a stream: they stand for the external system changing, and only change the **store**, an
//! in-memory copy of the table as it is at that point of the arrival order. With a PRIMARY KEY the
//! store is keyed by it (`+I`/`+U` put the row, replacing the key's row; `-U`/`-D` remove the key's
//! row); without one it is a multiset (`+I`/`+U` add a row, `-U`/`-D` remove one equal row).
//!
//! Per probe row (any kind): the lookup keys are computed from it (a column, an expression of its
//! columns, or a constant); a NULL key finds nothing; otherwise every store row whose lookup
//! columns equal the keys is found, in the order the rows entered the store. Each found row that
//! passes the rest of the ON condition is joined; LEFT pads the probe row with NULLs when none
//! did. Every output row has the probe row's kind.
//!
//! # Emits
//! At once, per probe row: its joined rows (or the padded row), with the probe row's kind.
//! # Retracts
//! Never on its own: a later change of the store revises nothing already emitted; a probe
//! retraction is looked up again (it may meet another version than its insert did).
//! # State
//! Kept: the store ([`super::lookup_store`]: the lookup table's rows so far). Freed: a row when a `-U`/`-D` removes it or
//! (with a primary key) a later row of its key replaces it. Flink itself keeps no state: the
//! store stands for the external system. The probe rows are not kept.
//! # Watermark out
//! The probe input's, as it is (the lookup table is not a stream of the job: its watermarks are
//! ignored).
//! # Trace events
//! `lookup` (a probe row looked up: its key, the rows found, what came out), `lookup_store` (a
//! lookup-table row changed the store), `emit`.
//! # Flink class
//! `LookupJoinRunner` (`StreamExecLookupJoin`, `CommonPhysicalLookupJoin`).
//! # Scenarios
//! `tests/conformance/lookup_join/*`.

use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};
use crate::trace::{Event, LookupMatch, StateSummary};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::join_state::Key;
use super::lookup_store::Store;
use super::{merge_lineage, render, Ctx, Operator, Record};

pub struct LookupJoinSpec {
    /// LEFT (else INNER).
    pub outer: bool,
    /// The lookup table's name (for the trace).
    pub table: String,
    /// The lookup columns of the table, and per column the key computed from the probe row.
    pub key_cols: Vec<usize>,
    pub key_exprs: Vec<Expr>,
    /// The rest of the ON condition, over probe ++ table row.
    pub residual: Option<Expr>,
    /// The table's primary key (empty: the store is a multiset).
    pub primary_key: Vec<usize>,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    /// The table's columns a row is (its hidden system columns, such as the arrival time
    /// `$rowtime`, are not): rows compare and show by these.
    pub visible: Vec<usize>,
}

pub struct LookupJoinOp {
    s: LookupJoinSpec,
    /// The lookup table as it is now, indexed by the lookup keys.
    store: Store<()>,
    buf: Row,
}

impl LookupJoinOp {
    pub fn new(s: LookupJoinSpec) -> LookupJoinOp {
        let store = Store::new(s.primary_key.clone(), s.visible.clone(), Some(s.key_cols.clone()));
        LookupJoinOp { s, store, buf: Vec::new() }
    }

    /// A table row as the store shows it (its visible columns).
    fn show(&self, row: &[Value], zone: &crate::time::SessionZone) -> Vec<String> {
        self.s
            .visible
            .iter()
            .map(|&c| {
                row.get(c)
                    .unwrap_or(&Value::Null)
                    .render(self.s.right_types.get(c).unwrap_or(&DataType::string()), zone)
            })
            .collect()
    }

    /// A row of the lookup table: the store changes.
    fn store(&mut self, rec: Record, cx: &mut Ctx) {
        let change = self.store.apply(rec.kind, &rec.row, &rec.lineage, |_| ());
        if cx.tracing() {
            let (op, rows) = (cx.op, self.store.live());
            let row = self.show(&rec.row, cx.zone);
            let table = self.s.table.clone();
            cx.event(|| Event::LookupStore { op, table, kind: rec.kind, row, lineage: rec.lineage, change, rows });
        }
    }

    /// A probe row: look it up, join, emit.
    fn probe(&mut self, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
        let mut key: Key = Key::new();
        for e in &self.s.key_exprs {
            key.push(e.eval(&rec.row, &ctx)?);
        }
        let null_key = key.iter().any(|v| v.is_null());
        let slots: Vec<usize> = if null_key { Vec::new() } else { self.store.indexed(&key).to_vec() };
        let tracing = cx.tracing();
        let mut found = Vec::new();
        let mut out: Vec<Record> = Vec::new();
        for s in slots {
            let Some(st) = self.store.get(s) else { continue };
            self.buf.clear();
            self.buf.extend(rec.row.iter().cloned());
            self.buf.extend(st.row.iter().cloned());
            let ok = match &self.s.residual {
                None => true,
                Some(c) => c.eval_true(&self.buf, &ctx)?,
            };
            if tracing {
                found.push(LookupMatch {
                    row: self.show(&st.row, cx.zone),
                    lineage: st.lineage.clone(),
                    joined: ok,
                    score: None,
                });
            }
            if ok {
                let lineage = if tracing { merge_lineage(&rec.lineage, &st.lineage) } else { Vec::new() };
                out.push(Record { kind: rec.kind, row: self.buf.clone(), lineage });
            }
        }
        let emitted = out.len();
        let padded = emitted == 0 && self.s.outer;
        if padded {
            let mut row = rec.row.clone();
            row.extend(std::iter::repeat_n(Value::Null, self.s.right_types.len()));
            out.push(Record { kind: rec.kind, row, lineage: rec.lineage.clone() });
        }
        if tracing {
            let op = cx.op;
            let key_types: Vec<DataType> = self.s.key_exprs.iter().map(|e| e.ty().clone()).collect();
            let key_text = render(&key, &key_types, cx.zone);
            let row = render(&rec.row, &self.s.left_types, cx.zone);
            let table = self.s.table.clone();
            cx.event(|| Event::Lookup {
                op,
                table,
                kind: rec.kind,
                row,
                lineage: rec.lineage,
                key: key_text,
                null_key,
                found,
                emitted,
                padded,
                function: None,
                roles: None,
            });
        }
        for r in out {
            if tracing {
                let mut types = self.s.left_types.clone();
                types.extend(self.s.right_types.iter().cloned());
                let text = render(&r.row, &types, cx.zone);
                let (op, kind, lin) = (cx.op, r.kind, r.lineage.clone());
                cx.event(|| Event::Emit { op, kind, row: text, lineage: lin });
            }
            cx.emit(r);
        }
        Ok(())
    }
}

impl Operator for LookupJoinOp {
    fn on_record(&mut self, input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if input == 1 {
            self.store(rec, cx);
            Ok(())
        } else {
            self.probe(rec, cx)
        }
    }

    fn on_watermark(&mut self, input: usize, wm: i64, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if input == 0 {
            cx.emit_watermark(wm);
        }
        Ok(())
    }

    fn on_idle(&mut self, input: usize, idle: bool, cx: &mut Ctx) -> Result<(), RuntimeError> {
        if input == 0 {
            cx.out.push(super::Element::Idle(idle));
        }
        Ok(())
    }

    fn state(&self, op: usize, zone: &crate::time::SessionZone) -> Option<StateSummary> {
        let g = self.store.state_group(|r| self.show(r, zone));
        let groups = if g.rows.is_empty() { Vec::new() } else { vec![g] };
        Some(StateSummary { op, rows: self.store.live(), groups })
    }

    fn state_rows(&self) -> Option<usize> {
        Some(self.store.live())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kinds::RowKind;
    use crate::time::SessionZone;

    fn int(v: i32) -> Value {
        Value::Int(v)
    }

    fn op(pk: bool, outer: bool) -> LookupJoinOp {
        LookupJoinOp::new(LookupJoinSpec {
            outer,
            table: "dim".into(),
            key_cols: vec![0],
            key_exprs: vec![Expr::input(0, DataType::nullable(crate::types::TypeKind::Int))],
            residual: None,
            primary_key: if pk { vec![0] } else { Vec::new() },
            left_types: vec![DataType::nullable(crate::types::TypeKind::Int)],
            right_types: vec![
                DataType::nullable(crate::types::TypeKind::Int),
                DataType::nullable(crate::types::TypeKind::Int),
            ],
            visible: vec![0, 1],
        })
    }

    fn run(o: &mut LookupJoinOp, input: usize, kind: RowKind, row: Row) -> Vec<(RowKind, Row)> {
        let zone = SessionZone::default();
        let mut out = Vec::new();
        let mut cx = Ctx::new(&mut out, None, 0, &zone, 0);
        let r = o.on_record(input, Record { kind, row, lineage: Vec::new() }, &mut cx);
        assert!(r.is_ok());
        out.into_iter()
            .filter_map(|e| match e {
                super::super::Element::Record(r) => Some((r.kind, r.row)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn keyed_store_replaces_and_removes() {
        let mut o = op(true, true);
        run(&mut o, 1, RowKind::Insert, vec![int(1), int(10)]);
        run(&mut o, 1, RowKind::Insert, vec![int(1), int(11)]);
        assert_eq!(
            run(&mut o, 0, RowKind::Insert, vec![int(1)]),
            vec![(RowKind::Insert, vec![int(1), int(1), int(11)])]
        );
        run(&mut o, 1, RowKind::Delete, vec![int(1), int(11)]);
        assert_eq!(
            run(&mut o, 0, RowKind::Insert, vec![int(1)]),
            vec![(RowKind::Insert, vec![int(1), Value::Null, Value::Null])]
        );
        assert_eq!(o.state_rows(), Some(0));
    }

    #[test]
    fn multiset_store_keeps_duplicates_and_null_key_finds_nothing() {
        let mut o = op(false, false);
        run(&mut o, 1, RowKind::Insert, vec![int(1), int(10)]);
        run(&mut o, 1, RowKind::Insert, vec![int(1), int(10)]);
        assert_eq!(run(&mut o, 0, RowKind::UpdateAfter, vec![int(1)]).len(), 2);
        run(&mut o, 1, RowKind::Delete, vec![int(1), int(10)]);
        assert_eq!(run(&mut o, 0, RowKind::Insert, vec![int(1)]).len(), 1);
        run(&mut o, 1, RowKind::Insert, vec![Value::Null, int(3)]);
        assert!(run(&mut o, 0, RowKind::Insert, vec![Value::Null]).is_empty());
    }

    /// Random store changes and probes (seeded, so the same every run) against a naive
    /// reference: the store as a list of rows, each probe joined with every row of its key in it.
    #[test]
    fn matches_a_naive_reference_on_random_changes() {
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for &pk in &[true, false] {
            for &outer in &[true, false] {
                let mut o = op(pk, outer);
                let mut reference: Vec<Row> = Vec::new();
                for _ in 0..400 {
                    let k = next(4) as i32;
                    let key = if next(10) == 0 { Value::Null } else { int(k) };
                    if next(2) == 0 {
                        let row = vec![key.clone(), int(next(3) as i32)];
                        let add = next(3) != 0;
                        let kind = if add { RowKind::Insert } else { RowKind::Delete };
                        run(&mut o, 1, kind, row.clone());
                        if pk {
                            reference.retain(|r| r[0] != row[0]);
                            if add {
                                reference.push(row);
                            }
                        } else if add {
                            reference.push(row);
                        } else if let Some(i) = reference.iter().position(|r| *r == row) {
                            reference.remove(i);
                        }
                    } else {
                        let got = run(&mut o, 0, RowKind::Insert, vec![key.clone()]);
                        let mut want: Vec<(RowKind, Row)> = if key.is_null() {
                            Vec::new()
                        } else {
                            reference
                                .iter()
                                .filter(|r| r[0] == key)
                                .map(|r| (RowKind::Insert, vec![key.clone(), r[0].clone(), r[1].clone()]))
                                .collect()
                        };
                        if want.is_empty() && outer {
                            want.push((RowKind::Insert, vec![key.clone(), Value::Null, Value::Null]));
                        }
                        assert_eq!(got, want, "pk {} outer {}", pk, outer);
                    }
                    assert_eq!(o.state_rows(), Some(reference.len()));
                }
            }
        }
    }
}

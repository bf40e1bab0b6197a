//! UNNEST (Flink's `Correlate` with the table function `$UNNEST_ROWS$1`, SEMANTICS.md §6):
//! each input row is joined with the rows its collection expands to.
//!
//! # Emits
//! Per input row, at once: one row per element (an ARRAY in order, a MULTISET's element as
//! often as it occurs, a MAP's entries in its internal order), the input's columns then the
//! element's (a ROW element's fields flattened) and, `WITH ORDINALITY`, the 1-based position.
//! An empty or NULL collection gives nothing, or, for `LEFT JOIN … ON …`, the row once padded
//! with NULLs (also when no element passes the condition). Every produced row has the input
//! row's change kind, so a `-U`/`-D` input retracts what its `+I`/`+U` produced.
//! # Retracts
//! Only what its input retracts.
//! # State
//! None.
//! # Watermark out
//! Passes its input's watermark on.
//! # Trace events
//! `unnest` (the input row, its collection's size, each produced row with its position).
//! # Flink class
//! `StreamExecCorrelate` (`UnnestRowsFunction`, `UnnestRowsWithOrdinalityFunction`).
//! # Scenarios
//! `tests/conformance/unnest/*`.

use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};
use crate::plan::rel::{CorrelateNode, UnnestOf};
use crate::trace::{Event, UnnestRow};
use crate::types::DataType;
use crate::value::{Row, Value};

use super::{render, Ctx, Operator, Record};

pub struct CorrelateOp {
    collection: Expr,
    of: UnnestOf,
    ordinality: bool,
    left: bool,
    condition: Option<Expr>,
    /// Columns the element adds (without the ordinality).
    width: usize,
    in_types: Vec<DataType>,
    out_types: Vec<DataType>,
}

impl CorrelateOp {
    /// Whether the collection reads the input row (`UNNEST(t.tags)`), not only constants
    /// (`UNNEST(ARRAY[1, 2])`, which Flink's batch planner joins as a nested-loop join).
    pub fn reads_input(&self) -> bool {
        let mut cols = Vec::new();
        self.collection.inputs(&mut cols);
        !cols.is_empty()
    }

    pub fn new(c: &CorrelateNode, out_types: Vec<DataType>) -> CorrelateOp {
        let n_in = c.input.fields.len();
        let width = out_types.len() - n_in - usize::from(c.ordinality);
        CorrelateOp {
            collection: c.collection.clone(),
            of: c.of,
            ordinality: c.ordinality,
            left: c.left,
            condition: c.condition.clone(),
            width,
            in_types: c.input.types(),
            out_types,
        }
    }

    /// The element's columns: a ROW's fields when flattened, else the value itself.
    fn columns(&self, v: &Value, flatten: bool, out: &mut Row) -> Result<(), RuntimeError> {
        if !flatten {
            out.push(v.clone());
            return Ok(());
        }
        match v {
            Value::Row(f) => out.extend(f.iter().cloned()),
            _ if self.ordinality && self.width > 1 => {
                // Flink's ordinality function emits a NULL ROW as one field, which its
                // serializer then refuses
                let n = self.in_types.len();
                return Err(RuntimeError::java(
                    "java.lang.IllegalArgumentException",
                    format!("Row arity: {}, but serializer arity: {}", n + 2, n + self.width + 1),
                ));
            }
            _ => out.resize(out.len() + self.width, Value::Null),
        }
        Ok(())
    }
}

impl Operator for CorrelateOp {
    fn on_record(&mut self, _input: usize, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
        let coll = self.collection.eval(&rec.row, &ctx)?;
        // the element rows, each with its 1-based position
        let mut elems: Vec<Row> = Vec::new();
        match (&coll, self.of) {
            (Value::Array(items), UnnestOf::Array { flatten }) => {
                for v in items.iter() {
                    if flatten && v.is_null() && !self.ordinality {
                        // a NULL ROW element: the table function collects null, which Flink's
                        // collector drops
                        continue;
                    }
                    let mut r = Vec::with_capacity(self.width + 1);
                    self.columns(v, flatten, &mut r)?;
                    elems.push(r);
                }
            }
            (Value::Map(entries), UnnestOf::Multiset { flatten }) => {
                for (v, n) in entries.iter() {
                    for _ in 0..n.as_i64().unwrap_or(0).max(0) {
                        let mut r = Vec::with_capacity(self.width + 1);
                        self.columns(v, flatten, &mut r)?;
                        elems.push(r);
                    }
                }
            }
            (Value::Map(entries), UnnestOf::Map) => {
                for (k, v) in entries.iter() {
                    elems.push(vec![k.clone(), v.clone()]);
                }
            }
            _ => {}
        }
        let size = elems.len();
        let mut produced: Vec<(i32, Row)> = Vec::with_capacity(size);
        for (i, e) in elems.into_iter().enumerate() {
            let mut row = Vec::with_capacity(rec.row.len() + e.len() + 1);
            row.extend(rec.row.iter().cloned());
            row.extend(e);
            if self.ordinality {
                row.push(Value::Int(i as i32 + 1));
            }
            if let Some(c) = &self.condition {
                if !c.eval_true(&row, &ctx)? {
                    continue;
                }
            }
            produced.push((i as i32 + 1, row));
        }
        let padded = self.left && produced.is_empty();
        if padded {
            let mut row = rec.row.clone();
            row.resize(self.out_types.len(), Value::Null);
            produced.push((0, row));
        }
        if cx.tracing() {
            let op = cx.op;
            let input = render(&rec.row, &self.in_types, cx.zone);
            let rows: Vec<UnnestRow> = produced
                .iter()
                .map(|(p, r)| UnnestRow { position: (*p > 0).then_some(*p), row: render(r, &self.out_types, cx.zone) })
                .collect();
            let (kind, lineage) = (rec.kind, rec.lineage.clone());
            let null = coll.is_null();
            cx.event(|| Event::Unnest {
                op,
                kind,
                row: input,
                lineage,
                size: if null { None } else { Some(size) },
                produced: rows,
                padded,
            });
        }
        for (_, row) in produced {
            cx.emit(Record { kind: rec.kind, row, lineage: rec.lineage.clone() });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::trace::{Event, QueryTrace};
    use crate::{run_script, Dialect, RunConfig};

    const SCRIPT: &str = "CREATE TABLE posts (id INT, tags ARRAY<STRING>);
@posts 1 | [a, b]
@posts 2 | []
@posts 3 | NULL
SELECT p.id, t.tag, t.pos FROM posts p LEFT JOIN UNNEST(p.tags) WITH ORDINALITY AS t(tag, pos) ON TRUE;
";

    fn run(script: &str, dialect: Dialect) -> Vec<QueryTrace> {
        let t = run_script(script, &RunConfig { dialect, trace: true });
        assert!(t.harness_error.is_none(), "{:?}", t.harness_error);
        t.queries
    }

    fn unnest_events(q: &QueryTrace, step: usize) -> Vec<Event> {
        q.steps[step].events.iter().filter(|e| matches!(e, Event::Unnest { .. })).cloned().collect()
    }

    #[test]
    fn the_unnest_event_tells_the_fan_out() {
        let q = &run(SCRIPT, Dialect::Flink)[0];
        assert!(q.error.is_none(), "{:?}", q.error);
        let Event::Unnest { size, produced, padded, lineage, .. } = &unnest_events(q, 0)[0] else { unreachable!() };
        assert_eq!((*size, *padded, lineage.clone()), (Some(2), false, vec![1]));
        let positions: Vec<Option<i32>> = produced.iter().map(|r| r.position).collect();
        assert_eq!(positions, vec![Some(1), Some(2)]);
        // the input's columns (its hidden `$rowtime` too), then the element and its position
        assert_eq!(produced[1].row[..2], ["1", "[a, b]"]);
        assert_eq!(produced[1].row[produced[1].row.len() - 2..], ["b", "2"]);
        // every output row links to the outer row's step
        assert!(q.steps[0].output.iter().all(|o| o.lineage == vec![1]));
        let Event::Unnest { size, produced, padded, .. } = &unnest_events(q, 2)[0] else { unreachable!() };
        assert_eq!((*size, *padded, produced[0].position), (None, true, None));
        assert!(q.steps[1].summary.contains("UNNEST: its collection is empty and LEFT JOIN keeps the row once"));
        assert!(q.steps[0].summary.contains("UNNEST: its collection has 2 elements, the row expands to 2 rows"));
    }

    #[test]
    fn confluent_rejects_left_join_unnest_with_ordinality() {
        let q = &run(SCRIPT, Dialect::Confluent)[0];
        let e = q.error.as_ref().map(|e| e.message.clone()).unwrap_or_default();
        assert!(e.contains("The LEFT JOIN variant of UNNEST ... WITH ORDINALITY isn't supported"), "{}", e);
        let cross = SCRIPT.replace("LEFT JOIN", "CROSS JOIN").replace(" ON TRUE", "");
        assert!(run(&cross, Dialect::Confluent)[0].error.is_none());
    }
}

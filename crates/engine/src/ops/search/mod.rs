//! Confluent's search functions in a lateral join — `FROM t, LATERAL TABLE(KEY_SEARCH_AGG(ext,
//! DESCRIPTOR(c), v))`, TEXT_SEARCH_AGG (BM25, [`bm25`]), VECTOR_SEARCH_AGG (exact cosine,
//! [`cosine`]) — against an external table kept in the browser (WAVE2-RESEARCH §1, §2).
//!
//! ```text
//!  store customers_ext:  {1: Alice}         {1: Alicia}              (rows change at their steps)
//!  orders:                   o1 ─► [(1, Alice)]       o2 ─► [(1, Alicia)]
//! ```
//!
//! Input 0 is the querying row stream; input 1 is the external table's own rows (the script's
//! `INSERT INTO ext VALUES` rows and `@ext` lines), which are no stream of the job: they stand
//! for the external system changing, and only change the **store**, the table as it is at that
//! point of the arrival order. With a PRIMARY KEY the store is keyed by it (`+I`/`+U` put the
//! row, replacing the key's row; `-U`/`-D` remove the key's row); without one it is a multiset
//! (`+I`/`+U` add a row, `-U`/`-D` remove one equal row). The store is the same as the Flink
//! lookup join's (`ops::lookup_join`).
//!
//! Per input row (any kind), one output row: the input's columns and `search_results`, an
//! ARRAY of the rows found (each a ROW of the table's columns in DDL order, and for text and
//! vector search a last `score DOUBLE`):
//! * KEY_SEARCH_AGG: every store row whose column equals the value (SQL equality), in store
//!   order; a NULL value finds nothing.
//! * TEXT_SEARCH_AGG: the rows of BM25 score > 0 for the value's tokens, best first (ties in
//!   store order), at most `limit`.
//! * VECTOR_SEARCH_AGG: every row with a non-NULL vector ranked by cosine similarity, best first
//!   (ties in store order), at most `limit`; a zero search vector, or a row's vector of another
//!   length or of norm 0, is a runtime error naming the row.
//!
//! No match, or a NULL search value: the row comes out with an empty array (JoinLab's reading
//! of behaviour Confluent does not document, §1.4).
//!
//! # Emits
//! At once, per input row, exactly one row with the input row's kind.
//! # Retracts
//! Never on its own: a later change of the store revises nothing already emitted. An input
//! `-U`/`-D` is searched again against the store as it is NOW, so it may carry other results
//! than the row it retracts.
//! # State
//! Kept: the store (the external table's rows so far). Freed: a row when a `-U`/`-D` removes it
//! or (with a primary key) a later row of its key replaces it. The input rows are not kept.
//! # Watermark out
//! The querying input's, as it is (the external table's watermarks are ignored).
//! # Trace events
//! `lookup` (with `function`, `roles` and each result's `score`), `lookup_store`, `emit`.
//! # Flink class
//! None: Confluent Cloud's own operator (its plan text is not known; EXPLAIN prints JoinLab's
//! `JoinLabSearch` line).
//! # Scenarios
//! `crates/engine/tests/search_functions.rs`.

pub mod bm25;
pub mod cosine;

use std::sync::Arc;

use crate::catalog::external::SearchKind;
use crate::error::RuntimeError;
use crate::expr::{EvalCtx, Expr};
use crate::trace::{Event, LookupMatch, StateSummary};
use crate::types::{DataType, TypeKind};
use crate::value::{Row, Value};

use super::join_state::Key;
use super::lookup_store::{Store, Stored};
use super::{merge_lineage, render, Ctx, Operator, Record};

pub struct SearchSpec {
    pub kind: SearchKind,
    pub table: String,
    /// The table's column searched, and the search value over the input row.
    pub column: usize,
    pub value: Expr,
    pub limit: Option<usize>,
    pub primary_key: Vec<usize>,
    /// The table's columns an element holds (DDL order, without hidden system columns).
    pub visible: Vec<usize>,
    pub left_types: Vec<DataType>,
    pub right_types: Vec<DataType>,
    /// How the arguments were read (for the trace).
    pub roles: String,
    /// `search_results`' type.
    pub result_type: DataType,
}

/// VECTOR_SEARCH_AGG: a store row's vector and its norm, read once when it enters the store
/// (None: NULL, or not a vector search; Err: a vector no search can use, reported when a search
/// meets it).
type Vector = Option<Result<(Vec<f64>, f64), String>>;

/// The best `limit` hits seen so far, best first, for hits offered in store order: a hit enters
/// only when it beats the worst kept one (an equal score came later in the store, so it loses
/// the tie). Small limits keep a short sorted list; large ones collect all and select.
struct TopK {
    limit: usize,
    hits: Vec<(usize, f64)>,
}

impl TopK {
    const SMALL: usize = 64;

    fn new(limit: usize) -> TopK {
        TopK { limit, hits: Vec::with_capacity(limit.min(Self::SMALL)) }
    }

    fn offer(&mut self, slot: usize, score: f64) {
        if self.limit > Self::SMALL {
            self.hits.push((slot, score));
            return;
        }
        if self.hits.len() == self.limit {
            match self.hits.last() {
                Some(&(_, worst)) if score.total_cmp(&worst).is_gt() => {
                    self.hits.pop();
                }
                _ => return,
            }
        }
        // after every kept hit of a score >= this one (they came earlier in the store)
        let at = self.hits.partition_point(|&(_, s)| s.total_cmp(&score).is_ge());
        self.hits.insert(at, (slot, score));
    }

    fn finish(self) -> Vec<(usize, Option<f64>)> {
        if self.limit > Self::SMALL {
            return best(self.hits, self.limit);
        }
        self.hits.into_iter().map(|(s, x)| (s, Some(x))).collect()
    }
}

/// The best `limit` hits, best first, ties in store order (a total order: the same every run).
fn best(mut hits: Vec<(usize, f64)>, limit: usize) -> Vec<(usize, Option<f64>)> {
    let order = |a: &(usize, f64), b: &(usize, f64)| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0));
    if hits.len() > limit {
        hits.select_nth_unstable_by(limit, order);
        hits.truncate(limit);
    }
    crate::sort::sort_by(&mut hits, order);
    hits.into_iter().map(|(s, x)| (s, Some(x))).collect()
}

pub struct SearchOp {
    s: SearchSpec,
    /// The external table as it is now (KEY_SEARCH_AGG: indexed by the searched column).
    store: Store<Vector>,
    score_type: DataType,
}

impl SearchOp {
    pub fn new(s: SearchSpec) -> SearchOp {
        let index = (s.kind == SearchKind::Key).then(|| vec![s.column]);
        let store = Store::new(s.primary_key.clone(), s.visible.clone(), index);
        SearchOp { s, store, score_type: DataType::not_null(TypeKind::Double) }
    }

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

    /// What a vector search keeps with a store row: its vector, read once.
    fn vector_of(kind: SearchKind, column: usize, row: &Row) -> Vector {
        if kind != SearchKind::Vector {
            return None;
        }
        match cosine::components(row.get(column).unwrap_or(&Value::Null)) {
            Ok(None) => None,
            Ok(Some(v)) => {
                let n = cosine::norm(&v);
                Some(Ok((v, n)))
            }
            Err(e) => Some(Err(e)),
        }
    }

    /// A row of the external table: the store changes.
    fn store(&mut self, rec: Record, cx: &mut Ctx) {
        let (kind, column) = (self.s.kind, self.s.column);
        let change = self.store.apply(rec.kind, &rec.row, &rec.lineage, |r| Self::vector_of(kind, column, r));
        if cx.tracing() {
            let (op, rows) = (cx.op, self.store.live());
            let row = self.show(&rec.row, cx.zone);
            let table = self.s.table.clone();
            cx.event(|| Event::LookupStore { op, table, kind: rec.kind, row, lineage: rec.lineage, change, rows });
        }
    }

    /// The slots found for `value`, best first, with their scores.
    fn search(&self, value: &Value, cx: &Ctx) -> Result<Vec<(usize, Option<f64>)>, RuntimeError> {
        if value.is_null() {
            return Ok(Vec::new());
        }
        let live = || self.store.rows();
        let limit = self.s.limit.unwrap_or(usize::MAX);
        match self.s.kind {
            SearchKind::Key => {
                Ok(self.store.indexed(&Key::from_elem(value.clone(), 1)).iter().map(|&s| (s, None)).collect())
            }
            SearchKind::Text => {
                let q = match value {
                    Value::String(s) => s.to_string(),
                    other => other.render(&DataType::string(), cx.zone),
                };
                let slots: Vec<(usize, &Stored<Vector>)> = live().collect();
                let docs: Vec<Option<String>> = slots
                    .iter()
                    .map(|(_, st)| match st.row.get(self.s.column) {
                        Some(Value::String(s)) => Some(s.to_string()),
                        _ => None,
                    })
                    .collect();
                let refs: Vec<Option<&str>> = docs.iter().map(|d| d.as_deref()).collect();
                let scores = bm25::scores(&q, &refs);
                let mut top = TopK::new(limit);
                for ((i, _), s) in slots.iter().zip(scores) {
                    if s > 0.0 {
                        top.offer(*i, s);
                    }
                }
                Ok(top.finish())
            }
            SearchKind::Vector => {
                let fail = |m: String| RuntimeError::new(format!("VECTOR_SEARCH_AGG on {}: {}", self.s.table, m));
                let Some(q) = cosine::components(value).map_err(fail)? else { return Ok(Vec::new()) };
                let qn = cosine::norm(&q);
                if qn == 0.0 {
                    return Err(fail("the search vector is a zero vector (its cosine is undefined)".into()));
                }
                let mut top = TopK::new(limit);
                for (i, st) in live() {
                    let row_err =
                        |m: String| fail(format!("{} (store row [{}])", m, self.show(&st.row, cx.zone).join(", ")));
                    let (d, dn) = match &st.extra {
                        None => continue,
                        Some(Err(m)) => return Err(row_err(m.clone())),
                        Some(Ok((d, dn))) => (d, *dn),
                    };
                    let c = cosine::cosine(&q, qn, d, dn).map_err(row_err)?;
                    top.offer(i, c);
                }
                Ok(top.finish())
            }
        }
    }

    fn probe(&mut self, rec: Record, cx: &mut Ctx) -> Result<(), RuntimeError> {
        let ctx = EvalCtx { zone: cx.zone, proc_time: cx.proc_time, watermark: None };
        let value = self.s.value.eval(&rec.row, &ctx)?;
        let hits = self.search(&value, cx)?;
        let tracing = cx.tracing();
        let mut found = Vec::new();
        let mut elements = Vec::with_capacity(hits.len());
        let mut lineage = rec.lineage.clone();
        for (slot, score) in &hits {
            let Some(st) = self.store.get(*slot) else { continue };
            let mut el: Vec<Value> =
                self.s.visible.iter().map(|&c| st.row.get(c).cloned().unwrap_or(Value::Null)).collect();
            if let Some(sc) = score {
                el.push(Value::Double(*sc));
            }
            elements.push(Value::Row(Arc::new(el)));
            if tracing {
                lineage = merge_lineage(&lineage, &st.lineage);
                found.push(LookupMatch {
                    row: self.show(&st.row, cx.zone),
                    lineage: st.lineage.clone(),
                    joined: true,
                    score: score.map(|s| Value::Double(s).render(&self.score_type, cx.zone)),
                });
            }
        }
        let mut row = rec.row.clone();
        row.push(Value::Array(Arc::new(elements)));
        if tracing {
            let op = cx.op;
            let vt = self.s.value.ty().clone();
            let key = vec![value.render(&vt, cx.zone)];
            let input = render(&rec.row, &self.s.left_types, cx.zone);
            let table = self.s.table.clone();
            let (function, roles) = (self.s.kind.function().to_string(), self.s.roles.clone());
            cx.event(|| Event::Lookup {
                op,
                table,
                kind: rec.kind,
                row: input,
                lineage: rec.lineage.clone(),
                key,
                null_key: value.is_null(),
                found,
                emitted: 1,
                padded: false,
                function: Some(function),
                roles: Some(roles),
            });
            let mut types = self.s.left_types.clone();
            types.push(self.result_type());
            let text = render(&row, &types, cx.zone);
            let (op, kind, lin) = (cx.op, rec.kind, lineage.clone());
            cx.event(|| Event::Emit { op, kind, row: text, lineage: lin });
        }
        cx.emit(Record { kind: rec.kind, row, lineage: if tracing { lineage } else { Vec::new() } });
        Ok(())
    }

    fn result_type(&self) -> DataType {
        self.s.result_type.clone()
    }
}

impl Operator for SearchOp {
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

    /// TopK against sorting everything, on seeded random scores with many ties.
    #[test]
    fn top_k_matches_a_full_sort() {
        let mut seed: u64 = 42;
        let mut next = |n: u64| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for limit in [1usize, 2, 3, 10, 64, 65, 500] {
            for _ in 0..50 {
                let n = next(200) as usize;
                let scores: Vec<f64> = (0..n).map(|_| next(7) as f64 / 2.0).collect();
                let mut top = TopK::new(limit);
                for (i, &s) in scores.iter().enumerate() {
                    top.offer(i, s);
                }
                let mut want: Vec<(usize, f64)> = scores.iter().copied().enumerate().collect();
                want.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                want.truncate(limit);
                let want: Vec<(usize, Option<f64>)> = want.into_iter().map(|(i, s)| (i, Some(s))).collect();
                assert_eq!(top.finish(), want, "limit {}", limit);
            }
        }
    }
}

//! `UNION ALL` and `UNION`: the branches' columns widened to their least restrictive types (a
//! Calc casts a narrower branch), then Flink's `Union` (no operator of its own: its consumer
//! reads every branch, its watermark the lowest of theirs); `UNION` makes the rows distinct with
//! a group aggregation on top. INTERSECT and EXCEPT are not run.

use sqlparser::ast::{SetExpr, SetOperator, SetQuantifier};

use super::{Binder, Bound};
use crate::error::{Error, Result};
use crate::expr::bind::{calcite_error, Scope, ScopeField};
use crate::expr::typing::least_restrictive;
use crate::expr::Expr;
use crate::plan::rel::{calc, Field, Node, Rel, WindowProps};
use crate::sql::span_of;
use crate::types::{DataType, TimeAttr, TypeKind};

impl<'c> Binder<'c> {
    /// One query body: a SELECT, a parenthesised query or a set operation.
    pub(super) fn bind_set_expr(&mut self, body: &'c SetExpr, outer: Option<&Scope>) -> Result<Bound> {
        match body {
            SetExpr::Select(s) => self.bind_select(s, outer),
            SetExpr::Query(q) => self.bind_query(q, outer),
            SetExpr::SetOperation { left, op, set_quantifier, right } => {
                self.set_operation(left, *op, *set_quantifier, right, outer)
            }
            SetExpr::Values(v) => self.bind_values(v),
            _ => Err(Error::unsupported("this kind of query")),
        }
    }

    fn set_operation(
        &mut self,
        left: &'c SetExpr,
        op: SetOperator,
        quantifier: SetQuantifier,
        right: &'c SetExpr,
        outer: Option<&Scope>,
    ) -> Result<Bound> {
        let name = match (op, quantifier) {
            (SetOperator::Union, SetQuantifier::All) => "UNION ALL",
            (SetOperator::Union, SetQuantifier::None | SetQuantifier::Distinct) => "UNION",
            (SetOperator::Union, _) => return Err(Error::unsupported("UNION BY NAME")),
            (SetOperator::Intersect, _) => return Err(Error::unsupported("INTERSECT")),
            (SetOperator::Except, _) | (SetOperator::Minus, _) => return Err(Error::unsupported("EXCEPT")),
        };
        let l = self.bind_set_expr(left, outer)?;
        let r = self.bind_set_expr(right, outer)?;
        let visible = |b: &Bound| b.scope.iter().filter(|f| !f.hidden).count();
        if visible(&l) != visible(&r) {
            return Err(calcite_error(select_list_span(right), &format!("Column count mismatch in {}", name)));
        }
        // the branches' visible columns, widened
        let cols = |b: &Bound| -> Vec<usize> { (0..b.scope.len()).filter(|&i| !b.scope[i].hidden).collect() };
        let (lc, rc) = (cols(&l), cols(&r));
        let mut types = Vec::new();
        for (k, (&i, &j)) in lc.iter().zip(&rc).enumerate() {
            let (a, b) = (&l.rel.fields[i].ty, &r.rel.fields[j].ty);
            // two rowtimes, one a TIMESTAMP and one a TIMESTAMP_LTZ: Flink's union is a TIMESTAMP rowtime
            let rowtimes = a.time_attr() == TimeAttr::Rowtime && b.time_attr() == TimeAttr::Rowtime;
            let mixed = rowtimes
                && matches!(
                    (&a.kind, &b.kind),
                    (TypeKind::Timestamp { .. }, TypeKind::TimestampLtz { .. })
                        | (TypeKind::TimestampLtz { .. }, TypeKind::Timestamp { .. })
                );
            let t = if mixed {
                Some(DataType::new(
                    TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime },
                    a.nullable || b.nullable,
                ))
            } else {
                least_restrictive(&[a, b])
            };
            let t = t.ok_or_else(|| {
                calcite_error(select_list_span(left), &format!("Type mismatch in column {} of {}", k + 1, name))
            })?;
            // a time attribute stays one only when both branches have one there
            // (or when the other is a plain TIMESTAMP of the same precision: the planner casts it)
            let same_ts = |x: &crate::types::DataType, y: &crate::types::DataType| matches!((&x.kind, &y.kind), (TypeKind::Timestamp { precision: p, .. }, TypeKind::Timestamp { precision: q, .. }) if p == q);
            let attr = match (a.time_attr(), b.time_attr()) {
                (TimeAttr::Rowtime, TimeAttr::Rowtime) => TimeAttr::Rowtime,
                (TimeAttr::Proctime, TimeAttr::Proctime) => TimeAttr::Proctime,
                (TimeAttr::Rowtime, TimeAttr::None) | (TimeAttr::None, TimeAttr::Rowtime) if same_ts(a, b) => {
                    TimeAttr::Rowtime
                }
                _ => TimeAttr::None,
            };
            types.push(t.with_time_attr(attr));
        }
        let widen = |b: Bound, cols: &[usize]| -> Rel {
            let project: Vec<Expr> = cols
                .iter()
                .zip(&types)
                .map(|(&c, t)| {
                    let x = Expr::input(c, b.rel.fields[c].ty.clone());
                    if b.rel.fields[c].ty.kind == t.kind {
                        Expr::input(c, t.clone())
                    } else {
                        Expr::Cast { expr: Box::new(x), ty: t.clone(), try_cast: false }
                    }
                })
                .collect();
            let names: Vec<String> = cols.iter().map(|&c| b.rel.fields[c].name.clone()).collect();
            let identity = project.len() == b.rel.fields.len()
                && project.iter().enumerate().all(|(i, e)| e.as_input() == Some(i) && b.rel.fields[i].ty == *e.ty());
            if identity {
                b.rel
            } else {
                calc(b.rel, None, project, names)
            }
        };
        let scope: Vec<ScopeField> = lc
            .iter()
            .zip(&types)
            .map(|(&i, t)| ScopeField {
                qualifier: None,
                name: l.scope[i].name.clone(),
                ty: t.clone(),
                hidden: false,
                merged: false,
            })
            .collect();
        let names: Vec<String> = lc.iter().map(|&i| l.rel.fields[i].name.clone()).collect();
        let (lr, rr) = (widen(l, &lc), widen(r, &rc));
        let mut inputs = Vec::new();
        for b in [lr, rr] {
            // a union of unions is one union
            match b.node {
                Node::Union { inputs: inner } => inputs.extend(inner),
                node => inputs.push(Rel { node, ..b }),
            }
        }
        let fields: Vec<Field> =
            names.iter().zip(&types).map(|(n, t)| Field { name: n.clone(), ty: t.clone() }).collect();
        let insert_only = inputs.iter().all(|r| r.insert_only);
        let update_producer = inputs.iter().find_map(|r| r.update_producer.clone());
        let window = same_window(&inputs);
        let rel =
            Rel { node: Node::Union { inputs }, fields, insert_only, update_producer, window, unique_keys: Vec::new() };
        let bound = Bound { rel, scope };
        if name == "UNION" {
            return self.distinct(bound);
        }
        Ok(bound)
    }
}

impl<'c> Binder<'c> {
    /// `VALUES (…), (…)`: literal rows, each column of the least restrictive type of its values
    /// (`'a'` and `'bb'` give VARCHAR(2), `1.5` and `2` DECIMAL(11, 1)), named `EXPR$0`, ….
    fn bind_values(&mut self, v: &sqlparser::ast::Values) -> Result<Bound> {
        let scope = Scope::new(Vec::new());
        let mut rows: Vec<Vec<Expr>> = Vec::new();
        for r in &v.rows {
            let mut row = Vec::new();
            for e in r.content.iter() {
                row.push(crate::expr::bind::bind_scalar(e, &scope, self.zone)?);
            }
            rows.push(row);
        }
        let width = rows.first().map(|r| r.len()).unwrap_or(0);
        if width == 0 || rows.iter().any(|r| r.len() != width) {
            let span = span_of(v);
            return Err(calcite_error(span, "Incompatible types"));
        }
        let mut types = Vec::new();
        for c in 0..width {
            let col: Vec<&crate::types::DataType> = rows.iter().map(|r| r[c].ty()).collect();
            let t = least_restrictive(&col).ok_or_else(|| {
                calcite_error(span_of(v), "Values passed to VALUES operator must have compatible types")
            })?;
            types.push(t.without_time_attr());
        }
        let ctx = crate::expr::EvalCtx { zone: self.zone, proc_time: 0, watermark: None };
        let mut values = Vec::new();
        for r in &rows {
            let mut out = Vec::new();
            for (e, t) in r.iter().zip(&types) {
                let x = e.eval(&[], &ctx).map_err(|err| Error::validation(err.plain()))?;
                let x =
                    crate::expr::cast_value(&x, e.ty(), t, self.zone).map_err(|err| Error::validation(err.plain()))?;
                out.push(x);
            }
            values.push(out);
        }
        let fields: Vec<Field> =
            types.iter().enumerate().map(|(i, t)| Field { name: format!("EXPR${}", i), ty: t.clone() }).collect();
        let scope: Vec<ScopeField> = fields
            .iter()
            .map(|f| ScopeField {
                qualifier: None,
                name: f.name.clone(),
                ty: f.ty.clone(),
                hidden: false,
                merged: false,
            })
            .collect();
        let rel = Rel {
            node: Node::Values { rows: values },
            fields,
            insert_only: true,
            update_producer: None,
            window: None,
            unique_keys: Vec::new(),
        };
        Ok(Bound { rel, scope })
    }
}

/// The window columns every branch has in the same places with the same window (Flink keeps
/// them through such a union).
fn same_window(inputs: &[Rel]) -> Option<WindowProps> {
    let first = inputs.first()?.window.clone()?;
    inputs.iter().all(|r| r.window.as_ref() == Some(&first)).then_some(first)
}

/// Where Calcite reports a branch's select list.
fn select_list_span(e: &SetExpr) -> (crate::error::Pos, crate::error::Pos) {
    match e {
        SetExpr::Select(s) => match (s.projection.first(), s.projection.last()) {
            (Some(a), Some(b)) => (span_of(a).0, span_of(b).1),
            _ => span_of(e),
        },
        SetExpr::Query(q) => select_list_span(&q.body),
        SetExpr::SetOperation { left, .. } => select_list_span(left),
        other => span_of(other),
    }
}

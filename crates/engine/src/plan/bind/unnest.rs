//! UNNEST in FROM: `CROSS JOIN UNNEST(x) AS t (c)`, `FROM t, UNNEST(t.x)`, `JOIN UNNEST(x) ON
//! …`, `LEFT JOIN UNNEST(x) ON TRUE`, `WITH ORDINALITY`, and `FROM UNNEST(ARRAY[…])` alone.
//! Each becomes a [`Node::Correlate`] of the rows so far (Flink's `LogicalUnnestRule` turns
//! Calcite's `Uncollect` into a Correlate with `$UNNEST_ROWS$1`). Column names as Calcite
//! derives them: `EXPR$0` for an element, a ROW element's field names, `KEY`/`VALUE` for a
//! MAP, `ORDINALITY`; an alias list renames them all, an alias alone names a single column.

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, TableAlias, TableFactor};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope, ScopeField};
use crate::kinds::Dialect;
use crate::plan::rel::{CorrelateNode, Field, Node, Rel, UnnestOf};
use crate::sql::span_of;
use crate::types::{calcite_name, DataType, TypeKind};

use super::{Binder, Bound};

/// The parts of an `UNNEST(…) [WITH ORDINALITY] [AS alias [(c, …)]]` FROM item.
pub(super) struct UnnestItem<'a> {
    args: Vec<&'a FunctionArg>,
    ordinality: bool,
    alias: &'a Option<TableAlias>,
    /// From `UNNEST` to its closing parenthesis.
    span: (Pos, Pos),
}

/// The FROM item as an UNNEST, if it is one.
pub(super) fn unnest_item(tf: &TableFactor) -> Option<UnnestItem<'_>> {
    match tf {
        TableFactor::Table { name, alias, args: Some(a), with_ordinality, .. }
            if name.0.len() == 1 && name.to_string().eq_ignore_ascii_case("UNNEST") =>
        {
            let start = span_of(name).0;
            let end = crate::sql::paren_close_after(start).unwrap_or(span_of(tf).1);
            Some(UnnestItem { args: a.args.iter().collect(), ordinality: *with_ordinality, alias, span: (start, end) })
        }
        _ => None,
    }
}

/// How the UNNEST is joined to the rows before it.
pub(super) enum UnnestJoin<'a> {
    /// `CROSS JOIN`, a comma, or the first FROM item.
    Cross,
    /// `[INNER] JOIN … ON cond`.
    Inner(&'a SqlExpr),
    /// `LEFT JOIN … ON cond`.
    Left(&'a SqlExpr),
}

fn is_true(e: &SqlExpr) -> bool {
    matches!(e, SqlExpr::Value(v) if matches!(v.value, sqlparser::ast::Value::Boolean(true)))
}

impl<'c> Binder<'c> {
    /// `FROM UNNEST(…)` alone: a Correlate over one empty row.
    pub(super) fn bind_unnest_alone(&mut self, item: &UnnestItem) -> Result<Bound> {
        let one = Rel {
            node: Node::Values { rows: vec![Vec::new()] },
            fields: Vec::new(),
            insert_only: true,
            update_producer: None,
            window: None,
            unique_keys: Vec::new(),
        };
        self.bind_unnest(Bound { rel: one, scope: Vec::new() }, item, UnnestJoin::Cross)
    }

    pub(super) fn bind_unnest(&mut self, left: Bound, item: &UnnestItem, join: UnnestJoin) -> Result<Bound> {
        let span = item.span;
        let arg = match item.args.as_slice() {
            [FunctionArg::Unnamed(FunctionArgExpr::Expr(e))] => e,
            _ => return Err(Error::unsupported("UNNEST of several collections at once").at(span.0, span.1)),
        };
        let scope = Scope::new(left.scope.clone());
        let collection = bind_scalar(arg, &scope, self.zone)?;
        let ty = collection.ty().clone();
        // the element's columns (name, type)
        let flat = |element: &DataType| -> (bool, Vec<(String, DataType)>) {
            match &element.kind {
                TypeKind::Row { fields } => (
                    true,
                    fields.iter().map(|(n, t)| (n.clone(), t.with_nullable(t.nullable || element.nullable))).collect(),
                ),
                _ => (false, vec![("EXPR$0".to_string(), element.clone())]),
            }
        };
        let (of, mut cols) = match &ty.kind {
            TypeKind::Array { element } => {
                let (flatten, c) = flat(element);
                (UnnestOf::Array { flatten }, c)
            }
            TypeKind::Multiset { element } => {
                let (flatten, c) = flat(element);
                (UnnestOf::Multiset { flatten }, c)
            }
            TypeKind::Map { key, value } => {
                (UnnestOf::Map, vec![("KEY".to_string(), (**key).clone()), ("VALUE".to_string(), (**value).clone())])
            }
            _ => {
                let forms = "'UNNEST(<MULTISET>)'\n'UNNEST(<ARRAY>)'\n'UNNEST(<MAP>)'\nUNNEST(<MULTISET>)\nUNNEST(<ARRAY>)\nUNNEST(<MAP>)";
                return Err(calcite_error(
                    span,
                    &format!(
                        "Cannot apply 'UNNEST' to arguments of type 'UNNEST(<{}>)'. Supported form(s): {}",
                        calcite_name(&ty.with_nullable(true)),
                        forms
                    ),
                ));
            }
        };
        if item.ordinality {
            cols.push(("ORDINALITY".to_string(), DataType::not_null(TypeKind::Int)));
        }
        let left_join = matches!(join, UnnestJoin::Left(_));
        if left_join && item.ordinality && self.dialect == Dialect::Confluent {
            return Err(Error::validation(
                "The LEFT JOIN variant of UNNEST ... WITH ORDINALITY isn't supported: WITH ORDINALITY supports only CROSS JOIN \
                 (Confluent Cloud for Apache Flink; SET 'joinlab.dialect' = 'flink' runs it as Apache Flink 2.3 does)",
            )
            .at(span.0, span.1));
        }
        if left_join {
            for c in cols.iter_mut() {
                c.1.nullable = true;
            }
        }
        // AS alias (c, …)
        let qualifier = item.alias.as_ref().map(|a| a.name.value.clone());
        if let Some(a) = item.alias {
            if a.columns.is_empty() {
                // the alias alone names a single element column (not a MAP's KEY and VALUE)
                if cols.len() - usize::from(item.ordinality) == 1 {
                    cols[0].0 = a.name.value.clone();
                }
            } else if a.columns.len() != cols.len() {
                let s = crate::sql::ident_span(&a.columns[0].name).0;
                let e = a.columns.last().map(|c| crate::sql::ident_span(&c.name).1).unwrap_or(s);
                let names: Vec<String> = cols.iter().map(|c| format!("'{}'", c.0)).collect();
                return Err(calcite_error(
                    (s, e),
                    &format!(
                        "List of column aliases must have same degree as table; table has {} columns ({}), whereas alias list has {} columns",
                        cols.len(),
                        names.join(", "),
                        a.columns.len()
                    ),
                ));
            } else {
                for (c, n) in cols.iter_mut().zip(&a.columns) {
                    c.0 = n.name.value.clone();
                }
            }
        }
        let Bound { rel: input, scope: mut out_scope } = left;
        let mut fields = input.fields.clone();
        for (n, t) in &cols {
            fields.push(Field { name: n.clone(), ty: t.clone() });
            out_scope.push(ScopeField {
                qualifier: qualifier.clone(),
                name: n.clone(),
                ty: t.clone(),
                hidden: false,
                merged: false,
            });
        }
        let condition = match join {
            UnnestJoin::Cross => None,
            UnnestJoin::Inner(e) | UnnestJoin::Left(e) if is_true(e) => None,
            UnnestJoin::Inner(e) | UnnestJoin::Left(e) => {
                if left_join && item.ordinality {
                    // Flink 2.3's planner fails on it (ProjectToCalcRule: a type mismatch)
                    return Err(Error::unsupported(
                        "LEFT JOIN UNNEST … WITH ORDINALITY with a condition other than TRUE (Flink 2.3 fails to plan it)",
                    )
                    .at(span.0, span.1));
                }
                let scope = Scope::new(out_scope.clone());
                let c = bind_scalar(e, &scope, self.zone)?;
                if !matches!(c.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                    return Err(calcite_error(span_of(e), "ON clause must be a condition"));
                }
                Some(c)
            }
        };
        let insert_only = input.insert_only;
        let update_producer = input.update_producer.clone();
        // the input's window columns stay window columns (a window aggregation above reads them)
        let window = input.window.clone();
        let node = CorrelateNode { input, collection, of, ordinality: item.ordinality, left: left_join, condition };
        let rel = Rel {
            node: Node::Correlate(Box::new(node)),
            fields,
            insert_only,
            update_producer,
            window,
            unique_keys: Vec::new(),
        };
        Ok(Bound { rel, scope: out_scope })
    }
}

//! Apache Flink 2.2+'s `VECTOR_SEARCH(TABLE t, DESCRIPTOR(col), query, top_k [, config])`
//! (FLIP-540, WAVE2-RESEARCH §4.1) in `FROM q, LATERAL TABLE(…)`: Flink's validation, in the
//! order and words of `SqlVectorSearchTableFunction` (measured on the oracle:
//! tests/conformance/lookup_join/vector_search_errors). A call that passes it needs a connector
//! implementing `VectorSearchTableSource`, which Flink 2.3 does not ship (the oracle's table
//! fails with a ClassCastException): JoinLab answers "not supported yet" there; Confluent's
//! `VECTOR_SEARCH_AGG` runs in the confluent dialect.

use sqlparser::ast::{Expr as SqlExpr, ObjectName};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope};
use crate::sql::dialect::TABLE_ARG;
use crate::sql::span_of;
use crate::types::{calcite_name, DataType, TypeKind};

use super::search::{args_of, name_parts, LateralCall};
use super::{Binder, Bound};

/// `SQL validation failed. <m>`, caused by the same ValidationException.
fn invalid(m: String) -> Error {
    Error::validation(format!("SQL validation failed. {}", m))
        .caused_by(format!("org.apache.flink.table.api.ValidationException: {}", m))
}

fn vector_element(t: &DataType) -> Option<&TypeKind> {
    match &t.kind {
        TypeKind::Array { element } if matches!(element.kind, TypeKind::Float | TypeKind::Double) => {
            Some(&element.kind)
        }
        _ => None,
    }
}

/// The config keys Flink's vector search reads (`vector_search_runtime_config`), with a check of
/// the value; other keys are not read.
fn config_value_ok(key: &str, value: &str) -> bool {
    match key {
        "async" => matches!(value.to_ascii_lowercase().as_str(), "true" | "false"),
        "max-concurrent-operations" => value.trim().parse::<u32>().is_ok(),
        "output-mode" => matches!(value.to_ascii_uppercase().as_str(), "ORDERED" | "ALLOW_UNORDERED"),
        "timeout" => crate::session::parse_duration_ms(value).is_some(),
        _ => true,
    }
}

impl<'c> Binder<'c> {
    pub(super) fn bind_flink_vector_search(
        &mut self,
        left: &Bound,
        c: &LateralCall,
        span: (Pos, Pos),
    ) -> Result<Bound> {
        let args = args_of(c.f)?;
        if args.len() != 4 && args.len() != 5 {
            return Err(calcite_error(
                span,
                "Invalid number of arguments to function 'VECTOR_SEARCH'. Was expecting 4 arguments",
            ));
        }
        // SEARCH_TABLE => TABLE t
        let table = match args[0] {
            SqlExpr::Function(f) if f.name.to_string() == TABLE_ARG => match args_of(f)?.first() {
                Some(e) => name_parts(e),
                None => None,
            },
            _ => None,
        };
        let Some(table) = table else {
            return Err(Error::unsupported("VECTOR_SEARCH whose first argument is not TABLE <name>").at(span.0, span.1));
        };
        let obj = ObjectName::from(table.iter().map(|p| sqlparser::ast::Ident::new(p.clone())).collect::<Vec<_>>());
        let search = self.bind_named_table(&obj, &None)?;
        // COLUMN_TO_SEARCH => DESCRIPTOR(col): Calcite resolves the columns first
        let dspan = span_of(args[1]);
        let cols: Vec<&SqlExpr> = match args[1] {
            SqlExpr::Function(d) if d.name.to_string().eq_ignore_ascii_case("DESCRIPTOR") => args_of(d)?,
            _ => {
                return Err(Error::unsupported("VECTOR_SEARCH whose second argument is not DESCRIPTOR(column)")
                    .at(dspan.0, dspan.1))
            }
        };
        let mut found: Vec<(String, DataType)> = Vec::new();
        for col in &cols {
            let name = name_parts(col).and_then(|p| p.last().cloned()).unwrap_or_default();
            match search.scope.iter().find(|f| !f.hidden && f.name == name) {
                Some(f) => found.push((f.name.clone(), f.ty.clone())),
                None => return Err(calcite_error(span_of(*col), &format!("Unknown identifier '{}'", name))),
            }
        }
        if found.len() != 1 {
            let listed: Vec<String> = found.iter().map(|(n, _)| format!("`{}`", n)).collect();
            return Err(invalid(format!(
                "Expect parameter COLUMN_TO_SEARCH for VECTOR_SEARCH only contains one column, but multiple columns are found in operand DESCRIPTOR({}).",
                listed.join(", ")
            )));
        }
        let (col, col_ty) = &found[0];
        let Some(target) = vector_element(col_ty) else {
            return Err(invalid(format!(
                "Expect search column `{}` type is ARRAY<FLOAT> or ARRAY<DOUBLE>, but its type is {}.",
                col,
                calcite_name(col_ty)
            )));
        };
        // COLUMN_TO_QUERY: over the input row; the same vector type, or FLOAT widened to DOUBLE
        let query = bind_scalar(args[2], &Scope::new(left.scope.clone()), self.zone)?;
        let qt = query.ty();
        let castable = match vector_element(qt) {
            Some(q) => q == target || (*q == TypeKind::Float && *target == TypeKind::Double),
            None => false,
        };
        if !castable {
            let vector = vector_element(qt).is_some();
            if !vector && matches!(&qt.kind, TypeKind::Array { element } if element.kind.is_numeric()) {
                return Err(Error::unsupported(format!("VECTOR_SEARCH with a query vector of type {}", qt.summary()))
                    .at(span.0, span.1));
            }
            return Err(invalid(format!(
                "Can not cast the query column type {} to target type {}. Please keep the query column type is same to the search column type.",
                qt.with_nullable(true).summary(),
                calcite_name(col_ty)
            )));
        }
        // TOP_K: an INTEGER NOT NULL literal, greater than 0
        let top = bind_scalar(args[3], &Scope::new(left.scope.clone()), self.zone)?;
        let literal = match args[3] {
            SqlExpr::Value(v) => match &v.value {
                sqlparser::ast::Value::Number(n, _) => n.parse::<i64>().ok(),
                _ => None,
            },
            SqlExpr::UnaryOp { op: sqlparser::ast::UnaryOperator::Minus, expr } => match expr.as_ref() {
                SqlExpr::Value(v) => match &v.value {
                    sqlparser::ast::Value::Number(n, _) => n.parse::<i64>().ok().map(|x| -x),
                    _ => None,
                },
                _ => None,
            },
            _ => None,
        };
        let k = match literal {
            Some(k) if top.ty().kind == TypeKind::Int => k,
            _ => {
                let text = match args[3] {
                    SqlExpr::Cast { expr, .. } => format!("CAST({} AS {})", expr, calcite_name(top.ty())),
                    e => e.to_string(),
                };
                return Err(invalid(format!(
                    "Expect parameter top_k is an INTEGER NOT NULL literal in VECTOR_SEARCH, but it is {} with type {}.",
                    text,
                    top.ty().summary()
                )));
            }
        };
        if k <= 0 {
            return Err(invalid(format!("Parameter top_k must be greater than 0, but was {}.", k)));
        }
        // CONFIG => MAP['key', 'value', …]
        if let Some(cfg) = args.get(4) {
            let SqlExpr::Function(m) = cfg else { return Err(invalid("Config param should be a MAP.".into())) };
            if !m.name.to_string().eq_ignore_ascii_case("MAP") {
                return Err(invalid("Config param should be a MAP.".into()));
            }
            let items = args_of(m)?;
            let text = |e: &SqlExpr| match e {
                SqlExpr::Value(v) => match &v.value {
                    sqlparser::ast::Value::SingleQuotedString(s) => Some(s.clone()),
                    _ => None,
                },
                _ => None,
            };
            for pair in items.chunks(2) {
                let ok = match (pair.first().and_then(|e| text(e)), pair.get(1).and_then(|e| text(e))) {
                    (Some(k), Some(v)) => config_value_ok(&k, &v),
                    _ => false,
                };
                if !ok {
                    return Err(invalid("Failed to parse the config.".into()));
                }
            }
        }
        Err(Error::unsupported(format!(
            "Flink's VECTOR_SEARCH on table {}: Flink runs it only against a connector that implements VectorSearchTableSource (Flink 2.3 ships none); Confluent's VECTOR_SEARCH_AGG runs in the confluent dialect",
            table.join(".")
        ))
        .at(span.0, span.1))
    }
}

//! Apache Flink 2.1+'s model functions `ML_PREDICT(TABLE t, MODEL m, DESCRIPTOR(c) [, config])`
//! and `ML_EVALUATE(TABLE t, MODEL m, …)` (FLIP-437, WAVE2-RESEARCH §4.2), in the flink dialect.
//!
//! Calcite validates the input table first, then the model: Flink looks the model up in its
//! catalog, and JoinLab's flink dialect has no models (CREATE MODEL is Confluent's DDL here), so a
//! call that names its input table rightly fails as Flink's does: "Object 'm' not found" at the
//! model's name (oracle: lookup_join/ml_predict_flink). With a model in Flink's catalog, Flink
//! 2.3 fails at planning for want of a model provider (none ships); JoinLab never gets there.
//! A call without a `MODEL` argument is not supported yet (Flink answers with its signature
//! list). Confluent's `ML_PREDICT('model', col)` runs in the confluent dialect (`search.rs`).

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, Ident, ObjectName};

use crate::error::{Error, Pos, Result};
use crate::expr::bind::calcite_error;
use crate::sql::dialect::{MODEL_ARG, TABLE_ARG};

use super::{Binder, Bound};

/// The expressions of a call's arguments, positional or named (`MODEL => MODEL m`).
fn arg_exprs(args: &[FunctionArg]) -> Vec<&SqlExpr> {
    args.iter()
        .filter_map(|a| match a {
            FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some(e),
            FunctionArg::Named { arg: FunctionArgExpr::Expr(e), .. } => Some(e),
            FunctionArg::ExprNamed { arg: FunctionArgExpr::Expr(e), .. } => Some(e),
            _ => None,
        })
        .collect()
}

/// The identifiers inside a marker call (`__table_arg(t, …)`, `__model_arg(m)`).
fn marker_name<'a>(e: &'a SqlExpr, marker: &str) -> Option<&'a [Ident]> {
    let SqlExpr::Function(f) = e else { return None };
    if f.name.to_string() != marker {
        return None;
    }
    match &f.args {
        sqlparser::ast::FunctionArguments::List(l) => match l.args.first() {
            Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::CompoundIdentifier(ids)))) => Some(ids),
            _ => None,
        },
        _ => None,
    }
}

/// Whether some argument is a `MODEL m`.
pub(super) fn has_model_arg(args: &[FunctionArg]) -> bool {
    arg_exprs(args).iter().any(|e| marker_name(e, MODEL_ARG).is_some())
}

/// Calcite's "Object 'm' not found" at a `MODEL m` argument's name.
pub(super) fn model_not_found(args: &[FunctionArg]) -> Option<Error> {
    arg_exprs(args).into_iter().find_map(|e| {
        let ids = marker_name(e, MODEL_ARG)?;
        let (first, last) = (ids.first()?, ids.last()?);
        let span = (crate::sql::ident_span(first).0, crate::sql::ident_span(last).1);
        let name = ids.iter().map(|i| i.value.as_str()).collect::<Vec<_>>().join(".");
        Some(calcite_error(span, &format!("Object '{}' not found", name)))
    })
}

impl<'c> Binder<'c> {
    /// `ML_PREDICT` / `ML_EVALUATE` with Flink's arguments (see the module doc).
    pub(super) fn bind_flink_model_function(
        &mut self,
        fname: &str,
        args: &[FunctionArg],
        span: (Pos, Pos),
    ) -> Result<Bound> {
        if has_model_arg(args) {
            // INPUT => TABLE t: Calcite resolves the table first
            if let Some(ids) = arg_exprs(args).into_iter().find_map(|e| marker_name(e, TABLE_ARG)) {
                let name = ObjectName::from(ids.to_vec());
                self.bind_named_table(&name, &None)?;
            }
            if let Some(e) = model_not_found(args) {
                return Err(e);
            }
        }
        Err(Error::unsupported(format!(
            "Flink's {}(TABLE …) without a MODEL argument (Flink's form: {}(TABLE t, MODEL m, DESCRIPTOR(col)); JoinLab runs Confluent's LATERAL TABLE(ML_PREDICT('model', col)) in the confluent dialect)",
            fname, fname
        ))
        .at(span.0, span.1))
    }
}

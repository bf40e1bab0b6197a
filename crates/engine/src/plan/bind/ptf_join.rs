//! `… LEFT JOIN ptf(…) ON cond`: Flink accepts only `ON TRUE` for a table function on the right
//! of a LEFT join (oracle scenario ptf/score_top_n_and_outer_join).

use sqlparser::ast::{Expr as SqlExpr, Join, JoinConstraint, JoinOperator, TableFactor};

use crate::error::{Error, Result};
use crate::sql::span_of;

use super::Binder;

/// A join condition as Calcite's `SqlNode#toString` prints it (`` `t`.`person` = `s`.`name` AND
/// `s`.`sum` > 1 ``), for the forms whose printing the oracle showed; None for the others.
fn calcite_condition(e: &SqlExpr) -> Option<String> {
    use sqlparser::ast::{BinaryOperator as B, Value as V};
    Some(match e {
        SqlExpr::Identifier(i) => format!("`{}`", i.value),
        SqlExpr::CompoundIdentifier(ids) => ids.iter().map(|i| format!("`{}`", i.value)).collect::<Vec<_>>().join("."),
        SqlExpr::Value(v) => match &v.value {
            V::Number(n, _) if !n.contains(['e', 'E']) => n.clone(),
            V::Boolean(b) => (if *b { "TRUE" } else { "FALSE" }).to_string(),
            _ => return None,
        },
        SqlExpr::BinaryOp { left, op, right } => {
            let op = match op {
                B::Eq => "=",
                B::NotEq => "<>",
                B::Lt => "<",
                B::LtEq => "<=",
                B::Gt => ">",
                B::GtEq => ">=",
                B::And => "AND",
                _ => return None,
            };
            // only AND may take a nested operator (its operands print without parentheses)
            let nested = |x: &SqlExpr| matches!(x, SqlExpr::BinaryOp { op: sqlparser::ast::BinaryOperator::And, .. });
            if op != "AND" && (nested(left) || nested(right)) {
                return None;
            }
            if op != "AND"
                && (matches!(**left, SqlExpr::BinaryOp { .. }) || matches!(**right, SqlExpr::BinaryOp { .. }))
            {
                return None;
            }
            format!("{} {} {}", calcite_condition(left)?, op, calcite_condition(right)?)
        }
        _ => return None,
    })
}

impl<'c> Binder<'c> {
    /// `… LEFT JOIN ptf(…) ON cond`: Flink's validator (`FlinkCalciteSqlValidator#validateJoin`,
    /// before it validates either side) accepts only `ON TRUE` for a table function on the right
    /// of a LEFT join (oracle: ptf/score_top_n_and_outer_join).
    pub(super) fn check_left_join_of_ptf(&self, j: &Join) -> Result<()> {
        let cond = match &j.join_operator {
            JoinOperator::Left(JoinConstraint::On(e)) | JoinOperator::LeftOuter(JoinConstraint::On(e)) => e,
            _ => return Ok(()),
        };
        let fname = match &j.relation {
            TableFactor::Table { name, args: Some(_), .. } | TableFactor::Function { name, .. } => name.to_string(),
            TableFactor::TableFunction { expr: SqlExpr::Function(f), .. } => f.name.to_string(),
            _ => return Ok(()),
        };
        if self.ptf_kind(&fname).is_none() {
            return Ok(());
        }
        if let SqlExpr::Value(v) = cond {
            if matches!(v.value, sqlparser::ast::Value::Boolean(true)) {
                return Ok(());
            }
        }
        let (a, b) = span_of(cond);
        match calcite_condition(cond) {
            Some(text) => Err(Error::validation(format!(
                "SQL validation failed. Left outer joins with a table function do not accept a predicate such as {}. Only literal TRUE is accepted.",
                text
            ))
            .caused_by(format!(
                "org.apache.flink.table.api.ValidationException: Left outer joins with a table function do not accept a predicate such as {}. Only literal TRUE is accepted.",
                text
            ))
            .at(a, b)),
            None => Err(Error::unsupported(
                format!("LEFT JOIN {}(…) ON a condition other than TRUE (Flink rejects it; JoinLab cannot print this condition as Flink does)", fname),
            )
            .at(a, b)),
        }
    }
}

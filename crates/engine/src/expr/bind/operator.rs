//! Operators: comparisons (with Flink's comparability rules), boolean connectives, arithmetic
//! on numbers, intervals and timestamps.

use sqlparser::ast::{BinaryOperator, Expr as SqlExpr};

use crate::error::{Error, Pos, Result};
use crate::expr::typing::{arith_type, comparable};
use crate::expr::{Expr, Op};
use crate::types::{calcite_name, DataType, TypeKind, MAX_LENGTH};

use super::{bool_type, calcite_error, ScalarBinder};

impl<'s, 'a> ScalarBinder<'s, 'a> {
    pub(super) fn expect_boolean(&self, x: &Expr, span: (Pos, Pos), op: &str) -> Result<()> {
        if !matches!(x.ty().kind, TypeKind::Boolean | TypeKind::Null) {
            return Err(calcite_error(
                span,
                &format!(
                    "Cannot apply '{}' to arguments of type '{}<{}>'. Supported form(s): '{}<BOOLEAN>'",
                    op,
                    op,
                    calcite_name(x.ty()),
                    op
                ),
            ));
        }
        Ok(())
    }

    pub(super) fn check_comparable(&self, x: &Expr, y: &Expr, span: (Pos, Pos), op: &str) -> Result<()> {
        if comparable(x.ty(), y.ty()) || ltz_pair(x, y).is_some() {
            return Ok(());
        }
        let (a, b) = (&x.ty().kind, &y.ty().kind);
        if (a.is_numeric() && b.is_character()) || (a.is_character() && b.is_numeric()) {
            // Flink's planner rejects this later, without a position (see check_implicit_conversions)
            return Ok(());
        }
        Err(calcite_error(
            span,
            &format!(
                "Cannot apply '{}' to arguments of type '<{}> {} <{}>'. Supported form(s): '<COMPARABLE_TYPE> {} <COMPARABLE_TYPE>'",
                op,
                calcite_name(x.ty()),
                op,
                calcite_name(y.ty()),
                op
            ),
        ))
    }

    pub(super) fn binary(&self, l: &SqlExpr, op: &BinaryOperator, r: &SqlExpr, span: (Pos, Pos)) -> Result<Expr> {
        let (x, y) = (self.bind(l)?, self.bind(r)?);
        let n = x.ty().nullable || y.ty().nullable;
        let cmp = |o: Op, name: &str| -> Result<Expr> {
            self.check_comparable(&x, &y, span, name)?;
            // a TIMESTAMP compared with a TIMESTAMP_LTZ is cast to it (in the session zone)
            let (a, b) = match ltz_pair(&x, &y) {
                Some(true) => (to_ltz(x.clone()), y.clone()),
                Some(false) => (x.clone(), to_ltz(y.clone())),
                None => (x.clone(), y.clone()),
            };
            Ok(Expr::call(o, vec![a, b], bool_type(n)))
        };
        match op {
            BinaryOperator::Eq => cmp(Op::Eq, "="),
            BinaryOperator::NotEq => cmp(Op::Ne, "<>"),
            BinaryOperator::Lt => cmp(Op::Lt, "<"),
            BinaryOperator::LtEq => cmp(Op::Le, "<="),
            BinaryOperator::Gt => cmp(Op::Gt, ">"),
            BinaryOperator::GtEq => cmp(Op::Ge, ">="),
            BinaryOperator::And | BinaryOperator::Or => {
                let name = if matches!(op, BinaryOperator::And) { "AND" } else { "OR" };
                for z in [&x, &y] {
                    if !matches!(z.ty().kind, TypeKind::Boolean | TypeKind::Null) {
                        return Err(calcite_error(
                            span,
                            &format!(
                                "Cannot apply '{}' to arguments of type '<{}> {} <{}>'. Supported form(s): '<BOOLEAN> {} <BOOLEAN>'",
                                name,
                                calcite_name(x.ty()),
                                name,
                                calcite_name(y.ty()),
                                name
                            ),
                        ));
                    }
                }
                let o = if name == "AND" { Op::And } else { Op::Or };
                Ok(Expr::call(o, vec![x, y], bool_type(n)))
            }
            BinaryOperator::StringConcat => {
                if !(x.ty().kind.is_character() || x.ty().kind == TypeKind::Null)
                    || !(y.ty().kind.is_character() || y.ty().kind == TypeKind::Null)
                {
                    return Err(calcite_error(
                        span,
                        &format!(
                            "Cannot apply '||' to arguments of type '<{}> || <{}>'. Supported form(s): '<STRING> || <STRING>'",
                            calcite_name(x.ty()),
                            calcite_name(y.ty())
                        ),
                    ));
                }
                let len = |t: &DataType| match t.kind {
                    TypeKind::Char { length } | TypeKind::VarChar { length } => length as u64,
                    _ => 0,
                };
                let total = (len(x.ty()) + len(y.ty())).min(MAX_LENGTH as u64) as u32;
                let both_char =
                    matches!(x.ty().kind, TypeKind::Char { .. }) && matches!(y.ty().kind, TypeKind::Char { .. });
                let kind =
                    if both_char { TypeKind::Char { length: total } } else { TypeKind::VarChar { length: total } };
                Ok(Expr::call(Op::Concat, vec![x, y], DataType::new(kind, n)))
            }
            BinaryOperator::Plus | BinaryOperator::Minus => {
                let is_time = |t: &DataType| t.kind.is_datetime();
                let is_iv = |t: &DataType| matches!(t.kind, TypeKind::IntervalDayTime | TypeKind::IntervalYearMonth);
                if (is_time(x.ty()) && is_iv(y.ty()))
                    || (is_iv(x.ty()) && is_time(y.ty()) && matches!(op, BinaryOperator::Plus))
                {
                    // Calcite types `t ± INTERVAL` as its datetime operand, time attribute included
                    // (a rowtime shifted by an interval is still a rowtime in the validated schema)
                    let t = if is_time(x.ty()) { x.ty() } else { y.ty() };
                    if is_iv(x.ty()) && matches!(y.ty().kind, TypeKind::TimestampLtz { .. }) {
                        // Flink's code generator has no INTERVAL + TIMESTAMP_LTZ (interval first)
                        return Err(Error::new(crate::error::ErrorKind::Table, "Unsupported temporal arithmetic.")
                            .with_class("org.apache.flink.table.planner.codegen.CodeGenException"));
                    }
                    let ty = t.with_nullable(n);
                    let o = if matches!(op, BinaryOperator::Plus) { Op::TimestampPlus } else { Op::TimestampMinus };
                    return Ok(Expr::call(o, vec![x, y], ty));
                }
                if is_iv(x.ty()) && is_iv(y.ty()) {
                    let o = if matches!(op, BinaryOperator::Plus) { Op::TimestampPlus } else { Op::TimestampMinus };
                    let t = x.ty().with_nullable(n);
                    return Ok(Expr::call(o, vec![x, y], t));
                }
                let sym = if matches!(op, BinaryOperator::Plus) { '+' } else { '-' };
                self.arith(sym, x, y, span)
            }
            BinaryOperator::Multiply => self.arith('*', x, y, span),
            BinaryOperator::Divide => self.arith('/', x, y, span),
            BinaryOperator::Modulo => self.arith('%', x, y, span),
            other => Err(Error::unsupported(format!("operator {}", other)).at(span.0, span.1)),
        }
    }

    pub(super) fn arith(&self, sym: char, x: Expr, y: Expr, span: (Pos, Pos)) -> Result<Expr> {
        let t = arith_type(sym, x.ty(), y.ty()).ok_or_else(|| {
            let name = if sym == '%' { "MOD".to_string() } else { sym.to_string() };
            calcite_error(
                span,
                &format!(
                    "Cannot apply '{}' to arguments of type '<{}> {} <{}>'. Supported form(s): '<NUMERIC> {} <NUMERIC>'",
                    name,
                    calcite_name(x.ty()),
                    sym,
                    calcite_name(y.ty()),
                    sym
                ),
            )
        })?;
        let op = match sym {
            '+' => Op::Plus,
            '-' => Op::Minus,
            '*' => Op::Times,
            '/' => Op::Divide,
            _ => Op::Mod,
        };
        Ok(Expr::call(op, vec![x, y], t))
    }
}

/// A TIMESTAMP against a TIMESTAMP_LTZ: Some(true) when the first is the TIMESTAMP.
fn ltz_pair(x: &Expr, y: &Expr) -> Option<bool> {
    match (&x.ty().kind, &y.ty().kind) {
        (TypeKind::Timestamp { .. }, TypeKind::TimestampLtz { .. }) => Some(true),
        (TypeKind::TimestampLtz { .. }, TypeKind::Timestamp { .. }) => Some(false),
        _ => None,
    }
}

fn to_ltz(e: Expr) -> Expr {
    let p = match e.ty().kind {
        TypeKind::Timestamp { precision, .. } => precision,
        _ => 3,
    };
    let ty =
        DataType::new(TypeKind::TimestampLtz { precision: p, attr: crate::types::TimeAttr::None }, e.ty().nullable);
    Expr::Cast { expr: Box::new(e), ty, try_cast: false }
}

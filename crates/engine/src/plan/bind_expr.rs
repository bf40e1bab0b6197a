//! Binding scalar SQL expressions: names resolved against a [`Scope`], literals typed as
//! Calcite types them, operators typed as Flink's planner does, errors worded as Flink's.

use std::cell::Cell;
use std::sync::Arc;

use sqlparser::ast::{
    BinaryOperator, CastKind, DateTimeField, Expr as SqlExpr, FunctionArg, FunctionArgExpr, FunctionArguments, Ident,
    Spanned, UnaryOperator, Value as SqlValue,
};

use crate::error::{Error, Pos, Result};
use crate::expr::extract::Unit;
use crate::expr::typing::{arith_type, comparable, least_restrictive};
use crate::expr::{Expr, Op};
use crate::sql::dialect::{LTZ_LITERAL, TABLE_ARG};
use crate::sql::{span_of, types::from_sql_type};
use crate::time::{
    parse_date, parse_time_of_day, parse_ts_literal, SessionZone, Ts, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE,
    MS_PER_SECOND,
};
use crate::types::{calcite_name, DataType, TimeAttr, TypeKind, MAX_LENGTH};
use crate::value::{Decimal, Value};

/// A column visible to an expression.
#[derive(Clone, Debug)]
pub struct ScopeField {
    /// The table name or alias it can be qualified with.
    pub qualifier: Option<String>,
    pub name: String,
    pub ty: DataType,
    /// Not part of `*` (the `$rowtime` system column).
    pub hidden: bool,
    /// A column of `JOIN … USING` / `NATURAL JOIN`: an unqualified name means it, not the
    /// two sides' columns it merges.
    pub merged: bool,
}

/// The columns an expression can reference; `outer` holds the enclosing query's columns for
/// correlated subqueries (their inputs are numbered first, then this scope's).
pub struct Scope<'a> {
    pub fields: Vec<ScopeField>,
    pub outer: Option<&'a Scope<'a>>,
    /// Set when an expression referenced the outer scope.
    pub correlated: Cell<bool>,
}

impl<'a> Scope<'a> {
    pub fn new(fields: Vec<ScopeField>) -> Scope<'static> {
        Scope { fields, outer: None, correlated: Cell::new(false) }
    }

    pub fn with_outer(fields: Vec<ScopeField>, outer: &'a Scope<'a>) -> Scope<'a> {
        Scope { fields, outer: Some(outer), correlated: Cell::new(false) }
    }

    fn offset(&self) -> usize {
        self.outer.map(|o| o.fields.len()).unwrap_or(0)
    }
}

/// A Calcite validation error at a span: `SQL validation failed. From line …: msg` with the
/// `CalciteContextException` and `SqlValidatorException` causes Flink prints.
pub fn calcite_error(span: (Pos, Pos), msg: &str) -> Error {
    let (s, e) = span;
    let end_col = if e.col > 1 && e > s { e.col - 1 } else { e.col.max(s.col) };
    let at = if s.line == e.line && s.col == end_col {
        format!("At line {}, column {}", s.line, s.col)
    } else {
        format!("From line {}, column {} to line {}, column {}", s.line, s.col, e.line, end_col)
    };
    Error::validation(format!("SQL validation failed. {}: {}", at, msg))
        .caused_by(format!("org.apache.calcite.runtime.CalciteContextException: {}: {}", at, msg))
        .caused_by(format!("org.apache.calcite.sql.validate.SqlValidatorException: {}", msg))
        .at(s, Pos { line: e.line, col: end_col })
}

fn bool_type(nullable: bool) -> DataType {
    DataType::new(TypeKind::Boolean, nullable)
}

/// Resolves a column reference.
pub fn resolve(idents: &[Ident], scope: &Scope, span: (Pos, Pos)) -> Result<Expr> {
    let (qual, name) = match idents {
        [n] => (None, n.value.as_str()),
        [q, n] => (Some(q.value.as_str()), n.value.as_str()),
        [.., q, n] => (Some(q.value.as_str()), n.value.as_str()),
        [] => return Err(calcite_error(span, "empty identifier")),
    };
    let mut matches: Vec<usize> = scope
        .fields
        .iter()
        .enumerate()
        .filter(|(_, f)| f.name == name && (qual.is_none() || f.qualifier.as_deref() == qual))
        .map(|(i, _)| i)
        .collect();
    if qual.is_none() && matches.len() > 1 {
        let merged: Vec<usize> = matches.iter().copied().filter(|&i| scope.fields[i].merged).collect();
        if merged.len() == 1 {
            matches = merged;
        }
    }
    match matches.len() {
        1 => {
            let i = matches[0];
            Ok(Expr::input(scope.offset() + i, scope.fields[i].ty.clone()))
        }
        0 => {
            if let Some(outer) = scope.outer {
                if let Ok(e) = resolve(idents, outer, span) {
                    scope.correlated.set(true);
                    return Ok(e);
                }
            }
            match qual {
                Some(q) => {
                    if scope.fields.iter().any(|f| f.qualifier.as_deref() == Some(q))
                        || scope
                            .outer
                            .map(|o| o.fields.iter().any(|f| f.qualifier.as_deref() == Some(q)))
                            .unwrap_or(false)
                    {
                        let col_span = idents.last().map(crate::sql::ident_span).unwrap_or(span);
                        Err(calcite_error(col_span, &format!("Column '{}' not found in table '{}'", name, q)))
                    } else {
                        let q_span =
                            idents.get(idents.len().saturating_sub(2)).map(crate::sql::ident_span).unwrap_or(span);
                        Err(calcite_error(q_span, &format!("Table '{}' not found", q)))
                    }
                }
                None => Err(calcite_error(span, &format!("Column '{}' not found in any table", name))),
            }
        }
        _ => Err(calcite_error(span, &format!("Column '{}' is ambiguous", name))),
    }
}

fn number_literal(text: &str) -> Option<(Value, DataType)> {
    if text.contains(['e', 'E']) {
        let v: f64 = text.parse().ok()?;
        return Some((Value::Double(v), DataType::not_null(TypeKind::Double)));
    }
    if let Some(dot) = text.find('.') {
        // Calcite: the unscaled value of an exact literal must fit in a BIGINT
        // ("Numeric literal '1234567890.0123456789' out of range")
        let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
        let unscaled: u128 = digits.trim_start_matches('0').parse().unwrap_or(0);
        if unscaled > i64::MAX as u128 || digits.trim_start_matches('0').len() > 19 {
            return None;
        }
        let d = Decimal::parse(text)?;
        let scale = (text.len() - dot - 1) as u8;
        let precision = (text.len() - 1) as u8;
        let d = d.rescale(scale)?;
        return Some((
            Value::Decimal(d),
            DataType::not_null(TypeKind::Decimal { precision: precision.max(scale).max(1), scale }),
        ));
    }
    if let Ok(v) = text.parse::<i32>() {
        return Some((Value::Int(v), DataType::not_null(TypeKind::Int)));
    }
    if let Ok(v) = text.parse::<i64>() {
        return Some((Value::BigInt(v), DataType::not_null(TypeKind::BigInt)));
    }
    None
}

fn string_literal(s: &str) -> Expr {
    let n = s.chars().count() as u32;
    Expr::literal(Value::str(s), DataType::not_null(TypeKind::Char { length: n }))
}

/// Milliseconds of one unit of a day-time interval field, or months for year-month ones.
fn interval_unit(f: &DateTimeField) -> Option<(i64, bool)> {
    Some(match f {
        DateTimeField::Second | DateTimeField::Seconds => (MS_PER_SECOND, false),
        DateTimeField::Minute | DateTimeField::Minutes => (MS_PER_MINUTE, false),
        DateTimeField::Hour | DateTimeField::Hours => (MS_PER_HOUR, false),
        DateTimeField::Day | DateTimeField::Days => (MS_PER_DAY, false),
        DateTimeField::Week(_) | DateTimeField::Weeks => (7 * MS_PER_DAY, false),
        DateTimeField::Month | DateTimeField::Months => (1, true),
        DateTimeField::Year | DateTimeField::Years => (12, true),
        DateTimeField::Millisecond | DateTimeField::Milliseconds => (1, false),
        _ => return None,
    })
}

/// `INTERVAL '…' FIELD [TO FIELD]` → milliseconds (or months).
pub fn interval_value(iv: &sqlparser::ast::Interval, span: (Pos, Pos)) -> Result<Value> {
    let text = match iv.value.as_ref() {
        SqlExpr::Value(v) => match &v.value {
            SqlValue::SingleQuotedString(s) => s.clone(),
            SqlValue::Number(n, _) => n.clone(),
            _ => return Err(calcite_error(span, "Illegal interval literal")),
        },
        SqlExpr::UnaryOp { op: UnaryOperator::Minus, expr } => match expr.as_ref() {
            SqlExpr::Value(v) => match &v.value {
                SqlValue::SingleQuotedString(s) | SqlValue::Number(s, _) => format!("-{}", s),
                _ => return Err(calcite_error(span, "Illegal interval literal")),
            },
            _ => return Err(calcite_error(span, "Illegal interval literal")),
        },
        _ => return Err(Error::unsupported("INTERVAL with a non-literal value")),
    };
    let lead = iv.leading_field.as_ref().ok_or_else(|| calcite_error(span, "INTERVAL needs a unit"))?;
    let (unit, months) = interval_unit(lead).ok_or_else(|| Error::unsupported(format!("INTERVAL unit {}", lead)))?;
    let t = text.trim();
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r.trim()),
        None => (false, t.strip_prefix('+').unwrap_or(t).trim()),
    };
    let bad = || calcite_error(span, &format!("Illegal interval literal format '{}' for INTERVAL {}", text, lead));
    let value: i64 = match &iv.last_field {
        None => {
            if unit == MS_PER_SECOND && t.contains('.') {
                let d = Decimal::parse(t).ok_or_else(bad)?.rescale(3).ok_or_else(bad)?;
                d.unscaled() as i64
            } else {
                let n: i64 = t.parse().map_err(|_| bad())?;
                n * unit
            }
        }
        Some(last) => {
            // e.g. '1 10:30:00' DAY TO SECOND, '10:30' HOUR TO MINUTE, '1-6' YEAR TO MONTH
            if months {
                let (y, m) = t.split_once('-').ok_or_else(bad)?;
                y.trim().parse::<i64>().map_err(|_| bad())? * 12 + m.trim().parse::<i64>().map_err(|_| bad())?
            } else {
                let (_, last_unit) = interval_unit(last).map(|(u, _)| ((), u)).ok_or_else(bad)?;
                let mut parts: Vec<&str> = Vec::new();
                let (day_part, rest) = match t.split_once(' ') {
                    Some((d, r)) => (Some(d), r),
                    None => (None, t),
                };
                if let Some(d) = day_part {
                    parts.push(d);
                }
                parts.extend(rest.split(':'));
                let units_order = [MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND];
                let start = units_order.iter().position(|&u| u == unit).ok_or_else(bad)?;
                let end = units_order.iter().position(|&u| u == last_unit).ok_or_else(bad)?;
                if parts.len() != end - start + 1 {
                    return Err(bad());
                }
                let mut total = 0i64;
                for (k, p) in parts.iter().enumerate() {
                    let u = units_order[start + k];
                    if u == MS_PER_SECOND && p.contains('.') {
                        total += Decimal::parse(p).ok_or_else(bad)?.rescale(3).ok_or_else(bad)?.unscaled() as i64;
                    } else {
                        total += p.trim().parse::<i64>().map_err(|_| bad())? * u;
                    }
                }
                total
            }
        }
    };
    let value = if neg { -value } else { value };
    Ok(if months { Value::IntervalMonths(value as i32) } else { Value::Interval(value) })
}

fn func_args(f: &sqlparser::ast::Function) -> Vec<(Option<String>, &SqlExpr)> {
    match &f.args {
        FunctionArguments::List(l) => l
            .args
            .iter()
            .filter_map(|a| match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => Some((None, e)),
                FunctionArg::Named { name, arg: FunctionArgExpr::Expr(e), .. } => Some((Some(name.value.clone()), e)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Binds an expression that is not allowed to contain subqueries.
pub fn bind_scalar(e: &SqlExpr, scope: &Scope, zone: &SessionZone) -> Result<Expr> {
    Binder { scope, zone }.bind(e)
}

struct Binder<'s, 'a> {
    scope: &'s Scope<'a>,
    zone: &'s SessionZone,
}

fn cast_to(e: Expr, ty: &DataType) -> Expr {
    if e.ty().kind == ty.kind {
        return e;
    }
    let ty = ty.with_nullable(e.ty().nullable);
    Expr::Cast { expr: Box::new(e), ty, try_cast: false }
}

impl<'s, 'a> Binder<'s, 'a> {
    fn bind(&self, e: &SqlExpr) -> Result<Expr> {
        let span = span_of(e);
        match e {
            SqlExpr::Identifier(i) => resolve(std::slice::from_ref(i), self.scope, span),
            SqlExpr::CompoundIdentifier(ids) => resolve(ids, self.scope, span),
            SqlExpr::Nested(inner) => self.bind(inner),
            SqlExpr::Value(v) => self.literal(&v.value, span),
            SqlExpr::TypedString(ts) => self.typed_string(ts, span),
            SqlExpr::Interval(iv) => {
                let v = interval_value(iv, span)?;
                let ty = match v {
                    Value::IntervalMonths(_) => TypeKind::IntervalYearMonth,
                    _ => TypeKind::IntervalDayTime,
                };
                Ok(Expr::literal(v, DataType::not_null(ty)))
            }
            SqlExpr::UnaryOp { op, expr } => {
                let x = self.bind(expr)?;
                match op {
                    UnaryOperator::Not => {
                        self.expect_boolean(&x, span, "NOT")?;
                        let n = x.ty().nullable;
                        Ok(Expr::call(Op::Not, vec![x], bool_type(n)))
                    }
                    UnaryOperator::Minus => {
                        if let Expr::Literal { value, ty } = &x {
                            // fold negative literals (-7 is an INT literal)
                            let v = match value {
                                Value::Int(i) => Some((Value::Int(i.wrapping_neg()), ty.clone())),
                                Value::BigInt(i) => Some(match i32::try_from(-(*i as i128)) {
                                    Ok(small) => (Value::Int(small), DataType::not_null(TypeKind::Int)),
                                    Err(_) => (Value::BigInt(i.wrapping_neg()), ty.clone()),
                                }),
                                Value::Decimal(d) => Some((Value::Decimal(d.neg()), ty.clone())),
                                // a literal has no negative zero (Calcite reads it as a BigDecimal)
                                Value::Double(d) => Some((Value::Double(if *d == 0.0 { 0.0 } else { -d }), ty.clone())),
                                Value::Interval(i) => Some((Value::Interval(-i), ty.clone())),
                                _ => None,
                            };
                            if let Some((v, t)) = v {
                                return Ok(Expr::literal(v, t));
                            }
                        }
                        if !x.ty().kind.is_numeric() && x.ty().kind != TypeKind::IntervalDayTime {
                            return Err(calcite_error(
                                span,
                                &format!(
                                    "Cannot apply '-' to arguments of type '-<{}>'. Supported form(s): '-<NUMERIC>'\n'-<DATETIME_INTERVAL>'",
                                    calcite_name(x.ty())
                                ),
                            ));
                        }
                        let t = x.ty().clone();
                        Ok(Expr::call(Op::Neg, vec![x], t))
                    }
                    UnaryOperator::Plus => Ok(x),
                    other => Err(Error::unsupported(format!("operator {}", other))),
                }
            }
            SqlExpr::BinaryOp { left, op, right } => self.binary(left, op, right, span),
            SqlExpr::IsNull(x) => Ok(Expr::call(Op::IsNull, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsNotNull(x) => Ok(Expr::call(Op::IsNotNull, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsTrue(x) => Ok(Expr::call(Op::IsTrue, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsNotTrue(x) => Ok(Expr::call(Op::IsNotTrue, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsFalse(x) => Ok(Expr::call(Op::IsFalse, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsNotFalse(x) => Ok(Expr::call(Op::IsNotFalse, vec![self.bind(x)?], bool_type(false))),
            SqlExpr::IsDistinctFrom(a, b) | SqlExpr::IsNotDistinctFrom(a, b) => {
                let (x, y) = (self.bind(a)?, self.bind(b)?);
                let opname =
                    if matches!(e, SqlExpr::IsDistinctFrom(..)) { "IS DISTINCT FROM" } else { "IS NOT DISTINCT FROM" };
                self.check_comparable(&x, &y, span, opname)?;
                let op =
                    if matches!(e, SqlExpr::IsDistinctFrom(..)) { Op::IsDistinctFrom } else { Op::IsNotDistinctFrom };
                Ok(Expr::call(op, vec![x, y], bool_type(false)))
            }
            SqlExpr::Between { expr, negated, low, high } => {
                let x = self.bind(expr)?;
                let lo = self.bind(low)?;
                let hi = self.bind(high)?;
                self.check_comparable(&x, &lo, span, "BETWEEN ASYMMETRIC")?;
                self.check_comparable(&x, &hi, span, "BETWEEN ASYMMETRIC")?;
                let n = x.ty().nullable || lo.ty().nullable || hi.ty().nullable;
                if *negated {
                    let a = Expr::call(Op::Lt, vec![x.clone(), lo], bool_type(n));
                    let b = Expr::call(Op::Gt, vec![x, hi], bool_type(n));
                    Ok(Expr::call(Op::Or, vec![a, b], bool_type(n)))
                } else {
                    let a = Expr::call(Op::Ge, vec![x.clone(), lo], bool_type(n));
                    let b = Expr::call(Op::Le, vec![x, hi], bool_type(n));
                    Ok(Expr::call(Op::And, vec![a, b], bool_type(n)))
                }
            }
            SqlExpr::In { expr, target: sqlparser::ast::InTarget::List(list), negated, .. } => {
                let x = self.bind(expr)?;
                let mut args = vec![x];
                for item in list {
                    let y = self.bind(item)?;
                    self.check_comparable(&args[0], &y, span, if *negated { "NOT IN" } else { "IN" })?;
                    args.push(y);
                }
                let n = args.iter().any(|a| a.ty().nullable);
                Ok(Expr::call(if *negated { Op::NotIn } else { Op::In }, args, bool_type(n)))
            }
            SqlExpr::In { .. } | SqlExpr::Exists { .. } | SqlExpr::Subquery(_) => Err(Error::unsupported(
                "a subquery here (JoinLab runs IN / EXISTS subqueries as top-level conditions of WHERE)",
            )
            .at(span.0, span.1)),
            SqlExpr::Like { negated, expr, pattern, escape_char, .. } => {
                let (x, p) = (self.bind(expr)?, self.bind(pattern)?);
                let n = x.ty().nullable || p.ty().nullable;
                let mut args = vec![x, p];
                if let Some(e) = escape_char {
                    args.push(self.bind(e)?);
                }
                Ok(Expr::call(if *negated { Op::NotLike } else { Op::Like }, args, bool_type(n)))
            }
            SqlExpr::Cast { kind, expr, data_type, .. } => {
                let x = self.bind(expr)?;
                let ty = from_sql_type(data_type).ok_or_else(|| Error::unsupported(format!("type {}", data_type)))?;
                let try_cast = matches!(kind, CastKind::TryCast | CastKind::SafeCast);
                let nullable = if try_cast { true } else { x.ty().nullable };
                let ty = ty.with_nullable(nullable || ty.nullable && x.ty().kind == TypeKind::Null);
                if x.ty().kind == TypeKind::Null {
                    return Ok(Expr::literal(Value::Null, ty.with_nullable(true)));
                }
                if !try_cast && ty == *x.ty() {
                    // Calcite drops a cast to the operand's own type: a window column keeps
                    // being one (a window join over it stays a window join)
                    return Ok(x);
                }
                Ok(Expr::Cast { expr: Box::new(x), ty, try_cast })
            }
            SqlExpr::Case { operand, conditions, else_result, .. } => {
                let op = match operand {
                    Some(o) => Some(self.bind(o)?),
                    None => None,
                };
                let mut whens = Vec::new();
                for c in conditions {
                    let cond = match &op {
                        Some(o) => {
                            let v = self.bind(&c.condition)?;
                            let n = o.ty().nullable || v.ty().nullable;
                            Expr::call(Op::Eq, vec![o.clone(), v], bool_type(n))
                        }
                        None => self.bind(&c.condition)?,
                    };
                    whens.push((cond, self.bind(&c.result)?));
                }
                let otherwise = match else_result {
                    Some(e) => self.bind(e)?,
                    None => Expr::literal(Value::Null, DataType::new(TypeKind::Null, true)),
                };
                let mut types: Vec<&DataType> = whens.iter().map(|(_, t)| t.ty()).collect();
                types.push(otherwise.ty());
                let ty = least_restrictive(&types)
                    .ok_or_else(|| calcite_error(span, "Illegal mixing of types in CASE or COALESCE statement"))?;
                let ty = ty.without_time_attr();
                let whens = whens.into_iter().map(|(c, t)| (c, cast_to(t, &ty))).collect();
                let otherwise = Box::new(cast_to(otherwise, &ty));
                Ok(Expr::Case { whens, otherwise, ty })
            }
            SqlExpr::Array(arr) => {
                let items: Vec<Expr> = arr.elem.iter().map(|x| self.bind(x)).collect::<Result<_>>()?;
                let types: Vec<&DataType> = items.iter().map(|i| i.ty()).collect();
                let el = least_restrictive(&types).unwrap_or_else(|| DataType::nullable(TypeKind::Null));
                let mut vals = Vec::new();
                for it in &items {
                    match it {
                        Expr::Literal { value, .. } => vals.push(
                            crate::expr::cast_value(value, it.ty(), &el, self.zone)
                                .map_err(|m| calcite_error(span, &m))?,
                        ),
                        _ => return Err(Error::unsupported("ARRAY[…] with non-literal elements")),
                    }
                }
                Ok(Expr::literal(
                    Value::Array(Arc::new(vals)),
                    DataType::not_null(TypeKind::Array { element: Box::new(el) }),
                ))
            }
            SqlExpr::Function(f) => self.function(f, span),
            SqlExpr::Floor { expr, field } | SqlExpr::Ceil { expr, field } => {
                let name = if matches!(e, SqlExpr::Floor { .. }) { "FLOOR" } else { "CEIL" };
                match field {
                    sqlparser::ast::CeilFloorKind::DateTimeField(sqlparser::ast::DateTimeField::NoDateTime) => {}
                    sqlparser::ast::CeilFloorKind::DateTimeField(f) => {
                        // FLOOR/CEIL(x TO unit): expr::time_floor
                        let unit_text = f.to_string();
                        let unit = Unit::parse(&unit_text).ok_or_else(|| {
                            Error::unsupported(format!("{}(… TO {})", name, unit_text)).at(span.0, span.1)
                        })?;
                        let x = self.bind(expr)?;
                        if !matches!(
                            x.ty().kind,
                            TypeKind::Date | TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. }
                        ) {
                            // sqlparser's span covers the argument; Calcite's the whole call
                            let (mut from, mut to) = span;
                            from.col = from.col.saturating_sub(name.len() + 1).max(1);
                            to.col += " TO ".len() + unit_text.chars().count() + 1;
                            return Err(calcite_error(
                                (from, to),
                                &format!(
                                    "Cannot apply '{n}' to arguments of type '{n}(<{}>, <{}>)'. Supported form(s): '{n}(<NUMERIC>)'\n'{n}(<DATETIME_INTERVAL>)'\n'{n}(<DATE> TO <TIME_UNIT>)'\n'{n}(<TIME> TO <TIME_UNIT>)'\n'{n}(<TIMESTAMP> TO <TIME_UNIT>)'",
                                    calcite_name(&x.ty().with_nullable(true)),
                                    unit.interval_name(),
                                    n = name
                                ),
                            ));
                        }
                        let code = Expr::literal(Value::BigInt(unit.code()), DataType::not_null(TypeKind::BigInt));
                        let op = if name == "FLOOR" { Op::FloorTime } else { Op::CeilTime };
                        // the result keeps the argument's type, time attribute included
                        let t = x.ty().clone();
                        return Ok(Expr::call(op, vec![code, x], t));
                    }
                    sqlparser::ast::CeilFloorKind::Scale(_) => {
                        return Err(Error::unsupported(format!("{}(…, scale)", name)).at(span.0, span.1));
                    }
                }
                let x = self.bind(expr)?;
                let t = match x.ty().kind {
                    TypeKind::Decimal { precision, .. } => {
                        DataType::new(TypeKind::Decimal { precision, scale: 0 }, x.ty().nullable)
                    }
                    _ => x.ty().clone(),
                };
                let op = if matches!(e, SqlExpr::Floor { .. }) { Op::Floor } else { Op::Ceil };
                Ok(Expr::call(op, vec![x], t))
            }
            SqlExpr::Substring { expr, substring_from, substring_for, .. } => {
                let mut args = vec![self.bind(expr)?];
                args.push(match substring_from {
                    Some(f) => self.bind(f)?,
                    None => Expr::literal(Value::Int(1), DataType::not_null(TypeKind::Int)),
                });
                if let Some(l) = substring_for {
                    args.push(self.bind(l)?);
                }
                let n = args.iter().any(|a| a.ty().nullable);
                Ok(Expr::call(Op::Substring, args, DataType::new(TypeKind::VarChar { length: MAX_LENGTH }, n)))
            }
            SqlExpr::Extract { field, expr, .. } => {
                let unit_text = field.to_string();
                let unit = Unit::parse(&unit_text)
                    .ok_or_else(|| Error::unsupported(format!("EXTRACT of {}", unit_text)).at(span.0, span.1))?;
                let x = self.bind(expr)?;
                let (mut from, mut to) = span;
                let head = "EXTRACT(".len() + unit_text_len(field) + " FROM ".len();
                if from.col > head {
                    from.col -= head;
                }
                to.col += 1;
                self.extract(unit, x, (from, to))
            }
            SqlExpr::Trim { expr, .. } => {
                let x = self.bind(expr)?;
                let n = x.ty().nullable;
                // VARCHAR of the argument's length: TRIM(' x ') is VARCHAR(3) NOT NULL
                let length = match x.ty().kind {
                    TypeKind::Char { length } | TypeKind::VarChar { length } => length,
                    _ => MAX_LENGTH,
                };
                Ok(Expr::call(Op::Trim, vec![x], DataType::new(TypeKind::VarChar { length }, n)))
            }
            SqlExpr::CompoundFieldAccess { root, access_chain } => {
                let base = self.bind(root)?;
                let mut cur = base;
                for a in access_chain {
                    match a {
                        sqlparser::ast::AccessExpr::Subscript(sqlparser::ast::Subscript::Index { index }) => {
                            let i = self.bind(index)?;
                            let el = match &cur.ty().kind {
                                TypeKind::Array { element } => element.with_nullable(true),
                                _ => return Err(calcite_error(span, "Cannot apply ITEM to a non-array")),
                            };
                            cur = Expr::call(Op::ArrayElement, vec![cur, i], el);
                        }
                        _ => return Err(Error::unsupported("field access")),
                    }
                }
                Ok(cur)
            }
            other => Err(Error::unsupported(format!("the expression {}", other)).at(span.0, span.1)),
        }
    }

    fn literal(&self, v: &SqlValue, span: (Pos, Pos)) -> Result<Expr> {
        match v {
            SqlValue::Number(n, _) => {
                let (value, ty) = number_literal(n)
                    .ok_or_else(|| calcite_error(span, &format!("Numeric literal '{}' out of range", n)))?;
                Ok(Expr::literal(value, ty))
            }
            SqlValue::SingleQuotedString(s) => Ok(string_literal(s)),
            SqlValue::Boolean(b) => Ok(Expr::literal(Value::Bool(*b), DataType::not_null(TypeKind::Boolean))),
            SqlValue::Null => Ok(Expr::literal(Value::Null, DataType::new(TypeKind::Null, true))),
            other => Err(Error::unsupported(format!("the literal {}", other)).at(span.0, span.1)),
        }
    }

    fn typed_string(&self, ts: &sqlparser::ast::TypedString, span: (Pos, Pos)) -> Result<Expr> {
        let text = match &ts.value.value {
            SqlValue::SingleQuotedString(s) => s.clone(),
            other => other.to_string(),
        };
        let ty =
            from_sql_type(&ts.data_type).ok_or_else(|| Error::unsupported(format!("{} literals", ts.data_type)))?;
        match ty.kind {
            TypeKind::Date => {
                let d = parse_date(&text).ok_or_else(|| {
                    calcite_error(span, &format!("Illegal DATE literal '{}': not in format 'yyyy-MM-dd'", text))
                })?;
                Ok(Expr::literal(Value::Date(d), DataType::not_null(TypeKind::Date)))
            }
            TypeKind::Time { .. } => {
                let n = parse_time_of_day(&text).ok_or_else(|| {
                    calcite_error(span, &format!("Illegal TIME literal '{}': not in format 'HH:mm:ss'", text))
                })?;
                let p = text.split_once('.').map(|(_, f)| f.len() as u8).unwrap_or(0);
                Ok(Expr::literal(Value::Time(n), DataType::not_null(TypeKind::Time { precision: p })))
            }
            TypeKind::Timestamp { .. } => {
                let t = parse_ts_literal(&text).ok_or_else(|| {
                    calcite_error(
                        span,
                        &format!("Illegal TIMESTAMP literal '{}': not in format 'yyyy-MM-dd HH:mm:ss'", text),
                    )
                })?;
                let p = text.trim().split_once('.').map(|(_, f)| f.len() as u8).unwrap_or(0);
                Ok(Expr::literal(
                    Value::Timestamp(t),
                    DataType::not_null(TypeKind::Timestamp { precision: p, attr: TimeAttr::None }),
                ))
            }
            _ => Err(Error::unsupported(format!("{} literals", ty.summary())).at(span.0, span.1)),
        }
    }

    /// `EXTRACT(unit FROM x)` and `YEAR(x)`, `HOUR(x)`, …: a BIGINT part of a DATE, TIMESTAMP or
    /// TIMESTAMP_LTZ (expr::extract).
    fn extract(&self, unit: Unit, x: Expr, span: (Pos, Pos)) -> Result<Expr> {
        if !matches!(x.ty().kind, TypeKind::Date | TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. }) {
            // Flink rewrites YEAR(x) and the like to EXTRACT before validating
            return Err(calcite_error(
                span,
                &format!(
                    "Cannot apply 'EXTRACT' to arguments of type 'EXTRACT(<{}> FROM <{}>)'. Supported form(s): 'EXTRACT(<DATETIME_INTERVAL> FROM <DATETIME_INTERVAL>)'",
                    unit.interval_name(),
                    calcite_name(&x.ty().with_nullable(true))
                ),
            ));
        }
        let n = x.ty().nullable;
        let code = Expr::literal(Value::BigInt(unit.code()), DataType::not_null(TypeKind::BigInt));
        Ok(Expr::call(Op::Extract, vec![code, x], DataType::new(TypeKind::BigInt, n)))
    }

    /// `TIMESTAMPDIFF(unit, t1, t2)` (whole units from t1 to t2, INT) and
    /// `TIMESTAMPADD(unit, n, t)`.
    fn timestamp_unit_function(
        &self,
        name: &str,
        raw: &[(Option<String>, &SqlExpr)],
        span: (Pos, Pos),
    ) -> Result<Expr> {
        if raw.len() != 3 {
            return Err(calcite_error(
                span,
                &format!("Invalid number of arguments to function '{}'. Was expecting 3 arguments", name),
            ));
        }
        let unit = match raw[0].1 {
            SqlExpr::Identifier(i) => i.value.to_ascii_uppercase(),
            other => other.to_string().to_ascii_uppercase(),
        };
        let (ms, months) = match unit.as_str() {
            "SECOND" | "SQL_TSI_SECOND" => (MS_PER_SECOND, 0),
            "MINUTE" | "SQL_TSI_MINUTE" => (MS_PER_MINUTE, 0),
            "HOUR" | "SQL_TSI_HOUR" => (MS_PER_HOUR, 0),
            "DAY" | "SQL_TSI_DAY" => (MS_PER_DAY, 0),
            "WEEK" | "SQL_TSI_WEEK" => (7 * MS_PER_DAY, 0),
            "MONTH" | "SQL_TSI_MONTH" => (0, 1),
            "QUARTER" | "SQL_TSI_QUARTER" => (0, 3),
            "YEAR" | "SQL_TSI_YEAR" => (0, 12),
            _ => return Err(calcite_error(span, &format!("'{}' is not a valid time frame", unit))),
        };
        let a = self.bind(raw[1].1)?;
        let b = self.bind(raw[2].1)?;
        let n = a.ty().nullable || b.ty().nullable;
        let unit_lit = Expr::literal(
            Value::BigInt(if months > 0 { -(months as i64) } else { ms }),
            DataType::not_null(TypeKind::BigInt),
        );
        if name == "TIMESTAMPDIFF" {
            Ok(Expr::call(Op::TimestampDiff, vec![unit_lit, a, b], DataType::new(TypeKind::Int, n)))
        } else {
            let t = b.ty().without_time_attr().with_nullable(n);
            Ok(Expr::call(Op::TimestampAdd, vec![unit_lit, a, b], t))
        }
    }

    fn expect_boolean(&self, x: &Expr, span: (Pos, Pos), op: &str) -> Result<()> {
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

    fn check_comparable(&self, x: &Expr, y: &Expr, span: (Pos, Pos), op: &str) -> Result<()> {
        if comparable(x.ty(), y.ty()) {
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

    fn binary(&self, l: &SqlExpr, op: &BinaryOperator, r: &SqlExpr, span: (Pos, Pos)) -> Result<Expr> {
        let (x, y) = (self.bind(l)?, self.bind(r)?);
        let n = x.ty().nullable || y.ty().nullable;
        let cmp = |o: Op, name: &str| -> Result<Expr> {
            self.check_comparable(&x, &y, span, name)?;
            Ok(Expr::call(o, vec![x.clone(), y.clone()], bool_type(n)))
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
                    let t = if is_time(x.ty()) { x.ty() } else { y.ty() };
                    let ty = t.without_time_attr().with_nullable(n);
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

    fn arith(&self, sym: char, x: Expr, y: Expr, span: (Pos, Pos)) -> Result<Expr> {
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

    fn function(&self, f: &sqlparser::ast::Function, span: (Pos, Pos)) -> Result<Expr> {
        let name = f.name.to_string().to_ascii_uppercase();
        let raw = func_args(f);
        if name == LTZ_LITERAL.to_ascii_uppercase() {
            let text = match raw.first().map(|a| a.1) {
                Some(SqlExpr::Value(v)) => match &v.value {
                    SqlValue::SingleQuotedString(s) => s.clone(),
                    _ => String::new(),
                },
                _ => String::new(),
            };
            let t = parse_ts_literal(&text).ok_or_else(|| {
                calcite_error(
                    span,
                    &format!(
                        "Illegal TIMESTAMP WITH LOCAL TIME ZONE literal '{}': not in format 'yyyy-MM-dd HH:mm:ss'",
                        text
                    ),
                )
            })?;
            let p = text.trim().split_once('.').map(|(_, f)| f.len() as u8).unwrap_or(0);
            return Ok(Expr::literal(
                Value::TimestampLtz(Ts { millis: t.millis, nanos: t.nanos }),
                DataType::not_null(TypeKind::TimestampLtz { precision: p, attr: TimeAttr::None }),
            ));
        }
        if name == TABLE_ARG.to_ascii_uppercase() {
            return Err(Error::unsupported("a TABLE argument outside a table function").at(span.0, span.1));
        }
        if name == "TIMESTAMPDIFF" || name == "TIMESTAMPADD" {
            return self.timestamp_unit_function(&name, &raw, span);
        }
        let args: Vec<Expr> = raw.iter().map(|(_, a)| self.bind(a)).collect::<Result<_>>()?;
        let any_null = args.iter().any(|a| a.ty().nullable);
        let string_t = |n: bool| DataType::new(TypeKind::VarChar { length: MAX_LENGTH }, n);
        let need = |k: usize| -> Result<()> {
            if args.len() != k {
                return Err(calcite_error(
                    span,
                    &format!("Invalid number of arguments to function '{}'. Was expecting {} arguments", name, k),
                ));
            }
            Ok(())
        };
        let r = match name.as_str() {
            "COALESCE" => {
                let types: Vec<&DataType> = args.iter().map(|a| a.ty()).collect();
                let mut ty = least_restrictive(&types)
                    .ok_or_else(|| calcite_error(span, "Illegal mixing of types in CASE or COALESCE statement"))?;
                ty.nullable = args.iter().all(|a| a.ty().nullable);
                let args = args.into_iter().map(|a| cast_to(a, &ty)).collect();
                Expr::call(Op::Coalesce, args, ty)
            }
            "DATE_FORMAT" => {
                need(2)?;
                // Flink types DATE_FORMAT as a nullable STRING whatever its arguments
                Expr::call(Op::DateFormat, args, string_t(true))
            }
            f if Unit::of_function(f).is_some() && args.len() == 1 => {
                let unit = Unit::of_function(f).unwrap_or(Unit::Year);
                let x = args.into_iter().next().unwrap_or_else(|| Expr::literal(Value::Null, DataType::string()));
                // sqlparser's span of a call ends with its last argument; Flink's with the ')'
                let (from, mut to) = span;
                to.col += 1;
                return self.extract(unit, x, (from, to));
            }
            "UPPER" | "LOWER" => {
                need(1)?;
                let t = args[0].ty().clone();
                Expr::call(if name == "UPPER" { Op::Upper } else { Op::Lower }, args, t.without_time_attr())
            }
            "CHAR_LENGTH" | "CHARACTER_LENGTH" => {
                need(1)?;
                Expr::call(Op::CharLength, args, DataType::new(TypeKind::Int, any_null))
            }
            "CONCAT" => Expr::call(Op::Concat, args, string_t(any_null)),
            "ABS" => {
                need(1)?;
                let t = args[0].ty().clone();
                Expr::call(Op::Abs, args, t)
            }
            "UNIX_TIMESTAMP" => {
                if args.len() > 2 {
                    need(1)?;
                }
                Expr::call(Op::UnixTimestamp, args, DataType::new(TypeKind::BigInt, any_null))
            }
            "TO_TIMESTAMP_LTZ" => Expr::call(
                Op::ToTimestampLtz,
                args,
                DataType::new(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::None }, any_null),
            ),
            "TO_TIMESTAMP" => Expr::call(
                Op::ToTimestamp,
                args,
                DataType::new(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None }, any_null),
            ),
            "PROCTIME" => {
                need(0)?;
                Expr::call(
                    Op::Proctime,
                    args,
                    DataType::not_null(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Proctime }),
                )
            }
            "CURRENT_WATERMARK" => {
                need(1)?;
                let t = args[0].ty().without_time_attr().with_nullable(true);
                Expr::call(Op::CurrentWatermark, args, t)
            }
            "NULLIF" => {
                need(2)?;
                let t = args[0].ty().with_nullable(true);
                Expr::call(Op::NullIf, args, t)
            }
            "IF" => {
                need(3)?;
                let ty = least_restrictive(&[args[1].ty(), args[2].ty()])
                    .ok_or_else(|| calcite_error(span, "Illegal mixing of types in IF"))?;
                let mut it = args.into_iter();
                let c = it.next().unwrap_or_else(|| Expr::literal(Value::Null, DataType::boolean()));
                let a = cast_to(it.next().unwrap_or_else(|| Expr::literal(Value::Null, ty.clone())), &ty);
                let b = cast_to(it.next().unwrap_or_else(|| Expr::literal(Value::Null, ty.clone())), &ty);
                Expr::call(Op::If, vec![c, a, b], ty)
            }
            "GREATEST" | "LEAST" => {
                let types: Vec<&DataType> = args.iter().map(|a| a.ty()).collect();
                let ty = least_restrictive(&types).ok_or_else(|| calcite_error(span, "Illegal mixing of types"))?;
                let args = args.into_iter().map(|a| cast_to(a, &ty)).collect();
                Expr::call(if name == "GREATEST" { Op::Greatest } else { Op::Least }, args, ty)
            }
            "ROUND" => {
                let r = match args.get(1) {
                    Some(Expr::Literal { value, .. }) => value.as_i64().unwrap_or(0),
                    Some(_) => 0,
                    None => 0,
                };
                let t = args[0].ty().clone();
                let out = match t.kind {
                    TypeKind::Decimal { precision, scale } => {
                        let (p, s) = if r >= scale as i64 {
                            (precision, scale)
                        } else if r < 0 {
                            ((1 + precision as i64 - scale as i64).min(38) as u8, 0)
                        } else {
                            ((precision as i64 - scale as i64 + r + 1).min(38) as u8, r as u8)
                        };
                        DataType::new(TypeKind::Decimal { precision: p, scale: s }, t.nullable)
                    }
                    _ => t.without_time_attr(),
                };
                Expr::call(Op::Round, args, out)
            }
            "POWER" => {
                need(2)?;
                Expr::call(Op::Power, args, DataType::new(TypeKind::Double, any_null))
            }
            "SQRT" => {
                need(1)?;
                Expr::call(Op::Sqrt, args, DataType::new(TypeKind::Double, any_null))
            }
            "MOD" => {
                need(2)?;
                let mut it = args.into_iter();
                let (a, b) = (it.next(), it.next());
                match (a, b) {
                    (Some(a), Some(b)) => self.arith('%', a, b, span)?,
                    _ => return Err(calcite_error(span, "MOD needs 2 arguments")),
                }
            }
            "CONCAT_WS" => Expr::call(Op::ConcatWs, args, string_t(args_nullable_first(&raw))),
            "SUM" | "COUNT" | "AVG" | "MIN" | "MAX" | "COLLECT" | "LISTAGG" | "FIRST_VALUE" | "LAST_VALUE" => {
                return Err(Error::unsupported(format!("the aggregate function {} (GROUP BY and aggregation)", name))
                    .at(span.0, span.1));
            }
            "CARDINALITY" => {
                need(1)?;
                Expr::call(Op::Cardinality, args, DataType::new(TypeKind::Int, any_null))
            }
            "SOURCE_WATERMARK" => {
                return Err(calcite_error(span, "SOURCE_WATERMARK() is only allowed in a WATERMARK clause"));
            }
            _ => {
                let sig: Vec<String> = args.iter().map(|a| format!("<{}>", family_name(a.ty()))).collect();
                return Err(calcite_error(
                    span,
                    &format!("No match found for function signature {}({})", f.name, sig.join(", ")),
                ));
            }
        };
        Ok(r)
    }
}

fn args_nullable_first(_raw: &[(Option<String>, &SqlExpr)]) -> bool {
    true
}

/// Calcite's family names in "No match found for function signature" messages.
fn family_name(t: &DataType) -> &'static str {
    match &t.kind {
        k if k.is_numeric() => "NUMERIC",
        k if k.is_character() => "CHARACTER",
        TypeKind::Boolean => "BOOLEAN",
        TypeKind::Date => "DATE",
        TypeKind::Time { .. } => "TIME",
        TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. } => "TIMESTAMP",
        TypeKind::IntervalDayTime => "INTERVAL_DAY_TIME",
        TypeKind::IntervalYearMonth => "INTERVAL_YEAR_MONTH",
        TypeKind::Array { .. } => "ARRAY",
        TypeKind::Map { .. } => "MAP",
        _ => "ANY",
    }
}

/// The name of a select item without alias: a column's own name, else `EXPR$<ordinal>`.
pub fn derived_name(e: &SqlExpr, ordinal: usize) -> String {
    match e {
        SqlExpr::Identifier(i) => i.value.clone(),
        SqlExpr::CompoundIdentifier(ids) => ids.last().map(|i| i.value.clone()).unwrap_or_default(),
        _ => format!("EXPR${}", ordinal),
    }
}

/// Span of any sqlparser node (re-exported for the relational binder).
pub fn node_span(e: &impl Spanned) -> (Pos, Pos) {
    span_of(e)
}

/// Characters of an EXTRACT unit as written (`YEAR`), for the position of the whole call.
fn unit_text_len(field: &sqlparser::ast::DateTimeField) -> usize {
    field.to_string().chars().count()
}

//! Binding scalar SQL expressions: names resolved against a [`Scope`], literals typed as
//! Calcite types them (`literal.rs`), operators (`operator.rs`) and functions (`function.rs`) typed
//! as Flink's planner does, errors worded as Flink's. The catalog (computed columns, WATERMARK
//! clauses), the data (INSERT values) and the planner (projections, filters, join conditions)
//! all bind through [`bind_scalar`].

mod function;
pub(crate) mod literal;
mod operator;

pub use literal::interval_value;
use literal::unit_text_len;

use std::cell::Cell;
use std::sync::Arc;

use sqlparser::ast::{CastKind, Expr as SqlExpr, Ident, UnaryOperator};

use crate::error::{Error, Pos, Result};
use crate::expr::extract::Unit;
use crate::expr::typing::least_restrictive;
use crate::expr::{Expr, Op};
use crate::sql::{span_of, types::from_sql_type};
use crate::time::SessionZone;
use crate::types::{calcite_name, DataType, TimeAttr, TypeKind, MAX_LENGTH};
use crate::value::Value;

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

pub(super) fn bool_type(nullable: bool) -> DataType {
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

/// Binds an expression that is not allowed to contain subqueries.
pub fn bind_scalar(e: &SqlExpr, scope: &Scope, zone: &SessionZone) -> Result<Expr> {
    ScalarBinder { scope, zone, grouped: None }.bind(e)
}

/// An expression over an aggregation's output (a grouped query's SELECT list and HAVING): the
/// hook sees every sub-expression first and binds aggregate calls and grouped expressions
/// itself (as references to the aggregation's output); the rest binds as usual, in `scope`
/// (the FROM clause's columns, for error messages).
pub trait GroupedScope {
    /// Some(result) when the hook binds `e` itself.
    fn intercept(&self, e: &SqlExpr) -> Option<Result<Expr>>;
}

/// Binds an expression of a grouped query (see [`GroupedScope`]).
pub fn bind_grouped(e: &SqlExpr, scope: &Scope, zone: &SessionZone, hook: &dyn GroupedScope) -> Result<Expr> {
    ScalarBinder { scope, zone, grouped: Some(hook) }.bind(e)
}

/// Binds one expression tree in a scope (its methods are spread over this module's files:
/// literals, operators, functions).
struct ScalarBinder<'s, 'a> {
    scope: &'s Scope<'a>,
    zone: &'s SessionZone,
    grouped: Option<&'s dyn GroupedScope>,
}

pub(super) fn cast_to(e: Expr, ty: &DataType) -> Expr {
    if e.ty().kind == ty.kind {
        return e;
    }
    let ty = ty.with_nullable(e.ty().nullable);
    Expr::Cast { expr: Box::new(e), ty, try_cast: false }
}

impl<'s, 'a> ScalarBinder<'s, 'a> {
    fn bind(&self, e: &SqlExpr) -> Result<Expr> {
        if let Some(hook) = self.grouped {
            if let Some(r) = hook.intercept(e) {
                return r;
            }
        }
        let span = span_of(e);
        match e {
            SqlExpr::Identifier(i) => resolve(std::slice::from_ref(i), self.scope, span),
            SqlExpr::CompoundIdentifier(ids) => match resolve(ids, self.scope, span) {
                Ok(e) => Ok(e),
                // `r.f`, `t.r.f`: a ROW column's field
                Err(err) => {
                    for k in (1..ids.len()).rev() {
                        if let Ok(mut cur) = resolve(&ids[..k], self.scope, span) {
                            if !matches!(cur.ty().kind, TypeKind::Row { .. }) {
                                continue;
                            }
                            for f in &ids[k..] {
                                cur = field_access(cur, f, span)?;
                            }
                            return Ok(cur);
                        }
                    }
                    Err(err)
                }
            },
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
                            if let Some((v, t)) = literal::negated_literal(value, ty) {
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
                // a TIMESTAMP bound of a TIMESTAMP_LTZ (or the other way round) is cast to it
                let x_ltz = matches!(x.ty().kind, TypeKind::TimestampLtz { .. });
                let as_ltz = |e: Expr| -> Expr {
                    match (&e.ty().kind, x_ltz) {
                        (TypeKind::Timestamp { precision, .. }, true) => {
                            let ty = DataType::new(
                                TypeKind::TimestampLtz { precision: *precision, attr: TimeAttr::None },
                                e.ty().nullable,
                            );
                            Expr::Cast { expr: Box::new(e), ty, try_cast: false }
                        }
                        _ => e,
                    }
                };
                let (lo, hi) = (as_ltz(lo), as_ltz(hi));
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
                let ty = DataType::not_null(TypeKind::Array { element: Box::new(el.clone()) });
                if items.iter().any(|i| !matches!(i, Expr::Literal { .. })) {
                    let args = items
                        .into_iter()
                        .map(|a| {
                            if *a.ty() == el {
                                a
                            } else {
                                Expr::Cast { expr: Box::new(a), ty: el.clone(), try_cast: false }
                            }
                        })
                        .collect();
                    return Ok(Expr::call(Op::ArrayCtor, args, ty));
                }
                let mut vals = Vec::new();
                for it in &items {
                    if let Expr::Literal { value, .. } = it {
                        vals.push(
                            crate::expr::cast_value(value, it.ty(), &el, self.zone)
                                .map_err(|m| calcite_error(span, &m.plain()))?,
                        );
                    }
                }
                Ok(Expr::literal(
                    Value::Array(Arc::new(vals)),
                    DataType::not_null(TypeKind::Array { element: Box::new(el) }),
                ))
            }
            SqlExpr::Function(f) => self.function(f, crate::sql::call_span(f)),
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
                // `T.m['a']`: a table-qualified column, then the access (Calcite resolves the
                // qualifier first when the root names no column)
                let (mut cur, rest) = match (root.as_ref(), access_chain.first()) {
                    (SqlExpr::Identifier(t), Some(sqlparser::ast::AccessExpr::Dot(SqlExpr::Identifier(c))))
                        if self.bind(root).is_err() =>
                    {
                        let q = SqlExpr::CompoundIdentifier(vec![t.clone(), c.clone()]);
                        (self.bind(&q)?, &access_chain[1..])
                    }
                    _ => (self.bind(root)?, &access_chain[..]),
                };
                for a in rest {
                    cur = match a {
                        sqlparser::ast::AccessExpr::Subscript(sqlparser::ast::Subscript::Index { index }) => {
                            self.item(cur, index, span)?
                        }
                        sqlparser::ast::AccessExpr::Dot(SqlExpr::Identifier(f)) => field_access(cur, f, span)?,
                        _ => return Err(Error::unsupported("this field access").at(span.0, span.1)),
                    };
                }
                Ok(cur)
            }
            other => Err(Error::unsupported(format!("the expression {}", other)).at(span.0, span.1)),
        }
    }
}

/// `r.f` of a ROW value: the field, nullable when the row is.
fn field_access(row: Expr, f: &Ident, span: (Pos, Pos)) -> Result<Expr> {
    let TypeKind::Row { fields } = &row.ty().kind else {
        return Err(
            Error::unsupported(format!("the field access .{} of a {}", f.value, row.ty().summary())).at(span.0, span.1)
        );
    };
    let Some(i) = fields.iter().position(|(n, _)| *n == f.value) else {
        return Err(calcite_error(span, &format!("Unknown field '{}'", f.value)));
    };
    let ty = fields[i].1.with_nullable(fields[i].1.nullable || row.ty().nullable);
    let idx = Expr::literal(Value::Int(i as i32), DataType::not_null(TypeKind::Int));
    Ok(Expr::call(Op::RowField, vec![row, idx], ty))
}

impl<'s, 'a> ScalarBinder<'s, 'a> {
    /// `a[i]` of an ARRAY (1-based; out of range is NULL) or `m[k]` of a MAP.
    fn item(&self, cur: Expr, index: &SqlExpr, span: (Pos, Pos)) -> Result<Expr> {
        let i = self.bind(index)?;
        match &cur.ty().kind {
            TypeKind::Array { element } => {
                if let Expr::Literal { value, .. } = &i {
                    if let Some(n) = value.as_i64().filter(|&n| n < 1) {
                        return Err(Error::validation(format!(
                            "Array element access needs an index starting at 1 but was {}.",
                            n
                        )));
                    }
                }
                let el = element.with_nullable(true);
                Ok(Expr::call(Op::ArrayElement, vec![cur, i], el))
            }
            TypeKind::Map { key, value } => {
                let k = if i.ty().kind == key.kind {
                    i
                } else {
                    let t = key.with_nullable(i.ty().nullable);
                    Expr::Cast { expr: Box::new(i), ty: t, try_cast: false }
                };
                let v = value.with_nullable(true);
                Ok(Expr::call(Op::MapGet, vec![cur, k], v))
            }
            _ => Err(calcite_error(span, "Cannot apply ITEM to a non-array")),
        }
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

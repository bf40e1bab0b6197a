//! Function calls (`UPPER`, `COALESCE`, `DATE_FORMAT`, `EXTRACT`, `FLOOR(x TO unit)`, …): their
//! argument checks, result types and Calcite's "No match found for function signature" errors.

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, FunctionArguments, Value as SqlValue};

use crate::error::{Error, Pos, Result};
use crate::expr::extract::Unit;
use crate::expr::typing::least_restrictive;
use crate::expr::{Expr, Op};
use crate::sql::dialect::{LTZ_LITERAL, MODEL_ARG, TABLE_ARG};
use crate::time::{parse_ts_literal, Ts, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND};
use crate::types::{calcite_name, DataType, TimeAttr, TypeKind, MAX_LENGTH};
use crate::value::Value;

use super::{calcite_error, cast_to, ScalarBinder};

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

impl<'s, 'a> ScalarBinder<'s, 'a> {
    /// `EXTRACT(unit FROM x)` and `YEAR(x)`, `HOUR(x)`, …: a BIGINT part of a DATE, TIMESTAMP or
    /// TIMESTAMP_LTZ (expr::extract).
    pub(super) fn extract(&self, unit: Unit, x: Expr, span: (Pos, Pos)) -> Result<Expr> {
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
    pub(super) fn timestamp_unit_function(
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

    pub(super) fn function(&self, f: &sqlparser::ast::Function, span: (Pos, Pos)) -> Result<Expr> {
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
        if name == MODEL_ARG.to_ascii_uppercase() {
            return Err(self.model_outside_function(&raw, span));
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
                return self.extract(unit, x, span);
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
            "CONCAT_WS" => Expr::call(Op::ConcatWs, args, string_t(true)),
            "SUM" | "COUNT" | "AVG" | "MIN" | "MAX" | "COLLECT" | "LISTAGG" | "FIRST_VALUE" | "LAST_VALUE" => {
                return Err(Error::unsupported(format!("the aggregate function {} (GROUP BY and aggregation)", name))
                    .at(span.0, span.1));
            }
            "CARDINALITY" => {
                need(1)?;
                if matches!(args[0].ty().kind, TypeKind::Multiset { .. }) {
                    // Flink's code generator has no CARDINALITY of a MULTISET
                    return Err(Error::table("Expect an array or a map.")
                        .with_class("org.apache.flink.table.planner.codegen.CodeGenException"));
                }
                if !matches!(
                    args[0].ty().kind,
                    TypeKind::Array { .. } | TypeKind::Map { .. } | TypeKind::Multiset { .. } | TypeKind::Null
                ) {
                    return Err(calcite_error(
                        span,
                        &format!(
                            "Cannot apply 'CARDINALITY' to arguments of type 'CARDINALITY(<{}>)'. Supported form(s): 'CARDINALITY(<MULTISET>)'\n'CARDINALITY(<ARRAY>)'\n'CARDINALITY(<MAP>)'",
                            calcite_name(&args[0].ty().with_nullable(true))
                        ),
                    ));
                }
                Expr::call(Op::Cardinality, args, DataType::new(TypeKind::Int, any_null))
            }
            "ROW" => {
                let fields = args.iter().enumerate().map(|(i, a)| (format!("EXPR${}", i), a.ty().clone())).collect();
                Expr::call(Op::RowCtor, args, DataType::not_null(TypeKind::Row { fields }))
            }
            "MAP" => return self.map_constructor(args, span),
            "ELEMENT" => {
                need(1)?;
                let el = match &args[0].ty().kind {
                    TypeKind::Array { element } => element.with_nullable(true),
                    _ => {
                        return Err(calcite_error(
                            span,
                            &format!(
                                "Cannot apply 'ELEMENT' to arguments of type 'ELEMENT(<{}>)'. Supported form(s): 'ELEMENT(<MULTISET>)'\n'ELEMENT(<ARRAY>)'",
                                calcite_name(&args[0].ty().with_nullable(true))
                            ),
                        ))
                    }
                };
                Expr::call(Op::Element, args, el)
            }
            "ARRAY_CONTAINS" => {
                need(2)?;
                let el = match &args[0].ty().kind {
                    TypeKind::Array { element } => (**element).clone(),
                    _ => {
                        return Err(Error::unsupported(format!(
                            "ARRAY_CONTAINS of a {} (Flink's message for it)",
                            args[0].ty().summary()
                        ))
                        .at(span.0, span.1))
                    }
                };
                let n = args[0].ty().nullable;
                let mut args = args;
                let x = args.pop().map(|x| cast_to(x, &el)).unwrap_or_else(|| Expr::literal(Value::Null, el.clone()));
                args.push(x);
                Expr::call(Op::ArrayContains, args, DataType::new(TypeKind::Boolean, n))
            }
            "MAP_KEYS" | "MAP_VALUES" => {
                need(1)?;
                let el = match &args[0].ty().kind {
                    TypeKind::Map { key, value } => {
                        if name == "MAP_KEYS" {
                            (**key).clone()
                        } else {
                            (**value).clone()
                        }
                    }
                    _ => {
                        return Err(Error::unsupported(format!(
                            "{} of a {} (Flink's message for it)",
                            name,
                            args[0].ty().summary()
                        ))
                        .at(span.0, span.1))
                    }
                };
                let n = args[0].ty().nullable;
                let op = if name == "MAP_KEYS" { Op::MapKeys } else { Op::MapValues };
                Expr::call(op, args, DataType::new(TypeKind::Array { element: Box::new(el) }, n))
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

impl<'s, 'a> ScalarBinder<'s, 'a> {
    /// `MAP[k1, v1, …]`: keys and values each of their least restrictive type, the map NOT NULL.
    /// `MODEL m` in an expression: Calcite first resolves `m` as a column (its errors: not
    /// found, ambiguous, unknown table), then looks for a model of the qualified name — which
    /// never exists in the flink dialect (oracle: lookup_join/ml_predict_flink).
    fn model_outside_function(&self, raw: &[(Option<String>, &SqlExpr)], span: (Pos, Pos)) -> Error {
        let Some((_, SqlExpr::CompoundIdentifier(ids))) = raw.first() else {
            return Error::unsupported("this MODEL argument").at(span.0, span.1);
        };
        let ispan = match (ids.first(), ids.last()) {
            (Some(a), Some(b)) => (crate::sql::ident_span(a).0, crate::sql::ident_span(b).1),
            _ => span,
        };
        if let Err(e) = super::resolve(ids, self.scope, ispan) {
            return e;
        }
        let name = ids.last().map(|i| i.value.as_str()).unwrap_or_default();
        let qual = if ids.len() >= 2 { ids.get(ids.len() - 2).map(|i| i.value.clone()) } else { None };
        let qualifier = match qual {
            Some(q) => Some(q),
            None => self.scope.fields.iter().find(|f| f.name == name).and_then(|f| f.qualifier.clone()),
        };
        let full = match qualifier {
            Some(q) => format!("{}.{}", q, name),
            None => name.to_string(),
        };
        calcite_error(ispan, &format!("Object '{}' not found", full))
    }

    fn map_constructor(&self, args: Vec<Expr>, span: (Pos, Pos)) -> Result<Expr> {
        if args.is_empty() || args.len() & 1 == 1 {
            return Err(calcite_error(span, "Map requires an even number of arguments, greater than 0"));
        }
        let keys: Vec<&DataType> = args.iter().step_by(2).map(|a| a.ty()).collect();
        let vals: Vec<&DataType> = args.iter().skip(1).step_by(2).map(|a| a.ty()).collect();
        let (Some(kt), Some(vt)) = (least_restrictive(&keys), least_restrictive(&vals)) else {
            return Err(calcite_error(span, "Parameters must be of the same type"));
        };
        let args: Vec<Expr> = args
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                let t = if i % 2 == 0 { &kt } else { &vt };
                if a.ty() == t {
                    a
                } else {
                    Expr::Cast { expr: Box::new(a), ty: t.clone(), try_cast: false }
                }
            })
            .collect();
        let ty = DataType::not_null(TypeKind::Map { key: Box::new(kt), value: Box::new(vt) });
        Ok(Expr::call(Op::MapCtor, args, ty))
    }
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

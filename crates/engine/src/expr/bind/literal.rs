//! Literals as Calcite types them: numbers (INT, BIGINT, DECIMAL, DOUBLE by their text), strings
//! (CHAR(n)), typed strings (`TIMESTAMP '…'`, `DATE '…'`), intervals in milliseconds or months.

use sqlparser::ast::{DateTimeField, Expr as SqlExpr, UnaryOperator, Value as SqlValue};

use crate::error::{Error, Pos, Result};
use crate::expr::Expr;
use crate::sql::types::from_sql_type;
use crate::time::{
    parse_date, parse_time_of_day, parse_ts_literal, MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE, MS_PER_SECOND,
};
use crate::types::{DataType, TimeAttr, TypeKind};
use crate::value::{Decimal, Value};

use super::{calcite_error, ScalarBinder};

pub(crate) fn number_literal(text: &str) -> Option<(Value, DataType)> {
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
            Value::decimal(d),
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

/// `DATE '…'` (None: not a date).
pub(crate) fn date_literal(text: &str) -> Option<Expr> {
    let d = parse_date(text)?;
    Some(Expr::literal(Value::Date(d), DataType::not_null(TypeKind::Date)))
}

/// `TIME '…'`, its precision the digits of its fraction (None: not a time).
pub(crate) fn time_literal(text: &str) -> Option<Expr> {
    let n = parse_time_of_day(text)?;
    let p = text.split_once('.').map(|(_, f)| f.len() as u8).unwrap_or(0);
    Some(Expr::literal(Value::Time(n), DataType::not_null(TypeKind::Time { precision: p })))
}

/// `TIMESTAMP '…'`, its precision the digits of its fraction (None: not a timestamp).
pub(crate) fn timestamp_literal(text: &str) -> Option<Expr> {
    let t = parse_ts_literal(text)?;
    let p = text.trim().split_once('.').map(|(_, f)| f.len() as u8).unwrap_or(0);
    Some(Expr::literal(
        Value::Timestamp(t),
        DataType::not_null(TypeKind::Timestamp { precision: p, attr: TimeAttr::None }),
    ))
}

/// `-literal` folded into a literal, as Calcite reads a signed number (-7 is an INT literal);
/// None for a value that does not fold.
pub(crate) fn negated_literal(value: &Value, ty: &DataType) -> Option<(Value, DataType)> {
    match value {
        Value::Int(i) => Some((Value::Int(i.wrapping_neg()), ty.clone())),
        Value::BigInt(i) => Some(match i32::try_from(-(*i as i128)) {
            Ok(small) => (Value::Int(small), DataType::not_null(TypeKind::Int)),
            Err(_) => (Value::BigInt(i.wrapping_neg()), ty.clone()),
        }),
        Value::Decimal(d) => Some((Value::decimal(d.neg()), ty.clone())),
        // a literal has no negative zero (Calcite reads it as a BigDecimal)
        Value::Double(d) => Some((Value::Double(if *d == 0.0 { 0.0 } else { -d }), ty.clone())),
        Value::Interval(i) => Some((Value::Interval(-i), ty.clone())),
        _ => None,
    }
}

pub(crate) fn string_literal(s: &str) -> Expr {
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
    let span = crate::sql::interval_span(span.0).unwrap_or(span);
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
                        let v = p.trim().parse::<i64>().map_err(|_| bad())?.checked_mul(u).ok_or_else(bad)?;
                        total = total.checked_add(v).ok_or_else(bad)?;
                    }
                }
                total
            }
        }
    };
    check_interval_fields(iv, lead, &text, t, neg, span)?;
    let value = if neg { -value } else { value };
    Ok(if months { Value::IntervalMonths(value as i32) } else { Value::Interval(value) })
}

/// Calcite's `SqlIntervalQualifier` checks: the leading field fits its precision (2 digits
/// unless written, `SECOND(3)`), the other fields their ranges (hours below 24, minutes and
/// seconds below 60, months below 12); Flink then takes no day-time precision above 3.
fn check_interval_fields(
    iv: &sqlparser::ast::Interval,
    lead: &DateTimeField,
    text: &str,
    t: &str,
    neg: bool,
    span: (Pos, Pos),
) -> Result<()> {
    let unit_name = match lead {
        DateTimeField::Second | DateTimeField::Seconds => "SECOND",
        DateTimeField::Minute | DateTimeField::Minutes => "MINUTE",
        DateTimeField::Hour | DateTimeField::Hours => "HOUR",
        DateTimeField::Day | DateTimeField::Days => "DAY",
        DateTimeField::Month | DateTimeField::Months => "MONTH",
        DateTimeField::Year | DateTimeField::Years => "YEAR",
        _ => return Ok(()),
    };
    let precision = iv.leading_precision.unwrap_or(2);
    let leading_text = t.split([' ', ':', '-', '.']).next().unwrap_or("").trim();
    if let Ok(v) = leading_text.parse::<u64>() {
        let limit = 10u64.checked_pow(precision.min(18) as u32).unwrap_or(u64::MAX);
        if v >= limit {
            let shown = if neg { format!("-{}", grouped(v)) } else { grouped(v) };
            return Err(calcite_error(
                span,
                &format!("Interval field value {} exceeds precision of {}({}) field", shown, unit_name, precision),
            ));
        }
    }
    if let Some(last) = &iv.last_field {
        let bad = || {
            calcite_error(
                span,
                &format!("Illegal interval literal format '{}' for INTERVAL {} TO {}", text, lead, last),
            )
        };
        let fields: Vec<&str> = t.split([' ', ':', '-']).skip(1).collect();
        // the fields after the leading one, in order: HOUR < 24, MINUTE < 60, SECOND < 60, MONTH < 12
        let order: &[(&str, f64)] = &[("DAY", f64::MAX), ("HOUR", 24.0), ("MINUTE", 60.0), ("SECOND", 60.0)];
        if unit_name == "YEAR" {
            if let Some(m) = fields.first() {
                if m.trim().parse::<f64>().map(|m| m >= 12.0).unwrap_or(false) {
                    return Err(bad());
                }
            }
        } else if let Some(start) = order.iter().position(|(n, _)| *n == unit_name) {
            for (k, f) in fields.iter().enumerate() {
                let limit = order.get(start + 1 + k).map(|(_, l)| *l).unwrap_or(f64::MAX);
                if f.trim().parse::<f64>().map(|x| x >= limit).unwrap_or(false) {
                    return Err(bad());
                }
            }
        }
    }
    if !matches!(unit_name, "YEAR" | "MONTH") && precision > 3 {
        return Err(Error::table(format!("DAY_INTERVAL_TYPES precision is not supported: {}", precision)));
    }
    Ok(())
}

// a number with thousands separators, as Java's MessageFormat prints it (`1,000`)
use crate::limits::grouped;

impl<'s, 'a> ScalarBinder<'s, 'a> {
    pub(super) fn literal(&self, v: &SqlValue, span: (Pos, Pos)) -> Result<Expr> {
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

    pub(super) fn typed_string(&self, ts: &sqlparser::ast::TypedString, span: (Pos, Pos)) -> Result<Expr> {
        let text = match &ts.value.value {
            SqlValue::SingleQuotedString(s) => s.clone(),
            other => other.to_string(),
        };
        let ty =
            from_sql_type(&ts.data_type).ok_or_else(|| Error::unsupported(format!("{} literals", ts.data_type)))?;
        match ty.kind {
            TypeKind::Date => date_literal(&text).ok_or_else(|| {
                calcite_error(span, &format!("Illegal DATE literal '{}': not in format 'yyyy-MM-dd'", text))
            }),
            TypeKind::Time { .. } => time_literal(&text).ok_or_else(|| {
                calcite_error(span, &format!("Illegal TIME literal '{}': not in format 'HH:mm:ss'", text))
            }),
            TypeKind::Timestamp { .. } => timestamp_literal(&text).ok_or_else(|| {
                calcite_error(
                    span,
                    &format!("Illegal TIMESTAMP literal '{}': not in format 'yyyy-MM-dd HH:mm:ss'", text),
                )
            }),
            _ => Err(Error::unsupported(format!("{} literals", ty.summary())).at(span.0, span.1)),
        }
    }
}

/// Characters of an EXTRACT unit as written (`YEAR`), for the position of the whole call.
pub(super) fn unit_text_len(field: &sqlparser::ast::DateTimeField) -> usize {
    field.to_string().chars().count()
}

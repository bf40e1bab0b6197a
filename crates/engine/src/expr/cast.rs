//! `CAST(v AS type)` with Flink's (1.15+) rules: strings are trimmed before parsing, an
//! unparsable string fails the job (`TRY_CAST` gives NULL), narrowing integer casts wrap like
//! Java, DECIMAL rounds HALF_UP and yields NULL when the value does not fit, CHAR(n) pads and
//! VARCHAR(n)/CHAR(n) truncate.

use std::sync::Arc;

use crate::error::RuntimeError;
use crate::time::{
    format_date, format_time_of_day, format_ts, parse_date, parse_time_of_day, SessionZone, Ts, MS_PER_DAY,
};
use crate::types::{DataType, TypeKind};
use crate::value::{java_double, java_float, Decimal, Value};

fn int_of(kind: &TypeKind, v: i64) -> Value {
    match kind {
        TypeKind::TinyInt => Value::TinyInt(v as i8),
        TypeKind::SmallInt => Value::SmallInt(v as i16),
        TypeKind::Int => Value::Int(v as i32),
        _ => Value::BigInt(v),
    }
}

/// Java's saturating double → long cast (`(long) d`; NaN is 0).
fn f64_to_i64(d: f64) -> i64 {
    if d.is_nan() {
        0
    } else {
        d as i64
    }
}

fn f64_to_int(kind: &TypeKind, d: f64) -> Value {
    match kind {
        // Java's (int) on double saturates to the int range; (byte)/(short) go through int.
        TypeKind::TinyInt => Value::TinyInt((d as i32) as i8),
        TypeKind::SmallInt => Value::SmallInt((d as i32) as i16),
        TypeKind::Int => Value::Int(if d.is_nan() { 0 } else { d as i32 }),
        _ => Value::BigInt(f64_to_i64(d)),
    }
}

/// The string form Flink's CAST(… AS STRING) gives.
pub fn to_string(v: &Value, from: &DataType, zone: &SessionZone) -> String {
    match v {
        Value::Bool(b) => (if *b { "TRUE" } else { "FALSE" }).to_string(),
        Value::Double(d) => java_double(*d),
        Value::Float(f) => java_float(*f),
        Value::Date(d) => format_date(*d),
        Value::Time(n) => {
            let p = match from.kind {
                TypeKind::Time { precision } => precision,
                _ => 0,
            };
            let s = format_ts(Ts { millis: n / 1_000_000, nanos: (n % 1_000_000) as u32 }, p);
            let _ = format_time_of_day;
            s[11..].to_string()
        }
        other => other.render(from, zone),
    }
}

fn parse_number_text(s: &str) -> Option<&str> {
    let t = s.trim();
    if t.is_empty() {
        None
    } else {
        Some(t)
    }
}

fn parse_bool(s: &str) -> Option<bool> {
    match s.trim().to_ascii_lowercase().as_str() {
        "true" | "t" | "yes" | "y" | "1" => Some(true),
        "false" | "f" | "no" | "n" | "0" => Some(false),
        _ => None,
    }
}

/// Flink's string → timestamp reading: `yyyy-MM-dd`, `yyyy-MM-dd HH:mm[:ss[.f]]`, a `T` allowed.
pub fn parse_timestamp_text(s: &str) -> Option<Ts> {
    crate::time::parse_ts_relaxed(s.trim())
}

/// Casts `v` (of type `from`) to `to`. `Err` is the message of the exception the job fails with.
pub fn cast_value(v: &Value, from: &DataType, to: &DataType, zone: &SessionZone) -> Result<Value, RuntimeError> {
    if v.is_null() {
        return Ok(Value::Null);
    }
    let fail = |what: &str| format!("Could not parse value '{}' for type {}", what, to.summary());
    let r = match (&to.kind, v) {
        (TypeKind::Boolean, Value::Bool(_)) => v.clone(),
        (TypeKind::Boolean, Value::String(s)) => Value::Bool(parse_bool(s).ok_or_else(|| fail(s))?),
        (TypeKind::Boolean, x) if x.as_i64().is_some() => Value::Bool(x.as_i64() != Some(0)),
        (k, x) if k.is_integer() && x.as_i64().is_some() => int_of(k, x.as_i64().unwrap_or(0)),
        (k, Value::Decimal(d)) if k.is_integer() => int_of(k, d.trunc_i128() as i64),
        (k, Value::Double(d)) if k.is_integer() => f64_to_int(k, *d),
        (k, Value::Float(d)) if k.is_integer() => f64_to_int(k, *d as f64),
        (k, Value::Bool(b)) if k.is_integer() => int_of(k, *b as i64),
        (k, Value::String(s)) if k.is_integer() => {
            let t = parse_number_text(s).ok_or_else(|| fail(s))?;
            let n: i64 = t.parse().map_err(|_| fail(s))?;
            let fits = match k {
                TypeKind::TinyInt => i8::try_from(n).is_ok(),
                TypeKind::SmallInt => i16::try_from(n).is_ok(),
                TypeKind::Int => i32::try_from(n).is_ok(),
                _ => true,
            };
            if !fits {
                return Err(fail(s).into());
            }
            int_of(k, n)
        }
        (TypeKind::Double, x) if x.as_f64().is_some() && !matches!(x, Value::String(_)) => {
            Value::Double(x.as_f64().unwrap_or(0.0))
        }
        (TypeKind::Float, x) if x.as_f64().is_some() && !matches!(x, Value::String(_)) => {
            Value::Float(x.as_f64().unwrap_or(0.0) as f32)
        }
        (TypeKind::Double, Value::String(s)) => {
            Value::Double(parse_number_text(s).and_then(|t| t.parse().ok()).ok_or_else(|| fail(s))?)
        }
        (TypeKind::Float, Value::String(s)) => {
            Value::Float(parse_number_text(s).and_then(|t| t.parse().ok()).ok_or_else(|| fail(s))?)
        }
        (TypeKind::Double | TypeKind::Float, Value::Bool(b)) => {
            if to.kind == TypeKind::Double {
                Value::Double(*b as i64 as f64)
            } else {
                Value::Float(*b as i64 as f32)
            }
        }
        (TypeKind::Decimal { precision, scale }, x) => {
            let d = match x {
                Value::Decimal(d) => Some(**d),
                Value::Double(f) => Decimal::from_f64(*f, *scale),
                Value::Float(f) => Decimal::from_f64(*f as f64, *scale),
                Value::String(s) => Some(Decimal::parse(s.trim()).ok_or_else(|| fail(s))?),
                Value::Bool(b) => Some(Decimal::from_i64(*b as i64)),
                other => other.as_i64().map(Decimal::from_i64),
            };
            match d.and_then(|d| d.fit(*precision, *scale)) {
                Some(d) => Value::decimal(d),
                None => Value::Null,
            }
        }
        (TypeKind::Char { length }, x) => {
            let s = match x {
                Value::String(s) => s.to_string(),
                other => to_string(other, from, zone),
            };
            let mut t: String = s.chars().take(*length as usize).collect();
            let n = t.chars().count();
            if n < *length as usize {
                t.push_str(&" ".repeat(*length as usize - n));
            }
            Value::String(Arc::from(t))
        }
        (TypeKind::VarChar { length }, x) => {
            let s = match x {
                Value::String(s) => s.clone(),
                other => Arc::from(to_string(other, from, zone)),
            };
            if s.chars().count() > *length as usize {
                Value::String(Arc::from(s.chars().take(*length as usize).collect::<String>()))
            } else {
                Value::String(s)
            }
        }
        (TypeKind::Date, Value::Date(_)) => v.clone(),
        (TypeKind::Date, Value::String(s)) => {
            let t = s.trim();
            let d = parse_date(t).or_else(|| parse_timestamp_text(t).map(|ts| ts.millis.div_euclid(MS_PER_DAY) as i32));
            Value::Date(d.ok_or_else(|| fail(s))?)
        }
        // Flink divides with Java's truncating `/`: 1969-12-31 23:59:59.001 becomes 1970-01-01
        // (tests/conformance/expressions/expressions_functions.sql)
        (TypeKind::Date, Value::Timestamp(ts)) => Value::Date((ts.millis / MS_PER_DAY) as i32),
        (TypeKind::Date, Value::TimestampLtz(ts)) => {
            Value::Date(zone.instant_to_local(ts.millis).div_euclid(MS_PER_DAY) as i32)
        }
        (TypeKind::Time { precision }, x) => {
            let nanos = match x {
                Value::Time(n) => *n,
                Value::String(s) => parse_time_of_day(s).ok_or_else(|| fail(s))?,
                Value::Timestamp(ts) => ts.millis.rem_euclid(MS_PER_DAY) * 1_000_000 + ts.nanos as i64,
                Value::TimestampLtz(ts) => {
                    zone.instant_to_local(ts.millis).rem_euclid(MS_PER_DAY) * 1_000_000 + ts.nanos as i64
                }
                _ => return Err(fail(&to_string(x, from, zone)).into()),
            };
            let unit = 10i64.pow(9 - (*precision).min(9) as u32);
            Value::Time(nanos / unit * unit)
        }
        (TypeKind::Timestamp { precision, .. }, x) => {
            let ts = match x {
                Value::Timestamp(ts) => *ts,
                Value::TimestampLtz(ts) => Ts { millis: zone.instant_to_local(ts.millis), nanos: ts.nanos },
                Value::Date(d) => Ts::from_millis(*d as i64 * MS_PER_DAY),
                Value::String(s) => parse_timestamp_text(s).ok_or_else(|| fail(s))?,
                _ => return Err(fail(&to_string(x, from, zone)).into()),
            };
            Value::Timestamp(ts.truncate(*precision))
        }
        (TypeKind::TimestampLtz { precision, .. }, x) => {
            let ts = match x {
                Value::TimestampLtz(ts) => *ts,
                Value::Timestamp(ts) => Ts { millis: zone.local_to_instant(ts.millis), nanos: ts.nanos },
                Value::Date(d) => Ts::from_millis(zone.local_to_instant(*d as i64 * MS_PER_DAY)),
                Value::String(s) => {
                    let l = parse_timestamp_text(s).ok_or_else(|| fail(s))?;
                    Ts { millis: zone.local_to_instant(l.millis), nanos: l.nanos }
                }
                _ => return Err(fail(&to_string(x, from, zone)).into()),
            };
            Value::TimestampLtz(ts.truncate(*precision))
        }
        (TypeKind::Array { element }, Value::Array(items)) => {
            let from_el = match &from.kind {
                TypeKind::Array { element } => (**element).clone(),
                _ => (**element).clone(),
            };
            let mut out = Vec::with_capacity(items.len());
            for it in items.iter() {
                out.push(cast_value(it, &from_el, element, zone)?);
            }
            Value::Array(Arc::new(out))
        }
        (TypeKind::IntervalDayTime, Value::Interval(_)) => v.clone(),
        (_, x) => {
            return Err(format!(
                "Cannot cast {} of type {} to {}",
                to_string(x, from, zone),
                from.summary(),
                to.summary()
            )
            .into())
        }
    };
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn casts_follow_flink() {
        let z = SessionZone::default();
        let s = DataType::string();
        let int = DataType::nullable(TypeKind::Int);
        assert_eq!(cast_value(&Value::str(" 42 "), &s, &int, &z).unwrap(), Value::Int(42));
        assert!(cast_value(&Value::str("abc"), &s, &int, &z).is_err());
        let big = DataType::nullable(TypeKind::BigInt);
        assert_eq!(cast_value(&Value::BigInt(4_294_967_297), &big, &int, &z).unwrap(), Value::Int(1));
        let c2 = DataType::nullable(TypeKind::Char { length: 2 });
        assert_eq!(cast_value(&Value::str("a"), &s, &c2, &z).unwrap(), Value::str("a "));
        let dec = DataType::nullable(TypeKind::Decimal { precision: 4, scale: 1 });
        assert_eq!(
            cast_value(&Value::Double(12.25), &DataType::nullable(TypeKind::Double), &dec, &z).unwrap(),
            Value::decimal(Decimal::new(123, 1))
        );
        assert_eq!(cast_value(&Value::Int(12345), &int, &dec, &z).unwrap(), Value::Null);
        assert_eq!(to_string(&Value::Bool(true), &DataType::boolean(), &z), "TRUE");
    }
}

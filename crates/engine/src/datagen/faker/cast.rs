//! From generated text to the column's value, as flink-faker's `FakerUtils.stringValueToType`
//! does it: every expression gives a string, read as the column's type ([`cast`]). At CREATE
//! TABLE, [`reads`] checks values drawn from each expression (`super::template`).
//!
//! | type | the string read as |
//! |---|---|
//! | CHAR, VARCHAR, STRING | itself |
//! | BOOLEAN | `true` (any case) or false (Java's `Boolean.parseBoolean`); the check wants `true`/`false` |
//! | TINYINT … BIGINT | a whole number in the type's range |
//! | FLOAT, DOUBLE, DECIMAL(p, s) | a number (a DECIMAL that does not fit `p, s` is NULL, as in Flink) |
//! | DATE, TIMESTAMP(p), TIMESTAMP_LTZ(p) | `yyyy-MM-dd HH:mm:ss[.f]` in UTC (a DATE keeps the day) |

use std::sync::Arc;

use crate::datagen::field::text_value;
use crate::time::{parse_ts_relaxed, MS_PER_DAY};
use crate::types::TypeKind;
use crate::value::{Decimal, Value};

/// The range of an integer type.
fn int_range(k: &TypeKind) -> Option<(i64, i64)> {
    match k {
        TypeKind::TinyInt => Some((i8::MIN as i64, i8::MAX as i64)),
        TypeKind::SmallInt => Some((i16::MIN as i64, i16::MAX as i64)),
        TypeKind::Int => Some((i32::MIN as i64, i32::MAX as i64)),
        TypeKind::BigInt => Some((i64::MIN, i64::MAX)),
        _ => None,
    }
}

/// Whether the string reads as `k` (a BOOLEAN wants `true` or `false`, a DECIMAL any number).
pub fn reads(s: &str, k: &TypeKind) -> bool {
    match k {
        TypeKind::Boolean => s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false"),
        TypeKind::Decimal { .. } => Decimal::parse(s).is_some(),
        _ => !matches!(cast(s, k), Value::Null),
    }
}

/// The string as a value of type `k` (NULL when it does not read, which the check at CREATE TABLE
/// makes rare, or when a DECIMAL does not fit its precision).
pub fn cast(s: &str, k: &TypeKind) -> Value {
    match k {
        TypeKind::Boolean => Value::Bool(s.eq_ignore_ascii_case("true")),
        TypeKind::TinyInt | TypeKind::SmallInt | TypeKind::Int | TypeKind::BigInt => {
            match (s.parse::<i64>(), int_range(k)) {
                (Ok(v), Some((lo, hi))) if v >= lo && v <= hi => text_value(s, k),
                _ => Value::Null,
            }
        }
        TypeKind::Float | TypeKind::Double => match crate::datagen::options::java_parse_double(s) {
            Some(v) => crate::datagen::field::from_f64(v, k),
            None => Value::Null,
        },
        TypeKind::Timestamp { precision, .. } => {
            parse_ts_relaxed(s).map_or(Value::Null, |t| Value::Timestamp(t.truncate(*precision)))
        }
        TypeKind::TimestampLtz { precision, .. } => {
            parse_ts_relaxed(s).map_or(Value::Null, |t| Value::TimestampLtz(t.truncate(*precision)))
        }
        TypeKind::Date => {
            parse_ts_relaxed(s).map_or(Value::Null, |t| Value::Date(t.millis.div_euclid(MS_PER_DAY) as i32))
        }
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::String(Arc::from(s)),
        _ => text_value(s, k),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_that_read_as_the_type() {
        assert!(reads("-128", &TypeKind::TinyInt) && !reads("128", &TypeKind::TinyInt));
        assert!(reads("2147483647", &TypeKind::Int) && !reads("2147483648", &TypeKind::Int));
        assert!(reads("9223372036854775807", &TypeKind::BigInt) && !reads("12a", &TypeKind::BigInt));
        assert!(!reads("Mary", &TypeKind::Int) && !reads("1.5", &TypeKind::Int));
        assert!(reads("1.5", &TypeKind::Double) && !reads("x", &TypeKind::Float));
        // a DECIMAL that does not fit is NULL, not an error
        assert!(reads("123456.7", &TypeKind::Decimal { precision: 5, scale: 2 }));
        assert!(reads("TRUE", &TypeKind::Boolean) && !reads("yes", &TypeKind::Boolean));
        let ts = TypeKind::Timestamp { precision: 3, attr: crate::types::TimeAttr::None };
        assert!(reads("2024-01-01 00:00:05.25", &ts) && !reads("yesterday", &ts));
        assert!(reads("anything", &TypeKind::VarChar { length: 3 }));
    }

    #[test]
    fn strings_read_as_the_connector_reads_them() {
        assert_eq!(cast("042", &TypeKind::Int), Value::Int(42));
        assert_eq!(cast("-7", &TypeKind::TinyInt), Value::TinyInt(-7));
        assert_eq!(cast("300", &TypeKind::TinyInt), Value::Null);
        assert_eq!(cast("12.5", &TypeKind::Double), Value::Double(12.5));
        assert_eq!(cast("TRUE", &TypeKind::Boolean), Value::Bool(true));
        assert_eq!(cast("no", &TypeKind::Boolean), Value::Bool(false));
        let d = cast("12.345", &TypeKind::Decimal { precision: 5, scale: 2 });
        assert_eq!(d, Value::decimal(Decimal::parse("12.35").unwrap()));
        assert_eq!(cast("123456.7", &TypeKind::Decimal { precision: 5, scale: 2 }), Value::Null);
        let ts =
            cast("2024-01-01 00:00:05.25", &TypeKind::Timestamp { precision: 3, attr: crate::types::TimeAttr::None });
        assert_eq!(ts, Value::Timestamp(crate::time::Ts::from_millis(1_704_067_205_250)));
        assert_eq!(cast("1969-12-31 23:00:00.0", &TypeKind::Date), Value::Date(-1));
    }
}

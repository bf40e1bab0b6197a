//! SQL values, and their text exactly as the oracle prints them (Java's `toString` of Flink's
//! external classes: `Double.toString`, `BigDecimal.toPlainString`, `LocalTime.toString`, …).

mod decimal;
mod java_float;
mod java_hash;

pub use decimal::Decimal;
pub use java_float::{java_double, java_float};
pub use java_hash::{flink_internal_hash, hash_map_order, java_hash};

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use serde::{Serialize, Serializer};

use crate::time::{format_date, format_time_of_day, write_ts, SessionZone, Ts};
use crate::types::{DataType, TypeKind};

#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    TinyInt(i8),
    SmallInt(i16),
    Int(i32),
    BigInt(i64),
    Float(f32),
    Double(f64),
    /// Boxed: a decimal is 24 bytes, and every other value fits in 16, so a `Value` is 24 bytes
    /// instead of 32 (rows and join state a quarter smaller).
    Decimal(Box<Decimal>),
    String(Arc<str>),
    Bytes(Arc<[u8]>),
    /// Days since 1970-01-01.
    Date(i32),
    /// Nanoseconds of the day.
    Time(i64),
    /// A local date-time (`TIMESTAMP(p)`).
    Timestamp(Ts),
    /// An instant (`TIMESTAMP_LTZ(p)`).
    TimestampLtz(Ts),
    /// Day-time interval in milliseconds.
    Interval(i64),
    /// Year-month interval in months.
    IntervalMonths(i32),
    Array(Arc<Vec<Value>>),
    Map(Arc<Vec<(Value, Value)>>),
    Row(Arc<Vec<Value>>),
}

impl Value {
    /// A copy for the per-row paths (a source's row, a join's output row): the plain values that
    /// fill rows (NULL, numbers, times) copied inline, the rest by the out-of-line `clone`.
    #[inline]
    pub fn copy_of(&self) -> Value {
        match self {
            Value::Null => Value::Null,
            Value::Int(v) => Value::Int(*v),
            Value::BigInt(v) => Value::BigInt(*v),
            Value::Double(v) => Value::Double(*v),
            Value::Timestamp(t) => Value::Timestamp(*t),
            Value::TimestampLtz(t) => Value::TimestampLtz(*t),
            other => other.clone(),
        }
    }

    /// A DECIMAL value.
    pub fn decimal(d: Decimal) -> Value {
        Value::Decimal(Box::new(d))
    }
}

/// A row of values; its change kind travels beside it (see [`crate::kinds::RowKind`]).
pub type Row = Vec<Value>;

impl Value {
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    pub fn str(s: &str) -> Value {
        Value::String(Arc::from(s))
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// Integer value of any exact integer type.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::TinyInt(v) => Some(*v as i64),
            Value::SmallInt(v) => Some(*v as i64),
            Value::Int(v) => Some(*v as i64),
            Value::BigInt(v) => Some(*v),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Float(v) => Some(*v as f64),
            Value::Double(v) => Some(*v),
            Value::Decimal(d) => Some(d.to_f64()),
            v => v.as_i64().map(|i| i as f64),
        }
    }

    /// Epoch milliseconds of a time attribute value (a `TIMESTAMP` counts as UTC).
    pub fn as_millis(&self) -> Option<i64> {
        match self {
            Value::Timestamp(t) | Value::TimestampLtz(t) => Some(t.millis),
            _ => None,
        }
    }

    pub fn as_ts(&self) -> Option<Ts> {
        match self {
            Value::Timestamp(t) | Value::TimestampLtz(t) => Some(*t),
            _ => None,
        }
    }

    /// The text the oracle prints for this value of type `t`, in the session zone.
    pub fn render(&self, t: &DataType, zone: &SessionZone) -> String {
        let mut s = String::new();
        self.render_into(&mut s, t, zone);
        s
    }

    pub fn render_into(&self, out: &mut String, t: &DataType, zone: &SessionZone) {
        self.render_as(out, t, zone, false)
    }

    /// The text the oracle prints for this value in a result row: as [`Value::render`], but a
    /// MAP or MULTISET in the order of the `java.util.HashMap` Flink converts it to.
    pub fn render_external(&self, t: &DataType, zone: &SessionZone) -> String {
        let mut s = String::new();
        self.render_as(&mut s, t, zone, true);
        s
    }

    fn render_as(&self, out: &mut String, t: &DataType, zone: &SessionZone, java: bool) {
        use std::fmt::Write;
        match self {
            Value::Null => out.push_str("NULL"),
            Value::Bool(b) => out.push_str(if *b { "TRUE" } else { "FALSE" }),
            Value::TinyInt(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Value::SmallInt(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Value::Int(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Value::BigInt(v) => out.push_str(itoa::Buffer::new().format(*v)),
            Value::Float(v) => out.push_str(&java_float(*v)),
            Value::Double(v) => out.push_str(&java_double(*v)),
            Value::Decimal(d) => out.push_str(&d.to_plain_string()),
            Value::String(s) => out.push_str(s),
            Value::Bytes(b) => {
                let _ = write!(out, "x'{}'", b.iter().map(|x| format!("{:02x}", x)).collect::<String>());
            }
            Value::Date(d) => out.push_str(&format_date(*d)),
            Value::Time(n) => out.push_str(&format_time_of_day(*n)),
            Value::Timestamp(ts) => write_ts(out, *ts, precision_of(t)),
            Value::TimestampLtz(ts) => {
                let local = Ts { millis: zone.instant_to_local(ts.millis), nanos: ts.nanos };
                write_ts(out, local, precision_of(t))
            }
            Value::Interval(ms) => out.push_str(&java_duration(*ms)),
            Value::IntervalMonths(m) => {
                let _ = write!(out, "P{}M", m);
            }
            Value::Array(items) => {
                let elem = match &t.kind {
                    TypeKind::Array { element } => (**element).clone(),
                    _ => DataType::string(),
                };
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    v.render_as(out, &elem, zone, java);
                }
                out.push(']');
            }
            Value::Map(entries) => {
                let (kt, vt) = match &t.kind {
                    TypeKind::Map { key, value } => ((**key).clone(), (**value).clone()),
                    TypeKind::Multiset { element } => ((**element).clone(), DataType::not_null(TypeKind::Int)),
                    _ => (DataType::string(), DataType::string()),
                };
                let order: Vec<usize> = if java {
                    hash_map_order(&entries.iter().map(|e| &e.0).collect::<Vec<_>>())
                } else {
                    (0..entries.len()).collect()
                };
                out.push('{');
                for (i, &at) in order.iter().enumerate() {
                    let (k, v) = &entries[at];
                    if i > 0 {
                        out.push_str(", ");
                    }
                    k.render_as(out, &kt, zone, java);
                    out.push('=');
                    v.render_as(out, &vt, zone, java);
                }
                out.push('}');
            }
            Value::Row(fields) => {
                out.push('(');
                for (i, v) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let ft = match &t.kind {
                        TypeKind::Row { fields } => fields.get(i).map(|f| f.1.clone()).unwrap_or_else(DataType::string),
                        _ => DataType::string(),
                    };
                    v.render_as(out, &ft, zone, java);
                }
                out.push(')');
            }
        }
    }

    /// SQL three-valued ordering of two values of comparable types; `None` if either is NULL
    /// or they cannot be compared.
    pub fn sql_cmp(&self, other: &Value) -> Option<std::cmp::Ordering> {
        use Value::*;
        match (self, other) {
            (Null, _) | (_, Null) => None,
            (Bool(a), Bool(b)) => Some(a.cmp(b)),
            (String(a), String(b)) => Some(cmp_char(a, b)),
            (Date(a), Date(b)) => Some(a.cmp(b)),
            (Time(a), Time(b)) => Some(a.cmp(b)),
            (Timestamp(a), Timestamp(b)) | (TimestampLtz(a), TimestampLtz(b)) => Some(a.cmp(b)),
            (Interval(a), Interval(b)) => Some(a.cmp(b)),
            (Decimal(a), Decimal(b)) => Some(a.cmp(b)),
            (Float(_), _) | (Double(_), _) | (_, Float(_)) | (_, Double(_)) => {
                self.as_f64()?.partial_cmp(&other.as_f64()?)
            }
            (Decimal(a), b) => b.as_i64().map(|i| (**a).cmp(&crate::value::Decimal::from_i64(i))),
            (a, Decimal(b)) => a.as_i64().map(|i| crate::value::Decimal::from_i64(i).cmp(&**b)),
            (a, b) => Some(a.as_i64()?.cmp(&b.as_i64()?)),
        }
    }
}

/// Flink compares strings by their UTF-8 bytes (CHAR values are already padded by casts).
fn cmp_char(a: &str, b: &str) -> std::cmp::Ordering {
    a.as_bytes().cmp(b.as_bytes())
}

fn precision_of(t: &DataType) -> u8 {
    match &t.kind {
        TypeKind::Timestamp { precision, .. } | TypeKind::TimestampLtz { precision, .. } => *precision,
        _ => 3,
    }
}

/// Binary equality, as Flink compares keys (`BinaryRowData`): NaN equals NaN, -0.0 ≠ 0.0.
impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Null, Null) => true,
            (Bool(a), Bool(b)) => a == b,
            (TinyInt(a), TinyInt(b)) => a == b,
            (SmallInt(a), SmallInt(b)) => a == b,
            (Int(a), Int(b)) => a == b,
            (BigInt(a), BigInt(b)) => a == b,
            (Float(a), Float(b)) => a.to_bits() == b.to_bits(),
            (Double(a), Double(b)) => a.to_bits() == b.to_bits(),
            (Decimal(a), Decimal(b)) => a == b,
            (String(a), String(b)) => a == b,
            (Bytes(a), Bytes(b)) => a == b,
            (Date(a), Date(b)) => a == b,
            (Time(a), Time(b)) => a == b,
            (Timestamp(a), Timestamp(b)) => a == b,
            (TimestampLtz(a), TimestampLtz(b)) => a == b,
            (Interval(a), Interval(b)) => a == b,
            (IntervalMonths(a), IntervalMonths(b)) => a == b,
            (Array(a), Array(b)) => a == b,
            (Map(a), Map(b)) => a == b,
            (Row(a), Row(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        use Value::*;
        std::mem::discriminant(self).hash(state);
        match self {
            Null => {}
            Bool(v) => v.hash(state),
            TinyInt(v) => v.hash(state),
            SmallInt(v) => v.hash(state),
            Int(v) => v.hash(state),
            BigInt(v) => v.hash(state),
            Float(v) => v.to_bits().hash(state),
            Double(v) => v.to_bits().hash(state),
            Decimal(v) => v.hash(state),
            String(v) => v.hash(state),
            Bytes(v) => v.hash(state),
            Date(v) => v.hash(state),
            Time(v) => v.hash(state),
            Timestamp(v) | TimestampLtz(v) => v.hash(state),
            Interval(v) => v.hash(state),
            IntervalMonths(v) => v.hash(state),
            Array(v) | Row(v) => v.hash(state),
            Map(v) => v.hash(state),
        }
    }
}

/// Values serialise to JSON as the page draws them: their printed text (the trace carries
/// column types beside rows, so no precision is lost for display).
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_none(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::TinyInt(v) => s.serialize_i64(*v as i64),
            Value::SmallInt(v) => s.serialize_i64(*v as i64),
            Value::Int(v) => s.serialize_i64(*v as i64),
            Value::BigInt(v) => s.serialize_str(&v.to_string()),
            v => s.serialize_str(&v.render(&DataType::string(), &SessionZone::default())),
        }
    }
}

/// `java.time.Duration#toString`: `PT5M`, `PT24H`, `PT1M30S`, `PT0.5S`, `PT0S`.
pub fn java_duration(ms: i64) -> String {
    if ms == 0 {
        return "PT0S".into();
    }
    let neg = ms < 0;
    let a = ms.unsigned_abs();
    let (h, m, s, milli) = (a / 3_600_000, (a / 60_000) % 60, (a / 1000) % 60, a % 1000);
    let sign = if neg { "-" } else { "" };
    let mut out = String::from("PT");
    if h > 0 {
        out.push_str(&format!("{}{}H", sign, h));
    }
    if m > 0 {
        out.push_str(&format!("{}{}M", sign, m));
    }
    if s > 0 || milli > 0 {
        if milli > 0 {
            let frac = format!("{:03}", milli).trim_end_matches('0').to_string();
            out.push_str(&format!("{}{}.{}S", sign, s, frac));
        } else {
            out.push_str(&format!("{}{}S", sign, s));
        }
    }
    out
}

/// Renders a result row's values as the oracle prints them (maps in Java's order).
pub fn render_external(row: &[Value], types: &[DataType], zone: &SessionZone) -> Vec<String> {
    row.iter().enumerate().map(|(i, v)| v.render_external(types.get(i).unwrap_or(&DataType::string()), zone)).collect()
}

/// Renders a row as the oracle does inside `+I[...]`: values joined by `, `.
pub fn render_row(row: &[Value], types: &[DataType], zone: &SessionZone) -> String {
    let mut s = String::with_capacity(row.len() * 8);
    for (i, v) in row.iter().enumerate() {
        if i > 0 {
            s.push_str(", ");
        }
        match types.get(i) {
            Some(t) => v.render_into(&mut s, t, zone),
            None => v.render_into(&mut s, &DataType::string(), zone),
        }
    }
    s
}

#[cfg(test)]
mod size_tests {
    /// Rows and join state hold values side by side: a `Value` stays at three words (a decimal
    /// is boxed). On wasm32 too: `Ts` (an i64 and a u32) and the tag fill the same 24 bytes.
    #[test]
    fn a_value_is_24_bytes() {
        assert_eq!(std::mem::size_of::<super::Value>(), 24);
    }
}

//! Per-column generators: what one cell holds, given its random stream and the row's time.
//!
//! A generator ([`Gen`]) produces a number, a text or a structure; [`FieldGen`] adds the column
//! type (which decides the [`Value`] variant) and the share of NULLs. Draw order inside a cell:
//! the NULL draw first (only when the null rate is above 0, as Flink draws it), then the value.

use std::sync::Arc;

use super::regex_gen::RegexGen;
use super::rng::Rng;
use crate::time::{Ts, MS_PER_DAY};
use crate::types::{DataType, TypeKind};
use crate::value::{java_double, Decimal, Value};

/// What a generator draws. Numbers become the column's type (see [`from_i64`], [`from_f64`]).
#[derive(Clone, Debug)]
pub enum Gen {
    /// Always NULL (an Avro `"null"` branch).
    Null,
    /// Always this value.
    Const(Value),
    /// `true` or `false`, even odds.
    Bool,
    /// Uniform integer in `[min, max]`.
    Int { min: i64, max: i64 },
    /// Flink's `sequence`: row `i` holds `start + i`; the table ends after `end`.
    Seq { start: i64, end: i64 },
    /// Avro `iteration`: `start + step·(i mod period)` (no period: no restart).
    Iter { start: i64, step: i64, period: Option<u64> },
    /// Avro `iteration` on `float`/`double`.
    IterFloat { start: f64, step: f64, period: Option<u64> },
    /// Avro `iteration` on `boolean`: `first`, then alternating.
    Alternate { first: bool },
    /// Uniform floating point in `(min, max)`: `u·max + (1−u)·min`, `u` in (0, 1) (commons-math's
    /// `nextUniform`, which Flink uses).
    Uniform { min: f64, max: f64 },
    /// Uniform on a decimal grid: an integer `k` in `[min, max]`, value `k / 10^scale` (prices with
    /// cents; for DOUBLE the nearest double, printed as Java prints it, e.g. `34.23`).
    Grid { min: i64, max: i64, scale: u8 },
    /// Uniform unscaled DECIMAL in `[min, max]` at the column's scale.
    Decimal { min: i128, max: i128 },
    /// Flink's random string: lowercase hexadecimal, `len` long (`var_len`: length uniform in
    /// `[1, len-1]`, as Flink draws it).
    Hex { len: u32, var_len: bool },
    /// Random bytes, `len` long (`var_len` as for [`Gen::Hex`]).
    Bytes { len: u32, var_len: bool },
    /// A string matching the pattern (see [`super::regex_gen`]).
    Regex(Arc<RegexGen>),
    /// One of the values, uniform.
    Pick(Arc<Vec<Value>>),
    /// Row `i` holds `values[i mod n]`.
    Cycle(Arc<Vec<Value>>),
    /// Row `i` draws from `gens[i mod n]` (per-key ranges aligned with a [`Gen::Cycle`] key).
    CycleGen(Vec<FieldGen>),
    /// A random (version 4) UUID in its 36-character text form.
    Uuid,
    /// A timestamp at or before the row's event time: `event − U[0, max_past]` ms (Flink's
    /// "now minus a random past", with the event time as "now").
    PastTime { max_past_ms: i64 },
    /// The UTC date of the row's event time (Flink: the current date).
    EventDate,
    /// The UTC time of day of the row's event time, in milliseconds (Flink: the current time).
    EventTimeOfDay,
    /// `len` elements.
    Array { element: Box<FieldGen>, len: u32 },
    /// Up to `len` entries (a repeated key keeps its first value).
    Map { key: Box<FieldGen>, value: Box<FieldGen>, len: u32 },
    /// One value per field.
    Row(Vec<FieldGen>),
    /// An Avro union: one branch, uniform.
    Union(Vec<FieldGen>),
    /// Column `n` of a whole-row option (Avro `arg.properties.options` on the record); the table
    /// picks the option once per row.
    RowOption(usize),
    /// A faker table's column: its DataFaker expressions, read as the column's type
    /// ([`super::faker`]).
    Faker(Arc<super::faker::FakerField>),
}

/// A column's generator: the draw, the type it becomes, and its NULL share.
#[derive(Clone, Debug)]
pub struct FieldGen {
    pub ty: DataType,
    pub gen: Gen,
    /// Share of NULLs in `[0, 1]` (Flink's `null-rate`).
    pub null_rate: f64,
}

impl FieldGen {
    pub fn new(ty: DataType, gen: Gen) -> FieldGen {
        FieldGen { ty, gen, null_rate: 0.0 }
    }

    pub fn with_null_rate(mut self, r: f64) -> FieldGen {
        self.null_rate = r;
        self
    }

    /// How many rows a sequence allows (`None`: no limit).
    pub fn sequence_len(&self) -> Option<u64> {
        match &self.gen {
            Gen::Seq { start, end } => Some((*end as i128 - *start as i128 + 1).max(0) as u64),
            _ => None,
        }
    }
}

/// What a cell may look at besides its random stream.
pub struct Cell<'a> {
    pub row: u64,
    pub event: Ts,
    /// The row's whole-row option, when the table has them.
    pub row_option: Option<&'a [Value]>,
    /// Scratch space for building strings.
    pub buf: String,
}

impl FieldGen {
    pub fn value(&self, rng: &mut Rng, cx: &mut Cell) -> Value {
        if self.null_rate > 0.0 && rng.unit() < self.null_rate {
            return Value::Null;
        }
        let k = &self.ty.kind;
        match &self.gen {
            Gen::Null => Value::Null,
            Gen::Const(v) => v.clone(),
            Gen::Bool => Value::Bool(rng.bool()),
            Gen::Int { min, max } => from_i64(rng.range_i64(*min, *max), k),
            Gen::Seq { start, .. } => from_i64(start.wrapping_add(cx.row as i64), k),
            Gen::Iter { start, step, period } => {
                let n = match period {
                    Some(p) if *p > 0 => cx.row % p,
                    _ => cx.row,
                };
                from_i64(start.wrapping_add(step.wrapping_mul(n as i64)), k)
            }
            Gen::IterFloat { start, step, period } => {
                let n = match period {
                    Some(p) if *p > 0 => cx.row % p,
                    _ => cx.row,
                };
                from_f64(start + step * n as f64, k)
            }
            Gen::Alternate { first } => Value::Bool(*first ^ (cx.row % 2 == 1)),
            Gen::Uniform { min, max } => {
                let u = rng.open_unit();
                from_f64(u * max + (1.0 - u) * min, k)
            }
            Gen::Grid { min, max, scale } => {
                let n = rng.range_i64(*min, *max);
                match k {
                    TypeKind::Decimal { .. } => from_decimal(Decimal::new(n as i128, *scale), k),
                    _ => from_f64(n as f64 / 10f64.powi(*scale as i32), k),
                }
            }
            Gen::Decimal { min, max } => {
                let scale = match k {
                    TypeKind::Decimal { scale, .. } => *scale,
                    _ => 0,
                };
                from_decimal(Decimal::new(rng.range_i128(*min, *max), scale), k)
            }
            Gen::Hex { len, var_len } => {
                let n = draw_len(rng, *len, *var_len);
                cx.buf.clear();
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let mut left = n;
                while left > 0 {
                    let mut r = rng.next_u64();
                    for _ in 0..left.min(16) {
                        cx.buf.push(HEX[(r & 15) as usize] as char);
                        r >>= 4;
                    }
                    left -= left.min(16);
                }
                Value::String(Arc::from(cx.buf.as_str()))
            }
            Gen::Bytes { len, var_len } => {
                let n = draw_len(rng, *len, *var_len) as usize;
                let mut b = Vec::with_capacity(n);
                while b.len() < n {
                    let r = rng.next_u64().to_le_bytes();
                    let take = (n - b.len()).min(8);
                    b.extend_from_slice(&r[..take]);
                }
                Value::Bytes(Arc::from(b))
            }
            Gen::Regex(re) => {
                cx.buf.clear();
                re.generate_into(rng, &mut cx.buf);
                text_value(&cx.buf, k)
            }
            Gen::Pick(values) => {
                let i = rng.below(values.len() as u64) as usize;
                values.get(i).cloned().unwrap_or(Value::Null)
            }
            Gen::Cycle(values) => {
                if values.is_empty() {
                    return Value::Null;
                }
                values[(cx.row % values.len() as u64) as usize].clone()
            }
            Gen::CycleGen(gens) => {
                if gens.is_empty() {
                    return Value::Null;
                }
                gens[(cx.row % gens.len() as u64) as usize].value(rng, cx)
            }
            Gen::Uuid => {
                cx.buf.clear();
                write_uuid(rng, &mut cx.buf);
                text_value(&cx.buf, k)
            }
            Gen::PastTime { max_past_ms } => {
                let past = if *max_past_ms > 0 { rng.range_i64(0, *max_past_ms) } else { 0 };
                let t = Ts { millis: cx.event.millis.saturating_sub(past), nanos: 0 };
                match k {
                    TypeKind::Timestamp { precision, .. } => Value::Timestamp(t.truncate(*precision)),
                    TypeKind::TimestampLtz { precision, .. } => Value::TimestampLtz(t.truncate(*precision)),
                    _ => from_i64(t.millis, k),
                }
            }
            Gen::EventDate => Value::Date(cx.event.millis.div_euclid(MS_PER_DAY) as i32),
            Gen::EventTimeOfDay => {
                let ms = cx.event.millis.rem_euclid(MS_PER_DAY);
                let p = match k {
                    TypeKind::Time { precision } => (*precision).min(3),
                    _ => 3,
                };
                let unit = 10i64.pow(3 - p as u32);
                Value::Time(ms / unit * unit * 1_000_000)
            }
            Gen::Array { element, len } => {
                let items: Vec<Value> = (0..*len).map(|_| element.value(rng, cx)).collect();
                Value::Array(Arc::new(items))
            }
            Gen::Map { key, value, len } => {
                let mut entries: Vec<(Value, Value)> = Vec::with_capacity(*len as usize);
                for _ in 0..*len {
                    let kv = key.value(rng, cx);
                    let vv = value.value(rng, cx);
                    if !entries.iter().any(|(e, _)| *e == kv) {
                        entries.push((kv, vv));
                    }
                }
                Value::Map(Arc::new(entries))
            }
            Gen::Row(fields) => Value::Row(Arc::new(fields.iter().map(|f| f.value(rng, cx)).collect())),
            Gen::Union(branches) => {
                if branches.is_empty() {
                    return Value::Null;
                }
                let i = rng.below(branches.len() as u64) as usize;
                branches[i].value(rng, cx)
            }
            Gen::RowOption(n) => cx.row_option.and_then(|o| o.get(*n).cloned()).unwrap_or(Value::Null),
            Gen::Faker(f) => f.value(rng, cx, &self.ty),
        }
    }
}

/// A random (version 4) UUID in its 36-character text form.
pub fn write_uuid(rng: &mut Rng, out: &mut String) {
    let (a, b) = (rng.next_u64(), rng.next_u64());
    let a = (a & !0xf000) | 0x4000; // version 4
    let b = (b & !(0xc << 60)) | (0x8 << 60); // variant 10
    use std::fmt::Write;
    let _ = write!(
        out,
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        a >> 32,
        (a >> 16) & 0xffff,
        a & 0xffff,
        b >> 48,
        b & 0xffff_ffff_ffff
    );
}

/// Flink's variable length: uniform in `[1, len-1]` (`ThreadLocalRandom.nextInt(1, len)`).
fn draw_len(rng: &mut Rng, len: u32, var_len: bool) -> u32 {
    if var_len && len > 1 {
        1 + rng.below((len - 1) as u64) as u32
    } else {
        len
    }
}

/// Text for a character column; other columns get the text parsed as their type.
pub fn text_value(s: &str, k: &TypeKind) -> Value {
    match k {
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::String(Arc::from(s)),
        TypeKind::Binary { .. } | TypeKind::VarBinary { .. } => Value::Bytes(Arc::from(s.as_bytes())),
        k if k.is_integer() => s.parse::<i64>().map(|v| from_i64(v, k)).unwrap_or(Value::Null),
        TypeKind::Float | TypeKind::Double => s.parse::<f64>().map(|v| from_f64(v, k)).unwrap_or(Value::Null),
        TypeKind::Decimal { .. } => Decimal::parse(s).map(|d| from_decimal(d, k)).unwrap_or(Value::Null),
        TypeKind::Boolean => match s.to_ascii_lowercase().as_str() {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            _ => Value::Null,
        },
        _ => Value::String(Arc::from(s)),
    }
}

/// An integer as a value of type `k` (Java's narrowing casts for smaller integers).
pub fn from_i64(v: i64, k: &TypeKind) -> Value {
    match k {
        TypeKind::TinyInt => Value::TinyInt(v as i8),
        TypeKind::SmallInt => Value::SmallInt(v as i16),
        TypeKind::Int => Value::Int(v as i32),
        TypeKind::BigInt => Value::BigInt(v),
        TypeKind::Float => Value::Float(v as f32),
        TypeKind::Double => Value::Double(v as f64),
        TypeKind::Decimal { .. } => from_decimal(Decimal::from_i64(v), k),
        TypeKind::Boolean => Value::Bool(v != 0),
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::String(Arc::from(v.to_string().as_str())),
        // Flink's sequence on binary columns: the long's 8 big-endian bytes
        TypeKind::Binary { .. } | TypeKind::VarBinary { .. } => Value::Bytes(Arc::from(&v.to_be_bytes()[..])),
        TypeKind::Date => Value::Date(v as i32),
        // Avro time-millis: milliseconds of the day
        TypeKind::Time { .. } => Value::Time(v.rem_euclid(MS_PER_DAY) * 1_000_000),
        // Avro timestamp-millis: epoch milliseconds
        TypeKind::Timestamp { precision, .. } => Value::Timestamp(Ts::from_millis(v).truncate(*precision)),
        TypeKind::TimestampLtz { precision, .. } => Value::TimestampLtz(Ts::from_millis(v).truncate(*precision)),
        TypeKind::IntervalYearMonth => Value::IntervalMonths(v as i32),
        TypeKind::IntervalDayTime => Value::Interval(v),
        _ => Value::Null,
    }
}

/// A floating-point number as a value of type `k`.
pub fn from_f64(v: f64, k: &TypeKind) -> Value {
    match k {
        TypeKind::Float => Value::Float(v as f32),
        TypeKind::Double => Value::Double(v),
        TypeKind::Decimal { scale, .. } => match Decimal::from_f64(v, *scale) {
            Some(d) => from_decimal(d, k),
            None => Value::Null,
        },
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::String(Arc::from(java_double(v).as_str())),
        k if k.is_integer() || matches!(k, TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. }) => {
            from_i64(v as i64, k)
        }
        _ => Value::Null,
    }
}

/// A decimal as a value of type `k`: rescaled (HALF_UP) and NULL when it does not fit, as Flink's
/// `DecimalData.fromBigDecimal` does.
pub fn from_decimal(d: Decimal, k: &TypeKind) -> Value {
    match k {
        TypeKind::Decimal { precision, scale } => d.fit(*precision, *scale).map(Value::decimal).unwrap_or(Value::Null),
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::String(Arc::from(d.to_plain_string().as_str())),
        _ => from_f64(d.to_f64(), k),
    }
}

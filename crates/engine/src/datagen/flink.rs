//! Flink's `datagen` connector: `fields.<f>.*` options → one generator per physical column,
//! mirroring `DataGenTableSourceFactory`, `RandomGeneratorVisitor` and
//! `SequenceGeneratorVisitor` of Flink 2.3 (checked against Flink 2.3.0 itself: which keys each
//! type supports, defaults, and the error texts).
//!
//! | type | `random` (default) | `sequence` (`start`, `end` required) |
//! |---|---|---|
//! | BOOLEAN | even odds; `null-rate` | random (start/end are then unsupported keys) |
//! | TINYINT … BIGINT | uniform in `[min, max]` (defaults: the type's range); `null-rate` | `start`, `start+1`, … `end` |
//! | FLOAT, DOUBLE | uniform in `(min, max)` (defaults: the smallest positive and the largest value); `null-rate` | as integers |
//! | DECIMAL(p, s) | uniform on the `10^-s` grid in `[min, max]` (defaults: 0 and the largest `DECIMAL(p, s)`); `null-rate` | as integers (Flink 2.3 fails at run time here) |
//! | CHAR(n) | `n` lowercase hex digits; `null-rate` | the number as text |
//! | VARCHAR(n), STRING | `length` (default `n`, STRING 100) hex digits, `var-len`: length uniform in `[1, length-1]`; `null-rate` | the number as text |
//! | BINARY(n) | `n` random bytes | the long's 8 big-endian bytes |
//! | VARBINARY(n), BYTES | `length` (default `n`, BYTES 100) bytes, `var-len` | the long's 8 big-endian bytes |
//! | DATE, TIME(p) | the date / time of day of the row's event time | the same (start/end unsupported) |
//! | TIMESTAMP(p), TIMESTAMP_LTZ(p) | `event time − U[0, max-past]` (default `max-past` 0: the event time itself); `null-rate` | `Unsupported type` |
//! | ARRAY, MAP | `length` (default 3) elements / entries from `<f>.element.*`, `<f>.key.*`, `<f>.value.*`; `null-rate` | `Unsupported type` |
//! | ROW | each field from `<f>.<field>.*`; `null-rate` | `Unsupported type` |
//!
//! Flink's "current time" is the row's event time here (see [`super::time`]), so TIMESTAMP
//! columns carry the table's event times and disorder.

use std::sync::Arc;

use super::field::{FieldGen, Gen};
use super::options::{bounds_error, OptionReader};
use crate::error::{Error, ErrorKind};
use crate::types::{DataType, TypeKind, MAX_LENGTH};

pub const RANDOM_STRING_LENGTH_DEFAULT: u32 = 100;
pub const RANDOM_BYTES_LENGTH_DEFAULT: u32 = 100;
pub const RANDOM_COLLECTION_LENGTH_DEFAULT: u32 = 3;

fn key(name: &str, opt: &str) -> String {
    format!("fields.{}.{}", name, opt)
}

fn unsupported_type(ty: &DataType) -> Error {
    Error::validation(format!("Unsupported type: {}", ty.without_time_attr().summary()))
}

/// The generator of top-level column `name` (reads `fields.<name>.kind` first).
pub fn column(r: &mut OptionReader, name: &str, ty: &DataType) -> Result<FieldGen, Error> {
    let kind = r.string(&key(name, "kind")).unwrap_or("random");
    let g = match kind {
        "random" => random(r, name, ty)?,
        "sequence" => sequence(r, name, ty)?,
        other => return Err(Error::validation(format!("Unsupported generator kind: {}", other))),
    };
    if !ty.nullable && g.null_rate > 0.0 {
        // Flink writes the NULL and its sink's NOT NULL enforcer fails the job.
        return Err(Error::new(
            ErrorKind::Runtime,
            format!(
                "Column '{}' is NOT NULL, however, a null value is being written into it. You can set job configuration 'table.exec.sink.not-null-enforcer'='DROP' to suppress this exception and drop such records silently.",
                name
            ),
        )
        .with_class("org.apache.flink.table.runtime.operators.sink.constraint.EnforcerException"));
    }
    Ok(g)
}

fn null_rate(r: &mut OptionReader, name: &str) -> Result<f64, Error> {
    Ok(r.float(&key(name, "null-rate"))?.unwrap_or(0.0))
}

/// `length` of a variable-length type: defaults to the declared length (100 for the maximum).
fn var_length(r: &mut OptionReader, name: &str, declared: u32, default_max: u32) -> Result<u32, Error> {
    let given = r.int(&key(name, "length"))?;
    if let Some(l) = given {
        if l as i64 > declared as i64 {
            return Err(Error::validation(format!(
                "Custom length '{}' for variable-length type (VARCHAR/STRING/VARBINARY/BYTES) field '{}' should be shorter than '{}' defined in the schema.",
                l, name, declared
            )));
        }
    }
    let l = given.unwrap_or(declared as i32);
    let l = if l as i64 == MAX_LENGTH as i64 { default_max as i32 } else { l };
    if l as i64 > super::MAX_GENERATED_LENGTH as i64 {
        return Err(super::too_long(
            "characters or bytes",
            &key(name, "length"),
            l as i64,
            super::MAX_GENERATED_LENGTH,
        ));
    }
    if l <= 0 {
        return Err(Error::new(ErrorKind::Runtime, format!("length ({})", l))
            .with_class("org.apache.commons.math3.exception.NotStrictlyPositiveException"));
    }
    Ok(l as u32)
}

fn var_len(r: &mut OptionReader, name: &str, len: u32) -> Result<bool, Error> {
    let v = r.boolean(&key(name, "var-len"))?.unwrap_or(false);
    if v && len <= 1 {
        return Err(Error::new(ErrorKind::Runtime, "bound must be greater than origin")
            .with_class("java.lang.IllegalArgumentException"));
    }
    Ok(v)
}

fn fixed_length_check(r: &OptionReader, name: &str) -> Result<(), Error> {
    if r.has(&key(name, "length")) {
        return Err(Error::validation(format!(
            "Custom length for fixed-length type (CHAR/BINARY) field '{}' is not supported.",
            name
        )));
    }
    Ok(())
}

fn fixed_cap(name: &str, length: u32) -> Result<(), Error> {
    if length > super::MAX_GENERATED_LENGTH {
        return Err(super::too_long(
            "characters or bytes",
            &format!("{} (declared length)", name),
            length as i64,
            super::MAX_GENERATED_LENGTH,
        ));
    }
    Ok(())
}

/// Uniform integer in `[min, max]` with Java's narrowing of the bounds to the column type.
fn int_range(r: &mut OptionReader, name: &str, ty: &DataType, lo: i64, hi: i64, long: bool) -> Result<FieldGen, Error> {
    let (min, max) = if long {
        (r.long(&key(name, "min"))?.unwrap_or(lo), r.long(&key(name, "max"))?.unwrap_or(hi))
    } else {
        let min = r.int(&key(name, "min"))?.map(|v| v as i64).unwrap_or(lo);
        let max = r.int(&key(name, "max"))?.map(|v| v as i64).unwrap_or(hi);
        match ty.kind {
            TypeKind::TinyInt => (min as i8 as i64, max as i8 as i64),
            TypeKind::SmallInt => (min as i16 as i64, max as i16 as i64),
            _ => (min, max),
        }
    };
    let nr = null_rate(r, name)?;
    if min > max {
        return Err(bounds_error(min as f64, max as f64));
    }
    Ok(FieldGen::new(ty.clone(), Gen::Int { min, max }).with_null_rate(nr))
}

fn random(r: &mut OptionReader, name: &str, ty: &DataType) -> Result<FieldGen, Error> {
    let t = ty.clone();
    Ok(match &ty.kind {
        TypeKind::Boolean => FieldGen::new(t, Gen::Bool).with_null_rate(null_rate(r, name)?),
        TypeKind::Char { length } => {
            fixed_length_check(r, name)?;
            fixed_cap(name, *length)?;
            FieldGen::new(t, Gen::Hex { len: *length, var_len: false }).with_null_rate(null_rate(r, name)?)
        }
        TypeKind::VarChar { length } => {
            let len = var_length(r, name, *length, RANDOM_STRING_LENGTH_DEFAULT)?;
            let nr = null_rate(r, name)?;
            let vl = var_len(r, name, len)?;
            FieldGen::new(t, Gen::Hex { len, var_len: vl }).with_null_rate(nr)
        }
        TypeKind::Binary { length } => {
            fixed_length_check(r, name)?;
            fixed_cap(name, *length)?;
            FieldGen::new(t, Gen::Bytes { len: *length, var_len: false })
        }
        TypeKind::VarBinary { length } => {
            let len = var_length(r, name, *length, RANDOM_BYTES_LENGTH_DEFAULT)?;
            let vl = var_len(r, name, len)?;
            FieldGen::new(t, Gen::Bytes { len, var_len: vl })
        }
        TypeKind::TinyInt => int_range(r, name, ty, i8::MIN as i64, i8::MAX as i64, false)?,
        TypeKind::SmallInt => int_range(r, name, ty, i16::MIN as i64, i16::MAX as i64, false)?,
        TypeKind::Int => int_range(r, name, ty, i32::MIN as i64, i32::MAX as i64, false)?,
        TypeKind::BigInt => int_range(r, name, ty, i64::MIN, i64::MAX, true)?,
        TypeKind::IntervalYearMonth => int_range(r, name, ty, 0, 120_000, false)?,
        TypeKind::IntervalDayTime => int_range(r, name, ty, i64::MIN, i64::MAX, true)?,
        TypeKind::Float | TypeKind::Double => {
            let float = matches!(ty.kind, TypeKind::Float);
            let (lo, hi) =
                if float { (f32::from_bits(1) as f64, f32::MAX as f64) } else { (f64::from_bits(1), f64::MAX) };
            let (min, max) = if float {
                (r.float(&key(name, "min"))?.unwrap_or(lo), r.float(&key(name, "max"))?.unwrap_or(hi))
            } else {
                (r.double(&key(name, "min"))?.unwrap_or(lo), r.double(&key(name, "max"))?.unwrap_or(hi))
            };
            let nr = null_rate(r, name)?;
            if min.partial_cmp(&max) != Some(std::cmp::Ordering::Less) {
                return Err(bounds_error(min, max));
            }
            FieldGen::new(t, Gen::Uniform { min, max }).with_null_rate(nr)
        }
        TypeKind::Decimal { precision, scale } => {
            let given_min = r.double(&key(name, "min"))?;
            let min = given_min.unwrap_or(f64::from_bits(1));
            let max = r.double(&key(name, "max"))?.unwrap_or(f64::MAX);
            let nr = null_rate(r, name)?;
            if min.partial_cmp(&max) != Some(std::cmp::Ordering::Less) {
                return Err(Error::validation(format!("min bound must be less than max [{:.6}, {:.6}]", min, max))
                    .with_class("java.lang.IllegalStateException"));
            }
            let (lo, hi) = decimal_bounds(given_min.map(|_| min), max, *precision, *scale);
            FieldGen::new(t, Gen::Decimal { min: lo, max: hi }).with_null_rate(nr)
        }
        TypeKind::Date => FieldGen::new(t, Gen::EventDate),
        TypeKind::Time { .. } => FieldGen::new(t, Gen::EventTimeOfDay),
        TypeKind::Timestamp { .. } | TypeKind::TimestampLtz { .. } => {
            let max_past = r.duration_ms(&key(name, "max-past"))?.unwrap_or(0);
            let nr = null_rate(r, name)?;
            FieldGen::new(t, Gen::PastTime { max_past_ms: max_past }).with_null_rate(nr)
        }
        TypeKind::Array { element } => {
            let el = random(r, &format!("{}.element", name), element)?;
            let nr = null_rate(r, name)?;
            let len = collection_length(r, name)?;
            FieldGen::new(t, Gen::Array { element: Box::new(el), len }).with_null_rate(nr)
        }
        TypeKind::Map { key: k, value: v } => {
            let kg = random(r, &format!("{}.key", name), k)?;
            let vg = random(r, &format!("{}.value", name), v)?;
            let nr = null_rate(r, name)?;
            let len = collection_length(r, name)?;
            FieldGen::new(t, Gen::Map { key: Box::new(kg), value: Box::new(vg), len }).with_null_rate(nr)
        }
        TypeKind::Row { fields } => {
            let gens = fields
                .iter()
                .map(|(f, ft)| random(r, &format!("{}.{}", name, f), ft))
                .collect::<Result<Vec<_>, _>>()?;
            let nr = null_rate(r, name)?;
            FieldGen::new(t, Gen::Row(gens)).with_null_rate(nr)
        }
        TypeKind::Null | TypeKind::Descriptor | TypeKind::Multiset { .. } => return Err(unsupported_type(ty)),
    })
}

fn collection_length(r: &mut OptionReader, name: &str) -> Result<u32, Error> {
    let l = r.int(&key(name, "length"))?.unwrap_or(RANDOM_COLLECTION_LENGTH_DEFAULT as i32);
    if l as i64 > super::MAX_COLLECTION_LENGTH as i64 {
        return Err(super::too_long("elements", &key(name, "length"), l as i64, super::MAX_COLLECTION_LENGTH));
    }
    Ok(l.max(0) as u32)
}

/// Unscaled bounds on the `10^-scale` grid, clamped to what `DECIMAL(p, s)` holds.
pub fn decimal_bounds(min: Option<f64>, max: f64, precision: u8, scale: u8) -> (i128, i128) {
    let largest = 10i128.checked_pow(precision.min(38) as u32).map(|v| v - 1).unwrap_or(i128::MAX);
    let f = 10f64.powi(scale as i32);
    let to_unscaled = |v: f64, up: bool| -> i128 {
        let x = if up { (v * f).ceil() } else { (v * f).floor() };
        if x.is_nan() {
            0
        } else if x >= largest as f64 {
            largest
        } else if x <= -(largest as f64) {
            -largest
        } else {
            x as i128
        }
    };
    let lo = min.map(|m| to_unscaled(m, true)).unwrap_or(0);
    let hi = to_unscaled(max, false);
    (lo.min(hi), hi)
}

fn sequence(r: &mut OptionReader, name: &str, ty: &DataType) -> Result<FieldGen, Error> {
    let (sk, ek) = (key(name, "start"), key(name, "end"));
    for k in [&sk, &ek] {
        if !r.has(k) {
            return Err(Error::validation(format!("Could not find required property '{}' for sequence generator.", k)));
        }
    }
    let t = ty.clone();
    let ints = |r: &mut OptionReader| -> Result<(i64, i64), Error> {
        Ok((r.int(&sk)?.unwrap_or(0) as i64, r.int(&ek)?.unwrap_or(0) as i64))
    };
    let longs = |r: &mut OptionReader| -> Result<(i64, i64), Error> {
        Ok((r.long(&sk)?.unwrap_or(0), r.long(&ek)?.unwrap_or(0)))
    };
    let (start, end) = match &ty.kind {
        TypeKind::Boolean => return Ok(FieldGen::new(t, Gen::Bool)),
        TypeKind::Date => return Ok(FieldGen::new(t, Gen::EventDate)),
        TypeKind::Time { .. } => return Ok(FieldGen::new(t, Gen::EventTimeOfDay)),
        TypeKind::Char { .. }
        | TypeKind::VarChar { .. }
        | TypeKind::Binary { .. }
        | TypeKind::VarBinary { .. }
        | TypeKind::BigInt => longs(r)?,
        TypeKind::TinyInt => {
            let (s, e) = ints(r)?;
            (s as i8 as i64, e as i8 as i64)
        }
        // Flink narrows FLOAT sequence bounds with `shortValue()`
        TypeKind::SmallInt | TypeKind::Float => {
            let (s, e) = ints(r)?;
            (s as i16 as i64, e as i16 as i64)
        }
        TypeKind::Int | TypeKind::Double | TypeKind::Decimal { .. } => ints(r)?,
        _ => return Err(unsupported_type(ty)),
    };
    if end < start {
        return Err(Error::validation(format!(
            "The sequence of field '{}' ends ({}) before it starts ({}): JoinLab needs 'fields.{}.start' <= 'fields.{}.end'.",
            name, end, start, name, name
        )));
    }
    Ok(FieldGen::new(t, Gen::Seq { start, end }))
}

/// Values of `Gen::Pick` for text options (shared by the examples catalog).
pub fn text_options(values: &[&str]) -> Gen {
    Gen::Pick(Arc::new(values.iter().map(|s| crate::value::Value::str(s)).collect()))
}

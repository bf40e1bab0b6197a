//! Confluent Cloud's `faker` tables (flink-faker's connector): `'connector' = 'faker'` with a
//! DataFaker expression per column, generated deterministically from JoinLab's seeds.
//!
//! ```sql
//! CREATE TABLE customers (id INT, name STRING, city STRING) WITH (
//!   'connector' = 'faker',
//!   'number-of-rows' = '20',
//!   'fields.id.expression' = '#{Number.numberBetween ''1'',''100''}',
//!   'fields.name.expression' = '#{Name.firstName} #{Name.lastName}',
//!   'fields.city.expression' = '#{Address.city}'
//! );
//! ```
//!
//! * Options: `fields.<f>.expression` (every physical column needs one; a MAP column
//!   `fields.<f>.key.expression` and `.value.expression`, a ROW column
//!   `fields.<f>.<subfield>.expression`), `fields.<f>.null-rate` (0..1), `fields.<f>.length`
//!   (elements of an ARRAY, entries of a MAP; default 1), `number-of-rows` (default unbounded;
//!   `-1` unbounded, other negatives no rows, as flink-faker), `rows-per-second` (the simulated
//!   pace, as for datagen), `sleep-before-start` (the simulated source waits this long before its
//!   first row), and JoinLab's own `joinlab.*` options of [`super`] (seed, start, interval,
//!   disorder, idleness). Any other key is rejected, with the supported ones listed.
//! * Expressions: [`expr`] reads them, [`providers`] lists and draws them, [`cast`] reads the
//!   text as the column's type, [`words`] holds the word lists.
//! * Types: at CREATE TABLE, 256 values of each expression (drawn from a fixed seed, whatever the
//!   session's; every option of an `Options.option` call alone) must read as the column's type,
//!   else the table is rejected with the first value that does not; a later value that still does
//!   not read is NULL.
//! * Errors come at CREATE TABLE (Confluent validates the table there), pointing at the column
//!   (its name in the column list) or, for table options, at the table's name.
//! * Determinism: a cell's draws come from its own stream ([`super::rng`]), so a row depends only
//!   on the seeds, the table's and column's names and the row's position, native and wasm alike.

pub mod cast;
pub mod expr;
pub mod providers;
pub mod words;

use std::sync::Arc;

use super::field::{Cell, FieldGen, Gen};
use super::options::OptionReader;
use super::rng::Rng;
use super::{ColumnSpec, GenTable, Origin, Pace};
use crate::error::{Error, Pos};
use crate::types::{DataType, TypeKind};
use crate::value::Value;
use providers::{BuildError, Expr};

/// The seed of the values drawn to check an expression against its column's type.
const CHECK_SEED: u64 = 0x6661_6b65_7220_2020;

/// One expression string, ready to draw.
#[derive(Debug)]
pub struct Template {
    pieces: Vec<Piece>,
}

#[derive(Debug)]
enum Piece {
    Text(String),
    Call(Expr),
}

impl Template {
    fn write(&self, rng: &mut Rng, now: i64, out: &mut String) {
        for p in &self.pieces {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Call(e) => e.write(rng, now, out),
            }
        }
    }

    fn value(&self, rng: &mut Rng, now: i64, buf: &mut String, k: &TypeKind) -> Value {
        buf.clear();
        self.write(rng, now, buf);
        cast::cast(buf, k)
    }
}

/// A column's generator: its expressions (one; a MAP's key and value; a ROW's fields, in order)
/// and, for an ARRAY or MAP, how many elements or entries a value draws.
#[derive(Debug)]
pub struct FakerField {
    templates: Vec<Template>,
    len: u32,
}

impl FakerField {
    /// One cell of a column of type `ty`.
    pub fn value(&self, rng: &mut Rng, cx: &mut Cell, ty: &DataType) -> Value {
        let now = cx.event.millis;
        let buf = &mut cx.buf;
        let t = &self.templates;
        let mut draw = |i: usize, k: &TypeKind| t.get(i).map_or(Value::Null, |t| t.value(rng, now, buf, k));
        match &ty.kind {
            TypeKind::Array { element } => {
                Value::Array(Arc::new((0..self.len).map(|_| draw(0, &element.kind)).collect()))
            }
            TypeKind::Row { fields } => {
                Value::Row(Arc::new(fields.iter().enumerate().map(|(i, (_, f))| draw(i, &f.kind)).collect()))
            }
            // MAP: a key drawn again keeps its place and takes the later value
            TypeKind::Map { key, value } => {
                let mut entries: Vec<(Value, Value)> = Vec::new();
                for _ in 0..self.len {
                    let (k, v) = (draw(0, &key.kind), draw(1, &value.kind));
                    match entries.iter_mut().find(|(x, _)| *x == k) {
                        Some(slot) => slot.1 = v,
                        None => entries.push((k, v)),
                    }
                }
                Value::Map(Arc::new(entries))
            }
            k => draw(0, k),
        }
    }
}

/// A `CREATE TABLE … WITH ('connector' = 'faker', …)`: its physical columns, where each one's name
/// stands in the statement (`spans`, in the same order), and its options. Errors point at the
/// column, or at `table_span` for the table's own options.
pub fn from_options(
    table: &str,
    table_span: (Pos, Pos),
    columns: Vec<ColumnSpec>,
    spans: &[(Pos, Pos)],
    options: &[(String, String)],
) -> Result<GenTable, Error> {
    let mut r = OptionReader::new(options);
    let mut gens = Vec::with_capacity(columns.len());
    for (c, span) in columns.iter().zip(spans) {
        gens.push(column(&mut r, c).map_err(|e| e.at(span.0, span.1))?);
    }
    let (rows, timing, seed) = table_options(&mut r).map_err(|e| e.at(table_span.0, table_span.1))?;
    Ok(GenTable { rows, timing, seed, origin: Origin::Faker, ..GenTable::new(table, columns, gens) })
}

/// The table's own options, checked last: rows, pace, seed, and no unknown key.
fn table_options(r: &mut OptionReader) -> Result<(Option<u64>, super::Timing, u64), Error> {
    for k in ["connector", "changelog.mode", "changelog-mode"] {
        r.declare(k);
    }
    let number = r.long("number-of-rows")?;
    let rps = super::rows_per_second(r)?;
    let sleep = r.duration_ms("sleep-before-start")?.unwrap_or(0).max(0);
    let pace = rps.map_or(Pace::Every(super::time::DEFAULT_INTERVAL_NS), Pace::PerSecond);
    let (mut timing, seed) = super::joinlab_options(r, pace, rps.is_some(), None)?;
    timing.start_ms = timing.start_ms.saturating_add(sleep);
    r.check_unconsumed("faker")?;
    // flink-faker: -1 (its default) is unbounded; another negative count gives no rows
    Ok((number.filter(|&n| n != -1).map(|n| n.max(0) as u64), timing, seed))
}

#[inline(never)]
fn invalid(message: String) -> Error {
    Error::validation(message)
}

fn column(r: &mut OptionReader, c: &ColumnSpec) -> Result<FieldGen, Error> {
    let f = c.name.as_str();
    let key = |suffix: &str| format!("fields.{}{}", f, suffix);
    let null_rate = r.float(&key(".null-rate"))?.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&null_rate) || (null_rate > 0.0 && !c.ty.nullable) {
        return Err(invalid(format!(
            "Null rate needs to be in [0,1] (and 0 on a NOT NULL column). Null rate of {} is {}",
            f, null_rate
        )));
    }
    let collection = matches!(c.ty.kind, TypeKind::Array { .. } | TypeKind::Map { .. });
    let len = r.int(&key(".length"))?;
    if let Some(n) = len.filter(|&n| n < 1 || n as u32 > super::MAX_COLLECTION_LENGTH || (n != 1 && !collection)) {
        return Err(invalid(format!(
            "'{}' is {}: a length is 1 to {}, for an ARRAY or MAP column ({} is {})",
            key(".length"),
            n,
            super::MAX_COLLECTION_LENGTH,
            f,
            c.ty.summary()
        )));
    }
    // the expressions' keys (after `fields.<f>`) and the types they are read as
    let parts: Vec<(String, &TypeKind)> = match &c.ty.kind {
        TypeKind::Array { element } => vec![(String::new(), &element.kind)],
        TypeKind::Map { key, value } => vec![(".key".into(), &key.kind), (".value".into(), &value.kind)],
        TypeKind::Row { fields } => fields.iter().map(|(n, t)| (format!(".{}", n), &t.kind)).collect(),
        k => vec![(String::new(), k)],
    };
    let mut templates = Vec::with_capacity(parts.len());
    for (sub, k) in parts {
        templates.push(template(r, &format!("fields.{}{}.expression", f, sub), f, k)?);
    }
    let field = FakerField { templates, len: len.unwrap_or(1) as u32 };
    Ok(FieldGen::new(c.ty.clone(), Gen::Faker(Arc::new(field))).with_null_rate(null_rate))
}

/// The types a faker value can be read as (and the element types of the collections).
fn scalar(k: &TypeKind) -> bool {
    matches!(
        k,
        TypeKind::Char { .. }
            | TypeKind::VarChar { .. }
            | TypeKind::Boolean
            | TypeKind::TinyInt
            | TypeKind::SmallInt
            | TypeKind::Int
            | TypeKind::BigInt
            | TypeKind::Float
            | TypeKind::Double
            | TypeKind::Decimal { .. }
            | TypeKind::Date
            | TypeKind::Timestamp { .. }
            | TypeKind::TimestampLtz { .. }
    )
}

/// The expression of `key` for the field `field`, read as `k`, parsed and checked.
fn template(r: &mut OptionReader, key: &str, field: &str, k: &TypeKind) -> Result<Template, Error> {
    let ty = || DataType::nullable(k.clone()).summary();
    if !scalar(k) {
        return Err(invalid(format!(
            "faker: field '{}' holds {}, which JoinLab's faker tables do not generate (docs/mock-data.md)",
            field,
            ty()
        )));
    }
    let Some(text) = r.string(key) else {
        return Err(invalid(format!(
            "Every column needs a corresponding expression. No expression found for {}: set '{}'.",
            field, key
        )));
    };
    let what = |why: String| invalid(format!("faker: the expression '{}' for field '{}'{}", text, field, why));
    let mut pieces = Vec::new();
    for p in expr::parse(text).map_err(|e| what(format!(": cannot be read: {}", e)))? {
        pieces.push(match p {
            expr::Part::Text(t) => Piece::Text(t),
            expr::Part::Call(call) => Piece::Call(providers::build(&call).map_err(|e| match e {
                BuildError::Unknown => invalid(format!(
                    "faker: unsupported expression '{}' for field '{}' (JoinLab supports: {}; docs/mock-data.md)",
                    call.text,
                    field,
                    providers::NAMES.replace('|', ", ")
                )),
                BuildError::Args(why) => what(format!(": {}", why)),
            })?),
        });
    }
    // the values must read as the column's type: an option list's every option, else 256 values
    // drawn now from a fixed seed
    let t = Template { pieces };
    let options = match t.pieces.as_slice() {
        [Piece::Call(Expr::Options(o))] => o.as_slice(),
        _ => &[],
    };
    let mut rng = Rng::new(CHECK_SEED);
    let mut buf = String::new();
    for i in 0..256.max(options.len()) {
        buf.clear();
        match options.get(i) {
            Some(o) => buf.push_str(o),
            None if options.is_empty() => t.write(&mut rng, super::time::DEFAULT_START_MS, &mut buf),
            None => break,
        }
        if !cast::reads(&buf, k) {
            return Err(what(format!(
                " gives '{}', which does not fit its type {} (each generated string is read as the column's type; docs/mock-data.md)",
                buf,
                ty()
            )));
        }
    }
    Ok(t)
}

#[cfg(test)]
mod tests;

//! An Avro record schema with kafka-connect-datagen's `arg.properties` → columns and generators.
//!
//! Types (as Confluent Cloud maps them; a field that is not a union with `"null"` is NOT NULL):
//!
//! | Avro | column | `arg.properties` and what is drawn |
//! |---|---|---|
//! | `int`, `long` | INT, BIGINT | `range {min, max}`: uniform in `[min, max)`; `iteration {start, step = 1, restart}`: `start + step·(i mod period)`, `period = ⌈(restart − start)/step⌉`; `options [..]`: uniform; none: the type's full range |
//! | `float`, `double` | FLOAT, DOUBLE | `range`: uniform in `(min, max)`; `iteration`, `options` as above; none: `(0, 1)` |
//! | `boolean` | BOOLEAN | `iteration {start}`: alternating from `start`; `options`; none: even odds |
//! | `string` | STRING | `regex` (see [`super::regex_gen`]); `options`; `iteration`: the number as text; `length {min, max}` or `n`: that many `[a-z0-9]`; none: 8 of them. `logicalType: uuid`: a random UUID |
//! | `bytes`, `fixed` | BYTES, BINARY(size) | `length`/`size` random bytes (default 8); `options` (strings) |
//! | `bytes` + `decimal` | DECIMAL(p, s) | `range`: uniform on the `10^-s` grid in `[min, max)`; `options` |
//! | `long` + `timestamp-millis` | TIMESTAMP_LTZ(3) | `range`/`iteration`/`options` in epoch ms; none: the row's event time |
//! | `long` + `local-timestamp-millis` | TIMESTAMP(3) | as above |
//! | `int` + `date` / `time-millis` | DATE / TIME(3) | days / ms of the day; none: from the event time |
//! | `enum` | STRING | one symbol, uniform (or `options`) |
//! | `array`, `map` | ARRAY, MAP<STRING, …> | `length` elements (default 3); map keys from `keys` (string `arg.properties`) |
//! | `record` | ROW | each field; `options` on the record: whole records, uniform |
//! | `["null", T]` | T, nullable | a branch uniform (so half the values are NULL) |
//!
//! `options` on the top-level record pick a whole row per row (the `product` quickstart).
//! Anything else — other unions, `options.file`, unknown `arg.properties` keys — is an error.

use std::sync::Arc;

use serde_json::{Map, Value as Json};

use super::field::{from_decimal, from_f64, from_i64, FieldGen, Gen};
use super::regex_gen::RegexGen;
use super::ColumnSpec;
use crate::error::Error;
use crate::types::{DataType, TypeKind, MAX_LENGTH};
use crate::value::{Decimal, Value};

/// A parsed schema: the record's name, its columns and their generators.
#[derive(Clone, Debug)]
pub struct AvroTable {
    pub name: String,
    pub columns: Vec<ColumnSpec>,
    pub generators: Vec<FieldGen>,
    /// Whole-row options of the top-level record.
    pub row_options: Option<Vec<Vec<Value>>>,
}

const DEFAULT_STRING_LENGTH: u32 = 8;
const DEFAULT_BYTES_LENGTH: u32 = 8;
const DEFAULT_COLLECTION_LENGTH: u32 = 3;
const ARG_KEYS: &[&str] = &["options", "iteration", "range", "regex", "length", "keys"];

fn err(path: &str, msg: impl std::fmt::Display) -> Error {
    if path.is_empty() {
        Error::validation(format!("Invalid Avro schema for datagen: {}", msg))
    } else {
        Error::validation(format!("Invalid Avro schema for datagen, field '{}': {}", path, msg))
    }
}

/// Parses a top-level record schema.
pub fn parse(json: &str) -> Result<AvroTable, Error> {
    let root: Json = serde_json::from_str(json).map_err(|e| err("", e))?;
    let Some(o) = root.as_object().filter(|o| o.get("type").and_then(Json::as_str) == Some("record")) else {
        return Err(err("", "the schema must be a record"));
    };
    let name = o.get("name").and_then(Json::as_str).unwrap_or("record").to_string();
    let (fields, gens) = record_fields(o, "")?;
    let row_options = match arg_props(o, "")? {
        Some(p) => match p.get("options") {
            Some(opts) => {
                let row_ty = TypeKind::Row { fields: fields.iter().map(|c| (c.name.clone(), c.ty.clone())).collect() };
                let arr = opts.as_array().ok_or_else(|| err("", "'options' must be an array"))?;
                let mut rows = Vec::with_capacity(arr.len());
                for j in arr {
                    match json_value(j, &DataType::not_null(row_ty.clone())).map_err(|m| err("", m))? {
                        Value::Row(vals) => rows.push((*vals).clone()),
                        _ => return Err(err("", "record options must be objects")),
                    }
                }
                if rows.is_empty() {
                    return Err(err("", "'options' is empty"));
                }
                Some(rows)
            }
            None => None,
        },
        None => None,
    };
    let generators = match &row_options {
        Some(_) => fields.iter().enumerate().map(|(i, c)| FieldGen::new(c.ty.clone(), Gen::RowOption(i))).collect(),
        None => gens,
    };
    Ok(AvroTable { name, columns: fields, generators, row_options })
}

fn record_fields(o: &Map<String, Json>, path: &str) -> Result<(Vec<ColumnSpec>, Vec<FieldGen>), Error> {
    let fields = o.get("fields").and_then(Json::as_array).ok_or_else(|| err(path, "a record needs 'fields'"))?;
    let mut cols = Vec::with_capacity(fields.len());
    let mut gens = Vec::with_capacity(fields.len());
    for f in fields {
        let fo = f.as_object().ok_or_else(|| err(path, "a field must be an object"))?;
        let name = fo.get("name").and_then(Json::as_str).ok_or_else(|| err(path, "a field needs a 'name'"))?;
        let fpath = if path.is_empty() { name.to_string() } else { format!("{}.{}", path, name) };
        let t = fo.get("type").ok_or_else(|| err(&fpath, "a field needs a 'type'"))?;
        let outer = arg_props(fo, &fpath)?;
        let g = schema(t, outer, &fpath)?;
        cols.push(ColumnSpec { name: name.to_string(), ty: g.ty.clone() });
        gens.push(g);
    }
    Ok((cols, gens))
}

fn arg_props<'a>(o: &'a Map<String, Json>, path: &str) -> Result<Option<&'a Map<String, Json>>, Error> {
    match o.get("arg.properties") {
        None => Ok(None),
        Some(Json::Object(p)) => {
            for k in p.keys() {
                if !ARG_KEYS.contains(&k.as_str()) {
                    return Err(err(
                        path,
                        format!("unsupported arg.properties key '{}' (supported: {})", k, ARG_KEYS.join(", ")),
                    ));
                }
            }
            Ok(Some(p))
        }
        Some(_) => Err(err(path, "'arg.properties' must be an object")),
    }
}

/// One schema node → its column type and generator.
fn schema(t: &Json, outer: Option<&Map<String, Json>>, path: &str) -> Result<FieldGen, Error> {
    match t {
        Json::String(s) => typed(s, None, outer, &Map::new(), path),
        Json::Array(branches) => {
            let non_null: Vec<&Json> = branches.iter().filter(|b| b.as_str() != Some("null")).collect();
            if non_null.len() != 1 {
                return Err(err(path, "only unions of \"null\" and one other type are supported"));
            }
            let inner = schema(non_null[0], outer, path)?;
            let ty = inner.ty.with_nullable(true);
            let inner = FieldGen { ty: ty.clone(), ..inner };
            let gens = branches
                .iter()
                .map(|b| if b.as_str() == Some("null") { FieldGen::new(ty.clone(), Gen::Null) } else { inner.clone() })
                .collect();
            Ok(FieldGen::new(ty, Gen::Union(gens)))
        }
        Json::Object(o) => {
            let props = arg_props(o, path)?.or(outer);
            match o.get("type") {
                Some(Json::String(s)) => {
                    let logical = o.get("logicalType").and_then(Json::as_str);
                    typed(s, logical, props, o, path)
                }
                Some(inner @ (Json::Object(_) | Json::Array(_))) => schema(inner, props, path),
                _ => Err(err(path, "a type object needs a 'type'")),
            }
        }
        _ => Err(err(path, "unrecognised type")),
    }
}

fn int_of(j: Option<&Json>, path: &str, what: &str) -> Result<Option<i64>, Error> {
    match j {
        None => Ok(None),
        Some(v) => v
            .as_i64()
            .or_else(|| v.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64))
            .map(Some)
            .ok_or_else(|| err(path, format!("'{}' must be a whole number", what))),
    }
}

fn float_of(j: Option<&Json>, path: &str, what: &str) -> Result<Option<f64>, Error> {
    match j {
        None => Ok(None),
        Some(v) => v.as_f64().map(Some).ok_or_else(|| err(path, format!("'{}' must be a number", what))),
    }
}

/// `length`: a number, or `{min, max}` with `max` exclusive → inclusive bounds, at most `cap`.
fn length_of(j: Option<&Json>, default: u32, cap: u32, path: &str) -> Result<(u32, u32), Error> {
    let (min, max) = match j {
        None => return Ok((default, default)),
        Some(Json::Object(o)) => {
            let min = int_of(o.get("min"), path, "length.min")?.unwrap_or(0).max(0);
            let max =
                int_of(o.get("max"), path, "length.max")?.map(|m| m.saturating_sub(1)).unwrap_or(min.saturating_add(8));
            (min, max.max(min))
        }
        Some(v) => {
            let n = int_of(Some(v), path, "length")?.unwrap_or(0).max(0);
            (n, n)
        }
    };
    if max > cap as i64 {
        return Err(err(path, format!("a length of {} is more than JoinLab generates ({})", max, cap)));
    }
    Ok((min as u32, max as u32))
}

fn typed(
    prim: &str,
    logical: Option<&str>,
    props: Option<&Map<String, Json>>,
    node: &Map<String, Json>,
    path: &str,
) -> Result<FieldGen, Error> {
    use TypeKind as K;
    let kind = match (prim, logical) {
        ("boolean", _) => K::Boolean,
        ("int", Some("date")) => K::Date,
        ("int", Some("time-millis")) => K::Time { precision: 3 },
        ("int", _) => K::Int,
        ("long", Some("timestamp-millis")) => K::TimestampLtz { precision: 3, attr: Default::default() },
        ("long", Some("local-timestamp-millis")) => K::Timestamp { precision: 3, attr: Default::default() },
        ("long", _) => K::BigInt,
        ("float", _) => K::Float,
        ("double", _) => K::Double,
        ("bytes", Some("decimal")) => {
            let p = int_of(node.get("precision"), path, "precision")?.unwrap_or(10).clamp(1, 38) as u8;
            let s = int_of(node.get("scale"), path, "scale")?.unwrap_or(0).clamp(0, p as i64) as u8;
            K::Decimal { precision: p, scale: s }
        }
        ("bytes", _) => K::VarBinary { length: MAX_LENGTH },
        ("fixed", _) => {
            let size = int_of(node.get("size"), path, "size")?.ok_or_else(|| err(path, "a fixed type needs 'size'"))?;
            K::Binary { length: size.clamp(1, super::MAX_GENERATED_LENGTH as i64) as u32 }
        }
        ("string", _) | ("enum", _) => K::VarChar { length: MAX_LENGTH },
        ("record", _) => {
            let (cols, gens) = record_fields(node, path)?;
            let ty = DataType::not_null(K::Row { fields: cols.into_iter().map(|c| (c.name, c.ty)).collect() });
            return with_options(FieldGen::new(ty, Gen::Row(gens)), props, path);
        }
        ("array", _) => {
            let items = node.get("items").ok_or_else(|| err(path, "an array needs 'items'"))?;
            let el = schema(items, None, &format!("{}.element", path))?;
            let (lo, hi) = length_of(
                props.and_then(|p| p.get("length")),
                DEFAULT_COLLECTION_LENGTH,
                super::MAX_COLLECTION_LENGTH,
                path,
            )?;
            let ty = DataType::not_null(K::Array { element: Box::new(el.ty.clone()) });
            return with_options(
                collection(ty, lo, hi, |len| Gen::Array { element: Box::new(el.clone()), len }),
                props,
                path,
            );
        }
        ("map", _) => {
            let values = node.get("values").ok_or_else(|| err(path, "a map needs 'values'"))?;
            let vg = schema(values, None, &format!("{}.value", path))?;
            let key_props = match props.and_then(|p| p.get("keys")) {
                Some(Json::Object(k)) => Some(k),
                Some(_) => return Err(err(path, "'keys' must be an object")),
                None => None,
            };
            let kg = typed("string", None, key_props, &Map::new(), &format!("{}.key", path))?;
            let kg = FieldGen { ty: DataType::not_null(K::VarChar { length: MAX_LENGTH }), ..kg };
            let (lo, hi) = length_of(
                props.and_then(|p| p.get("length")),
                DEFAULT_COLLECTION_LENGTH,
                super::MAX_COLLECTION_LENGTH,
                path,
            )?;
            let ty = DataType::not_null(K::Map { key: Box::new(kg.ty.clone()), value: Box::new(vg.ty.clone()) });
            let gen =
                collection(ty, lo, hi, |len| Gen::Map { key: Box::new(kg.clone()), value: Box::new(vg.clone()), len });
            return with_options(gen, props, path);
        }
        (other, _) => return Err(err(path, format!("unsupported Avro type '{}'", other))),
    };
    let ty = DataType::not_null(kind.clone());
    let p = props.cloned().unwrap_or_default();
    if p.contains_key("options") {
        return with_options(FieldGen::new(ty.clone(), Gen::Null), props, path);
    }
    if prim == "enum" {
        let symbols =
            node.get("symbols").and_then(Json::as_array).ok_or_else(|| err(path, "an enum needs 'symbols'"))?;
        let vals: Vec<Value> = symbols.iter().filter_map(Json::as_str).map(Value::str).collect();
        if vals.is_empty() {
            return Err(err(path, "an enum needs 'symbols'"));
        }
        return Ok(FieldGen::new(ty, Gen::Pick(Arc::new(vals))));
    }
    if let Some(re) = p.get("regex") {
        let pat = re.as_str().ok_or_else(|| err(path, "'regex' must be a string"))?;
        let g = RegexGen::parse(pat).map_err(|m| err(path, m))?;
        return Ok(FieldGen::new(ty, Gen::Regex(Arc::new(g))));
    }
    if let Some(it) = p.get("iteration") {
        let it = it.as_object().ok_or_else(|| err(path, "'iteration' must be an object"))?;
        for k in it.keys() {
            if !["start", "step", "restart"].contains(&k.as_str()) {
                return Err(err(path, format!("unsupported iteration key '{}' (supported: start, step, restart)", k)));
            }
        }
        if kind == K::Boolean {
            let first = it.get("start").and_then(Json::as_bool).unwrap_or(true);
            return Ok(FieldGen::new(ty, Gen::Alternate { first }));
        }
        if matches!(kind, K::Float | K::Double | K::Decimal { .. }) {
            let start = float_of(it.get("start"), path, "iteration.start")?.unwrap_or(0.0);
            let step = float_of(it.get("step"), path, "iteration.step")?.unwrap_or(1.0);
            let restart = float_of(it.get("restart"), path, "iteration.restart")?;
            let period = restart.filter(|_| step != 0.0).map(|r| ((r - start) / step).ceil().max(1.0) as u64);
            return Ok(FieldGen::new(ty, Gen::IterFloat { start, step, period }));
        }
        let start = int_of(it.get("start"), path, "iteration.start")?.unwrap_or(0);
        let step = int_of(it.get("step"), path, "iteration.step")?.unwrap_or(1);
        let restart = int_of(it.get("restart"), path, "iteration.restart")?;
        let period = restart.filter(|_| step != 0).map(|r| {
            let span = r as i128 - start as i128;
            let s = step as i128;
            ((span + s - s.signum()) / s).max(1) as u64
        });
        return Ok(FieldGen::new(ty, Gen::Iter { start, step, period }));
    }
    if let Some(range) = p.get("range") {
        let range = range.as_object().ok_or_else(|| err(path, "'range' must be an object"))?;
        match &kind {
            K::Float | K::Double => {
                let min = float_of(range.get("min"), path, "range.min")?.unwrap_or(0.0);
                let max = float_of(range.get("max"), path, "range.max")?.unwrap_or(1.0);
                if min >= max {
                    return Err(err(path, "range.min must be less than range.max"));
                }
                return Ok(FieldGen::new(ty, Gen::Uniform { min, max }));
            }
            K::Decimal { precision, scale } => {
                let f = 10f64.powi(*scale as i32);
                let largest = 10i128.pow(*precision as u32) - 1;
                let min =
                    float_of(range.get("min"), path, "range.min")?.map(|m| (m * f).ceil() as i128).unwrap_or(-largest);
                let max = float_of(range.get("max"), path, "range.max")?
                    .map(|m| ((m * f).ceil() as i128).saturating_sub(1))
                    .unwrap_or(largest);
                if min > max {
                    return Err(err(path, "range.min must be less than range.max"));
                }
                return Ok(FieldGen::new(ty, Gen::Decimal { min: min.max(-largest), max: max.min(largest) }));
            }
            _ => {
                let (lo, hi) = if kind == K::Int { (i32::MIN as i64, i32::MAX as i64) } else { (i64::MIN, i64::MAX) };
                let min = int_of(range.get("min"), path, "range.min")?.unwrap_or(lo);
                let max = int_of(range.get("max"), path, "range.max")?.map(|m| m.saturating_sub(1)).unwrap_or(hi);
                if min > max {
                    return Err(err(path, "range.min must be less than range.max"));
                }
                return Ok(FieldGen::new(ty, Gen::Int { min, max }));
            }
        }
    }
    let default_len = if prim == "string" { DEFAULT_STRING_LENGTH } else { DEFAULT_BYTES_LENGTH };
    let (lo, hi) = length_of(p.get("length"), default_len, super::MAX_GENERATED_LENGTH, path)?;
    let gen = match &kind {
        K::Boolean => Gen::Bool,
        K::Int => Gen::Int { min: i32::MIN as i64, max: i32::MAX as i64 },
        K::BigInt => Gen::Int { min: i64::MIN, max: i64::MAX },
        K::Float | K::Double => Gen::Uniform { min: 0.0, max: 1.0 },
        K::Decimal { precision, .. } => {
            let largest = 10i128.pow(*precision as u32) - 1;
            Gen::Decimal { min: -largest, max: largest }
        }
        K::Date => Gen::EventDate,
        K::Time { .. } => Gen::EventTimeOfDay,
        K::Timestamp { .. } | K::TimestampLtz { .. } => Gen::PastTime { max_past_ms: 0 },
        K::VarChar { .. } if node.get("logicalType").and_then(Json::as_str) == Some("uuid") => Gen::Uuid,
        K::VarChar { .. } => {
            let g = RegexGen::parse(&format!("[a-z0-9]{{{},{}}}", lo, hi)).map_err(|m| err(path, m))?;
            Gen::Regex(Arc::new(g))
        }
        K::Binary { length } => Gen::Bytes { len: *length, var_len: false },
        K::VarBinary { .. } => return Ok(collection(ty, lo, hi, |len| Gen::Bytes { len, var_len: false })),
        _ => return Err(err(path, "no generator for this type")),
    };
    Ok(FieldGen::new(ty, gen))
}

/// A generator of `lo..=hi` elements: one length, or a uniform choice among the lengths.
fn collection(ty: DataType, lo: u32, hi: u32, make: impl Fn(u32) -> Gen) -> FieldGen {
    if lo == hi {
        FieldGen::new(ty, make(lo))
    } else {
        FieldGen::new(ty.clone(), Gen::Union((lo..=hi).map(|n| FieldGen::new(ty.clone(), make(n))).collect()))
    }
}

/// `options` on any node: pick one of the listed values (converted to the node's type).
fn with_options(g: FieldGen, props: Option<&Map<String, Json>>, path: &str) -> Result<FieldGen, Error> {
    let Some(opts) = props.and_then(|p| p.get("options")) else { return Ok(g) };
    let arr = match opts {
        Json::Array(a) => a,
        Json::Object(o) if o.contains_key("file") => {
            return Err(err(path, "'options' read from a file are not supported; list the values"))
        }
        _ => return Err(err(path, "'options' must be an array")),
    };
    let vals = arr.iter().map(|j| json_value(j, &g.ty)).collect::<Result<Vec<_>, _>>().map_err(|m| err(path, m))?;
    if vals.is_empty() {
        return Err(err(path, "'options' is empty"));
    }
    Ok(FieldGen::new(g.ty, Gen::Pick(Arc::new(vals))))
}

/// A JSON value from a schema (`options`) as a value of type `ty`.
pub fn json_value(j: &Json, ty: &DataType) -> Result<Value, String> {
    use TypeKind as K;
    if j.is_null() {
        return Ok(Value::Null);
    }
    let bad = || format!("option {} does not fit {}", j, ty.summary());
    Ok(match &ty.kind {
        K::Boolean => Value::Bool(j.as_bool().ok_or_else(bad)?),
        K::Float | K::Double => from_f64(j.as_f64().ok_or_else(bad)?, &ty.kind),
        K::Decimal { .. } => {
            let text = match j {
                Json::Number(n) => n.to_string(),
                Json::String(s) => s.clone(),
                _ => return Err(bad()),
            };
            from_decimal(Decimal::parse(&text).ok_or_else(bad)?, &ty.kind)
        }
        k if k.is_integer() || k.is_datetime() => from_i64(j.as_i64().ok_or_else(bad)?, k),
        K::Char { .. } | K::VarChar { .. } => match j {
            Json::String(s) => Value::str(s),
            Json::Number(n) => Value::str(&n.to_string()),
            Json::Bool(b) => Value::str(if *b { "true" } else { "false" }),
            _ => return Err(bad()),
        },
        K::Binary { .. } | K::VarBinary { .. } => Value::Bytes(Arc::from(j.as_str().ok_or_else(bad)?.as_bytes())),
        K::Array { element } => {
            let items =
                j.as_array().ok_or_else(bad)?.iter().map(|e| json_value(e, element)).collect::<Result<Vec<_>, _>>()?;
            Value::Array(Arc::new(items))
        }
        K::Map { value, .. } => {
            let o = j.as_object().ok_or_else(bad)?;
            let entries = o
                .iter()
                .map(|(k, v)| Ok((Value::str(k), json_value(v, value)?)))
                .collect::<Result<Vec<_>, String>>()?;
            Value::Map(Arc::new(entries))
        }
        K::Row { fields } => {
            let o = j.as_object().ok_or_else(bad)?;
            let vals = fields
                .iter()
                .map(|(n, t)| json_value(o.get(n).unwrap_or(&Json::Null), t))
                .collect::<Result<Vec<_>, String>>()?;
            Value::Row(Arc::new(vals))
        }
        _ => return Err(bad()),
    })
}

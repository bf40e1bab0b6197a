//! Values of `@` data lines, read as the oracle reads them (`Values.parse`): `NULL`, quoted or
//! bare strings, `yyyy-MM-dd HH:mm:ss[.fff]` timestamps (TIMESTAMP_LTZ in the session zone
//! unless suffixed `Z` or `+hh:mm`), arrays `[a, b]`, maps `{k=v}`, rows `(a, b)`.

use std::sync::Arc;

use crate::time::{parse_date, parse_time_of_day, parse_ts_relaxed, SessionZone, Ts};
use crate::types::{DataType, TypeKind};
use crate::value::{Decimal, Value};

/// Splits on `sep` outside quotes and brackets.
pub fn split_top(s: &str, sep: char) -> Vec<String> {
    split_top_str(s, sep).into_iter().map(String::from).collect()
}

/// [`split_top`] without copying: the parts (trimmed) as slices of `s`. `sep` and the quotes
/// and brackets are ASCII, which no byte of a longer UTF-8 character is, so scanning bytes
/// splits where scanning characters does.
pub fn split_top_str(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let sep = if sep.is_ascii() { sep as u8 } else { return vec![s.trim()] };
    let b = s.as_bytes();
    let mut depth = 0i32;
    let mut quoted = false;
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if quoted {
            if c == b'\'' {
                if i + 1 < b.len() && b[i + 1] == b'\'' {
                    i += 1;
                } else {
                    quoted = false;
                }
            }
            i += 1;
            continue;
        }
        match c {
            b'\'' => quoted = true,
            b'[' | b'{' | b'(' => depth += 1,
            b']' | b'}' | b')' => depth -= 1,
            c if c == sep && depth == 0 => {
                parts.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(s[start..].trim());
    parts
}

fn is_quoted(s: &str) -> bool {
    s.len() >= 2 && s.starts_with('\'') && s.ends_with('\'')
}

fn unquote(s: &str) -> String {
    s[1..s.len() - 1].replace("''", "'")
}

/// An instant: with `Z` or `±hh:mm` absolute, otherwise local time in `zone`.
fn off_is_ascii(s: &str) -> bool {
    s.is_ascii()
}

pub fn parse_instant(s: &str, zone: &SessionZone) -> Option<Ts> {
    let x = s.trim();
    if let Some(body) = x.strip_suffix('Z') {
        return parse_ts_relaxed(body);
    }
    if x.len() > 6 && x.is_char_boundary(x.len() - 6) && off_is_ascii(&x[x.len() - 6..]) {
        let (body, off) = x.split_at(x.len() - 6);
        let ob = off.as_bytes();
        if (ob[0] == b'+' || ob[0] == b'-') && ob[3] == b':' {
            let h: i64 = off[1..3].parse().ok()?;
            let m: i64 = off[4..6].parse().ok()?;
            let sign = if ob[0] == b'-' { -1 } else { 1 };
            let t = parse_ts_relaxed(body)?;
            return Some(Ts { millis: t.millis - sign * (h * 3600 + m * 60) * 1000, nanos: t.nanos });
        }
    }
    let t = parse_ts_relaxed(x)?;
    Some(Ts { millis: zone.local_to_instant(t.millis), nanos: t.nanos })
}

/// Parses one value of a data line into the column's type; `Err` says why.
pub fn parse_value(text: &str, t: &DataType, zone: &SessionZone) -> Result<Value, String> {
    let s = text.trim();
    if s.eq_ignore_ascii_case("NULL") {
        if !t.nullable {
            return Err(format!("NULL for NOT NULL type {}", t.summary()));
        }
        return Ok(Value::Null);
    }
    let composite = matches!(t.kind, TypeKind::Array { .. } | TypeKind::Map { .. } | TypeKind::Row { .. });
    let owned;
    let s = if !composite && is_quoted(s) {
        owned = unquote(s);
        owned.as_str()
    } else {
        s
    };
    let bad = |what: &str| format!("{}: {}", what, s);
    Ok(match &t.kind {
        TypeKind::Char { .. } | TypeKind::VarChar { .. } => Value::str(s),
        TypeKind::Boolean => Value::Bool(s.eq_ignore_ascii_case("true")),
        TypeKind::TinyInt => Value::TinyInt(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::SmallInt => Value::SmallInt(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::Int => Value::Int(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::BigInt => Value::BigInt(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::Float => Value::Float(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::Double => Value::Double(s.parse().map_err(|_| bad("For input string"))?),
        TypeKind::Decimal { scale, .. } => {
            let d = Decimal::parse(s).ok_or_else(|| bad("Character array is missing \"exponent\" mark 'e' or 'E'"))?;
            let r = d.rescale(*scale).ok_or_else(|| "Rounding necessary".to_string())?;
            if r.rescale(d.scale).map(|x| x != d).unwrap_or(true) && d.scale > *scale {
                return Err("Rounding necessary".into());
            }
            Value::decimal(r)
        }
        TypeKind::Date => Value::Date(parse_date(s).ok_or_else(|| bad("Text could not be parsed"))?),
        TypeKind::Time { .. } => Value::Time(parse_time_of_day(s).ok_or_else(|| bad("Text could not be parsed"))?),
        TypeKind::Timestamp { .. } => {
            Value::Timestamp(parse_ts_relaxed(s).ok_or_else(|| bad("Text could not be parsed"))?)
        }
        TypeKind::TimestampLtz { .. } => {
            Value::TimestampLtz(parse_instant(s, zone).ok_or_else(|| bad("Text could not be parsed"))?)
        }
        TypeKind::Array { element } => {
            if !(s.starts_with('[') && s.ends_with(']')) {
                return Err(format!("array literal must be [..]: {}", s));
            }
            let inner = s[1..s.len() - 1].trim();
            let items = if inner.is_empty() { Vec::new() } else { split_top(inner, ',') };
            let mut v = Vec::with_capacity(items.len());
            for it in items {
                v.push(parse_value(&it, element, zone)?);
            }
            Value::Array(Arc::new(v))
        }
        TypeKind::Map { key, value } => {
            if !(s.starts_with('{') && s.ends_with('}')) {
                return Err(format!("map literal must be {{k=v, ..}}: {}", s));
            }
            let inner = s[1..s.len() - 1].trim();
            let mut v = Vec::new();
            if !inner.is_empty() {
                for kv in split_top(inner, ',') {
                    let p = split_top(&kv, '=');
                    if p.len() != 2 {
                        return Err(format!("map entry must be k=v: {}", kv));
                    }
                    v.push((parse_value(&p[0], key, zone)?, parse_value(&p[1], value, zone)?));
                }
            }
            Value::Map(Arc::new(v))
        }
        TypeKind::Row { fields } => {
            if !(s.starts_with('(') && s.ends_with(')')) {
                return Err(format!("row literal must be (a, b, ..): {}", s));
            }
            let items = split_top(&s[1..s.len() - 1], ',');
            if items.len() != fields.len() {
                return Err(format!("row arity mismatch: {}", s));
            }
            let mut v = Vec::new();
            for (it, (_, ft)) in items.iter().zip(fields) {
                v.push(parse_value(it, ft, zone)?);
            }
            Value::Row(Arc::new(v))
        }
        other => return Err(format!("unsupported column type in scenario data: {:?}", other)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_line_values() {
        let z = SessionZone::parse("America/Los_Angeles").unwrap();
        let ltz = DataType::nullable(TypeKind::TimestampLtz { precision: 3, attr: Default::default() });
        assert_eq!(
            parse_value("2023-11-03 12:22:47.268Z", &ltz, &z).unwrap(),
            Value::TimestampLtz(Ts::from_millis(1_699_014_167_268))
        );
        assert_eq!(
            parse_value("2023-11-03 05:22:47.268", &ltz, &z).unwrap(),
            Value::TimestampLtz(Ts::from_millis(1_699_014_167_268))
        );
        let arr = DataType::nullable(TypeKind::Array { element: Box::new(DataType::string()) });
        assert_eq!(
            parse_value("[a, 'b, c']", &arr, &z).unwrap(),
            Value::Array(Arc::new(vec![Value::str("a"), Value::str("b, c")]))
        );
        assert_eq!(split_top("1 | 'a | b' | [x|y]", '|'), vec!["1", "'a | b'", "[x|y]"]);
        assert_eq!(split_top_str(" é | 'it''s | x' |ü|", '|'), vec!["é", "'it''s | x'", "ü", ""]);
        let dec = DataType::nullable(TypeKind::Decimal { precision: 10, scale: 2 });
        assert_eq!(parse_value("1.2", &dec, &z).unwrap(), Value::decimal(Decimal::new(120, 2)));
        assert!(parse_value("1.234", &dec, &z).is_err());
    }
}

#[cfg(test)]
mod collection_tests {
    use super::*;

    /// Values as the oracle printed them (tests/conformance/unnest/map_values.expected,
    /// row_and_nested_values.expected, collect_and_array_agg.expected).
    fn type_of(s: &str) -> DataType {
        static D: crate::sql::dialect::FlinkDialect = crate::sql::dialect::FlinkDialect;
        let mut p = sqlparser::parser::Parser::new(&D).try_with_sql(s).unwrap();
        crate::sql::types::parse_type(&mut p).unwrap()
    }

    #[test]
    fn collections_print_as_the_oracle() {
        let z = SessionZone::default();
        let cases = [
            ("MAP<STRING, INT>", "{b=2, a=1, c=3, zz=9, Aa=5, BB=6}", "{zz=9, Aa=5, BB=6, a=1, b=2, c=3}"),
            ("MAP<INT, STRING>", "{30=x, 1=y, 17=z, 16=w}", "{16=w, 1=y, 17=z, 30=x}"),
            ("MAP<STRING, INT>", "{x=NULL}", "{x=NULL}"),
            ("ROW<a INT, b STRING>", "(NULL, NULL)", "(NULL, NULL)"),
            ("ARRAY<ROW<x INT, y STRING>>", "[(NULL, NULL), NULL]", "[(NULL, NULL), NULL]"),
            ("ARRAY<ARRAY<INT>>", "[[1, 2], [], [3]]", "[[1, 2], [], [3]]"),
            ("MAP<STRING, ARRAY<INT>>", "{k=[1, 2]}", "{k=[1, 2]}"),
        ];
        for (ty, written, printed) in cases {
            let t = type_of(ty);
            let v = parse_value(written, &t, &z).unwrap();
            assert_eq!(v.render(&t, &z), written, "{}", ty);
            assert_eq!(v.render_external(&t, &z), printed, "{}", ty);
        }
        let ms = DataType::not_null(TypeKind::Multiset { element: Box::new(DataType::string()) });
        let v = Value::Map(Arc::new(vec![(Value::str("a"), Value::Int(1)), (Value::str("zz"), Value::Int(2))]));
        assert_eq!(v.render_external(&ms, &z), "{zz=2, a=1}");
        assert_eq!(ms.summary(), "MULTISET<STRING> NOT NULL");
    }
}

//! A value as a SQL literal Flink's INSERT … VALUES reads back to the same value (the forms the
//! oracle's README lists: `TIMESTAMP '…'`, `TO_TIMESTAMP_LTZ(ms, 3)`, `CAST(NULL AS type)`, …).
//! None where there is no such literal (an empty array).

use crate::time::SessionZone;
use crate::types::{DataType, TypeKind};
use crate::value::Value;

fn quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

pub fn literal(v: &Value, t: &DataType) -> Option<String> {
    let utc = SessionZone::default();
    let plain = t.with_time_attr(crate::types::TimeAttr::None);
    Some(match v {
        Value::Null => format!("CAST(NULL AS {})", plain.sql().trim_end_matches(" NOT NULL")),
        Value::Bool(b) => if *b { "TRUE" } else { "FALSE" }.into(),
        Value::TinyInt(_) | Value::SmallInt(_) => format!("CAST({} AS {})", v.render(t, &utc), plain.sql()),
        Value::Int(i) => i.to_string(),
        Value::BigInt(i) => i.to_string(),
        Value::Float(_) | Value::Double(_) => {
            let f = v.as_f64().unwrap_or(0.0);
            let ty = if matches!(v, Value::Float(_)) { "FLOAT" } else { "DOUBLE" };
            if f.is_finite() {
                format!("CAST({} AS {})", v.render(t, &utc), ty)
            } else {
                format!("CAST({} AS {})", quote(&v.render(t, &utc)), ty)
            }
        }
        Value::Decimal(_) => v.render(t, &utc),
        Value::String(s) => quote(s),
        Value::Bytes(b) => format!("X'{}'", b.iter().map(|x| format!("{:02X}", x)).collect::<String>()),
        Value::Date(_) => format!("DATE {}", quote(&v.render(t, &utc))),
        Value::Time(_) => format!("TIME {}", quote(&v.render(t, &utc))),
        Value::Timestamp(_) => format!("TIMESTAMP {}", quote(&v.render(t, &utc))),
        Value::TimestampLtz(ts) => {
            if ts.nanos % 1_000_000 != 0 {
                return None;
            }
            format!("TO_TIMESTAMP_LTZ({}, 3)", ts.millis)
        }
        Value::Array(items) => {
            let TypeKind::Array { element } = &t.kind else { return None };
            if items.is_empty() {
                return None;
            }
            let parts: Option<Vec<String>> = items.iter().map(|x| literal(x, element)).collect();
            format!("ARRAY[{}]", parts?.join(", "))
        }
        Value::Map(entries) => {
            let TypeKind::Map { key, value } = &t.kind else { return None };
            if entries.is_empty() {
                return None;
            }
            let mut parts = Vec::new();
            for (k, x) in entries.iter() {
                parts.push(literal(k, key)?);
                parts.push(literal(x, value)?);
            }
            format!("MAP[{}]", parts.join(", "))
        }
        Value::Row(_) | Value::Interval(_) | Value::IntervalMonths(_) => {
            return None;
        }
    })
}

//! `Median`: the oracle's `oracle.udf.Median` (from the prose of Confluent's Median PTF tutorial),
//! line by line. One set-semantic table argument `input` and a scalar `numTrailing INT` (by name or
//! by position: `Median(TABLE t PARTITION BY k, 3)`); no Context, no timers, no `on_time` needed.
//!
//! **State** (`TempsState.temps`, per partition): the trailing temperatures, oldest first. Every
//! row appends its `temperature` (a NULL one is not kept), then drops the oldest while more than
//! `numTrailing` are kept. Never freed (no TTL).
//! **Emits**: one `+I[temperature, median]` per row, at once: the median of the kept values (the
//! middle one after sorting; for an even count the mean of the two middle ones), NULL when none
//! are kept. **Retracts**: never. A negative `numTrailing` fails the job at the first row
//! (Java's `IndexOutOfBoundsException`, as the oracle's class does).

use std::sync::Arc;

use super::{show, EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature};
use crate::error::RuntimeError;
use crate::value::Value;

pub struct Median;

/// `Median.median`: NULL (None) for an empty list.
fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let mut s = xs.to_vec();
    // Collections.sort on Double: Double.compareTo, a total order (-0.0 < 0.0, NaN last)
    crate::sort::sort_by(&mut s, |a, b| a.total_cmp(b));
    let n = s.len();
    Some(if n % 2 == 1 { s[n / 2] } else { (s[n / 2 - 1] + s[n / 2]) / 2.0 })
}

fn temps(state: &PtfState) -> Vec<f64> {
    match state.get("temps") {
        Value::Array(a) => a.iter().filter_map(|x| if let Value::Double(d) = x { Some(*d) } else { None }).collect(),
        _ => Vec::new(),
    }
}

impl ProcessTableFunction for Median {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::MEDIAN
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("temps", Value::Array(Arc::new(Vec::new())));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let n = match call.scalars.first() {
            Some(Value::Int(n)) => *n,
            _ => return Err(RuntimeError::new("not supported yet: Median with a NULL numTrailing")),
        };
        if !call.names.iter().any(|c| c == "temperature") {
            return Err(RuntimeError::new("not supported yet: Median on a table without a column temperature"));
        }
        let temperature = match call.field("temperature") {
            Value::Null => None,
            Value::Double(d) => Some(*d),
            _ => return Err(RuntimeError::new("not supported yet: Median on a temperature column that is not DOUBLE")),
        };
        let mut kept = temps(state);
        if let Some(t) = temperature {
            kept.push(t);
        }
        let mut dropped = Vec::new();
        while kept.len() as i64 > i64::from(n) {
            if kept.is_empty() {
                // a negative numTrailing: Java's ArrayList.remove(0) of an empty list fails the job
                return Err(RuntimeError::java(
                    "java.lang.IndexOutOfBoundsException",
                    "Index 0 out of bounds for length 0",
                ));
            }
            dropped.push(kept.remove(0));
        }
        let m = median(&kept);
        let list = |xs: &[f64]| xs.iter().map(|x| show(&Value::Double(*x))).collect::<Vec<_>>().join(", ");
        let mut why = match temperature {
            Some(t) => format!("adds {} to the trailing temperatures (at most {} kept)", show(&Value::Double(t)), n),
            None => format!("a NULL temperature is not kept (at most {} kept)", n),
        };
        if !dropped.is_empty() {
            why.push_str(&format!(", drops the oldest {}", list(&dropped)));
        }
        why.push_str(&match m {
            Some(m) => format!("; kept [{}], so it emits median {}", list(&kept), show(&Value::Double(m))),
            None => "; none kept, so it emits median NULL".to_string(),
        });
        state.set("temps", Value::Array(Arc::new(kept.into_iter().map(Value::Double).collect())));
        out.why = Some(why);
        out.collect(vec![temperature.map_or(Value::Null, Value::Double), m.map_or(Value::Null, Value::Double)]);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call<'a>(row: &'a [Value], names: &'a [String], scalars: &'a [Value]) -> EvalCall<'a> {
        EvalCall {
            table: 0,
            kind: crate::kinds::RowKind::Insert,
            key: &row[..1],
            row,
            names,
            time: None,
            scalars,
            watermark: None,
            table_watermarks: &[],
        }
    }

    /// The oracle (Flink 2.3.0, `Median(TABLE readings PARTITION BY sensor_id, -1)`) fails the job
    /// at the first row with `java.lang.IndexOutOfBoundsException: Index 0 out of bounds for
    /// length 0` (not a conformance script: the oracle's first line, `job terminated early:
    /// FAILING` or `FAILED`, depends on when the harness polls the job status).
    #[test]
    fn negative_num_trailing_fails_like_java() {
        let names = vec!["sensor_id".to_string(), "temperature".to_string()];
        let row = vec![Value::Int(1), Value::Double(10.0)];
        let scalars = vec![Value::Int(-1)];
        let f = Median;
        let mut st = f.new_state();
        let mut out = PtfOut::default();
        let err = f.eval(&mut st, &call(&row, &names, &scalars), &mut out).err();
        assert_eq!(
            err.map(|e| e.cause_text()).as_deref(),
            Some("java.lang.IndexOutOfBoundsException: Index 0 out of bounds for length 0")
        );
        assert!(out.rows.is_empty());
    }
}

//! `SensorFusionPtf`, exactly as the Confluent tutorial's Java code (seed 002): two set-semantic
//! table arguments (`temperature_reading`, `humidity_reading`, both `REQUIRE_ON_TIME`),
//! co-partitioned by machine / sensor id; epoch-anchored tumbling windows of `windowInterval`
//! computed from each row's time (`t - t % interval`); when a row's window start differs from the
//! stored one, the stored window's verdict is emitted —
//! `median(temperatures) > temperatureThreshold AND median(humidities) > humidityThreshold` —
//! and both lists are cleared. No timers: a partition's last window never emits, and the result
//! depends on how the two tables interleave (oracle `i3` by-time: 2 rows; `i4` as-written: 6 FALSE).
//!
//! The median: sort, the middle value, the mean of the two middle values for an even count; an
//! empty list gives NaN (the tutorial's `emitWindowResult` is not shown; the oracle's class does
//! this), so a comparison with it is false. NULL readings are skipped (the tutorial's
//! `if (temperature != null)`).
//!
//! Output: `windowStart TIMESTAMP(3), windowEnd TIMESTAMP(3), needsMaintenance BOOLEAN` — the
//! oracle's class declares this ROW. The tutorial's class emits a POJO, whose `SELECT *` column
//! order and types may differ (README "POJO rule"); the tutorial's query selects by name.

use super::{show, EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature};
use crate::error::RuntimeError;
use crate::time::Ts;
use crate::value::Value;
use std::sync::Arc;

pub struct SensorFusionPtf {
    /// The tutorial's own class rather than the oracle's: a window emits only when both lists
    /// have readings (Guava's `Quantiles.median()` needs values), and the POJO's columns come in
    /// alphabetical order (`needsMaintenance, windowEnd, windowStart`; see `catalog::ptf`).
    pub tutorial: bool,
}

/// The tutorial's median (NaN for an empty list).
pub fn median(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return f64::NAN;
    }
    let mut s = xs.to_vec();
    crate::sort::sort_by(&mut s, |a, b| a.total_cmp(b));
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

fn doubles(v: &Value) -> Vec<f64> {
    match v {
        Value::Array(a) => a.iter().filter_map(|x| if let Value::Double(d) = x { Some(*d) } else { None }).collect(),
        _ => Vec::new(),
    }
}

fn push(state: &mut PtfState, name: &'static str, x: f64) {
    let mut l: Vec<Value> = match state.get(name) {
        Value::Array(a) => a.as_ref().clone(),
        _ => Vec::new(),
    };
    l.push(Value::Double(x));
    state.set(name, Value::Array(Arc::new(l)));
}

/// The verdict in words: `median temperature 79.0 > 75.0, median humidity 86.5 > 80.0 →
/// needsMaintenance TRUE`.
pub fn verdict_text(mt: f64, t_thr: f64, mh: f64, h_thr: f64) -> String {
    let cmp = |a: f64, b: f64| if a > b { ">" } else { "≤" };
    format!(
        "median temperature {} {} {}, median humidity {} {} {} → needsMaintenance {}",
        show(&Value::Double(mt)),
        cmp(mt, t_thr),
        show(&Value::Double(t_thr)),
        show(&Value::Double(mh)),
        cmp(mh, h_thr),
        show(&Value::Double(h_thr)),
        if mt > t_thr && mh > h_thr { "TRUE" } else { "FALSE" }
    )
}

/// The partition's key (`M1`).
fn key_text(call: &EvalCall) -> String {
    call.key.iter().map(show).collect::<Vec<_>>().join(", ")
}

/// A time as the tutorial's readings show it (`09:05:12`, with milliseconds when it has some).
fn clock(ms: i64) -> String {
    let full = crate::time::format_ts(Ts::from_millis(ms), 3);
    let t = full.split(' ').nth(1).unwrap_or(&full).to_string();
    t.strip_suffix(".000").map(str::to_string).unwrap_or(t)
}

fn scalar_f64(v: Option<&Value>) -> f64 {
    match v {
        Some(Value::Double(d)) => *d,
        _ => f64::NAN,
    }
}

impl ProcessTableFunction for SensorFusionPtf {
    fn signature(&self) -> &'static Signature {
        if self.tutorial {
            &crate::catalog::ptf::SENSOR_FUSION_TUTORIAL
        } else {
            &crate::catalog::ptf::SENSOR_FUSION
        }
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("windowStartMillis", Value::BigInt(-1));
        s.set("windowEndMillis", Value::BigInt(-1));
        s.set("temperatures", Value::Array(Arc::new(Vec::new())));
        s.set("humidities", Value::Array(Arc::new(Vec::new())));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let Some(t) = call.time else {
            return Err(RuntimeError::new("not supported yet: SensorFusionPtf on a row without a time"));
        };
        let interval = match call.scalars.first() {
            Some(Value::Interval(ms)) if *ms <= 0 && self.tutorial => {
                return Err(RuntimeError::new(
                    "java.lang.IllegalArgumentException: windowInterval must be a positive duration",
                ))
            }
            Some(Value::Interval(ms)) if *ms != 0 => *ms,
            _ => {
                return Err(RuntimeError::new("not supported yet: SensorFusionPtf with a zero or NULL windowInterval"))
            }
        };
        let (t_thr, h_thr) = (scalar_f64(call.scalars.get(1)), scalar_f64(call.scalars.get(2)));
        let window_start = t - (t % interval);
        let window_end = window_start + interval;
        let stored = match state.get("windowStartMillis") {
            Value::BigInt(v) => *v,
            _ => -1,
        };
        if stored != -1 && stored != window_start {
            let stored_end = match state.get("windowEndMillis") {
                Value::BigInt(v) => *v,
                _ => stored + interval,
            };
            let (temps, hums) = (doubles(state.get("temperatures")), doubles(state.get("humidities")));
            if self.tutorial && (temps.is_empty() || hums.is_empty()) {
                out.why = Some(format!(
                    "{} reading {} {} rolled {}'s window forward, but the closed window [{}, {}) has no {} readings: the tutorial's emitWindowResult emits nothing then",
                    if call.table == 0 { "temperature" } else { "humidity" },
                    key_text(call),
                    clock(t),
                    key_text(call),
                    clock(stored),
                    clock(stored_end),
                    match (temps.is_empty(), hums.is_empty()) {
                        (true, true) => "temperature or humidity",
                        (true, false) => "temperature",
                        _ => "humidity",
                    }
                ));
            } else {
                let (mt, mh) = (median(&temps), median(&hums));
                let needs = mt > t_thr && mh > h_thr;
                out.why = Some(format!(
                    "{} reading {} {} rolled {}'s window forward: {} for [{}, {})",
                    if call.table == 0 { "temperature" } else { "humidity" },
                    key_text(call),
                    clock(t),
                    key_text(call),
                    verdict_text(mt, t_thr, mh, h_thr),
                    clock(stored),
                    clock(stored_end),
                ));
                let (start, end) =
                    (Value::Timestamp(Ts::from_millis(stored)), Value::Timestamp(Ts::from_millis(stored_end)));
                out.collect(if self.tutorial {
                    vec![Value::Bool(needs), end, start]
                } else {
                    vec![start, end, Value::Bool(needs)]
                });
            }
            state.set("temperatures", Value::Array(Arc::new(Vec::new())));
            state.set("humidities", Value::Array(Arc::new(Vec::new())));
        }
        state.set("windowStartMillis", Value::BigInt(window_start));
        state.set("windowEndMillis", Value::BigInt(window_end));
        if out.why.is_none() {
            out.why = Some(if stored == -1 {
                format!(
                    "{}'s first reading opens its window [{}, {})",
                    key_text(call),
                    clock(window_start),
                    clock(window_end)
                )
            } else {
                format!(
                    "still in {}'s window [{}, {}): the reading is added to its list, nothing is emitted",
                    key_text(call),
                    clock(window_start),
                    clock(window_end)
                )
            });
        }
        if call.table == 0 {
            if let Value::Double(d) = call.field("temperature") {
                push(state, "temperatures", *d);
            }
        } else if let Value::Double(d) = call.field("humidity") {
            push(state, "humidities", *d);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn tutorial_medians() {
        assert_eq!(median(&[78.0, 80.0, 76.0, 82.0]), 79.0);
        assert_eq!(median(&[85.0, 88.0, 82.0, 90.0]), 86.5);
        assert!(median(&[]).is_nan());
    }
}

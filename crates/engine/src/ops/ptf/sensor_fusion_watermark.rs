//! `SensorFusionWatermarkPtf`: the production variant the sensor-fusion tutorial suggests, as the
//! oracle's `oracle.udf.SensorFusionWatermarkPtf` implements it (oracle `i5` by-time, `i6`
//! as-written). Same arguments and output as `SensorFusionPtf`: two set-semantic tables
//! (`temperature_reading`, `humidity_reading`, both `REQUIRE_ON_TIME`) co-partitioned by machine /
//! sensor id, `windowInterval`, `temperatureThreshold`, `humidityThreshold`.
//!
//! **Buffers**: every reading goes to the epoch-anchored tumbling window of its time
//! (`windowStart = t - floorMod(t, interval)`), kept per window end (`OpenWindows.byEnd`); several
//! windows of one partition may be open at once. The first reading of a window registers an
//! unnamed timer at the window end. NULL readings are skipped, but still open the window (and its
//! timer). The thresholds of the latest eval are kept in state for `onTimer`.
//! **Emits**: when the timer fires (the combined watermark of both tables reaches the window end),
//! `(windowStart, windowEnd, median(temps) > temperatureThreshold AND median(hums) >
//! humidityThreshold)` with rowtime = the window end — only if the window has readings from both
//! tables; a window with readings from one table only emits nothing. Never retracts.
//! **Frees**: the window's buffer when its timer fires (the thresholds stay).
//! **Late rows** (their window end ≤ the combined watermark: the timer has fired or would fire at
//! once) are ignored. Because the buffers do not depend on arrival order, every interleaving that
//! keeps each table's rows on time gives the same verdicts (`i5` = `i6`, only the steps differ).

use std::sync::Arc;

use super::sensor_fusion::median;
use super::{show, EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature, TimerCall, TimerOp};
use crate::error::RuntimeError;
use crate::time::Ts;
use crate::value::Value;

pub struct SensorFusionWatermarkPtf;

/// A time as the readings show it (`09:05:12`, with milliseconds when it has some).
fn clock(ms: i64) -> String {
    if ms == i64::MAX || ms == i64::MIN {
        return crate::time::format_watermark(ms);
    }
    let full = crate::time::format_ts(Ts::from_millis(ms), 3);
    let t = full.split(' ').nth(1).unwrap_or(&full).to_string();
    t.strip_suffix(".000").map(str::to_string).unwrap_or(t)
}

fn key_text(key: &[Value]) -> String {
    key.iter().map(show).collect::<Vec<_>>().join(", ")
}

fn millis(v: &Value) -> Option<i64> {
    match v {
        Value::Timestamp(t) => Some(t.millis),
        _ => None,
    }
}

fn doubles(v: Option<&Value>) -> Vec<f64> {
    match v {
        Some(Value::Array(a)) => {
            a.iter().filter_map(|x| if let Value::Double(d) = x { Some(*d) } else { None }).collect()
        }
        _ => Vec::new(),
    }
}

/// One open window: `(windowEnd, windowStart, temps, hums)`.
struct Window {
    end: i64,
    start: i64,
    temps: Vec<f64>,
    hums: Vec<f64>,
}

/// The `windows` entry (a MAP windowEnd → ROW(windowStart, temps, hums)) as a list.
fn windows(state: &PtfState) -> Vec<Window> {
    let Value::Map(m) = state.get("windows") else { return Vec::new() };
    m.iter()
        .filter_map(|(k, v)| {
            let end = millis(k)?;
            let Value::Row(r) = v else { return None };
            Some(Window { end, start: millis(r.first()?)?, temps: doubles(r.get(1)), hums: doubles(r.get(2)) })
        })
        .collect()
}

fn set_windows(state: &mut PtfState, ws: &[Window]) {
    let arr = |xs: &[f64]| Value::Array(Arc::new(xs.iter().map(|x| Value::Double(*x)).collect()));
    let m = ws
        .iter()
        .map(|w| {
            (
                Value::Timestamp(Ts::from_millis(w.end)),
                Value::Row(Arc::new(vec![Value::Timestamp(Ts::from_millis(w.start)), arr(&w.temps), arr(&w.hums)])),
            )
        })
        .collect();
    state.set("windows", Value::Map(Arc::new(m)));
}

fn double(v: &Value) -> f64 {
    match v {
        Value::Double(d) => *d,
        _ => f64::NAN,
    }
}

impl ProcessTableFunction for SensorFusionWatermarkPtf {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::SENSOR_FUSION_WATERMARK
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("windows", Value::Map(Arc::new(Vec::new())));
        s.set("temperatureThreshold", Value::Null);
        s.set("humidityThreshold", Value::Null);
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let interval = match call.scalars.first() {
            Some(Value::Interval(ms)) if *ms > 0 => *ms,
            _ => {
                return Err(RuntimeError::java(
                    "java.lang.IllegalArgumentException",
                    "windowInterval must be a positive duration",
                ))
            }
        };
        let Some(t) = call.time else {
            return Err(RuntimeError::new("not supported yet: SensorFusionWatermarkPtf on a row without a time"));
        };
        let start = t - t.rem_euclid(interval);
        let Some(end) = start.checked_add(interval) else {
            return Err(RuntimeError::new(
                "not supported yet: SensorFusionWatermarkPtf with a window end out of range",
            ));
        };
        let which = if call.table == 0 { "temperature" } else { "humidity" };
        let key = key_text(call.key);
        if let Some(wm) = call.watermark {
            if end <= wm {
                out.why = Some(format!(
                    "late {} reading {} {}: its window [{}, {}) ended at or before the watermark {}, so its timer has fired (or would fire at once) — the reading is ignored",
                    which,
                    key,
                    clock(t),
                    clock(start),
                    clock(end),
                    clock(wm)
                ));
                return Ok(());
            }
        }
        state.set("temperatureThreshold", call.scalars.get(1).cloned().unwrap_or(Value::Null));
        state.set("humidityThreshold", call.scalars.get(2).cloned().unwrap_or(Value::Null));
        let mut ws = windows(state);
        let pos = match ws.iter().position(|w| w.end == end) {
            Some(p) => p,
            None => {
                ws.push(Window { end, start, temps: Vec::new(), hums: Vec::new() });
                out.timers.push(TimerOp::Register { name: None, time: end });
                ws.len() - 1
            }
        };
        let existing = out.timers.is_empty();
        let v = call.field(which);
        let added = match v {
            Value::Double(d) => {
                if call.table == 0 {
                    ws[pos].temps.push(*d);
                } else {
                    ws[pos].hums.push(*d);
                }
                true
            }
            _ => false,
        };
        set_windows(state, &ws);
        let what = if added {
            format!("{} {} joins", which, show(v))
        } else {
            format!("the NULL {} is skipped but still counts for", which)
        };
        out.why = Some(if existing {
            format!(
                "{} reading {} {}: {} {}'s open window [{}, {}); nothing is emitted until the watermark of both tables reaches {}",
                which,
                key,
                clock(t),
                what,
                key,
                clock(start),
                clock(end),
                clock(end)
            )
        } else {
            format!(
                "{} reading {} {}: {} a new window [{}, {}) of {}, with a timer at {}",
                which,
                key,
                clock(t),
                what,
                clock(start),
                clock(end),
                key,
                clock(end)
            )
        });
        Ok(())
    }

    fn on_timer(&self, state: &mut PtfState, call: &TimerCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let end = call.time;
        let mut ws = windows(state);
        let key = key_text(call.key);
        let Some(pos) = ws.iter().position(|w| w.end == end) else {
            out.why = Some(format!("timer {} of {}: no open window ends there, nothing is emitted", clock(end), key));
            return Ok(());
        };
        let w = ws.remove(pos);
        set_windows(state, &ws);
        if w.temps.is_empty() || w.hums.is_empty() {
            out.why = Some(format!(
                "the watermark {} reached the end of {}'s window [{}, {}), which has {} — no verdict, the window is dropped",
                clock(call.watermark),
                key,
                clock(w.start),
                clock(end),
                if w.temps.is_empty() && w.hums.is_empty() {
                    "no readings"
                } else if w.temps.is_empty() {
                    "humidity readings only"
                } else {
                    "temperature readings only"
                }
            ));
            return Ok(());
        }
        let (t_thr, h_thr) = (double(state.get("temperatureThreshold")), double(state.get("humidityThreshold")));
        let (mt, mh) = (median(&w.temps), median(&w.hums));
        let needs = mt > t_thr && mh > h_thr;
        out.why = Some(format!(
            "the watermark {} reached the end of {}'s window [{}, {}): {}",
            clock(call.watermark),
            key,
            clock(w.start),
            clock(end),
            super::sensor_fusion::verdict_text(mt, t_thr, mh, h_thr),
        ));
        out.collect(vec![
            Value::Timestamp(Ts::from_millis(w.start)),
            Value::Timestamp(Ts::from_millis(end)),
            Value::Bool(needs),
        ]);
        Ok(())
    }
}

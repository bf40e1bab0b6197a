//! `IncrementalOutputWindow`: the oracle's `oracle.udf.IncrementalOutputWindow` (from the prose of
//! Confluent's incremental-windowing PTF tutorial), line by line: an early-firing tumbling window
//! per partition over trades, epoch-anchored (`windowStart = t - t % interval`, Java's `%`), no
//! timers. One set-semantic table argument `input` (`REQUIRE_ON_TIME`) and `windowInterval`.
//!
//! **State** (`WindowState`, per partition): `ticker`, `windowStartMillis` / `windowEndMillis`
//! (-1 before the first trade), `count`, `priceSum`. Never freed (no TTL).
//! **Emits**, per trade, at once: if the trade's window differs from the stored one (later *or*
//! earlier: a late trade reopens its own window), the stored window's aggregate once more with
//! `isFinal = TRUE`, and the aggregate is reset; then the trade is counted (a NULL price is counted,
//! not summed) and the running aggregate is emitted with `isFinal = FALSE`. A partition's last
//! window never gets its `TRUE` row (no timers; the end of input adds nothing).
//! **Retracts**: never (two rows for one window are both inserts).
//!
//! Output: a POJO without an all-fields constructor, so its columns are alphabetical —
//! `avgPrice DOUBLE NOT NULL, isFinal BOOLEAN NOT NULL, numTrades INT NOT NULL, ticker STRING,
//! windowEnd TIMESTAMP(9), windowStart TIMESTAMP(9)` (oracle `i8`; the binder renames `ticker`
//! after a `ticker` partition key to `ticker0`).

use super::{show, EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature};
use crate::error::RuntimeError;
use crate::time::{format_ts, Ts};
use crate::value::Value;

pub struct IncrementalOutputWindow;

fn long(state: &PtfState, name: &str) -> i64 {
    match state.get(name) {
        Value::BigInt(x) => *x,
        _ => 0,
    }
}

/// `toTs(millis)`: a `LocalDateTime` on the UTC clock.
fn ts(millis: i64) -> Value {
    Value::Timestamp(Ts::from_millis(millis))
}

/// The output row (`result(state, isFinal)`), in the POJO's alphabetical column order.
fn result(state: &PtfState, is_final: bool) -> Vec<Value> {
    let count = match state.get("count") {
        Value::Int(c) => *c,
        _ => 0,
    };
    let sum = match state.get("priceSum") {
        Value::Double(d) => *d,
        _ => 0.0,
    };
    vec![
        Value::Double(sum / f64::from(count)),
        Value::Bool(is_final),
        Value::Int(count),
        state.get("ticker").clone(),
        ts(long(state, "windowEndMillis")),
        ts(long(state, "windowStartMillis")),
    ]
}

/// A window bound or trade time as the page shows it: the clock time, the date too for windows of
/// a day or more.
fn clock(ms: i64, interval: i64) -> String {
    let full = format_ts(Ts::from_millis(ms), 3);
    if interval >= 86_400_000 {
        return full.strip_suffix(".000").map(str::to_string).unwrap_or(full);
    }
    let t = full.split(' ').nth(1).unwrap_or(&full).to_string();
    t.strip_suffix(".000").map(str::to_string).unwrap_or(t)
}

impl ProcessTableFunction for IncrementalOutputWindow {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::INCREMENTAL_OUTPUT_WINDOW
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("ticker", Value::Null);
        s.set("windowStartMillis", Value::BigInt(-1));
        s.set("windowEndMillis", Value::BigInt(-1));
        s.set("count", Value::Int(0));
        s.set("priceSum", Value::Double(0.0));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let interval = match call.scalars.first() {
            Some(Value::Interval(ms)) => *ms,
            _ => {
                return Err(RuntimeError::new("not supported yet: IncrementalOutputWindow with a NULL windowInterval"))
            }
        };
        if interval <= 0 {
            return Err(RuntimeError::java(
                "java.lang.IllegalArgumentException",
                "windowInterval must be a positive duration",
            ));
        }
        let Some(t) = call.time else {
            return Err(RuntimeError::new("not supported yet: IncrementalOutputWindow on a row without a time"));
        };
        let window_start = t.wrapping_sub(t % interval);
        let stored = long(state, "windowStartMillis");
        let mut why = String::new();
        if stored != -1 && stored != window_start {
            out.collect(result(state, true));
            why.push_str(&format!(
                "the trade at {} is in another window than the stored {}–{}, so that window's aggregate is emitted once more as final and reset; ",
                clock(t, interval),
                clock(stored, interval),
                clock(long(state, "windowEndMillis"), interval)
            ));
            state.set("count", Value::Int(0));
            state.set("priceSum", Value::Double(0.0));
        }
        let ticker = match call.field("ticker") {
            Value::Null => Value::Null,
            v @ Value::String(_) => v.clone(),
            _ => {
                return Err(RuntimeError::new(
                    "not supported yet: IncrementalOutputWindow on a ticker that is not STRING",
                ))
            }
        };
        state.set("ticker", ticker);
        state.set("windowStartMillis", Value::BigInt(window_start));
        state.set("windowEndMillis", Value::BigInt(window_start.wrapping_add(interval)));
        let count = match state.get("count") {
            Value::Int(c) => c.wrapping_add(1),
            _ => 1,
        };
        state.set("count", Value::Int(count));
        let price = match call.field("price") {
            Value::Null => None,
            Value::Double(d) => Some(*d),
            _ => {
                return Err(RuntimeError::new(
                    "not supported yet: IncrementalOutputWindow on a price that is not DOUBLE",
                ))
            }
        };
        if let Some(p) = price {
            let sum = match state.get("priceSum") {
                Value::Double(d) => *d,
                _ => 0.0,
            };
            state.set("priceSum", Value::Double(sum + p));
        }
        let row = result(state, false);
        why.push_str(&format!(
            "{} trade {} counted in window {}–{}{}: emits the running aggregate (numTrades {}, avgPrice {}) with isFinal FALSE",
            show(state.get("ticker")),
            price.map_or("with a NULL price".to_string(), |p| format!("at {}", show(&Value::Double(p)))),
            clock(window_start, interval),
            clock(window_start.wrapping_add(interval), interval),
            if price.is_none() { " (its NULL price not summed)" } else { "" },
            count,
            show(&row[0]),
        ));
        out.collect(row);
        out.why = Some(why);
        Ok(())
    }
}

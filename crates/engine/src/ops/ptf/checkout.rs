//! `CheckoutPtf`: Flink's PTF documentation example "Shopping Cart" as the oracle's
//! `oracle.udf.CheckoutPtf` implements it (oracle `i12`, `i13` query 3). One set-semantic table
//! `events` (`REQUIRE_ON_TIME`) partitioned by user, columns `eventType` and `productId`; scalar
//! arguments `reminderInterval`, `timeoutInterval`. State: the cart, product id → count
//! (`ShoppingCart.content`, a Java `HashMap<Long, Integer>`).
//!
//! * `ADD`: one more of the product; the named timers `REMINDER` = time + reminderInterval and
//!   `TIMEOUT` = time + timeoutInterval are (re)set — a named timer replaces the one of its name.
//! * `REMOVE`: one less (nothing if absent); if the cart still has content the timers are reset as
//!   for ADD, otherwise `clearAll`: the state and every timer are freed.
//! * `CHECKOUT`: **emits** `(CHECKOUT, cart)` if the cart has content (rowtime = the row's time),
//!   then `clearAll`.
//! * timer `REMINDER`: **emits** `(REMINDER, cart)` (rowtime = the timer's time); timer `TIMEOUT`:
//!   `clearAll`, nothing emitted.
//!
//! A NULL `eventType` or another event type does nothing. An ADD or REMOVE with a NULL
//! `productId` fails in Java (unboxing a null `Long`): the job fails with its NullPointerException
//! (oracle-checked: `checkout_null_product`). Never retracts. The `items` MAP keeps insertion order
//! here; the output prints it in Java `HashMap` order, as the oracle does.

use std::sync::Arc;

use super::{show, EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature, TimerCall, TimerOp};
use crate::error::RuntimeError;
use crate::time::Ts;
use crate::value::Value;

pub struct CheckoutPtf;

fn clock(ms: i64) -> String {
    if ms == i64::MAX || ms == i64::MIN {
        return crate::time::format_watermark(ms);
    }
    crate::time::format_ts(Ts::from_millis(ms), 3)
}

fn content(state: &PtfState) -> Vec<(Value, Value)> {
    match state.get("content") {
        Value::Map(m) => m.as_ref().clone(),
        _ => Vec::new(),
    }
}

fn cart_text(c: &[(Value, Value)]) -> String {
    show(&Value::Map(Arc::new(c.to_vec())))
}

fn interval(v: Option<&Value>, name: &str) -> Result<i64, RuntimeError> {
    match v {
        Some(Value::Interval(ms)) => Ok(*ms),
        _ => Err(RuntimeError::new(format!("not supported yet: CheckoutPtf with a NULL {}", name))),
    }
}

/// `updateTimers`: REMINDER and TIMEOUT from the row's time.
fn update_timers(call: &EvalCall, t: i64, out: &mut PtfOut) -> Result<(i64, i64), RuntimeError> {
    let overflow = || RuntimeError::new("not supported yet: CheckoutPtf with a timer time out of range");
    let r = t.checked_add(interval(call.scalars.first(), "reminderInterval")?).ok_or_else(overflow)?;
    let o = t.checked_add(interval(call.scalars.get(1), "timeoutInterval")?).ok_or_else(overflow)?;
    out.timers.push(TimerOp::Register { name: Some("REMINDER".into()), time: r });
    out.timers.push(TimerOp::Register { name: Some("TIMEOUT".into()), time: o });
    Ok((r, o))
}

/// `Context#clearAll`: the state back to its defaults, every timer deleted.
fn clear_all(state: &mut PtfState, out: &mut PtfOut) {
    state.set("content", Value::Map(Arc::new(Vec::new())));
    out.timers.push(TimerOp::ClearAll);
}

impl ProcessTableFunction for CheckoutPtf {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::CHECKOUT
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("content", Value::Map(Arc::new(Vec::new())));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let user = call.key.iter().map(show).collect::<Vec<_>>().join(", ");
        let event = match call.field("eventType") {
            Value::String(s) => s.to_string(),
            Value::Null => {
                out.why = Some("eventType is NULL: the event is ignored".into());
                return Ok(());
            }
            other => show(other),
        };
        let Some(t) = call.time else {
            return Err(RuntimeError::new("not supported yet: CheckoutPtf on a row without a time"));
        };
        let product = || match call.field("productId") {
            Value::BigInt(p) => Ok(*p),
            // the oracle's class unboxes the null `Long` (the JVM's helpful NPE text names the
            // local variable slot of `productId` in its bytecode)
            Value::Null => Err(RuntimeError::java(
                "java.lang.NullPointerException",
                "Cannot invoke \"java.lang.Long.longValue()\" because \"<local7>\" is null",
            )),
            _ => Err(RuntimeError::new("not supported yet: CheckoutPtf with a productId that is not BIGINT")),
        };
        let mut c = content(state);
        match event.as_str() {
            "ADD" => {
                let p = product()?;
                match c.iter_mut().find(|(k, _)| *k == Value::BigInt(p)) {
                    Some((_, Value::Int(n))) => *n = n.saturating_add(1),
                    Some(e) => e.1 = Value::Int(1),
                    None => c.push((Value::BigInt(p), Value::Int(1))),
                }
                state.set("content", Value::Map(Arc::new(c.clone())));
                let (r, o) = update_timers(call, t, out)?;
                out.why = Some(format!(
                    "{} adds product {}: cart {}; REMINDER set to {} and TIMEOUT to {} (each replaces the timer of its name)",
                    user,
                    p,
                    cart_text(&c),
                    clock(r),
                    clock(o)
                ));
            }
            "REMOVE" => {
                let p = product()?;
                if let Some(i) = c.iter().position(|(k, _)| *k == Value::BigInt(p)) {
                    match &mut c[i].1 {
                        Value::Int(n) if *n > 1 => *n -= 1,
                        _ => {
                            c.remove(i);
                        }
                    }
                }
                if c.is_empty() {
                    clear_all(state, out);
                    out.why = Some(format!(
                        "{} removes product {}: the cart is empty, so its state and both timers are cleared",
                        user, p
                    ));
                } else {
                    state.set("content", Value::Map(Arc::new(c.clone())));
                    let (r, o) = update_timers(call, t, out)?;
                    out.why = Some(format!(
                        "{} removes product {}: cart {}; REMINDER reset to {} and TIMEOUT to {}",
                        user,
                        p,
                        cart_text(&c),
                        clock(r),
                        clock(o)
                    ));
                }
            }
            "CHECKOUT" => {
                if c.is_empty() {
                    out.why = Some(format!(
                        "{} checks out an empty cart: nothing is emitted; state and timers cleared",
                        user
                    ));
                } else {
                    out.why = Some(format!(
                        "{} checks out: emits (CHECKOUT, {}), then clears the cart and both timers",
                        user,
                        cart_text(&c)
                    ));
                    out.collect(vec![Value::str("CHECKOUT"), Value::Map(Arc::new(c))]);
                }
                clear_all(state, out);
            }
            other => {
                out.why = Some(format!("eventType {} is none of ADD, REMOVE, CHECKOUT: nothing happens", other));
            }
        }
        Ok(())
    }

    fn on_timer(&self, state: &mut PtfState, call: &TimerCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let user = call.key.iter().map(show).collect::<Vec<_>>().join(", ");
        match call.name {
            Some("REMINDER") => {
                let c = content(state);
                out.why = Some(format!(
                    "the watermark {} passed {}'s REMINDER timer at {}: emits (REMINDER, {})",
                    clock(call.watermark),
                    user,
                    clock(call.time),
                    cart_text(&c)
                ));
                out.collect(vec![Value::str("REMINDER"), Value::Map(Arc::new(c))]);
            }
            Some("TIMEOUT") => {
                clear_all(state, out);
                out.why = Some(format!(
                    "the watermark {} passed {}'s TIMEOUT timer at {}: the cart and the timers are cleared, nothing is emitted",
                    clock(call.watermark),
                    user,
                    clock(call.time)
                ));
            }
            _ => {}
        }
        Ok(())
    }
}

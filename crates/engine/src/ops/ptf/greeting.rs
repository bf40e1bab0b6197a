//! `GreetingPtf`: Flink's PTF documentation example "Greeting with Memory" (SEMANTICS.md §10.7
//! P-1; the oracle's `oracle.udf.GreetingPtf`). One set-semantic table argument `input`; a
//! counter per partition (`CountState.counter`, a `long` starting at 0); every row increments it
//! and collects "Hello NAME, your N time?" (NAME: the row's `name` column). The output is a
//! scalar STRING, so its column is Calcite's `EXPR$0`. `on_time` is optional (with it the output
//! ends with `rowtime`). No timers; state is never freed.

use super::{EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature};
use crate::error::RuntimeError;
use crate::value::Value;

pub struct GreetingPtf;

impl ProcessTableFunction for GreetingPtf {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::GREETING
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("counter", Value::BigInt(0));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let n = match state.get("counter") {
            Value::BigInt(n) => n.saturating_add(1),
            _ => 1,
        };
        state.set("counter", Value::BigInt(n));
        // Java's string concatenation of a null field prints "null"
        let name = super::show(call.field("name"));
        let text = format!("Hello {}, your {} time?", name, n);
        out.why = Some(format!("counter = {}, so it says \"{}\"", n, text));
        out.collect(vec![Value::String(text.into())]);
        Ok(())
    }
}

//! `ScorePtf`: the oracle's `oracle.udf.ScorePtf` (Flink docs "Custom Aggregation", SEMANTICS.md
//! §10.7 P-2), line by line: a `ChangelogFunction` (`ChangelogMode.all()`) summing the `score`
//! column per partition. One set-semantic table argument `input`; `on_time` is rejected (an
//! updating output); no timers.
//!
//! **State** (`Accumulator.sum`, an `Integer` starting at 0, per partition; -1 = invalidated).
//! Never freed (no TTL).
//! **Emits / retracts**, at once: a partition with sum -1 ignores its rows; a negative score emits
//! `-D[sum]` and sets the sum to -1; else with sum 0 the score is added and `+I[sum]` emitted (so a
//! first score of 0 keeps the sum at 0 and the next score is again an `+I`, as the docs' code);
//! else `-U[old sum]`, the score added, `+U[new sum]`. A NULL score fails as Java's unboxing does.

use super::{EvalCall, ProcessTableFunction, PtfOut, PtfState, Signature};
use crate::error::RuntimeError;
use crate::kinds::RowKind;
use crate::value::Value;

pub struct ScorePtf;

impl ProcessTableFunction for ScorePtf {
    fn signature(&self) -> &'static Signature {
        &crate::catalog::ptf::SCORE
    }

    fn new_state(&self) -> PtfState {
        let mut s = PtfState::default();
        s.set("sum", Value::Int(0));
        s
    }

    fn eval(&self, state: &mut PtfState, call: &EvalCall, out: &mut PtfOut) -> Result<(), RuntimeError> {
        let score = match call.field("score") {
            Value::Int(x) => *x,
            // `int score = input.getFieldAs("score")` unboxes a null (oracle ptf/score_null_score)
            Value::Null => {
                return Err(RuntimeError::java(
                    "java.lang.NullPointerException",
                    "Cannot invoke \"java.lang.Integer.intValue()\" because the return value of \"org.apache.flink.types.Row.getFieldAs(String)\" is null",
                ))
            }
            _ => return Err(RuntimeError::new("not supported yet: ScorePtf on a score column that is not INT")),
        };
        let sum = match state.get("sum") {
            Value::Int(x) => *x,
            _ => 0,
        };
        if sum == -1 {
            out.why =
                Some(format!("the sum is -1 (invalidated by a negative score), so the score {} is ignored", score));
            return Ok(());
        }
        if score < 0 {
            out.rows.push((RowKind::Delete, vec![Value::Int(sum)]));
            state.set("sum", Value::Int(-1));
            out.why = Some(format!("a negative score ({}) deletes the sum {} and sets it to -1 (invalid)", score, sum));
        } else if sum == 0 {
            let new = sum.wrapping_add(score);
            state.set("sum", Value::Int(new));
            out.rows.push((RowKind::Insert, vec![Value::Int(new)]));
            out.why = Some(format!("the sum was 0, so it adds {} and inserts the sum {}", score, new));
        } else {
            let new = sum.wrapping_add(score);
            out.rows.push((RowKind::UpdateBefore, vec![Value::Int(sum)]));
            state.set("sum", Value::Int(new));
            out.rows.push((RowKind::UpdateAfter, vec![Value::Int(new)]));
            out.why = Some(format!("adds {} to the sum {}: retracts {} and emits {}", score, sum, sum, new));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The oracle (Flink 2.3.0) on rows ('a', 1), ('b', 2), ('a', NULL): `+I[a, 1]`, `+I[b, 2]`,
    /// then the job fails with this NullPointerException (not a conformance script: the oracle's
    /// first line, `job terminated early: FAILING` or `FAILED`, depends on when the harness polls).
    #[test]
    fn null_score_fails_like_java_unboxing() {
        let names = vec!["name".to_string(), "score".to_string()];
        let f = ScorePtf;
        let mut st = f.new_state();
        let rows = [vec![Value::str("a"), Value::Int(1)], vec![Value::str("a"), Value::Null]];
        let mut results = Vec::new();
        for row in &rows {
            let call = EvalCall {
                table: 0,
                kind: RowKind::Insert,
                key: &row[..1],
                row,
                names: &names,
                time: None,
                scalars: &[],
                watermark: None,
                table_watermarks: &[],
            };
            let mut out = PtfOut::default();
            results.push(f.eval(&mut st, &call, &mut out).map(|_| out.rows));
        }
        assert!(matches!(&results[0], Ok(r) if r == &vec![(RowKind::Insert, vec![Value::Int(1)])]));
        assert_eq!(
            results[1].as_ref().err().map(|e| e.cause_text()).as_deref(),
            Some("java.lang.NullPointerException: Cannot invoke \"java.lang.Integer.intValue()\" because the return value of \"org.apache.flink.types.Row.getFieldAs(String)\" is null")
        );
    }
}

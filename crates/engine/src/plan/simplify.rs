//! Conditions Calcite proves FALSE, and the relations it then proves empty.
//!
//! **Contradictions** (`RexSimplify.simplifyAnd` in unknown-as-false mode): a conjunction is
//! FALSE when one of its parts is a FALSE or NULL constant, when it holds a comparison and that
//! comparison's negation over the same operands (`b.t > a.t AND b.t <= a.t`, also written the
//! other way round, `a.t >= b.t`), or when its comparisons of one expression with literals leave
//! no value (`k = 1 AND k = 2`, `k > 1 AND k <= 1`). `x < y AND x > y` is not one Calcite sees.
//! A join condition is simplified before the join is classified, so a contradictory interval
//! join is a regular join with the condition FALSE, as in Flink.
//!
//! **Empty relations** (`PruneEmptyRules`, and the FALSE filters `FilterJoinRule` pushes into a
//! join's inputs): a filter that is FALSE leaves an empty `Values`; a Calc over it is empty; an
//! INNER join with an empty input is empty; an outer join with the empty side's condition FALSE
//! becomes a Calc that pads the kept side with NULLs; a FULL join with the condition FALSE
//! stays a join that pads every row. An empty relation has no source, so its tables' rows
//! move no watermark.

use std::cmp::Ordering;

use super::rel::{calc, empty_values, Field, Node, Rel};
use crate::expr::{Expr, Op};
use crate::kinds::JoinKind;
use crate::types::{DataType, TypeKind};
use crate::value::Value;

/// A FALSE literal (what a contradictory condition becomes).
pub fn false_literal() -> Expr {
    Expr::literal(Value::Bool(false), DataType::not_null(TypeKind::Boolean))
}

/// Whether the expression is the constant FALSE (or NULL, which a filter treats as FALSE).
pub fn is_false(e: &Expr) -> bool {
    matches!(e, Expr::Literal { value: Value::Bool(false) | Value::Null, .. })
}

/// The conjuncts, or `[FALSE]` when Calcite proves their conjunction FALSE.
pub fn simplify_conjuncts(conds: Vec<Expr>) -> Vec<Expr> {
    if contradiction(&conds) {
        return vec![false_literal()];
    }
    // RexSimplify drops a conjunct written twice
    let mut out: Vec<Expr> = Vec::new();
    for c in conds {
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

fn comparison(e: &Expr) -> Option<(Op, &Expr, &Expr)> {
    match e {
        Expr::Call { op: op @ (Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge), args, .. } if args.len() == 2 => {
            Some((*op, &args[0], &args[1]))
        }
        _ => None,
    }
}

fn negate(op: Op) -> Op {
    match op {
        Op::Eq => Op::Ne,
        Op::Ne => Op::Eq,
        Op::Lt => Op::Ge,
        Op::Ge => Op::Lt,
        Op::Gt => Op::Le,
        Op::Le => Op::Gt,
        o => o,
    }
}

/// The operator with its operands swapped (`a < b` is `b > a`).
fn flip(op: Op) -> Op {
    match op {
        Op::Lt => Op::Gt,
        Op::Gt => Op::Lt,
        Op::Le => Op::Ge,
        Op::Ge => Op::Le,
        o => o,
    }
}

fn is_literal(e: &Expr) -> bool {
    matches!(e, Expr::Literal { .. })
}

fn contradiction(conds: &[Expr]) -> bool {
    if conds.iter().any(is_false) {
        return true;
    }
    // constant comparisons (`1 = 0`)
    for c in conds {
        if let Some((op, Expr::Literal { value: a, .. }, Expr::Literal { value: b, .. })) = comparison(c) {
            match a.sql_cmp(b) {
                Some(ord) if !holds(op, ord) => return true,
                None if a.is_null() || b.is_null() => return true,
                _ => {}
            }
        }
    }
    // a comparison and its negation over the same operands
    let cmps: Vec<(Op, &Expr, &Expr)> =
        conds.iter().filter_map(comparison).filter(|(_, a, b)| !is_literal(a) && !is_literal(b)).collect();
    for (i, (op1, a, b)) in cmps.iter().enumerate() {
        for (op2, c, d) in &cmps[i + 1..] {
            if (a == c && b == d && *op2 == negate(*op1)) || (a == d && b == c && *op2 == negate(flip(*op1))) {
                return true;
            }
        }
    }
    // comparisons of one expression with literals that no value satisfies
    let mut ranges: Vec<(&Expr, Range)> = Vec::new();
    for c in conds {
        let Some((op, a, b)) = comparison(c) else { continue };
        let (op, x, lit) = match (a, b) {
            (x, Expr::Literal { value, .. }) if !is_literal(x) => (op, x, value),
            (Expr::Literal { value, .. }, x) if !is_literal(x) => (flip(op), x, value),
            _ => continue,
        };
        if op == Op::Ne || lit.is_null() {
            continue;
        }
        let i = match ranges.iter().position(|(e, _)| *e == x) {
            Some(i) => i,
            None => {
                ranges.push((x, Range::default()));
                ranges.len() - 1
            }
        };
        if !ranges[i].1.restrict(op, lit) {
            return true;
        }
    }
    false
}

fn holds(op: Op, ord: Ordering) -> bool {
    match op {
        Op::Eq => ord == Ordering::Equal,
        Op::Ne => ord != Ordering::Equal,
        Op::Lt => ord == Ordering::Less,
        Op::Le => ord != Ordering::Greater,
        Op::Gt => ord == Ordering::Greater,
        Op::Ge => ord != Ordering::Less,
        _ => true,
    }
}

/// The values a comparison chain leaves: a lower and an upper bound (value, inclusive).
#[derive(Default)]
struct Range {
    lower: Option<(Value, bool)>,
    upper: Option<(Value, bool)>,
}

impl Range {
    /// Narrows the range by `x op v`; false when nothing is left (or the values do not compare).
    fn restrict(&mut self, op: Op, v: &Value) -> bool {
        let tighter_lower = |cur: &Option<(Value, bool)>, inclusive: bool| match cur {
            None => true,
            Some((c, ci)) => match v.sql_cmp(c) {
                Some(Ordering::Greater) => true,
                Some(Ordering::Equal) => *ci && !inclusive,
                _ => false,
            },
        };
        let tighter_upper = |cur: &Option<(Value, bool)>, inclusive: bool| match cur {
            None => true,
            Some((c, ci)) => match v.sql_cmp(c) {
                Some(Ordering::Less) => true,
                Some(Ordering::Equal) => *ci && !inclusive,
                _ => false,
            },
        };
        match op {
            Op::Eq => {
                if tighter_lower(&self.lower, true) {
                    self.lower = Some((v.clone(), true));
                }
                if tighter_upper(&self.upper, true) {
                    self.upper = Some((v.clone(), true));
                }
            }
            Op::Gt | Op::Ge => {
                let inc = op == Op::Ge;
                if tighter_lower(&self.lower, inc) {
                    self.lower = Some((v.clone(), inc));
                }
            }
            Op::Lt | Op::Le => {
                let inc = op == Op::Le;
                if tighter_upper(&self.upper, inc) {
                    self.upper = Some((v.clone(), inc));
                }
            }
            _ => {}
        }
        match (&self.lower, &self.upper) {
            (Some((l, li)), Some((u, ui))) => match l.sql_cmp(u) {
                Some(Ordering::Less) => true,
                Some(Ordering::Equal) => *li && *ui,
                Some(Ordering::Greater) => false,
                None => true,
            },
            _ => true,
        }
    }
}

fn is_empty(rel: &Rel) -> bool {
    matches!(&rel.node, Node::Values { rows } if rows.is_empty())
}

/// The kept side's columns with the other side's as typed NULLs (an outer join whose other side
/// is empty).
fn pad(kept: Rel, fields: &[Field], kept_first: bool) -> Rel {
    let nk = kept.fields.len();
    let types = kept.types();
    let kept_cols = (0..nk).map(|i| Expr::input(i, types[i].clone()));
    let nulls = |range: std::ops::Range<usize>| -> Vec<Expr> {
        range.map(|i| Expr::literal(Value::Null, fields[i].ty.with_nullable(true))).collect()
    };
    let project: Vec<Expr> = if kept_first {
        kept_cols.chain(nulls(nk..fields.len())).collect()
    } else {
        nulls(0..fields.len() - nk).into_iter().chain(kept_cols).collect()
    };
    let mut names: Vec<String> = fields.iter().map(|f| f.name.clone()).collect();
    super::names::uniquify(&mut names);
    let mut out = calc(kept, None, project, names);
    for (f, want) in out.fields.iter_mut().zip(fields) {
        f.ty = want.ty.clone();
    }
    out
}

/// Replaces what Calcite proves empty by an empty `Values` (see the module doc), bottom up.
pub fn prune_empty(rel: Rel) -> Rel {
    let rel = rel.map_inputs(&mut prune_empty);
    let fields = rel.fields.clone();
    match rel.node {
        Node::Calc { ref filter, .. } if filter.as_ref().is_some_and(is_false) => empty_values(fields),
        Node::Calc { ref input, .. } if is_empty(input) => empty_values(fields),
        Node::RegularJoin(j) => {
            let cond_false = j.left_keys.is_empty() && j.residual.as_ref().is_some_and(is_false);
            // FilterJoinRule pushes a FALSE condition into the input(s) it may filter
            let left_filtered = matches!(j.kind, JoinKind::Inner | JoinKind::Right | JoinKind::Semi);
            let right_filtered = matches!(j.kind, JoinKind::Inner | JoinKind::Left | JoinKind::Semi | JoinKind::Anti);
            let left_empty = is_empty(&j.left) || (cond_false && left_filtered);
            let right_empty = is_empty(&j.right) || (cond_false && right_filtered);
            match j.kind {
                JoinKind::Inner | JoinKind::Semi if left_empty || right_empty => empty_values(fields),
                JoinKind::Anti if left_empty => empty_values(fields),
                JoinKind::Anti if right_empty => j.left,
                JoinKind::Left if left_empty => empty_values(fields),
                JoinKind::Left if right_empty => pad(j.left, &fields, true),
                JoinKind::Right if right_empty => empty_values(fields),
                JoinKind::Right if left_empty => pad(j.right, &fields, false),
                JoinKind::Full if is_empty(&j.left) && is_empty(&j.right) => empty_values(fields),
                JoinKind::Full if is_empty(&j.right) => pad(j.left, &fields, true),
                JoinKind::Full if is_empty(&j.left) => pad(j.right, &fields, false),
                _ => Rel { node: Node::RegularJoin(j), ..rel },
            }
        }
        node => Rel { node, ..rel },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(i: usize) -> Expr {
        Expr::input(i, DataType::new(TypeKind::Int, true))
    }
    fn lit(v: i32) -> Expr {
        Expr::literal(Value::Int(v), DataType::not_null(TypeKind::Int))
    }
    fn cmp(op: Op, a: Expr, b: Expr) -> Expr {
        Expr::call(op, vec![a, b], DataType::new(TypeKind::Boolean, true))
    }

    #[test]
    fn contradictions_calcite_finds_and_one_it_does_not() {
        // the cases of tests/conformance/regular_join/false_conditions.sql
        assert!(contradiction(&[cmp(Op::Gt, col(1), col(0)), cmp(Op::Le, col(1), col(0))]));
        assert!(contradiction(&[cmp(Op::Gt, col(1), col(0)), cmp(Op::Ge, col(0), col(1))]));
        assert!(contradiction(&[cmp(Op::Eq, col(1), col(0)), cmp(Op::Ne, col(1), col(0))]));
        assert!(contradiction(&[cmp(Op::Eq, col(0), lit(1)), cmp(Op::Eq, col(0), lit(2))]));
        assert!(contradiction(&[cmp(Op::Gt, col(0), lit(1)), cmp(Op::Le, col(0), lit(1))]));
        assert!(contradiction(&[cmp(Op::Eq, lit(1), lit(0))]));
        assert!(!contradiction(&[cmp(Op::Lt, col(1), col(0)), cmp(Op::Gt, col(1), col(0))]));
        assert!(!contradiction(&[cmp(Op::Ge, col(0), lit(1)), cmp(Op::Le, col(0), lit(1))]));
        assert!(!contradiction(&[cmp(Op::Gt, col(0), lit(1)), cmp(Op::Le, col(1), lit(1))]));
    }

    #[test]
    fn an_empty_plan_reads_no_table() {
        // EXPLAIN in false_conditions.sql: `Values(tuples=[[]])`, no TableSourceScan, so no
        // source moves a watermark and nothing is emitted
        let script = "CREATE TABLE A (k INT, t TIMESTAMP(3), WATERMARK FOR t AS t);\n@A 1 | 2024-01-01 10:00:00\n@A 2 | 2024-01-01 10:00:01\nSELECT k FROM A WHERE k > 1 AND k <= 1;\n";
        let cfg = crate::RunConfig { dialect: crate::Dialect::Flink, trace: false };
        let out = crate::run_to_text(script, &cfg, &crate::output::TextOptions::default());
        assert!(out.contains("# step 2: A +I[2, 2024-01-01 10:00:01.000]\n"), "{}", out);
        assert!(!out.contains("-> wm") && !out.contains("+I[1]") && !out.contains("+I[2]"), "{}", out);
    }
}

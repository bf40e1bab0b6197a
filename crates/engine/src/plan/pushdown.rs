//! Filter push-down, where it changes what a query emits (Calcite's `FilterJoinRule` and
//! `JoinConditionPushRule`, Flink's filter push-down into `ChangelogNormalize`).
//!
//! Flink moves a filter (a WHERE conjunct, a one-sided conjunct of an ON condition, the WHERE
//! of an IN / EXISTS subquery) down towards the table it reads. Mostly that only saves work,
//! but two moves change the changelog:
//!
//! * **Into a `ChangelogNormalize`** (`ChangelogNormalize(key=[id], condition=[…])`): the
//!   normalize emits `+I` when a key's row starts passing the filter and `-D` when it stops,
//!   where a filter above it would have passed a lone `+U` or `-U` (see
//!   [`crate::ops::normalize`]). A conjunct reading only key columns goes below the normalize
//!   instead, which changes nothing.
//! * **Outer-join simplification**: a WHERE conjunct that cannot be TRUE when the padded side's
//!   columns are all NULL turns that side inner (LEFT → INNER, FULL → LEFT / RIGHT), so the
//!   join emits `-U`/`+U` where the outer join gave `-U`, `+I[pad]`, `-D[pad]`, `+I`.
//!
//! Only these moves are made: a conjunct that would come to rest on a plain scan, above a
//! window operator or a multi-way join stays where it was (the output is the same either way),
//! so the plan keeps its shape everywhere else. Runs per query block, before MULTI_JOIN
//! folding (Flink pushes filters before it builds multi-way joins).

use super::bind::{input_spec, join_description, join_unique_keys};
use super::rel::{JoinKind, Node, Rel};
use crate::expr::{Expr, Op};

/// Pushes every filter of the tree as far down as it goes: each Calc's filter and each join's
/// one-sided ON conjuncts.
pub fn push_filters(rel: Rel) -> Rel {
    let Rel { node, fields, insert_only, update_producer, window, unique_keys } = rel;
    let node = match node {
        Node::Calc { input, filter, project } => {
            let input = push_filters(*input);
            match filter {
                Some(f) => {
                    let (input, rest) = push_into(input, f.conjuncts());
                    Node::Calc { input: Box::new(input), filter: Expr::and_all(rest), project }
                }
                None => Node::Calc { input: Box::new(input), filter: None, project },
            }
        }
        Node::Join(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            if let Some(res) = j.residual.take() {
                let nl = j.left.fields.len();
                let (to_left, to_right) = match j.kind {
                    JoinKind::Inner | JoinKind::Semi => (true, true),
                    JoinKind::Left | JoinKind::Anti => (false, true),
                    JoinKind::Right => (true, false),
                    JoinKind::Full => (false, false),
                };
                let mut keep = Vec::new();
                let (mut lconds, mut rconds) = (Vec::new(), Vec::new());
                for c in res.conjuncts() {
                    match side_of(&c, nl) {
                        Some(Side::Left) if to_left => lconds.push(c),
                        Some(Side::Right) if to_right => rconds.push(c.remap(&|i| i - nl)),
                        _ => keep.push(c),
                    }
                }
                let (left, lrest) = push_into(std::mem::replace(&mut j.left, Rel::placeholder()), lconds);
                let (right, rrest) = push_into(std::mem::replace(&mut j.right, Rel::placeholder()), rconds);
                j.left = left;
                j.right = right;
                keep.extend(lrest);
                keep.extend(rrest.into_iter().map(|c| c.remap(&|i| i + nl)));
                j.residual = Expr::and_all(keep);
            }
            Node::Join(j)
        }
        Node::MultiJoin(mut m) => {
            m.inputs = m.inputs.into_iter().map(push_filters).collect();
            Node::MultiJoin(m)
        }
        Node::WindowJoin(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            Node::WindowJoin(j)
        }
        Node::WindowTvf { input, spec, time_col, ltz, proctime } => {
            Node::WindowTvf { input: Box::new(push_filters(*input)), spec, time_col, ltz, proctime }
        }
        Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
            Node::ChangelogNormalize { input: Box::new(push_filters(*input)), key, ttl_enabled, condition }
        }
        node @ Node::Scan { .. } => node,
    };
    Rel { node, fields, insert_only, update_producer, window, unique_keys }
}

/// Places the conjuncts (over `rel`'s output columns) inside `rel` where they change what it
/// emits; returns `rel` and the conjuncts left for the caller to apply above it.
pub fn push_into(rel: Rel, conds: Vec<Expr>) -> (Rel, Vec<Expr>) {
    if conds.is_empty() {
        return (rel, conds);
    }
    let Rel { node, fields, mut insert_only, mut update_producer, window, mut unique_keys } = rel;
    let mut rest = Vec::new();
    let node = match node {
        Node::Calc { input, filter, project } => {
            // a conjunct over columns the Calc passes through unchanged goes into its input
            let mut down = Vec::new();
            for c in conds {
                let mut cols = Vec::new();
                c.inputs(&mut cols);
                let plain = !cols.is_empty() && cols.iter().all(|&i| project.get(i).and_then(Expr::as_input).is_some());
                if plain {
                    down.push(c.remap(&|i| project.get(i).and_then(Expr::as_input).unwrap_or(i)));
                } else {
                    rest.push(c);
                }
            }
            let (input, mut left) = push_into(*input, down);
            if !left.is_empty() {
                // what could not go further is applied by this Calc (before it projects)
                left.extend(filter.map(|f| f.conjuncts()).unwrap_or_default());
                return (
                    Rel {
                        node: Node::Calc { input: Box::new(input), filter: Expr::and_all(left), project },
                        fields,
                        insert_only,
                        update_producer,
                        window,
                        unique_keys,
                    },
                    rest,
                );
            }
            Node::Calc { input: Box::new(input), filter, project }
        }
        Node::Join(mut j) => {
            let nl = j.left.fields.len();
            let kind = simplify(j.kind, &conds, nl);
            if kind != j.kind {
                j.kind = kind;
                j.left_spec = input_spec(&j.left, &j.left_keys);
                j.right_spec = input_spec(&j.right, &j.right_keys);
                insert_only = j.left.insert_only && j.right.insert_only && kind == JoinKind::Inner;
                unique_keys = join_unique_keys(&j.left, &j.right, kind, &j.left_spec, &j.right_spec);
            }
            let (mut lconds, mut rconds) = (Vec::new(), Vec::new());
            for c in conds {
                match side_of(&c, nl) {
                    Some(Side::Left) if !kind.right_outer() => lconds.push(c),
                    Some(Side::Right) if kind.projects_right() && !kind.left_outer() => {
                        rconds.push(c.remap(&|i| i - nl))
                    }
                    _ => rest.push(c),
                }
            }
            let (left, lrest) = push_into(std::mem::replace(&mut j.left, Rel::placeholder()), lconds);
            let (right, rrest) = push_into(std::mem::replace(&mut j.right, Rel::placeholder()), rconds);
            j.left = left;
            j.right = right;
            rest.extend(lrest);
            rest.extend(rrest.into_iter().map(|c| c.remap(&|i| i + nl)));
            let changed = Rel { node: Node::Join(j), fields, insert_only, update_producer: None, window, unique_keys };
            update_producer = Some(join_description(&changed, false));
            let Rel { node, fields, window, unique_keys, .. } = changed;
            return (Rel { node, fields, insert_only, update_producer, window, unique_keys }, rest);
        }
        Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
            // key-only conjuncts go below (a key's rows all pass or all fail); the rest is the
            // normalize's condition
            let mut below = Vec::new();
            let mut cond: Vec<Expr> = condition.map(|c| c.conjuncts()).unwrap_or_default();
            for c in conds {
                let mut cols = Vec::new();
                c.inputs(&mut cols);
                if cols.is_empty() {
                    rest.push(c);
                } else if cols.iter().all(|i| key.contains(i)) {
                    below.push(c);
                } else {
                    cond.push(c);
                }
            }
            let (input, left) = push_into(*input, below);
            let input = if left.is_empty() {
                input
            } else {
                let project = input.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
                let names = input.names();
                super::bind::calc(input, Expr::and_all(left), project, names)
            };
            Node::ChangelogNormalize { input: Box::new(input), key, ttl_enabled, condition: Expr::and_all(cond) }
        }
        other => {
            rest = conds;
            other
        }
    };
    (Rel { node, fields, insert_only, update_producer, window, unique_keys }, rest)
}

enum Side {
    Left,
    Right,
}

/// Which input of a two-input join a conjunct reads (None: both, or no column at all).
fn side_of(c: &Expr, nl: usize) -> Option<Side> {
    let mut cols = Vec::new();
    c.inputs(&mut cols);
    if cols.is_empty() {
        None
    } else if cols.iter().all(|&i| i < nl) {
        Some(Side::Left)
    } else if cols.iter().all(|&i| i >= nl) {
        Some(Side::Right)
    } else {
        None
    }
}

/// Calcite's `RelOptUtil.simplifyJoin`: a filter above an outer join that cannot be TRUE on a
/// padded row makes the padding side inner.
fn simplify(kind: JoinKind, conds: &[Expr], nl: usize) -> JoinKind {
    if !matches!(kind, JoinKind::Left | JoinKind::Right | JoinKind::Full) {
        return kind;
    }
    let mut nulls_left = kind.right_outer();
    let mut nulls_right = kind.left_outer();
    for c in conds {
        if nulls_left && not_true_if_null(c, &|i| i < nl) {
            nulls_left = false;
        }
        if nulls_right && not_true_if_null(c, &|i| i >= nl) {
            nulls_right = false;
        }
    }
    match (nulls_left, nulls_right) {
        (false, false) => JoinKind::Inner,
        (false, true) => JoinKind::Left,
        (true, false) => JoinKind::Right,
        (true, true) => JoinKind::Full,
    }
}

/// Calcite's `Strong.isNotTrue`: the condition is NULL or FALSE whenever the columns `null`
/// selects are all NULL (conservative: false when unsure).
fn not_true_if_null(e: &Expr, null: &dyn Fn(usize) -> bool) -> bool {
    match e {
        Expr::Call { op, args, .. } => match op {
            Op::And => args.iter().any(|a| not_true_if_null(a, null)),
            Op::Or => !args.is_empty() && args.iter().all(|a| not_true_if_null(a, null)),
            Op::Not | Op::IsNotNull | Op::IsTrue | Op::IsFalse => args.iter().any(|a| is_null_if_null(a, null)),
            _ => is_null_if_null(e, null),
        },
        _ => is_null_if_null(e, null),
    }
}

/// Calcite's `Strong.isNull`: the expression is NULL whenever the selected columns are NULL.
fn is_null_if_null(e: &Expr, null: &dyn Fn(usize) -> bool) -> bool {
    match e {
        Expr::Input { index, .. } => null(*index),
        Expr::Literal { value, .. } => value.is_null(),
        Expr::Cast { expr, try_cast, .. } => !try_cast && is_null_if_null(expr, null),
        Expr::Call { op, args, .. } => {
            let strict = matches!(
                op,
                Op::Not
                    | Op::Eq
                    | Op::Ne
                    | Op::Lt
                    | Op::Le
                    | Op::Gt
                    | Op::Ge
                    | Op::Plus
                    | Op::Minus
                    | Op::Times
                    | Op::Divide
                    | Op::Mod
                    | Op::Neg
                    | Op::TimestampPlus
                    | Op::TimestampMinus
                    | Op::Like
                    | Op::NotLike
                    | Op::Upper
                    | Op::Lower
                    | Op::CharLength
                    | Op::Trim
                    | Op::Abs
                    | Op::Floor
                    | Op::Ceil
            );
            match op {
                // `x IN (…)`: NULL when x is
                Op::In | Op::NotIn => args.first().map(|a| is_null_if_null(a, null)).unwrap_or(false),
                _ => strict && args.iter().any(|a| is_null_if_null(a, null)),
            }
        }
        Expr::Case { .. } => false,
    }
}

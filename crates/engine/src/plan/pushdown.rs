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
//! * **Copies to the other input** (`FlinkFilterJoinRule.pushFiltersToAnotherSide`): a conjunct
//!   over one side's equi-key columns is also applied to the other side, its key columns
//!   replaced by their partners, for INNER joins (from a WHERE or the ON condition) and for
//!   LEFT / RIGHT joins (a WHERE comparison with a literal only). The copy repeats what the
//!   original decides, so it matters only where it lands in a normalize or an outer join.
//!
//! Only these moves are made: a conjunct that would come to rest on a plain scan, above a
//! window operator or a multi-way join stays where it was (the output is the same either way),
//! so the plan keeps its shape everywhere else. Runs per query block, before MULTI_JOIN
//! folding (Flink pushes filters before it builds multi-way joins).

use super::explain::join_description;
use super::rel::{input_spec, join_unique_keys};
use super::rel::{Node, RegularJoinNode, Rel};
use crate::expr::{Expr, Op};
use crate::kinds::JoinKind;

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
        Node::RegularJoin(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            push_residual(&mut j);
            Node::RegularJoin(j)
        }
        Node::MultiJoin(mut m) => {
            m.inputs = m.inputs.into_iter().map(push_filters).collect();
            Node::MultiJoin(m)
        }
        Node::GroupAggregate(mut a) => {
            a.input = push_filters(a.input);
            Node::GroupAggregate(a)
        }
        Node::Expand { input, projects } => Node::Expand { input: Box::new(push_filters(*input)), projects },
        Node::Correlate(mut c) => {
            c.input = push_filters(c.input);
            Node::Correlate(c)
        }
        Node::Ptf(mut p) => {
            p.inputs = p.inputs.into_iter().map(push_filters).collect();
            Node::Ptf(p)
        }
        Node::Over(mut o) => {
            o.input = push_filters(o.input);
            Node::Over(o)
        }
        Node::WindowAggregate(mut a) => {
            a.input = push_filters(a.input);
            Node::WindowAggregate(a)
        }
        Node::Union { inputs } => Node::Union { inputs: inputs.into_iter().map(push_filters).collect() },
        Node::Rank(mut r) => {
            r.input = push_filters(r.input);
            Node::Rank(r)
        }
        Node::WindowJoin(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            Node::WindowJoin(j)
        }
        Node::IntervalJoin(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            push_interval_residual(&mut j);
            Node::IntervalJoin(j)
        }
        // a temporal join keeps one-sided ON conjuncts in its condition (Flink's plan shows them
        // there): a LEFT join pads the probe rows they reject
        Node::TemporalJoin(mut j) => {
            j.left = push_filters(j.left);
            j.right = push_filters(j.right);
            Node::TemporalJoin(j)
        }
        // a lookup join keeps its ON conjuncts (applied to each row found); its table is not a
        // stream to filter
        Node::LookupJoin(mut j) => {
            j.left = push_filters(j.left);
            Node::LookupJoin(j)
        }
        Node::Search(mut j) => {
            j.left = push_filters(j.left);
            Node::Search(j)
        }
        Node::WindowTvf { input, spec, time_col, ltz, proctime } => {
            Node::WindowTvf { input: Box::new(push_filters(*input)), spec, time_col, ltz, proctime }
        }
        Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
            Node::ChangelogNormalize { input: Box::new(push_filters(*input)), key, ttl_enabled, condition }
        }
        node @ (Node::Scan { .. } | Node::Values { .. }) => node,
    };
    Rel { node, fields, insert_only, update_producer, window, unique_keys }
}

/// An interval join's one-sided ON conjuncts go into its inputs where the join kind allows, as
/// for a regular join: a row they reject never reaches the join (it neither joins nor probes,
/// so it cannot make the other side's expired rows leave early).
fn push_interval_residual(j: &mut super::rel::IntervalJoinNode) {
    let Some(res) = j.residual.take() else { return };
    let nl = j.left.fields.len();
    let (to_left, to_right) = match j.kind {
        JoinKind::Inner | JoinKind::Semi => (true, true),
        JoinKind::Left | JoinKind::Anti => (false, true),
        JoinKind::Right => (true, false),
        JoinKind::Full => (false, false),
    };
    let mut keep = Vec::new();
    let (mut lconds, mut rconds) = (Vec::new(), Vec::new());
    let mut moved = Vec::new();
    for c in res.conjuncts() {
        match side_of(&c, nl) {
            Some(Side::Left) if to_left => {
                moved.push(c.clone());
                lconds.push(c)
            }
            Some(Side::Right) if to_right => {
                moved.push(c.clone());
                rconds.push(c.remap(&|i| i - nl))
            }
            _ => keep.push(c),
        }
    }
    let (left, lrest) = push_into(std::mem::replace(&mut j.left, Rel::placeholder()), lconds);
    let (right, rrest) = push_into(std::mem::replace(&mut j.right, Rel::placeholder()), rconds);
    // what does not go further is applied on top of the input (a Calc filter)
    j.left = filtered(left, lrest);
    j.right = filtered(right, rrest);
    j.residual = Expr::and_all(keep);
    if let Some(c) = j.condition.take() {
        j.condition = Expr::and_all(c.conjuncts().into_iter().filter(|x| !moved.contains(x)).collect());
    }
}

/// `rel` with the conjuncts applied on top (a Calc filter keeping every column).
fn filtered(rel: Rel, conds: Vec<Expr>) -> Rel {
    if conds.is_empty() {
        return rel;
    }
    let project = rel.fields.iter().enumerate().map(|(i, f)| Expr::input(i, f.ty.clone())).collect();
    let names = rel.names();
    super::rel::calc(rel, Expr::and_all(conds), project, names)
}

/// Pushes a join's one-sided ON conjuncts into its inputs where the join kind allows (not into
/// the preserved side of an outer join), with the copies [`derive_other_side`] makes.
fn push_residual(j: &mut RegularJoinNode) {
    let Some(res) = j.residual.take() else { return };
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
    let (dl, dr) = derive_other_side(j, j.kind, &[lconds.as_slice(), &shift(&rconds, nl)].concat(), false);
    let (left, lrest) = push_into(std::mem::replace(&mut j.left, Rel::placeholder()), lconds);
    let (right, rrest) = push_into(std::mem::replace(&mut j.right, Rel::placeholder()), rconds);
    j.left = push_into(left, dl).0;
    j.right = push_into(right, dr).0;
    keep.extend(lrest);
    keep.extend(rrest.into_iter().map(|c| c.remap(&|i| i + nl)));
    j.residual = Expr::and_all(keep);
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
        Node::RegularJoin(mut j) => {
            let nl = j.left.fields.len();
            let kind = simplify(j.kind, &conds, nl);
            if kind != j.kind {
                j.kind = kind;
                j.left_spec = input_spec(&j.left, &j.left_keys);
                j.right_spec = input_spec(&j.right, &j.right_keys);
                insert_only = j.left.insert_only && j.right.insert_only && kind == JoinKind::Inner;
                unique_keys = join_unique_keys(&j.left, &j.right, kind, &j.left_spec, &j.right_spec);
                // the ON conjuncts the outer join had to keep may go down now
                push_residual(&mut j);
            }
            let (mut lconds, mut rconds) = (Vec::new(), Vec::new());
            let (dl, dr) = derive_other_side(&j, kind, &conds, true);
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
            // a derived copy only repeats what the original filter decides: whatever of it
            // cannot go further is dropped
            j.left = push_into(left, dl).0;
            j.right = push_into(right, dr).0;
            rest.extend(lrest);
            rest.extend(rrest.into_iter().map(|c| c.remap(&|i| i + nl)));
            let changed =
                Rel { node: Node::RegularJoin(j), fields, insert_only, update_producer: None, window, unique_keys };
            update_producer = Some(join_description(&changed, false));
            let Rel { node, fields, window, unique_keys, .. } = changed;
            return (Rel { node, fields, insert_only, update_producer, window, unique_keys }, rest);
        }
        Node::IntervalJoin(mut j) => {
            // as for a regular join: a WHERE that rejects the padded side's NULLs makes it inner,
            // and one-sided conjuncts go into the inputs they read (a row they reject never
            // probes the other side)
            let nl = j.left.fields.len();
            let kind = simplify(j.kind, &conds, nl);
            if kind != j.kind {
                j.kind = kind;
                push_interval_residual(&mut j);
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
            j.left = filtered(left, lrest);
            j.right = filtered(right, rrest.clone());
            let fields = if kind.left_outer() || kind.right_outer() {
                fields
            } else {
                // an outer join made inner: no padded NULLs any more
                let mut f = j.left.fields.clone();
                f.extend(j.right.fields.iter().cloned());
                f
            };
            return (
                Rel { node: Node::IntervalJoin(j), fields, insert_only, update_producer, window, unique_keys },
                rest,
            );
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
                super::rel::calc(input, Expr::and_all(left), project, names)
            };
            Node::ChangelogNormalize { input: Box::new(input), key, ttl_enabled, condition: Expr::and_all(cond) }
        }
        // a filter above a scan, a window or interval join (append-only: a filter gives the same
        // rows above it or below it) or a multi-way join gives the same output where it is
        node @ (Node::Scan { .. }
        | Node::Values { .. }
        | Node::WindowTvf { .. }
        | Node::WindowJoin(_)
        | Node::TemporalJoin(_)
        | Node::LookupJoin(_)
        | Node::Search(_)
        | Node::MultiJoin(_)
        | Node::GroupAggregate(_)
        | Node::Expand { .. }
        | Node::Correlate(_)
        | Node::Ptf(_)
        | Node::Over(_)
        | Node::Rank(_)
        | Node::WindowAggregate(_)
        | Node::Union { .. }) => {
            rest = conds;
            node
        }
    };
    (Rel { node, fields, insert_only, update_producer, window, unique_keys }, rest)
}

/// Right-side conjuncts (over the right input) renumbered over the join's row.
fn shift(conds: &[Expr], nl: usize) -> Vec<Expr> {
    conds.iter().map(|c| c.remap(&|i| i + nl)).collect()
}

/// Flink's `FlinkFilterJoinRule.pushFiltersToAnotherSide`: a conjunct (over the join's row)
/// that reads only one side's equi-key columns is copied to the other side, with each key
/// column replaced by its partner (`a.k = b.k AND a.k > 1` also filters `b.k > 1`). For an
/// INNER join every such conjunct is copied, from a WHERE above it (`from_above`) or from its
/// ON condition; for a LEFT / RIGHT join only a WHERE comparison (`=`, `<>`, `<`, `<=`, `>`,
/// `>=`) with a literal operand; never for FULL, SEMI or ANTI. For keys of different numeric
/// types Flink casts one side to the other's type: a conjunct over the uncast column is copied
/// with the cast partner in its place (`CAST(b.k AS BIGINT) = a.k AND a.k = 2` filters
/// `CAST(b.k AS BIGINT) = 2`), one over the cast column is not (it is not a key column); keys
/// whose common type is neither side's are left out. Returns the copies for the left and the
/// right input.
fn derive_other_side(j: &RegularJoinNode, kind: JoinKind, conds: &[Expr], from_above: bool) -> (Vec<Expr>, Vec<Expr>) {
    let (mut to_left, mut to_right) = (Vec::new(), Vec::new());
    let comparison_only = match kind {
        JoinKind::Inner => false,
        JoinKind::Left | JoinKind::Right if from_above => true,
        _ => return (to_left, to_right),
    };
    let nl = j.left.fields.len();
    // per key pair: the left column, the right column, and for keys of different types the
    // side whose column Flink compares uncast (the other is cast to its type, so only a
    // conjunct over the uncast column is over a key column, and its copy reads the cast)
    let mut pairs: Vec<(usize, usize, Option<Side>)> = Vec::new();
    for (&a, &b) in j.left_keys.iter().zip(&j.right_keys) {
        let (Some(lf), Some(rf)) = (j.left.fields.get(a), j.right.fields.get(b)) else { continue };
        if lf.ty.kind == rf.ty.kind {
            pairs.push((a, b, None));
        } else if lf.ty.kind.is_numeric() && rf.ty.kind.is_numeric() {
            match crate::expr::typing::least_restrictive(&[&lf.ty, &rf.ty]) {
                Some(t) if t.kind == rf.ty.kind => pairs.push((a, b, Some(Side::Right))),
                Some(t) if t.kind == lf.ty.kind => pairs.push((a, b, Some(Side::Left))),
                _ => {}
            }
        }
    }
    if pairs.is_empty() {
        return (to_left, to_right);
    }
    let cast = |e: Expr, to: &crate::types::DataType| {
        let ty = to.with_nullable(e.ty().nullable);
        Expr::Cast { expr: Box::new(e), ty, try_cast: false }
    };
    // a right key column's left partner (the last pair wins where a column is a key twice, as
    // in Flink's remapping), and the reverse
    let to_r = |i: usize| -> Option<Expr> {
        let &(a, b, _) = pairs.iter().rev().find(|p| p.0 == i && !matches!(p.2, Some(Side::Right)))?;
        let rf = &j.right.fields[b];
        let lf = &j.left.fields[a];
        let col = Expr::input(b, rf.ty.clone());
        Some(if lf.ty.kind == rf.ty.kind { col } else { cast(col, &lf.ty) })
    };
    let to_l = |i: usize| -> Option<Expr> {
        let &(a, b, _) = pairs.iter().rev().find(|p| p.1 + nl == i && !matches!(p.2, Some(Side::Left)))?;
        let rf = &j.right.fields[b];
        let lf = &j.left.fields[a];
        let col = Expr::input(a, lf.ty.clone());
        Some(if lf.ty.kind == rf.ty.kind { col } else { cast(col, &rf.ty) })
    };
    for c in conds {
        if comparison_only && !literal_comparison(c) {
            continue;
        }
        if matches!(c, Expr::Literal { .. }) {
            continue;
        }
        let mut cols = Vec::new();
        c.inputs(&mut cols);
        if cols.is_empty() {
            continue;
        }
        if let Some(e) = substitute(c, &to_r) {
            to_right.push(e);
        } else if let Some(e) = substitute(c, &to_l) {
            to_left.push(e);
        }
    }
    (to_left, to_right)
}

/// The expression with each input column `i` replaced by `f(i)`; None when `f` has no
/// replacement for one of its columns.
fn substitute(e: &Expr, f: &dyn Fn(usize) -> Option<Expr>) -> Option<Expr> {
    Some(match e {
        Expr::Input { index, .. } => f(*index)?,
        Expr::Literal { .. } => e.clone(),
        Expr::Cast { expr, ty, try_cast } => {
            Expr::Cast { expr: Box::new(substitute(expr, f)?), ty: ty.clone(), try_cast: *try_cast }
        }
        Expr::Call { op, args, ty } => Expr::Call {
            op: *op,
            args: args.iter().map(|a| substitute(a, f)).collect::<Option<Vec<_>>>()?,
            ty: ty.clone(),
        },
        Expr::Case { whens, otherwise, ty } => Expr::Case {
            whens: whens
                .iter()
                .map(|(w, t)| Some((substitute(w, f)?, substitute(t, f)?)))
                .collect::<Option<Vec<_>>>()?,
            otherwise: Box::new(substitute(otherwise, f)?),
            ty: ty.clone(),
        },
    })
}

/// `x op literal` or `literal op x` for a comparison `op` (Flink's `SUITABLE_FILTER_TO_PUSH`).
fn literal_comparison(c: &Expr) -> bool {
    let Expr::Call { op, args, .. } = c else { return false };
    let literal = |e: Option<&Expr>| match e {
        Some(Expr::Literal { .. }) => true,
        Some(Expr::Cast { expr, .. }) => matches!(**expr, Expr::Literal { .. }),
        _ => false,
    };
    matches!(op, Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge) && (literal(args.first()) || literal(args.get(1)))
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
pub(crate) fn simplify(kind: JoinKind, conds: &[Expr], nl: usize) -> JoinKind {
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

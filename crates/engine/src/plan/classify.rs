//! Which operator a join becomes — every join family's recognition rule, in one place, in the
//! order Flink's planner tries them:
//!
//! 1. **Window join** (`WindowJoinUtil.satisfyWindowJoin`, SEMANTICS.md §2.3): both inputs carry
//!    the same window (a window TVF's columns, kept through plain projections and window joins)
//!    and the condition equates a `window_start` and a `window_end` column of each side.
//! 2. **Interval join** (`IntervalJoinUtil.extractWindowBoundsFromPredicate`, SEMANTICS.md §3.2):
//!    not SEMI / ANTI, and the condition's conjuncts hold exactly one time equality or exactly
//!    two time range predicates bounding `left.time - right.time` from both sides. A *time
//!    predicate* compares (`<` `<=` `=` `>=` `>`) one time attribute of each input, both rowtime
//!    or both proctime, with only constants besides (`o.t BETWEEN s.t - INTERVAL '4' HOUR AND
//!    s.t`); strict bounds shift by 1 ms.
//! 3. Otherwise a **regular join**; when both inputs were windowed, the note says why it is
//!    not a window join.
//!
//! An **event-time temporal join** is recognised before any of these, from its syntax: the
//! right input is `t FOR SYSTEM_TIME AS OF <period>`, which Calcite turns into a Snapshot under a
//! Correlate and Flink's `LogicalCorrelateToJoinFromTemporalTableRule` into a temporal join;
//! [`temporal_period`] is its recognition rule for the period, `plan::bind::temporal` builds it.
//!
//! The classifier only recognises; `plan::bind::join` builds the node (and makes the checks
//! each family's planner rule makes, with Flink's messages).

use super::rel::{Rel, WindowProps};
use crate::expr::{Expr, Op};
use crate::kinds::JoinKind;
use crate::types::{DataType, TimeAttr, TypeKind};
use crate::value::Value;

/// What a join is planned as.
#[derive(Clone, Debug, PartialEq)]
pub enum JoinStrategy {
    /// Flink's `WindowJoin`: the (window_start, window_end) columns of each side the
    /// condition equates (the first such equalities), and each side's window.
    Window { left_win: (usize, usize), right_win: (usize, usize), left_window: WindowProps, right_window: WindowProps },
    /// Flink's `IntervalJoin`.
    Interval(IntervalBounds),
    /// A join whose shape Flink recognises as a family JoinLab cannot run yet.
    Unsupported { what: String },
    /// Flink's `Join` (regular, unbounded). `why_not`: why a join of windowed inputs is not a
    /// window join (shown as a note).
    Regular { why_not: Option<String> },
}

/// The time bounds of an interval join (Flink's `IntervalJoinSpec.WindowBounds`):
/// `left.time - right.time` lies in `[lower, upper]` (ms).
#[derive(Clone, Debug, PartialEq)]
pub struct IntervalBounds {
    /// Both time attributes are rowtime (else proctime).
    pub rowtime: bool,
    pub lower: i64,
    pub upper: i64,
    /// The time attribute columns (left input's, right input's).
    pub left_time: usize,
    pub right_time: usize,
    /// The conjuncts (indexes into the condition's conjuncts) that define the bounds; the
    /// others are the remaining condition.
    pub time_conjuncts: Vec<usize>,
}

/// Classifies a join of `left` and `right` on `conjuncts` (over left columns, then right).
pub fn classify_join(left: &Rel, right: &Rel, kind: JoinKind, conjuncts: &[Expr]) -> JoinStrategy {
    let nl = left.fields.len();
    let why_not = match (&left.window, &right.window) {
        (Some(lw), Some(rw)) => {
            let starts = win_pair(conjuncts, nl, &lw.window_start, &rw.window_start);
            let ends = win_pair(conjuncts, nl, &lw.window_end, &rw.window_end);
            if lw.ltz != rw.ltz {
                Some("the two inputs use different time attribute types".to_string())
            } else if lw.spec != rw.spec {
                Some(format!(
                    "the two inputs use different windows ({} and {})",
                    lw.spec.explain("…"),
                    rw.spec.explain("…")
                ))
            } else {
                match (starts, ends) {
                    (Some(s), Some(e)) => {
                        return JoinStrategy::Window {
                            left_win: (s.0, e.0),
                            right_win: (s.1, e.1),
                            left_window: lw.clone(),
                            right_window: rw.clone(),
                        }
                    }
                    _ => Some(
                        "the join condition does not contain both window_start equality and window_end equality"
                            .to_string(),
                    ),
                }
            }
        }
        _ => None,
    };
    if kind.projects_right() {
        match interval_bounds(left, right, conjuncts) {
            Ok(Some(b)) => return JoinStrategy::Interval(b),
            Ok(None) => {}
            Err(what) => return JoinStrategy::Unsupported { what },
        }
    }
    JoinStrategy::Regular {
        why_not: why_not.map(|why| {
            format!(
                "not a window join because {}: Flink runs it as a regular {} join, which keeps every row in state and emits at once",
                why,
                kind.sql()
            )
        }),
    }
}

/// What the `FOR SYSTEM_TIME AS OF` period of a temporal join is (Flink's
/// `validateSnapshotInCorrelate`, SEMANTICS.md §4.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PeriodCheck {
    /// A time attribute column of the left input as it is: event time or processing time.
    Field { rowtime: bool },
    /// Not a time indicator (a CAST, a plain timestamp column).
    NotTimeIndicator,
    /// A time indicator, but computed (`o.t - INTERVAL '1' SECOND`), not a field.
    NotField,
    /// A time attribute Flink keeps but JoinLab's planner has materialised (above a regular join).
    Materialized,
}

/// Classifies the period expression `p` (bound over the left input's columns).
pub fn temporal_period(left: &Rel, p: &Expr) -> PeriodCheck {
    match p {
        Expr::Input { index, ty } => match ty.time_attr() {
            TimeAttr::None => PeriodCheck::NotTimeIndicator,
            _ if !time_indicators_live(left) => PeriodCheck::Materialized,
            attr => PeriodCheck::Field { rowtime: attr == TimeAttr::Rowtime && *index < left.fields.len() },
        },
        Expr::Cast { .. } => PeriodCheck::NotTimeIndicator,
        _ => {
            let mut cols = Vec::new();
            p.inputs(&mut cols);
            if cols.iter().any(|&c| left.fields.get(c).is_some_and(|f| f.ty.time_attr() != TimeAttr::None)) {
                PeriodCheck::NotField
            } else {
                PeriodCheck::NotTimeIndicator
            }
        }
    }
}

/// A lookup key of a lookup join (Flink's `LookupJoinUtil.analyzeLookupKeys`): `d.col = e` (either
/// way round) where `d.col` is a column of the lookup table as it is (a cast of it is not) and
/// `e` reads only the probe row (a column, an expression, or a constant): (table column, `e`).
pub fn lookup_key(c: &Expr, nl: usize) -> Option<(usize, Expr)> {
    // (`IS NOT DISTINCT FROM` too: Flink 2.3 takes it as a lookup key, oracle lookup_key_forms)
    let Expr::Call { op: Op::Eq | Op::IsNotDistinctFrom, args, .. } = c else { return None };
    let (a, b) = (args.first()?, args.get(1)?);
    let probe_only = |e: &Expr| {
        let mut cols = Vec::new();
        e.inputs(&mut cols);
        cols.iter().all(|&i| i < nl)
    };
    let side = |x: &Expr, other: &Expr| match x {
        Expr::Input { index, .. } if *index >= nl && probe_only(other) => Some((*index - nl, other.clone())),
        _ => None,
    };
    side(a, b).or_else(|| side(b, a))
}

/// `(a = b)` between the two sides of a join: (left column, right column, null-safe).
pub fn equi_pair(e: &Expr, nl: usize) -> Option<(usize, usize, bool)> {
    if let Expr::Call { op, args, .. } = e {
        let safe = match op {
            Op::Eq => false,
            Op::IsNotDistinctFrom => true,
            _ => return None,
        };
        let (a, b) = (args.first()?, args.get(1)?);
        let strip = |x: &Expr| -> Option<usize> {
            match x {
                Expr::Input { index, .. } => Some(*index),
                Expr::Cast { expr, .. } => expr.as_input(),
                _ => None,
            }
        };
        let (x, y) = (strip(a)?, strip(b)?);
        if x < nl && y >= nl {
            return Some((x, y - nl, safe));
        }
        if y < nl && x >= nl {
            return Some((y, x - nl, safe));
        }
    }
    None
}

/// The first equality `l = r` (not `IS NOT DISTINCT FROM`) between a left column of `lcols` and a
/// right column of `rcols`, as (left column, right column).
pub fn win_pair(conjuncts: &[Expr], nl: usize, lcols: &[usize], rcols: &[usize]) -> Option<(usize, usize)> {
    conjuncts.iter().find_map(|c| match equi_pair(c, nl) {
        Some((a, b, false)) if lcols.contains(&a) && rcols.contains(&b) => Some((a, b)),
        _ => None,
    })
}

/// Flink's `PlannerTypeUtils.isInteroperable`, the check of a join key pair: the same type up to
/// nullability, any two character strings, any two binary strings.
pub fn interoperable(a: &DataType, b: &DataType) -> bool {
    use TypeKind::*;
    match (&a.kind, &b.kind) {
        (Char { .. } | VarChar { .. }, Char { .. } | VarChar { .. }) => true,
        (Binary { .. } | VarBinary { .. }, Binary { .. } | VarBinary { .. }) => true,
        (x, y) => x == y,
    }
}

/// The type an equality of two numeric columns of different types compares them in (Calcite's
/// least restrictive type: `INT = BIGINT` compares as BIGINT, `DECIMAL(3,1) = DECIMAL(4,2)` as
/// DECIMAL(4,2)); `None` when the values already compare as they are.
pub fn compare_type(a: &DataType, b: &DataType) -> Option<DataType> {
    if a.kind == b.kind || !a.kind.is_numeric() || !b.kind.is_numeric() {
        return None;
    }
    crate::expr::typing::least_restrictive(&[a, b])
}

/// Whether a relation's time attributes are still time indicators where a join reads them:
/// Flink materialises the time attributes of a regular join's inputs (`RelTimeIndicatorConverter`),
/// so above a regular or multi-way join they are plain timestamps.
fn time_indicators_live(rel: &Rel) -> bool {
    match &rel.node {
        // (a group aggregation materialises the time attributes of its keys)
        super::Node::RegularJoin(_) | super::Node::MultiJoin(_) | super::Node::GroupAggregate(_) => false,
        // a Top-N keeps its input's rows as they are
        super::Node::Over(o) => time_indicators_live(&o.input),
        // its window_time is a time attribute
        super::Node::WindowAggregate(_) => true,
        super::Node::Union { inputs } => inputs.iter().all(time_indicators_live),
        super::Node::Rank(r) => time_indicators_live(&r.input),
        // window and interval joins keep both inputs' time attributes
        super::Node::Scan { .. }
        | super::Node::Values { .. }
        | super::Node::WindowJoin(_)
        | super::Node::IntervalJoin(_) => true,
        // a temporal join keeps its probe side's time attribute
        super::Node::TemporalJoin(j) => time_indicators_live(&j.left),
        // a lookup join keeps its probe side's
        super::Node::LookupJoin(j) => time_indicators_live(&j.left),
        super::Node::Search(j) => time_indicators_live(&j.left),
        super::Node::Correlate(c) => time_indicators_live(&c.input),
        // its output's `rowtime` is a time attribute
        super::Node::Ptf(_) => true,
        super::Node::Calc { input, .. }
        | super::Node::Expand { input, .. }
        | super::Node::WindowTvf { input, .. }
        | super::Node::ChangelogNormalize { input, .. } => time_indicators_live(input),
    }
}

/// One input's time attribute read by one side of a comparison.
#[derive(Clone, Copy, PartialEq)]
struct TimeAccess {
    rowtime: bool,
    left_input: bool,
    /// Column within its input.
    col: usize,
}

struct TimePredicate {
    op: Op,
    /// The left input's time attribute is the comparison's first operand.
    left_input_first: bool,
    left_time: usize,
    right_time: usize,
    /// Index of the conjunct.
    conjunct: usize,
    args: [Expr; 2],
}

/// The interval-join bounds of a condition, if its conjuncts define them (`Ok(None)`: not an
/// interval join); `Err` when Flink would plan an interval join whose bounds JoinLab cannot
/// compute.
fn interval_bounds(left: &Rel, right: &Rel, conjuncts: &[Expr]) -> Result<Option<IntervalBounds>, String> {
    let nl = left.fields.len();
    let live = [time_indicators_live(left), time_indicators_live(right)];
    let attr_of = |c: usize| -> TimeAttr {
        let (rel, col, side) = if c < nl { (left, c, 0) } else { (right, c - nl, 1) };
        if !live[side] {
            return TimeAttr::None;
        }
        rel.fields.get(col).map(|f| f.ty.time_attr()).unwrap_or(TimeAttr::None)
    };
    let mut preds: Vec<TimePredicate> = Vec::new();
    for (i, c) in conjuncts.iter().enumerate() {
        let Expr::Call { op, args, .. } = c else { continue };
        if !matches!(op, Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::Eq) || args.len() != 2 {
            continue;
        }
        if reads_non_time(&args[0], &attr_of) || reads_non_time(&args[1], &attr_of) {
            continue;
        }
        let (Ok(a), Ok(b)) = (time_access(&args[0], nl, &attr_of), time_access(&args[1], nl, &attr_of)) else {
            continue;
        };
        let (Some(a), Some(b)) = (a, b) else { continue };
        if a.rowtime != b.rowtime || a.left_input == b.left_input {
            continue;
        }
        // an equality with an expression on a side (`b.t = a.t + INTERVAL '1' SECOND`) is an
        // equi-join key: Calcite pushes the expression below the join as a column
        let plain = |e: &Expr| {
            matches!(e, Expr::Input { .. }) || matches!(e, Expr::Cast { expr, .. } if expr.as_input().is_some())
        };
        if *op == Op::Eq && !(plain(&args[0]) && plain(&args[1])) {
            continue;
        }
        let (lt, rt) = if a.left_input { (a.col, b.col) } else { (b.col, a.col) };
        preds.push(TimePredicate {
            op: *op,
            left_input_first: a.left_input,
            left_time: lt,
            right_time: rt,
            conjunct: i,
            args: [args[0].clone(), args[1].clone()],
        });
    }
    let equalities = preds.iter().filter(|p| p.op == Op::Eq).count();
    match (preds.len(), equalities) {
        (1, 1) | (2, 0) => {}
        _ => return Ok(None),
    }
    let rowtime = attr_of(preds[0].left_time) == TimeAttr::Rowtime;
    let mut bounds: Vec<(i64, bool)> = Vec::new();
    for p in &preds {
        let left_lower = match p.op {
            Op::Gt | Op::Ge => p.left_input_first,
            Op::Lt | Op::Le => !p.left_input_first,
            _ => true,
        };
        let (first_time, second_time) =
            if p.left_input_first { (p.left_time, nl + p.right_time) } else { (nl + p.right_time, p.left_time) };
        let (Some(x), Some(y)) = (offset(&p.args[0], first_time), offset(&p.args[1], second_time)) else {
            return Err(
                "interval joins whose time bounds are not plain INTERVAL arithmetic (DAY TO SECOND units)".into()
            );
        };
        let tmp = if p.left_input_first { y - x } else { x - y };
        let bound = match (p.op, p.left_input_first) {
            (Op::Lt, true) | (Op::Gt, false) => tmp - 1,
            (Op::Lt, false) | (Op::Gt, true) => tmp + 1,
            _ => tmp,
        };
        bounds.push((bound, left_lower));
    }
    let (lower, upper) = match bounds.as_slice() {
        [(x, true), (y, false)] => (*x, *y),
        [(x, false), (y, true)] => (*y, *x),
        [(x, _)] => (*x, *x),
        _ => return Ok(None),
    };
    Ok(Some(IntervalBounds {
        rowtime,
        lower,
        upper,
        left_time: preds[0].left_time,
        right_time: preds[0].right_time,
        time_conjuncts: preds.iter().map(|p| p.conjunct).collect(),
    }))
}

/// Whether an expression reads a column that is not a time attribute.
fn reads_non_time(e: &Expr, attr_of: &dyn Fn(usize) -> TimeAttr) -> bool {
    let mut cols = Vec::new();
    e.inputs(&mut cols);
    cols.iter().any(|&c| attr_of(c) == TimeAttr::None)
}

/// The single time attribute an expression reads (`Ok(None)`: none; `Err`: several).
fn time_access(e: &Expr, nl: usize, attr_of: &dyn Fn(usize) -> TimeAttr) -> Result<Option<TimeAccess>, ()> {
    let mut cols = Vec::new();
    e.inputs(&mut cols);
    let mut found: Option<TimeAccess> = None;
    for c in cols {
        let rowtime = match attr_of(c) {
            TimeAttr::Rowtime => true,
            TimeAttr::Proctime => false,
            TimeAttr::None => continue,
        };
        if found.is_some() {
            return Err(());
        }
        found = Some(TimeAccess { rowtime, left_input: c < nl, col: if c < nl { c } else { c - nl } });
    }
    Ok(found)
}

/// The constant an expression adds to the time attribute in column `time` (the attribute read
/// as 0, as Flink's `reduceTimeExpression` reads it): `t`, `t ± INTERVAL …`, casts of them.
fn offset(e: &Expr, time: usize) -> Option<i64> {
    match e {
        Expr::Input { index, .. } if *index == time => Some(0),
        Expr::Input { .. } => None,
        Expr::Literal { value: Value::Interval(ms), .. } => Some(*ms),
        Expr::Literal { .. } => None,
        Expr::Cast { expr, .. } => offset(expr, time),
        Expr::Call { op: Op::TimestampPlus, args, .. } if args.len() == 2 => {
            Some(offset(&args[0], time)?.checked_add(offset(&args[1], time)?)?)
        }
        Expr::Call { op: Op::TimestampMinus, args, .. } if args.len() == 2 => {
            Some(offset(&args[0], time)?.checked_sub(offset(&args[1], time)?)?)
        }
        // TIMESTAMPADD(unit, n, t) with a day-time unit and a constant n
        Expr::Call { op: Op::TimestampAdd, args, .. } if args.len() == 3 => {
            let unit = match &args[0] {
                Expr::Literal { value, .. } => value.as_i64().filter(|u| *u > 0)?,
                _ => return None,
            };
            let n = match &args[1] {
                Expr::Literal { value, .. } => value.as_i64()?,
                _ => return None,
            };
            n.checked_mul(unit)?.checked_add(offset(&args[2], time)?)
        }
        Expr::Call { .. } | Expr::Case { .. } => None,
    }
}

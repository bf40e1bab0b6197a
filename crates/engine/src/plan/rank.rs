//! Top-N and deduplication: a filter on a ranking window function's number (`WHERE rn <= 3`,
//! `rn = 1`, `rn BETWEEN 2 AND 3`) above the `OVER` it numbers becomes one operator, as Flink's
//! `FlinkLogicalRankRule` and `RankUtil` decide:
//!
//! * a range of one rank makes the number a constant (a Calc puts it back where it is read);
//! * `ROW_NUMBER`, rank 1 only, ordered by one time attribute, over an insert-only input: a
//!   **deduplication** (keep the first row per key when ascending, the last when descending);
//! * a partition holding a window's start and end: a **window Top-N** or **window
//!   deduplication** (fired with the window);
//! * otherwise a **Top-N** whose strategy follows its input: append-only, updates of a key that
//!   only move one way (`UpdateFastStrategy`), or any changes (`RetractStrategy`).
//!
//! A rank number nothing filters stays an `OverAggregate`, which JoinLab does not run.

use super::rel::{Node, OrderKey, OverNode, RankKind, RankNode, RankNumber, RankRange, RankStrategy, RankType, Rel};
use crate::error::{Error, Result};
use crate::expr::{Expr, Op};
use crate::types::TimeAttr;
use crate::value::Value;

/// Where the rank number of an `OVER` below `rel` (through projections) is in `rel`'s columns.
fn over_column(rel: &Rel) -> Option<usize> {
    match &rel.node {
        Node::Over(o) => Some(o.input.fields.len()),
        Node::Calc { input, filter: None, project } => {
            let below = over_column(input)?;
            project.iter().position(|e| e.as_input() == Some(below))
        }
        _ => None,
    }
}

/// Column `col` of `rel` as the `OVER`'s input numbers it (through the projections).
fn over_input_column(rel: &Rel, col: usize) -> Option<usize> {
    match &rel.node {
        Node::Over(o) => (col < o.input.fields.len()).then_some(col),
        Node::Calc { input, filter: None, project } => over_input_column(input, project.get(col)?.as_input()?),
        _ => None,
    }
}

/// The bounds a conjunct puts on the rank number at column `rn`: (lower, upper, variable end).
fn bound_of(c: &Expr, rn: usize) -> Option<(Option<i64>, Option<i64>, Option<usize>)> {
    let Expr::Call { op, args, .. } = c else { return None };
    if args.len() != 2 {
        return None;
    }
    let (op, other) = match (args[0].as_input(), args[1].as_input()) {
        (Some(a), _) if a == rn => (*op, &args[1]),
        (_, Some(b)) if b == rn => (flip(*op), &args[0]),
        _ => return None,
    };
    let lit = match other {
        Expr::Literal { value, .. } => value.as_i64(),
        Expr::Cast { expr, .. } => match &**expr {
            Expr::Literal { value, .. } => value.as_i64(),
            _ => None,
        },
        _ => None,
    };
    match (op, lit, other.as_input()) {
        (Op::Le, Some(v), _) => Some((None, Some(v), None)),
        (Op::Lt, Some(v), _) => Some((None, Some(v - 1), None)),
        (Op::Ge, Some(v), _) => Some((Some(v), None, None)),
        (Op::Gt, Some(v), _) => Some((Some(v + 1), None, None)),
        (Op::Eq, Some(v), _) => Some((Some(v), Some(v), None)),
        (Op::Le, None, Some(col)) => Some((None, None, Some(col))),
        _ => None,
    }
}

fn flip(op: Op) -> Op {
    match op {
        Op::Lt => Op::Gt,
        Op::Gt => Op::Lt,
        Op::Le => Op::Ge,
        Op::Ge => Op::Le,
        o => o,
    }
}

/// Flink's `RankUtil.isDeduplication`: ROW_NUMBER, the top 1, no rank number output.
fn is_deduplication(r: &RankNode) -> bool {
    r.rank_type == RankType::RowNumber
        && r.range == RankRange::Constant { start: 1, end: 1 }
        && r.rn != RankNumber::Column
        && matches!(r.kind, RankKind::Rank { .. })
}

/// `keys` and the unique keys of `input` that the projection passes on as they are.
fn passed_keys(input: &Rel, project: &[Expr], mut keys: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
    for k in &input.unique_keys {
        let mapped: Option<Vec<usize>> =
            k.iter().map(|&c| project.iter().position(|e| e.as_input() == Some(c))).collect();
        if let Some(m) = mapped {
            if !keys.contains(&m) {
                keys.push(m);
            }
        }
    }
    keys
}

/// Replaces the `OVER` at the bottom of the projection chain `rel` by `f(over)`.
fn replace_over(rel: Rel, f: &mut dyn FnMut(OverNode) -> Result<Node>) -> Result<Rel> {
    let Rel { node, fields, insert_only, update_producer, window, unique_keys } = rel;
    let (node, insert_only, window) = match node {
        Node::Over(o) => {
            let node = f(*o)?;
            let io = match &node {
                Node::Rank(r) => rank_insert_only(r),
                _ => insert_only,
            };
            let w = match &node {
                Node::Rank(r) if matches!(r.kind, RankKind::WindowRank | RankKind::WindowDeduplicate { .. }) => {
                    r.input.window.clone()
                }
                _ => window,
            };
            // a deduplication keeps one row per partition: its keys are an upsert key (Flink's
            // `FlinkRelMdUpsertKeys` of a Deduplicate), what makes it a versioned view; so are a
            // Top-1's by ROW_NUMBER without its rank number (`RankUtil.isDeduplication`, which asks
            // nothing of the order: `FlinkRelMdUniqueKeys.getRankUniqueKeys`), and a join's state
            // then keeps one row per key (a later +U replaces it)
            let uk = match &node {
                Node::Rank(r) if matches!(r.kind, RankKind::Deduplicate { .. }) && !r.partition.is_empty() => {
                    vec![r.partition.clone()]
                }
                Node::Rank(r) if is_deduplication(r) && !r.partition.is_empty() => vec![r.partition.clone()],
                _ => unique_keys,
            };
            return Ok(Rel { node, fields, insert_only: io, update_producer, window: w, unique_keys: uk });
        }
        Node::Calc { input, filter, project } => {
            let input = replace_over(*input, f)?;
            let io = input.insert_only;
            let w = input.window.clone().and(window);
            let uk = passed_keys(&input, &project, unique_keys);
            return Ok(Rel {
                node: Node::Calc { input: Box::new(input), filter, project },
                fields,
                insert_only: io,
                update_producer,
                window: w,
                unique_keys: uk,
            });
        }
        other => (other, insert_only, window),
    };
    Ok(Rel { node, fields, insert_only, update_producer, window, unique_keys })
}

/// Whether a Top-N emits only inserts: deduplications keeping the first row, window ones, and
/// the top-1 Flink 2.3 wrongly plans as insert-only.
fn rank_insert_only(r: &RankNode) -> bool {
    match &r.kind {
        RankKind::Deduplicate { keep_last, .. } => !keep_last,
        RankKind::WindowRank | RankKind::WindowDeduplicate { .. } => true,
        RankKind::Rank { .. } => !r.update_before,
    }
}

/// Turns a filter on the rank number of an `OVER` below `rel` into a Top-N: the conjuncts that
/// bound the number go into it, the others stay in the filter (applied after it). The filter is
/// `filter`, or the one filter push-down left in a Calc on top of `rel`.
pub fn recognize(rel: Rel, filter: Option<Expr>, ttl: i64) -> Result<(Rel, Option<Expr>)> {
    let Rel { node, fields, insert_only, update_producer, window, unique_keys } = rel;
    let rel = match node {
        Node::Calc { input, filter: Some(inner), project } if over_column(&input).is_some() => {
            // what this Calc reads of its input (the rest of its columns nothing above reads)
            let mut read = Vec::new();
            project.iter().for_each(|e| e.inputs(&mut read));
            inner.inputs(&mut read);
            let (input, inner) = recognize_filter(*input, Some(inner), ttl, Some(read))?;
            let insert_only = input.insert_only;
            let window = input.window.clone().and(window);
            let unique_keys = passed_keys(&input, &project, unique_keys);
            Rel {
                node: Node::Calc { input: Box::new(input), filter: inner, project },
                fields,
                insert_only,
                update_producer,
                window,
                unique_keys,
            }
        }
        node => Rel { node, fields, insert_only, update_producer, window, unique_keys },
    };
    recognize_filter(rel, filter, ttl, None)
}

/// `read`: the columns of `rel` that what is above it reads (None: every one).
fn recognize_filter(rel: Rel, filter: Option<Expr>, ttl: i64, read: Option<Vec<usize>>) -> Result<(Rel, Option<Expr>)> {
    let (Some(f), Some(rn)) = (filter.clone(), over_column(&rel)) else { return Ok((rel, filter)) };
    let mut lower: Option<i64> = None;
    let mut upper: Option<i64> = None;
    let mut variable: Option<usize> = None;
    let mut rest = Vec::new();
    let mut found = false;
    for c in f.conjuncts() {
        match bound_of(&c, rn) {
            Some((lo, hi, var)) => {
                found = true;
                if let Some(l) = lo {
                    lower = Some(lower.map_or(l, |x| x.max(l)));
                }
                if let Some(h) = hi {
                    upper = Some(upper.map_or(h, |x| x.min(h)));
                }
                if var.is_some() {
                    variable = var;
                }
            }
            None => rest.push(c),
        }
    }
    if !found {
        return Ok((rel, filter));
    }
    let range = match (variable.and_then(|c| over_input_column(&rel, c)), upper) {
        (Some(col), _) => RankRange::Variable { end_col: col },
        (None, Some(end)) => RankRange::Constant { start: lower.unwrap_or(1).max(1), end },
        (None, None) => return Err(Error::table(
            "Rank end is not specified. Currently rank only support TopN, which means the rank end must be specified.",
        )),
    };
    let above = read_above_over(&rel, read);
    let rel = replace_over(rel, &mut |o: OverNode| {
        if drops_rank_number(&o.input, above.clone()) {
            return Err(Error::unsupported(
                "a Top-N over a Top-N whose rank number a projection drops in between (Flink keeps that rank number in the inner Top-N, and its updates reach the outer one)",
            ));
        }
        rank_node(o, range.clone(), ttl).map(|r| Node::Rank(Box::new(r)))
    })?;
    Ok((rel, Expr::and_all(rest)))
}

/// Follows the Calcs from `rel` down: the first other node, and the columns of it that the Calcs
/// read (their projections' inputs for the columns read of them, `read`: None for every one, and
/// their filters').
fn read_through_calcs(rel: &Rel, mut read: Option<Vec<usize>>) -> (&Rel, Option<Vec<usize>>) {
    let mut at = rel;
    while let Node::Calc { input, filter, project } = &at.node {
        let mut cols = Vec::new();
        for (c, e) in project.iter().enumerate() {
            if read.as_ref().is_none_or(|r| r.contains(&c)) {
                e.inputs(&mut cols);
            }
        }
        if let Some(f) = filter {
            f.inputs(&mut cols);
        }
        read = Some(cols);
        at = input.as_ref();
    }
    (at, read)
}

/// The columns of the `OVER` below `rel`'s Calcs that what is above it reads (`read` of `rel`'s
/// own columns, None for every one): through those Calcs, and its own partition and order.
fn read_above_over(rel: &Rel, read: Option<Vec<usize>>) -> Option<Vec<usize>> {
    let (at, read) = read_through_calcs(rel, read);
    let Node::Over(o) = &at.node else { return None };
    let mut cols = read.unwrap_or_else(|| (0..o.input.fields.len()).collect());
    cols.extend(o.partition.iter().copied());
    cols.extend(o.order.iter().map(|k| k.col));
    Some(cols)
}

/// A projection between a Top-N and an `OVER` above it, or above that `OVER`, that drops the
/// Top-N's rank number (`above`: the columns of the `OVER`'s input read from above it): Flink's
/// planner moves such projections across the window, and the inner Top-N still computes its rank
/// number and sends its rank shifts (fuzz findings topn_over_topn_inner_rank_number, and
/// aggregations seed 3321 #19 and #39 with the projection above the `OVER`); JoinLab does not plan
/// that yet.
fn drops_rank_number(rel: &Rel, above: Option<Vec<usize>>) -> bool {
    let (at, read) = read_through_calcs(rel, above);
    let (Node::Rank(r), Some(read)) = (&at.node, read) else { return false };
    let rn_col = r.input.fields.len();
    r.rn == RankNumber::Column && at.fields.len() > rn_col && !read.contains(&rn_col)
}

/// The Top-N an `OVER` and its range become, with the operator Flink picks.
fn rank_node(o: OverNode, range: RankRange, ttl: i64) -> Result<RankNode> {
    let one = matches!(range, RankRange::Constant { start: 1, end: 1 });
    let rn = match range {
        RankRange::Constant { start, end } if start == end => RankNumber::Constant(start),
        _ => RankNumber::Column,
    };
    let time_order = o.order.len() == 1 && {
        let t = o.input.fields[o.order[0].col].ty.time_attr();
        t != TimeAttr::None
    };
    let rowtime = time_order && o.input.fields[o.order[0].col].ty.time_attr() == TimeAttr::Rowtime;
    let windowed = o.input.window.as_ref().is_some_and(|w| {
        w.window_start.iter().any(|c| o.partition.contains(c)) && w.window_end.iter().any(|c| o.partition.contains(c))
    });
    let dedup = o.rank_type == RankType::RowNumber && one && time_order && o.input.insert_only;
    let keep_last = o.order.first().is_some_and(|k| k.desc);
    let kind = if dedup && windowed {
        if !rowtime {
            return Err(Error::table("Processing time Window Deduplication is not supported yet."));
        }
        RankKind::WindowDeduplicate { keep_last }
    } else if dedup {
        RankKind::Deduplicate { keep_last, rowtime }
    } else if windowed {
        if !o.input.insert_only {
            return Err(Error::table(format!(
                "StreamPhysicalWindowRank doesn't support consuming update and delete changes which is produced by node {}",
                o.input.update_producer.clone().unwrap_or_else(|| "TableSourceScan".into())
            )));
        }
        if o.rank_type != RankType::RowNumber {
            return Err(Error::table(format!(
                "{}() function is not supported on Window TopN currently, only ROW_NUMBER() is supported.",
                o.rank_type.flink_name()
            )));
        }
        if o.input.window.as_ref().is_some_and(|w| w.proctime) {
            return Err(Error::table("Processing time Window TopN is not supported yet."));
        }
        if matches!(range, RankRange::Variable { .. }) {
            return Err(Error::table("Rank strategy VariableRankRange is not supported on window rank currently."));
        }
        RankKind::WindowRank
    } else {
        if o.rank_type != RankType::RowNumber {
            return Err(Error::table(format!(
                "{}() on streaming table is not supported currently",
                o.rank_type.flink_name()
            )));
        }
        RankKind::Rank { strategy: strategy(&o)? }
    };
    // Flink 2.3: a top-1 without rank number over an insert-only input is planned insert-only
    // unless it orders by one DESC column; the operator then sends +U without -U
    let bug = matches!(kind, RankKind::Rank { .. })
        && o.rank_type == RankType::RowNumber
        && one
        && o.input.insert_only
        && !(o.order.len() == 1 && o.order[0].desc);
    Ok(RankNode {
        sort_limit: false,
        input: o.input,
        rank_type: o.rank_type,
        partition: o.partition,
        order: o.order,
        range,
        rn,
        kind,
        update_before: !bug,
        ttl,
    })
}

/// `RankProcessStrategy.analyzeRankProcessStrategies`: append-only input → AppendFast; an
/// updating one with a unique key that holds the partition key and sort keys that only move
/// the way they sort (a DESC key that only grows) → UpdateFast; else Retract.
fn strategy(o: &OverNode) -> Result<RankStrategy> {
    if o.input.insert_only {
        return Ok(RankStrategy::AppendFast);
    }
    let key = o.input.unique_keys.iter().find(|k| !k.is_empty() && o.partition.iter().all(|p| k.contains(p)));
    if key.is_some() && o.order.iter().any(|k| super::monotonicity::undecided(&o.input, k.col)) {
        return Err(Error::unsupported(
            "a Top-N ordered by a SUM whose argument Flink may know the range of (a filter on the summed column, a FILTER clause, a computed argument): Flink then picks its rank strategy from that range (FlinkRelMdColumnInterval), which JoinLab does not derive",
        ));
    }
    let monotone = o.order.iter().all(|k| {
        matches!(
            (super::monotonicity::of(&o.input, k.col), k.desc),
            (Some(super::monotonicity::Monotonicity::Constant), _)
                | (Some(super::monotonicity::Monotonicity::Increasing), true)
                | (Some(super::monotonicity::Monotonicity::Decreasing), false)
        )
    });
    Ok(match (monotone, key) {
        (true, Some(k)) => RankStrategy::UpdateFast { key: k.clone() },
        _ => RankStrategy::Retract,
    })
}

/// `ORDER BY … LIMIT` (Flink's `SortLimit`): a Top-N of one partition whose rank number no one
/// reads; its output keeps the input's columns.
pub fn sort_limit(o: OverNode, range: RankRange, ttl: i64) -> Result<Rel> {
    let fields = o.input.fields.clone();
    let window = None;
    let unique_keys = Vec::new();
    let update_producer = o.input.update_producer.clone();
    let mut r = rank_node(o, range, ttl)?;
    r.rn = RankNumber::Unused;
    r.sort_limit = true;
    // the insert-only top-1 of Flink 2.3 is a FlinkLogicalRank property: a SortLimit retracts
    // (-U then +U; oracle scenario topn/sort_limit_top1_retracts)
    r.update_before = true;
    if let RankKind::Deduplicate { .. } = r.kind {
        // (one row of the whole stream ordered by a time attribute: still a SortLimit)
        r.kind = RankKind::Rank { strategy: strategy_of(&r.input) };
    }
    let insert_only = rank_insert_only(&r);
    Ok(Rel { node: Node::Rank(Box::new(r)), fields, insert_only, update_producer, window, unique_keys })
}

fn strategy_of(input: &Rel) -> RankStrategy {
    if input.insert_only {
        RankStrategy::AppendFast
    } else {
        RankStrategy::Retract
    }
}

/// An `OVER` that stayed one: Flink runs it as an `OverAggregate`, JoinLab does not.
pub fn check_no_over(rel: &Rel) -> Result<()> {
    if let Node::Over(o) = &rel.node {
        if o.order.iter().any(|k| k.desc) {
            return Err(Error::table("The window can only be ordered in ASCENDING mode."));
        }
        return Err(Error::unsupported(format!(
            "{}() OVER without a filter on it (Flink's OverAggregate); filter it (WHERE rn <= N) for a Top-N",
            o.rank_type.flink_name()
        )));
    }
    rel.node.inputs().into_iter().try_for_each(check_no_over)
}

/// The rank number as a literal (a range of one rank).
pub fn constant(v: i64) -> Expr {
    Expr::literal(Value::BigInt(v), crate::types::DataType::not_null(crate::types::TypeKind::BigInt))
}

/// The order keys as EXPLAIN prints them (`score DESC`, `ROWTIME ts ASC`).
pub fn order_text(order: &[OrderKey], names: &[String], types: &[crate::types::DataType]) -> String {
    order
        .iter()
        .map(|k| {
            let t = match types.get(k.col).map(|t| t.time_attr()) {
                Some(TimeAttr::Rowtime) => "ROWTIME ",
                _ => "",
            };
            format!("{}{} {}", t, names.get(k.col).cloned().unwrap_or_default(), if k.desc { "DESC" } else { "ASC" })
        })
        .collect::<Vec<_>>()
        .join(", ")
}

//! How a column of an updating relation changes (Flink's `FlinkRelMdModifiedMonotonicity`, the
//! part JoinLab uses): a group aggregation over an insert-only input keeps its keys constant, its
//! COUNTs and MAXes only grow and its MINs only shrink; a projection passes that on for the
//! columns it keeps as they are. Aggregations decide from it which calls need no retraction,
//! Top-N which strategy runs.
//!
//! Flink also calls a SUM increasing (decreasing) when the value range it derives for the summed
//! column (`FlinkRelMdColumnInterval`: a filter such as `v > 2` below, a literal or computed
//! argument) has a lower end of 0 or more (an upper end of 0 or less). JoinLab derives no ranges:
//! where Flink might have one, [`undecided`] says so and the reader refuses the query instead of
//! guessing.

use super::rel::{Node, Rel};
use crate::expr::aggregate::AggFunc;

/// How a column changes over an updating relation (Flink's `RelModifiedMonotonicity`).
#[derive(Clone, Copy, PartialEq)]
pub enum Monotonicity {
    Constant,
    Increasing,
    Decreasing,
}

pub fn of(rel: &Rel, col: usize) -> Option<Monotonicity> {
    match &rel.node {
        Node::Calc { input, project, .. } => project.get(col)?.as_input().and_then(|c| of(input, c)),
        Node::GroupAggregate(a) if !a.retract => {
            let ng = a.group.len();
            if col < ng {
                return Some(Monotonicity::Constant);
            }
            match a.calls.get(col - ng)?.func {
                AggFunc::Count | AggFunc::Count1 | AggFunc::Max => Some(Monotonicity::Increasing),
                AggFunc::Min => Some(Monotonicity::Decreasing),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Whether column `col` of `rel` is a SUM whose monotonicity Flink may decide from a value range
/// of its argument that JoinLab does not derive (see the module docs): a FILTER clause, a
/// computed or literal argument, a WHERE on the summed column, or an input other than a table
/// through projections. A SUM of a table's column as it is has no range (no statistics) and is
/// not monotonic, as [`of`] says.
pub fn undecided(rel: &Rel, col: usize) -> bool {
    match &rel.node {
        Node::Calc { input, project, .. } => {
            project.get(col).and_then(|e| e.as_input()).is_some_and(|c| undecided(input, c))
        }
        Node::GroupAggregate(a) => {
            let Some(call) = col.checked_sub(a.group.len()).and_then(|k| a.calls.get(k)) else { return false };
            call.func == AggFunc::Sum
                && (call.filter.is_some() || call.args.first().is_none_or(|&x| may_have_range(&a.input, x)))
        }
        _ => false,
    }
}

/// Whether Flink's column interval of `col` in `rel` may be known (conservatively: anything but a
/// table's column reached through projections that do not filter on it).
fn may_have_range(rel: &Rel, col: usize) -> bool {
    match &rel.node {
        Node::Calc { input, filter, project } => match project.get(col).and_then(|e| e.as_input()) {
            Some(c) => {
                let mut read = Vec::new();
                if let Some(f) = filter {
                    f.inputs(&mut read);
                }
                read.contains(&c) || may_have_range(input, c)
            }
            None => true,
        },
        Node::ChangelogNormalize { input, .. } => may_have_range(input, col),
        Node::Scan { .. } => false,
        _ => true,
    }
}

//! How a column of an updating relation changes (Flink's `FlinkRelMdModifiedMonotonicity`, the
//! part JoinLab uses): a group aggregation over an insert-only input keeps its keys constant, its
//! COUNTs and MAXes only grow and its MINs only shrink; a projection passes that on for the
//! columns it keeps as they are. Aggregations decide from it which calls need no retraction,
//! Top-N which strategy runs.

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

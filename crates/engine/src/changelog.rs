//! Change kinds of a changelog row (Flink's `RowKind`).

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RowKind {
    #[serde(rename = "+I")]
    Insert,
    #[serde(rename = "-U")]
    UpdateBefore,
    #[serde(rename = "+U")]
    UpdateAfter,
    #[serde(rename = "-D")]
    Delete,
}

impl RowKind {
    /// `+I`, `-U`, `+U`, `-D`.
    pub fn short(&self) -> &'static str {
        match self {
            RowKind::Insert => "+I",
            RowKind::UpdateBefore => "-U",
            RowKind::UpdateAfter => "+U",
            RowKind::Delete => "-D",
        }
    }

    pub fn parse(s: &str) -> Option<RowKind> {
        match s {
            "+I" => Some(RowKind::Insert),
            "-U" => Some(RowKind::UpdateBefore),
            "+U" => Some(RowKind::UpdateAfter),
            "-D" => Some(RowKind::Delete),
            _ => None,
        }
    }

    /// +I and +U add a row to the result; -U and -D take one away.
    pub fn is_accumulate(&self) -> bool {
        matches!(self, RowKind::Insert | RowKind::UpdateAfter)
    }
}

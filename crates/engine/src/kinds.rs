//! The vocabulary every layer shares: change kinds, changelog modes, dialects, how input ends
//! and arrives, join kinds and input state layouts, the processing-time clock's mode, and the
//! names of operators and of why rows leave state. A leaf: it imports nothing of the crate, so
//! the script, catalog, planner, operators, scheduler and the trace can all depend on it
//! (`tests/layering.rs` checks the order).

use serde::{Deserialize, Serialize};

/// Change kinds of a changelog row (Flink's `RowKind`).
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

/// The changelog a table's source produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChangelogMode {
    /// Append-only: every row is +I.
    Insert,
    /// Upsert by primary key: +I/+U replace the key's row, -D removes it (key-only deletes).
    Upsert,
    /// Upsert with deletes that carry only the key.
    UpsertPartialDelete,
    /// Every change kind, with before-images (-U/+U pairs).
    Retract,
}

impl ChangelogMode {
    pub fn is_insert_only(&self) -> bool {
        *self == ChangelogMode::Insert
    }
}

/// Which product's behaviour to follow where Confluent Cloud and Apache Flink differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Dialect {
    #[default]
    Confluent,
    Flink,
}

impl Dialect {
    pub fn parse(s: &str) -> Option<Dialect> {
        match s.trim().to_ascii_lowercase().as_str() {
            "confluent" => Some(Dialect::Confluent),
            "flink" => Some(Dialect::Flink),
            _ => None,
        }
    }
}

/// How the input ends (`oracle.mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EndMode {
    /// The stream stays open: what never fires stays pending, and the final +inf watermark
    /// and its flush are shown too (the oracle's default).
    Both,
    /// Sources finish: a +inf watermark fires every remaining window.
    Bounded,
    /// The stream never ends: no final watermark.
    Unbounded,
}

/// Arrival order of INSERT rows across tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Arrival {
    ByTime,
    AsWritten,
}

/// Join types, in Flink's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum JoinKind {
    Inner,
    Left,
    Right,
    Full,
    Semi,
    Anti,
}

impl JoinKind {
    /// Flink's `joinType=[...]` text.
    pub fn flink_name(&self) -> &'static str {
        match self {
            JoinKind::Inner => "InnerJoin",
            JoinKind::Left => "LeftOuterJoin",
            JoinKind::Right => "RightOuterJoin",
            JoinKind::Full => "FullOuterJoin",
            JoinKind::Semi => "LeftSemiJoin",
            JoinKind::Anti => "LeftAntiJoin",
        }
    }
    pub fn sql(&self) -> &'static str {
        match self {
            JoinKind::Inner => "INNER",
            JoinKind::Left => "LEFT",
            JoinKind::Right => "RIGHT",
            JoinKind::Full => "FULL OUTER",
            JoinKind::Semi => "SEMI",
            JoinKind::Anti => "ANTI",
        }
    }
    pub fn left_outer(&self) -> bool {
        matches!(self, JoinKind::Left | JoinKind::Full)
    }
    pub fn right_outer(&self) -> bool {
        matches!(self, JoinKind::Right | JoinKind::Full)
    }
    /// Whether the output has the right side's columns.
    pub fn projects_right(&self) -> bool {
        !matches!(self, JoinKind::Semi | JoinKind::Anti)
    }
}

/// How a regular join keeps one input's rows (Flink's `JoinInputSideSpec`, SEMANTICS.md §1.1).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum InputSpec {
    /// The unique key lies inside the join key: one row per join key.
    JoinKeyContainsUniqueKey(Vec<usize>),
    /// A unique key outside the join key: rows per join key, keyed by the unique key.
    HasUniqueKey(Vec<usize>),
    /// No unique key: a multiset of rows per join key.
    NoUniqueKey,
}

impl InputSpec {
    pub fn flink_name(&self) -> &'static str {
        match self {
            InputSpec::JoinKeyContainsUniqueKey(_) => "JoinKeyContainsUniqueKey",
            InputSpec::HasUniqueKey(_) => "HasUniqueKey",
            InputSpec::NoUniqueKey => "NoUniqueKey",
        }
    }
    pub fn unique_key(&self) -> Option<&[usize]> {
        match self {
            InputSpec::JoinKeyContainsUniqueKey(k) | InputSpec::HasUniqueKey(k) => Some(k),
            InputSpec::NoUniqueKey => None,
        }
    }
}

/// How the simulated processing-time clock moves (`joinlab.proctime-step`, see
/// [`crate::runtime::clock`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ProcClockMode {
    Tick(i64),
    EventTime,
}

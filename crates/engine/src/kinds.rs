//! The vocabulary every layer shares: change kinds, changelog modes, dialects, how input ends
//! and arrives, join kinds and input state layouts, the processing-time clock's mode, and the
//! names of operators and of why rows leave state. A leaf: it imports nothing of the crate, so
//! the script, catalog, planner, operators, scheduler and the trace can all depend on it
//! (`tests/layering.rs` checks the order).

use serde::{Deserialize, Serialize};

/// Change kinds of a changelog row (Flink's `RowKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
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

/// A Flink operator, as EXPLAIN and the trace name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum OpKind {
    TableSourceScan,
    /// Literal rows (an empty relation the planner proved empty).
    Values,
    ChangelogNormalize,
    Calc,
    WindowTableFunction,
    WindowJoin,
    IntervalJoin,
    /// The event-time temporal join (`TemporalRowTimeJoinOperator`).
    TemporalJoin,
    /// The processing-time lookup join (`LookupJoinRunner`).
    LookupJoin,
    /// The regular join (`StreamingJoinOperator`): `Join` in Flink's plans.
    #[serde(rename = "Join")]
    RegularJoin,
    MultiJoin,
    GroupAggregate,
    Expand,
    Union,
    Rank,
    Deduplicate,
    WindowRank,
    WindowDeduplicate,
    WindowAggregate,
    /// UNNEST: a `Correlate` with `$UNNEST_ROWS$1`.
    Correlate,
    /// A process table function (`ProcessTableFunction`, `ProcessSetTableOperator`).
    ProcessTableFunction,
}

/// What an operator is to the query, for the page: where rows enter, what normalizes an upsert
/// stream, what computes or windows rows, what joins them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum OpRole {
    Source,
    Normalize,
    Calc,
    WindowTvf,
    Join,
    Aggregate,
    /// Top-N and deduplication.
    Rank,
}

impl OpKind {
    pub fn role(self) -> OpRole {
        match self {
            OpKind::TableSourceScan | OpKind::Values => OpRole::Source,
            OpKind::ChangelogNormalize => OpRole::Normalize,
            OpKind::Calc => OpRole::Calc,
            OpKind::WindowTableFunction => OpRole::WindowTvf,
            OpKind::WindowJoin
            | OpKind::IntervalJoin
            | OpKind::TemporalJoin
            | OpKind::LookupJoin
            | OpKind::RegularJoin
            | OpKind::MultiJoin
            | OpKind::ProcessTableFunction => OpRole::Join,
            OpKind::GroupAggregate | OpKind::WindowAggregate => OpRole::Aggregate,
            OpKind::Rank | OpKind::Deduplicate | OpKind::WindowRank | OpKind::WindowDeduplicate => OpRole::Rank,
            OpKind::Expand | OpKind::Union | OpKind::Correlate => OpRole::Calc,
        }
    }

    /// The name Flink's plans give it.
    pub fn flink_name(self) -> &'static str {
        match self {
            OpKind::TableSourceScan => "TableSourceScan",
            OpKind::Values => "Values",
            OpKind::ChangelogNormalize => "ChangelogNormalize",
            OpKind::Calc => "Calc",
            OpKind::WindowTableFunction => "WindowTableFunction",
            OpKind::WindowJoin => "WindowJoin",
            OpKind::IntervalJoin => "IntervalJoin",
            OpKind::TemporalJoin => "TemporalJoin",
            OpKind::LookupJoin => "LookupJoin",
            OpKind::RegularJoin => "Join",
            OpKind::MultiJoin => "MultiJoin",
            OpKind::GroupAggregate => "GroupAggregate",
            OpKind::Expand => "Expand",
            OpKind::Union => "Union",
            OpKind::Rank => "Rank",
            OpKind::Deduplicate => "Deduplicate",
            OpKind::WindowRank => "WindowRank",
            OpKind::WindowDeduplicate => "WindowDeduplicate",
            OpKind::WindowAggregate => "WindowAggregate",
            OpKind::Correlate => "Correlate",
            OpKind::ProcessTableFunction => "ProcessTableFunction",
        }
    }
}

/// Why rows left an operator's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ExpireCause {
    /// Their window fired (window join).
    WindowFired,
    /// A `-D` deleted the key (ChangelogNormalize).
    Deleted,
    /// A retraction (`-U`/`-D`) removed the row (regular and multi-way joins).
    Retracted,
    /// State TTL: not written for longer than the retention (processing time).
    Ttl,
    /// An interval join's time (the watermark, or the processing time) passed the last time
    /// the row could still join a row of the other side.
    IntervalPassed,
    /// A temporal join's watermark passed a newer version of the key (it keeps the newest
    /// version at or before its watermark, and every later one).
    VersionSuperseded,
}

/// What became of a probe row a temporal join released.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TemporalOutcome {
    /// It joined the version valid at its time.
    Joined,
    /// LEFT: no version to join (`miss` says why), padded with NULLs.
    Padded,
    /// INNER: no version to join (`miss` says why), nothing emitted.
    Dropped,
}

/// Why a probe row of a temporal join found no version to join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TemporalMiss {
    /// The key had no version at or before the probe's time (none yet, or cleaned up).
    NoVersion,
    /// The version at the probe's time is a delete (`-D`): the key did not exist then.
    Deleted,
    /// The version exists but the rest of the ON condition rejects the pair.
    Condition,
}

/// What a lookup-table row did to a lookup join's store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LookupChange {
    /// `+I`/`+U`: the row went in (a new key, or another row of a store without primary key).
    Added,
    /// `+I`/`+U` of a key the store had: the row replaced the key's row.
    Replaced,
    /// `-U`/`-D`: the key's row (without a primary key: one equal row) went.
    Removed,
    /// `-U`/`-D` of a row the store does not have: nothing changed.
    Absent,
}

/// Where a table's rows come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TableOrigin {
    /// Data lines and INSERT statements of the script.
    Script,
    /// A generated table of the script (`'connector' = 'datagen'`).
    Datagen,
    /// The read-only examples catalog.
    Examples,
}

/// What a retraction in the changelog and the row of the same step that replaces it mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum PairKind {
    /// A row padded with NULLs is replaced by the joined row.
    Matched,
    /// A joined row goes back to being padded.
    Unmatched,
    /// `-U` then `+U`.
    Update,
    /// Any other retraction and its replacement.
    Replaced,
}

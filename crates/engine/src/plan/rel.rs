//! The plan of one query: a tree of relational nodes, each with its output fields. Join kinds
//! are decided while binding ([`super::classify`]), so this tree is what runs:
//! [`crate::runtime`] builds one operator per node.
//!
//! A pass that cares about a few kinds of node matches those and reaches every other node's
//! inputs through [`Node::inputs`] / [`Rel::map_inputs`]; a pass that must handle every node
//! (EXPLAIN, pruning, the operator graph) matches exhaustively, so a new node is a compile
//! error there until it is handled.

use serde::Serialize;

use crate::expr::Expr;
use crate::kinds::{ChangelogMode, InputSpec, JoinKind};
use crate::time::window::WindowSpec;
use crate::types::DataType;

#[derive(Clone, Debug, Serialize)]
pub struct Field {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: DataType,
}

/// Window columns a relation carries (Flink's `RelWindowProperties`): straight from a window
/// TVF, through projections that keep the columns as they are (each copy counts), and through
/// window joins (both sides' columns).
#[derive(Clone, Debug, PartialEq)]
pub struct WindowProps {
    pub spec: WindowSpec,
    pub window_start: Vec<usize>,
    pub window_end: Vec<usize>,
    pub window_time: Vec<usize>,
    /// The time attribute is a TIMESTAMP_LTZ (windows live on the session zone's clock).
    pub ltz: bool,
    pub proctime: bool,
}

/// A window join (Flink's `WindowJoin`, SEMANTICS.md §2.3–2.5).
#[derive(Clone, Debug)]
pub struct WindowJoinNode {
    pub left: Rel,
    pub right: Rel,
    pub kind: JoinKind,
    /// Equi-join key columns (left side indexes, right side indexes).
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    /// Per key: `IS NOT DISTINCT FROM` (NULL matches NULL) instead of `=`.
    pub null_safe: Vec<bool>,
    /// The rest of the condition, over the concatenated row (left columns, then right).
    pub residual: Option<Expr>,
    /// Per key: the type both sides are compared in when their numeric types differ
    /// (`INT = BIGINT` compares as BIGINT).
    pub key_types: Vec<Option<DataType>>,
    pub left_window: WindowProps,
    pub right_window: WindowProps,
    /// The (window_start, window_end) columns of each side that the condition equates.
    pub left_win: (usize, usize),
    pub right_win: (usize, usize),
}

/// A regular (unbounded) join (Flink's `StreamingJoinOperator`, SEMANTICS.md §1).
#[derive(Clone, Debug)]
pub struct RegularJoinNode {
    pub left: Rel,
    pub right: Rel,
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    pub null_safe: Vec<bool>,
    /// The rest of the condition, over the concatenated row (left columns, then right).
    pub residual: Option<Expr>,
    pub left_spec: InputSpec,
    pub right_spec: InputSpec,
    /// State retention per side (ms of processing time; 0 = forever).
    pub left_ttl: i64,
    pub right_ttl: i64,
    /// The inputs' table names or aliases, when each side is one table.
    pub names: [Option<String>; 2],
    /// The condition's conjuncts as bound (keys and residual), for re-planning the join when a
    /// WHERE adds to its condition.
    pub conjuncts: Vec<Expr>,
    /// An `IS NOT DISTINCT FROM` key compares operands of different types (`INT` with `BIGINT`):
    /// Flink casts only the operands of `=` to a common type, and rejects such a binary join
    /// when it plans it (a MULTI_JOIN that folds the join takes it).
    pub incompatible_keys: bool,
}

/// An interval join (Flink's `IntervalJoin`, SEMANTICS.md §3): the inputs' time attributes
/// bound each other, `left.time - right.time ∈ [lower, upper]`.
#[derive(Clone, Debug)]
pub struct IntervalJoinNode {
    pub left: Rel,
    pub right: Rel,
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    pub null_safe: Vec<bool>,
    /// Per key: the type both sides are compared in when their numeric types differ.
    pub key_types: Vec<Option<DataType>>,
    /// The condition without the time bounds and the key equalities, over left ++ right.
    pub residual: Option<Expr>,
    /// The whole condition as written (EXPLAIN prints it), over left ++ right.
    pub condition: Option<Expr>,
    pub bounds: super::classify::IntervalBounds,
    /// `table.exec.interval-join.min-cleanup-interval` (ms): how much later than a row's bound
    /// its key's cleanup timer fires.
    pub min_cleanup: i64,
}

/// A processing-time lookup join (Flink's `LookupJoin`, `LookupJoinRunner`, SEMANTICS.md §5):
/// each left (probe) row looks up the rows of a lookup table as the table is at that point of
/// the arrival order. `right` is the table's own scan (all its columns, no normalization): its
/// rows only change the join's store, they are not a stream of the job.
#[derive(Clone, Debug)]
pub struct LookupJoinNode {
    pub left: Rel,
    pub right: Rel,
    /// The lookup table's name.
    pub table: String,
    /// Inner or Left.
    pub kind: JoinKind,
    /// The lookup keys in Flink's order (`lookup=[…]`): the table's column, and the key computed
    /// from the probe row (over left columns: a column, an expression, or a constant).
    pub key_cols: Vec<usize>,
    pub key_exprs: Vec<Expr>,
    /// The rest of the condition (over left ++ right), applied to each row found.
    pub residual: Option<Expr>,
    /// The whole condition as written (over left ++ right).
    pub condition: Option<Expr>,
    /// The lookup table's primary key (empty: its store is a multiset).
    pub primary_key: Vec<usize>,
    /// The table's columns read above the join, by the rest of the condition or as keys
    /// matched against the probe (EXPLAIN's `select` when a calc on the table projects it).
    pub right_used: Vec<bool>,
}

/// A Confluent search function in a lateral join (`FROM t, LATERAL TABLE(KEY_SEARCH_AGG(ext,
/// DESCRIPTOR(c), v))`, WAVE2-RESEARCH §1): each left row searches the external table's store as
/// it is at that point of the arrival order and comes out once, with one more column,
/// `search_results ARRAY<ROW<…the table's columns… [, score DOUBLE]>>`. `right` is the external
/// table's own scan: its rows only change the store (see `ops::search`).
#[derive(Clone, Debug)]
pub struct SearchNode {
    pub left: Rel,
    pub right: Rel,
    /// The external table's name and connector.
    pub table: String,
    pub connector: String,
    pub kind: crate::catalog::external::SearchKind,
    /// The table's column searched, and the search value (over the left row).
    pub column: usize,
    pub value: Expr,
    /// The number of rows asked for (TEXT / VECTOR).
    pub limit: Option<usize>,
    /// The table's primary key (empty: the store is a multiset).
    pub primary_key: Vec<usize>,
    /// The table's columns an element holds, in DDL order.
    pub visible: Vec<usize>,
    /// How the arguments were read (`DESCRIPTOR(id) names customers_ext.id; …`).
    pub roles: String,
    /// The MAP of invocation options as written (they change nothing offline).
    pub config: Vec<(String, String)>,
}

/// An event-time temporal join (Flink's `TemporalJoin`, `TemporalRowTimeJoinOperator`,
/// SEMANTICS.md §4): each left (probe) row joins the version of the right (versioned) table
/// valid at the probe's time attribute, once the join's watermark passes that time.
#[derive(Clone, Debug)]
pub struct TemporalJoinNode {
    pub left: Rel,
    pub right: Rel,
    /// Inner or Left.
    pub kind: JoinKind,
    pub left_keys: Vec<usize>,
    pub right_keys: Vec<usize>,
    /// Per key: the type both sides are compared in when their numeric types differ.
    pub key_types: Vec<Option<DataType>>,
    /// The rest of the condition (over left ++ right): checked against the chosen version.
    pub residual: Option<Expr>,
    /// The whole condition as written (EXPLAIN prints it), over left ++ right.
    pub condition: Option<Expr>,
    /// The probe's time attribute (`FOR SYSTEM_TIME AS OF`) and the versioned side's rowtime.
    pub left_time: usize,
    pub right_time: usize,
    /// The versioned side's primary (upsert) key, right columns.
    pub primary_key: Vec<usize>,
    /// The versioned input sends `-U` rows that Flink drops before the join (`DropUpdateBefore`).
    pub drop_update_before: bool,
    /// State retention (`table.exec.state.ttl`, ms of processing time; 0 = forever); Flink's
    /// maximum retention is 1.5 times it.
    pub ttl: i64,
}

/// The multi-way join (Flink's `StreamingMultiJoinOperator`, SEMANTICS.md §7): inputs in FROM
/// order; level i ≥ 1 joins input i to the inputs before it.
#[derive(Clone, Debug)]
pub struct MultiJoinNode {
    pub inputs: Vec<Rel>,
    /// Join type of level i (level 0 has none): Inner or Left.
    pub kinds: Vec<JoinKind>,
    /// Level i's condition over the concatenated row of inputs 0..=i.
    pub conditions: Vec<Option<Expr>>,
    /// Per input: the column of the common join key.
    pub key_cols: Vec<usize>,
    /// Column offsets of each input in the concatenated row.
    pub offsets: Vec<usize>,
    pub specs: Vec<InputSpec>,
    /// State retention per input (ms of processing time; 0 = forever).
    pub ttls: Vec<i64>,
    /// Each input's table name or alias, when it is one table.
    pub names: Vec<Option<String>>,
}

/// A group aggregation (Flink's `GroupAggregate`; when it emits and retracts:
/// `crate::ops::group_aggregate`): output = the group keys, then one column per call.
#[derive(Clone, Debug)]
pub struct GroupAggregateNode {
    /// The projection of keys and arguments Calcite puts below an aggregation.
    pub input: Rel,
    /// Key columns of the input (in GROUP BY order).
    pub group: Vec<usize>,
    pub calls: Vec<crate::expr::aggregate::AggCall>,
    /// The input can retract: a hidden row count tells when a group is empty.
    pub retract: bool,
    /// Per call: it runs its retracting variant (`SUM_RETRACT`); a MAX over a column that only
    /// grows does not, even over a retracting input (its retractions are ignored).
    pub call_retract: Vec<bool>,
    /// It sends `-U` before each `+U` (Flink's `generateUpdateBefore`): false when its only
    /// consumer is an aggregation that needs no retraction (a MAX over a growing COUNT).
    pub update_before: bool,
    /// State retention (ms of processing time; 0 = forever). Any retention turns off the
    /// suppression of unchanged results.
    pub ttl: i64,
}

/// A window column a window aggregation outputs (after its keys and calls, in this order).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum WindowProp {
    Start,
    End,
    Time,
}

/// A window aggregation (Flink's `WindowAggregate`, or `LocalWindowAggregate` +
/// `GlobalWindowAggregate`; when it fires: `crate::ops::window_aggregate`): output = the keys,
/// one column per call, then the window columns it groups by.
#[derive(Clone, Debug)]
pub struct WindowAggregateNode {
    /// The projection of keys, window columns and arguments below it.
    pub input: Rel,
    /// Key columns of the input (the window columns excluded).
    pub group: Vec<usize>,
    pub calls: Vec<crate::expr::aggregate::AggCall>,
    pub call_retract: Vec<bool>,
    /// An updating input (retracting calls, a hidden row count).
    pub retract: bool,
    /// The input's window (its start and end columns).
    pub window: WindowProps,
    pub start_col: usize,
    pub end_col: usize,
    pub props: Vec<WindowProp>,
    /// The aggregation reads the window TVF directly (Flink pulls the TVF into it and assigns
    /// slices from the time attribute: `window=[TUMBLE(time_col=[ts], …)]`).
    pub fused: Option<String>,
    /// When fused: the time attribute's column in the input (the TVF is not run: the
    /// aggregation assigns slices from this column).
    pub time_col: Option<usize>,
    /// Local and global stages (the default for event time when every call can merge).
    pub two_phase: bool,
    /// One stage whatever the calls (processing time, or `table.optimizer.agg-phase-strategy`
    /// ONE_PHASE): `two_phase` is decided again when unread calls are pruned.
    pub one_phase: bool,
}

/// `ROW_NUMBER()` / `RANK()` / `DENSE_RANK()`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RankType {
    RowNumber,
    Rank,
    DenseRank,
}

impl RankType {
    pub fn flink_name(self) -> &'static str {
        match self {
            RankType::RowNumber => "ROW_NUMBER",
            RankType::Rank => "RANK",
            RankType::DenseRank => "DENSE_RANK",
        }
    }
}

/// One ORDER BY key of a window function: its input column, direction, NULL placement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OrderKey {
    pub col: usize,
    pub desc: bool,
    pub nulls_first: bool,
}

/// A ranking window function no filter turned into a Top-N (Flink's `OverAggregate`): output
/// = the input's columns, then the rank (`w0$o0`, BIGINT NOT NULL).
#[derive(Clone, Debug)]
pub struct OverNode {
    pub input: Rel,
    pub rank_type: RankType,
    pub partition: Vec<usize>,
    pub order: Vec<OrderKey>,
}

/// Which rows of each partition a Top-N keeps.
#[derive(Clone, Debug, PartialEq)]
pub enum RankRange {
    Constant {
        start: i64,
        end: i64,
    },
    /// `rn <= col`: the end is the column's value in the partition's first row.
    Variable {
        end_col: usize,
    },
}

/// How Flink runs a Top-N (decided where the planner recognises it: `crate::plan::rank`).
#[derive(Clone, Debug, PartialEq)]
pub enum RankKind {
    /// `Rank` (`AppendFastStrategy`, `UpdateFastStrategy[key]`, `RetractStrategy`).
    Rank { strategy: RankStrategy },
    /// `Deduplicate` (`ROW_NUMBER() … = 1` ordered by one time attribute over an insert-only input).
    Deduplicate { keep_last: bool, rowtime: bool },
    /// `WindowRank`: the partition holds a window's start and end.
    WindowRank,
    /// `WindowDeduplicate`.
    WindowDeduplicate { keep_last: bool },
}

#[derive(Clone, Debug, PartialEq)]
pub enum RankStrategy {
    AppendFast,
    UpdateFast { key: Vec<usize> },
    Retract,
}

/// A Top-N or deduplication (Flink's `Rank` and what it becomes; when each emits and retracts:
/// `crate::ops::rank`, `crate::ops::deduplicate`, `crate::ops::window_rank`,
/// `crate::ops::window_deduplicate`). Output = the input's columns, then the rank number while
/// `rn` is [`RankNumber::Column`].
#[derive(Clone, Debug)]
pub struct RankNode {
    pub input: Rel,
    pub rank_type: RankType,
    pub partition: Vec<usize>,
    pub order: Vec<OrderKey>,
    pub range: RankRange,
    pub rn: RankNumber,
    pub kind: RankKind,
    /// Flink 2.3 plans a top-1 without rank number over an insert-only input as insert-only
    /// unless it orders by one DESC column (a planner bug, NOTES): it then sends no `-U`.
    pub update_before: bool,
    /// State retention (ms of processing time; 0 = forever).
    pub ttl: i64,
    /// `ORDER BY … LIMIT` (Flink's `SortLimit`): the output has no rank number column.
    pub sort_limit: bool,
}

/// What becomes of the rank number column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RankNumber {
    /// Output as the last column (the operator computes it).
    Column,
    /// The range has one rank: a constant Calc puts it back where it is read.
    Constant(i64),
    /// Nothing reads it.
    Unused,
}

/// What an UNNEST expands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum UnnestOf {
    /// An ARRAY: one row per element, in order; `flatten`: its ROW elements' fields become columns.
    Array { flatten: bool },
    /// A MULTISET: each element as often as it occurs.
    Multiset { flatten: bool },
    /// A MAP: one (key, value) row per entry, in the map's internal order.
    Map,
}

/// `CROSS JOIN UNNEST(x)`, `FROM t, UNNEST(x)`, `LEFT JOIN UNNEST(x) ON TRUE` (Flink's
/// `Correlate` of the input with `$UNNEST_ROWS$1`, SEMANTICS.md §6): output = the input's
/// columns, then the element's (and the ordinality).
#[derive(Clone, Debug)]
pub struct CorrelateNode {
    pub input: Rel,
    /// The collection, over the input row.
    pub collection: Expr,
    pub of: UnnestOf,
    /// `WITH ORDINALITY`: a last column, the 1-based position (INT NOT NULL).
    pub ordinality: bool,
    /// `LEFT JOIN … ON …`: an input row without a produced row (that passes `condition`) is
    /// emitted once, padded with NULLs.
    pub left: bool,
    /// The join's condition (not `TRUE`) over the output row: `condition=[…]`.
    pub condition: Option<Expr>,
}

/// A process table function call (`StreamExecProcessTableFunction`) over set-semantic table
/// arguments co-partitioned by their PARTITION BY keys (see [`crate::ops::ptf`]).
#[derive(Clone, Debug)]
pub struct PtfNode {
    pub kind: crate::catalog::ptf::PtfKind,
    /// The call's `uid` (the function name when none is given).
    pub uid: String,
    /// The table arguments, in signature order.
    pub inputs: Vec<Rel>,
    /// The tables' names as written (for the watermark trace).
    pub table_names: Vec<String>,
    /// PARTITION BY columns of each table argument.
    pub keys: Vec<Vec<usize>>,
    /// `on_time` column of each table argument.
    pub time_cols: Vec<Option<usize>>,
    /// The scalar arguments' values, in signature order.
    pub scalars: Vec<crate::value::Value>,
    /// `ORDER BY` columns of each table argument, `(column, descending)` (empty: no ORDER BY);
    /// the first is a rowtime attribute, ascending: rows are sorted by it (ties by the others) and
    /// passed on as the table's watermark advances; rows at or before it are dropped.
    pub order: Vec<Vec<(usize, bool)>>,
    /// The call as Flink's EXPLAIN prints it (`F(TABLE(#0) PARTITION BY($0), …, DEFAULT())`).
    pub invocation: String,
}

#[derive(Clone, Debug)]
pub enum Node {
    /// A table's source: its columns, then `$rowtime`.
    Scan {
        table: usize,
        name: String,
        changelog: ChangelogMode,
        primary_key: Vec<usize>,
    },
    /// Filter and projection (Flink's `Calc`).
    Calc {
        input: Box<Rel>,
        filter: Option<Expr>,
        project: Vec<Expr>,
    },
    /// TUMBLE/HOP/CUMULATE: appends window_start, window_end, window_time.
    WindowTvf {
        input: Box<Rel>,
        spec: WindowSpec,
        time_col: usize,
        ltz: bool,
        proctime: bool,
    },
    WindowJoin(Box<WindowJoinNode>),
    IntervalJoin(Box<IntervalJoinNode>),
    TemporalJoin(Box<TemporalJoinNode>),
    LookupJoin(Box<LookupJoinNode>),
    Search(Box<SearchNode>),
    RegularJoin(Box<RegularJoinNode>),
    MultiJoin(Box<MultiJoinNode>),
    GroupAggregate(Box<GroupAggregateNode>),
    WindowAggregate(Box<WindowAggregateNode>),
    Over(Box<OverNode>),
    Rank(Box<RankNode>),
    /// The rows of every input (Flink's `Union` of `UNION ALL`), with the same columns.
    Union {
        inputs: Vec<Rel>,
    },
    /// One copy of each row per projection (Calcite's `Expand`, for grouping sets).
    Expand {
        input: Box<Rel>,
        projects: Vec<Vec<Expr>>,
    },
    Correlate(Box<CorrelateNode>),
    Ptf(Box<PtfNode>),
    /// Literal rows (Flink's `Values`): with no rows, what Calcite leaves of a relation it
    /// proved empty (a filter or join condition that simplifies to FALSE).
    Values {
        rows: Vec<crate::value::Row>,
    },
    /// Turns an upsert stream into a full changelog, keyed by the primary key.
    ChangelogNormalize {
        input: Box<Rel>,
        key: Vec<usize>,
        /// State TTL is on (`table.exec.state.ttl` > 0): an update equal to the key's last row
        /// is forwarded instead of dropped (DeduplicateFunctionHelper.processLastRowOnChangelog).
        ttl_enabled: bool,
        /// A filter Flink pushed into the normalize (`condition=[…]`, over its columns): a key
        /// whose row passes it only after an update comes out as `+I`, one whose row stops
        /// passing as `-D` (see [`crate::ops::normalize`]).
        condition: Option<Expr>,
    },
}

#[derive(Clone, Debug)]
pub struct Rel {
    pub node: Node,
    pub fields: Vec<Field>,
    /// The relation only ever inserts.
    pub insert_only: bool,
    /// Flink's description of the node that produces updates (for rejections).
    pub update_producer: Option<String>,
    pub window: Option<WindowProps>,
    /// Column sets whose values identify a row.
    pub unique_keys: Vec<Vec<usize>>,
}

impl Node {
    /// The node's inputs, in order (left before right).
    pub fn inputs(&self) -> Vec<&Rel> {
        match self {
            Node::Scan { .. } | Node::Values { .. } => Vec::new(),
            Node::Calc { input, .. }
            | Node::WindowTvf { input, .. }
            | Node::ChangelogNormalize { input, .. }
            | Node::Expand { input, .. } => {
                vec![input]
            }
            Node::WindowJoin(j) => vec![&j.left, &j.right],
            Node::IntervalJoin(j) => vec![&j.left, &j.right],
            Node::TemporalJoin(j) => vec![&j.left, &j.right],
            Node::LookupJoin(j) => vec![&j.left, &j.right],
            Node::Search(j) => vec![&j.left, &j.right],
            Node::RegularJoin(j) => vec![&j.left, &j.right],
            Node::MultiJoin(m) => m.inputs.iter().collect(),
            Node::Union { inputs } => inputs.iter().collect(),
            Node::GroupAggregate(a) => vec![&a.input],
            Node::WindowAggregate(a) => vec![&a.input],
            Node::Over(o) => vec![&o.input],
            Node::Rank(r) => vec![&r.input],
            Node::Correlate(c) => vec![&c.input],
            Node::Ptf(p) => p.inputs.iter().collect(),
        }
    }

    /// The node's inputs, mutably, in order.
    pub fn inputs_mut(&mut self) -> Vec<&mut Rel> {
        match self {
            Node::Scan { .. } | Node::Values { .. } => Vec::new(),
            Node::Calc { input, .. }
            | Node::WindowTvf { input, .. }
            | Node::ChangelogNormalize { input, .. }
            | Node::Expand { input, .. } => {
                vec![input]
            }
            Node::WindowJoin(j) => vec![&mut j.left, &mut j.right],
            Node::IntervalJoin(j) => vec![&mut j.left, &mut j.right],
            Node::TemporalJoin(j) => vec![&mut j.left, &mut j.right],
            Node::LookupJoin(j) => vec![&mut j.left, &mut j.right],
            Node::Search(j) => vec![&mut j.left, &mut j.right],
            Node::RegularJoin(j) => vec![&mut j.left, &mut j.right],
            Node::MultiJoin(m) => m.inputs.iter_mut().collect(),
            Node::Union { inputs } => inputs.iter_mut().collect(),
            Node::GroupAggregate(a) => vec![&mut a.input],
            Node::WindowAggregate(a) => vec![&mut a.input],
            Node::Over(o) => vec![&mut o.input],
            Node::Rank(r) => vec![&mut r.input],
            Node::Correlate(c) => vec![&mut c.input],
            Node::Ptf(p) => p.inputs.iter_mut().collect(),
        }
    }
}

impl Rel {
    /// The relation with each input replaced by `f(input)` (the node itself unchanged).
    pub fn map_inputs(mut self, f: &mut dyn FnMut(Rel) -> Rel) -> Rel {
        for input in self.node.inputs_mut() {
            let taken = std::mem::replace(input, Rel::placeholder());
            *input = f(taken);
        }
        self
    }

    /// Every node of the tree, depth first, parents before their inputs.
    pub fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Rel)) {
        f(self);
        for input in self.node.inputs() {
            input.walk(f);
        }
    }

    /// An empty relation standing in while a child is moved out and back (plan rewrites).
    pub fn placeholder() -> Rel {
        Rel {
            node: Node::Scan {
                table: 0,
                name: String::new(),
                changelog: ChangelogMode::Insert,
                primary_key: Vec::new(),
            },
            fields: Vec::new(),
            insert_only: true,
            update_producer: None,
            window: None,
            unique_keys: Vec::new(),
        }
    }

    pub fn types(&self) -> Vec<DataType> {
        self.fields.iter().map(|f| f.ty.clone()).collect()
    }
    pub fn names(&self) -> Vec<String> {
        self.fields.iter().map(|f| f.name.clone()).collect()
    }
}

/// An empty relation with `fields` (Calcite's empty `Values`).
pub fn empty_values(fields: Vec<Field>) -> Rel {
    Rel {
        node: Node::Values { rows: Vec::new() },
        fields,
        insert_only: true,
        update_producer: None,
        window: None,
        unique_keys: Vec::new(),
    }
}

/// The window props of a relation after a projection: a window column survives in every output
/// column that is a plain reference to it (any expression on it, even a cast, loses it).
fn project_window(input: &Rel, project: &[Expr]) -> Option<WindowProps> {
    let w = input.window.as_ref()?;
    let map = |cols: &[usize]| -> Vec<usize> {
        let mut out: Vec<usize> =
            (0..project.len()).filter(|&i| project[i].as_input().map(|c| cols.contains(&c)).unwrap_or(false)).collect();
        crate::sort::sort(&mut out);
        out
    };
    let (window_start, window_end) = (map(&w.window_start), map(&w.window_end));
    if window_start.is_empty() || window_end.is_empty() {
        return None;
    }
    Some(WindowProps {
        spec: w.spec,
        window_start,
        window_end,
        window_time: map(&w.window_time),
        ltz: w.ltz,
        proctime: w.proctime,
    })
}

/// The window props of a window join's output (Flink's `getJoinWindowProperties`): the left
/// side's, plus the right side's columns shifted behind the left ones (SEMI/ANTI joins output
/// the left side only).
pub fn join_window(left: &WindowProps, right: &WindowProps, nl: usize, n: usize) -> WindowProps {
    let both = |l: &[usize], r: &[usize]| -> Vec<usize> {
        l.iter().copied().chain(r.iter().map(|c| c + nl)).filter(|&c| c < n).collect()
    };
    WindowProps {
        spec: left.spec,
        window_start: both(&left.window_start, &right.window_start),
        window_end: both(&left.window_end, &right.window_end),
        window_time: both(&left.window_time, &right.window_time),
        ltz: left.ltz,
        proctime: left.proctime,
    }
}

/// A Calc over `input`; the result keeps window props the projection keeps.
pub fn calc(input: Rel, filter: Option<Expr>, project: Vec<Expr>, names: Vec<String>) -> Rel {
    let fields = project.iter().zip(names).map(|(e, n)| Field { name: n, ty: e.ty().clone() }).collect();
    let window = project_window(&input, &project);
    let insert_only = input.insert_only;
    let producer = input.update_producer.clone();
    // a unique key survives when all its columns are projected as they are
    let unique_keys = input
        .unique_keys
        .iter()
        .filter_map(|k| {
            k.iter().map(|c| project.iter().position(|e| e.as_input() == Some(*c))).collect::<Option<Vec<usize>>>()
        })
        .collect();
    Rel {
        node: Node::Calc { input: Box::new(input), filter, project },
        fields,
        insert_only,
        update_producer: producer,
        window,
        unique_keys,
    }
}

/// Output fields of a join: left then right (only left for SEMI/ANTI), the padded side nullable.
pub fn join_fields(left: &Rel, right: &Rel, kind: JoinKind) -> Vec<Field> {
    let mut fields = left.fields.clone();
    if kind.right_outer() {
        for f in fields.iter_mut() {
            f.ty.nullable = true;
        }
    }
    if kind.projects_right() {
        for f in &right.fields {
            let mut f = f.clone();
            if kind.left_outer() {
                f.ty.nullable = true;
            }
            fields.push(f);
        }
    }
    fields
}

/// Unique keys that survive a regular join: a side joined to at most one row of the other
/// keeps its keys.
pub fn join_unique_keys(
    left: &Rel,
    right: &Rel,
    kind: JoinKind,
    left_spec: &InputSpec,
    right_spec: &InputSpec,
) -> Vec<Vec<usize>> {
    let nl = left.fields.len();
    let mut unique_keys = Vec::new();
    if matches!(right_spec, InputSpec::JoinKeyContainsUniqueKey(_))
        && matches!(kind, JoinKind::Inner | JoinKind::Left | JoinKind::Semi | JoinKind::Anti)
    {
        unique_keys.extend(left.unique_keys.iter().cloned());
    }
    if matches!(left_spec, InputSpec::JoinKeyContainsUniqueKey(_)) && matches!(kind, JoinKind::Inner | JoinKind::Right)
    {
        unique_keys.extend(right.unique_keys.iter().map(|k| k.iter().map(|c| c + nl).collect()));
    }
    unique_keys
}

/// Flink's `JoinInputSideSpec`: a unique key inside the join key, another unique key, or none.
pub fn input_spec(rel: &Rel, keys: &[usize]) -> InputSpec {
    if let Some(k) = rel.unique_keys.iter().find(|k| !k.is_empty() && k.iter().all(|c| keys.contains(c))) {
        return InputSpec::JoinKeyContainsUniqueKey(k.clone());
    }
    match rel.unique_keys.iter().filter(|k| !k.is_empty()).min_by_key(|k| k.len()) {
        Some(k) => InputSpec::HasUniqueKey(k.clone()),
        None => InputSpec::NoUniqueKey,
    }
}

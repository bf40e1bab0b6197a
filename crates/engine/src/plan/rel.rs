//! The plan of one query: a tree of relational nodes, each with its output fields. Join kinds
//! are decided while binding (window join, or the reason it is not one), so this tree is what
//! runs: [`crate::runtime`] builds one operator per node.

use serde::Serialize;

use crate::catalog::ChangelogMode;
use crate::expr::Expr;
use crate::time::window::WindowSpec;
use crate::types::DataType;

#[derive(Clone, Debug, Serialize)]
pub struct Field {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: DataType,
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

/// A regular (unbounded) join (Flink's `StreamingJoinOperator`, SEMANTICS.md §1).
#[derive(Clone, Debug)]
pub struct JoinNode {
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
    /// An `IS NOT DISTINCT FROM` key compares operands of different types (`INT` with `BIGINT`):
    /// Flink casts only the operands of `=` to a common type, and rejects such a binary join
    /// when it plans it (a MULTI_JOIN that folds the join takes it).
    pub incompatible_keys: bool,
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
    Join(Box<JoinNode>),
    MultiJoin(Box<MultiJoinNode>),
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

impl Rel {
    /// An empty relation standing in while a child is moved out and back (plan rewrites).
    pub fn placeholder() -> Rel {
        Rel {
            node: Node::Scan {
                table: 0,
                name: String::new(),
                changelog: crate::catalog::ChangelogMode::Insert,
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

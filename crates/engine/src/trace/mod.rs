//! The trace: the contract between the engine and the page (see docs/trace.md).
//!
//! A trace holds, per query, every *step* exactly as the oracle numbers them (one source row
//! or one `@watermark` marker, plus the end of input), and inside each step the *events* in
//! causal order: the row at the source, the source's watermark, each operator's input, its
//! state changes, timers and window fires, what it emits, and the operator watermarks.
//! Values are carried as the text the CLI prints (rendered in the query's session zone), so
//! the page shows exactly what `joinlab run` prints; times the page draws are epoch
//! milliseconds (`*_ms`).

use serde::Serialize;

pub mod pack;

use crate::kinds::{
    ChangelogMode, Dialect, EndMode, ExpireCause, LookupChange, OpKind, OpRole, PairKind, RowKind, TableOrigin,
    TemporalMiss, TemporalOutcome,
};

/// Bump on any change of the shapes below (the page refuses a trace of another version).
/// 2: typed operator kinds and roles, operator sides, state expiry causes, table origins and
/// row intervals, retraction pairs marked by the engine. 3: the job's start step (`VALUES` rows),
/// the operators that feed joins described in fields (`columns`, `keys`, `aggregate`, `rank`,
/// `dedup`, `picks`, `interval`), so neither the sentences nor the page read the label.
pub const TRACE_VERSION: u32 = 7;

/// Watermark times as JSON: epoch milliseconds, or `null` for ±infinity (JavaScript numbers
/// cannot hold Java's `Long.MAX_VALUE`; the event's `text` says `+inf`). A time within a quarter
/// of the range of ±infinity (`+inf` held back by an interval join's delay) is infinite too.
fn ser_ms<S: serde::Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
    if v.unsigned_abs() > (i64::MAX as u64) / 4 * 3 {
        s.serialize_none()
    } else {
        s.serialize_i64(*v)
    }
}

/// Where a row came from: the steps whose source rows it is made of.
pub type Lineage = Vec<u32>;

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct WindowRef {
    pub start_ms: i64,
    pub end_ms: i64,
    /// `[12:20, 12:25)` as the window columns print.
    pub label: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A row entered the query at a source.
    SourceRow {
        op: usize,
        table: String,
        kind: RowKind,
        row: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        rowtime_ms: Option<i64>,
    },
    /// An operator's watermark advanced (for sources: the table's watermark; for two-input
    /// operators: the minimum of their inputs).
    Watermark {
        op: usize,
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        value_ms: i64,
        text: String,
    },
    /// A two-input operator received a watermark on one input that did not advance its own.
    InputWatermark {
        op: usize,
        input: usize,
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        value_ms: i64,
        text: String,
        #[cfg_attr(test, ts(optional = nullable))]
        held_by: Option<String>,
    },
    /// A row was assigned to windows by a window TVF.
    WindowAssign { op: usize, windows: Vec<WindowRef> },
    /// A row was stored in operator state.
    StateInsert {
        op: usize,
        side: String,
        key: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        window: Option<WindowRef>,
        row: Vec<String>,
        lineage: Lineage,
        rows_in_state: usize,
    },
    /// Rows left operator state: why (`cause`) and, in words, what it means (`reason`).
    StateExpire {
        op: usize,
        side: String,
        key: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        window: Option<WindowRef>,
        rows: usize,
        cause: ExpireCause,
        reason: String,
    },
    /// A window's timer fired at the operator's watermark.
    WindowFire {
        op: usize,
        window: WindowRef,
        key: Vec<String>,
        left_rows: usize,
        right_rows: usize,
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        watermark_ms: i64,
    },
    /// A row arrived after its window had fired and was dropped.
    LateDrop {
        op: usize,
        side: String,
        row: Vec<String>,
        window: WindowRef,
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        watermark_ms: i64,
        lineage: Lineage,
    },
    /// A row reached an interval join: the other side's times it joins with, and whether it stays
    /// in state for rows still to come.
    IntervalProbe {
        op: usize,
        side: String,
        key: Vec<String>,
        row: Vec<String>,
        lineage: Lineage,
        /// The row's time: its time attribute (rowtime), or the processing time it arrived at.
        time_ms: i64,
        /// The other side's times it joins with: `[from_ms, to_ms]`.
        from_ms: i64,
        to_ms: i64,
        /// Rows of the other side it joined with on arrival.
        matched: usize,
        /// Kept in state; else it was late: the operator's time had passed `to_ms` (it only
        /// probed the other side's state, and an outer side pads it at once).
        cached: bool,
        /// The operator time from which it is evicted: its time plus its side's bound plus 1 ms.
        #[cfg_attr(test, ts(optional = nullable))]
        expires_ms: Option<i64>,
        /// The cleanup timer of its key and side (one per key and side, set for the oldest row:
        /// it may fire later than `expires_ms`).
        #[cfg_attr(test, ts(optional = nullable))]
        timer_ms: Option<i64>,
    },
    /// Rows of `side` of an interval join's key left state: its cleanup timer fired
    /// (`timer_ms`), or a row of the other side probed the key after they had expired (none).
    /// Those that never joined are padded with NULLs on an outer side (`padded`).
    IntervalCleanup {
        op: usize,
        side: String,
        key: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        timer_ms: Option<i64>,
        /// The operator's time then (its watermark, or the processing time).
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        time_ms: i64,
        /// Rows at or before this time left.
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        expired_ms: i64,
        rows: usize,
        /// The rows padded with NULLs (as the side's row prints).
        padded: Vec<Vec<String>>,
        /// The next cleanup timer of the key and side, for the rows that stay.
        #[cfg_attr(test, ts(optional = nullable))]
        next_timer_ms: Option<i64>,
    },
    /// A row reached an aggregation: the group it belongs to (and its window, for a window
    /// aggregation), the group's results before and after it (none: the group did not exist /
    /// is gone), and whether that changed what the aggregation emits.
    Aggregated {
        op: usize,
        key: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        window: Option<WindowRef>,
        kind: RowKind,
        row: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        before: Option<Vec<String>>,
        #[cfg_attr(test, ts(optional = nullable))]
        after: Option<Vec<String>>,
        emitted: bool,
    },
    /// A row reached an UNNEST (a `Correlate`): its collection had `size` elements (null: the
    /// collection was NULL; a MULTISET counts each occurrence) and these rows came out, each
    /// with the element's 1-based position (`padded`: none did, so LEFT JOIN emitted the row
    /// once with NULLs). Every produced row has the input row's `kind` and `lineage`.
    Unnest {
        op: usize,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        #[cfg_attr(test, ts(optional = nullable))]
        size: Option<usize>,
        produced: Vec<UnnestRow>,
        padded: bool,
    },
    /// A row without a time attribute value was dropped by a window TVF.
    NullTimeDrop { op: usize, row: Vec<String> },
    /// A filter rejected a row.
    Filtered { op: usize, row: Vec<String> },
    /// ChangelogNormalize dropped an update equal to its key's last row (nothing changed).
    Unchanged { op: usize, key: Vec<String>, row: Vec<String> },
    /// An operator emitted a row.
    Emit { op: usize, kind: RowKind, row: Vec<String>, lineage: Lineage },
    /// The sink received a result row (what the changelog prints).
    Output { kind: RowKind, row: Vec<String>, lineage: Lineage },
    /// A source finished (end of input).
    SourceEnd { op: usize, table: String },
    /// A source's watermark status changed (`table.exec.source.idle-timeout`): `idle` — no row for
    /// longer than the timeout (at the periodic check at `at_ms`, processing time), so operators
    /// with several inputs stop waiting for its watermark; not `idle` — it emitted a watermark
    /// again (at the processing time `at_ms`).
    SourceIdle { op: usize, table: String, idle: bool, at_ms: i64 },
    /// A process table function ran: `eval` for a row of table argument `side` (`kind`, `row`,
    /// its `on_time` value `time_ms`; `late`: at or before the operator's watermark, Flink 2.3
    /// calls `eval` all the same), or `onTimer` for the `timer` that fired (`time_ms` = its time).
    /// `state` and `timers` are the partition's (`key`) after the call; `emitted` rows came out;
    /// `why` is the function's own sentence for the step, when it has one.
    PtfCall {
        op: usize,
        key: Vec<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        side: Option<String>,
        #[cfg_attr(test, ts(optional = nullable))]
        kind: Option<RowKind>,
        #[cfg_attr(test, ts(optional = nullable))]
        row: Option<Vec<String>>,
        lineage: Lineage,
        #[cfg_attr(test, ts(optional = nullable))]
        timer: Option<PtfTimer>,
        #[cfg_attr(test, ts(optional = nullable))]
        time_ms: Option<i64>,
        /// The operator's (combined) watermark during the call.
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        watermark_ms: i64,
        late: bool,
        state: Vec<PtfEntry>,
        timers: Vec<PtfTimer>,
        emitted: usize,
        #[cfg_attr(test, ts(optional = nullable))]
        why: Option<String>,
    },
    /// A probe (left) row reached a temporal join: it waits in state until the join's watermark
    /// reaches its time (`time_ms`). `late`: the watermark had already reached it (Flink 2.3
    /// keeps it; the next watermark advance releases it, against the versions left then).
    TemporalWait {
        op: usize,
        key: Vec<String>,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        time_ms: i64,
        /// The join's watermark on arrival.
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        watermark_ms: i64,
        late: bool,
        /// Probe rows of the key waiting, this one included.
        waiting: usize,
    },
    /// A row of the versioned (right) side reached a temporal join: a version of its key valid
    /// from `time_ms` (a `-D`: the key ends then, `ends`), stored by time; `replaced`: it
    /// overwrote the key's version of the same time (the later arrival wins); `dropped`: a `-U`,
    /// which Flink drops before the join (`DropUpdateBefore`), so nothing changed; `late`: the
    /// join's watermark had passed its time (it is kept all the same).
    TemporalVersion {
        op: usize,
        key: Vec<String>,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        time_ms: i64,
        ends: bool,
        replaced: bool,
        dropped: bool,
        late: bool,
        /// Versions of the key held after it.
        versions: usize,
    },
    /// The join's watermark reached a waiting probe row's time: it left state, joined with the
    /// version valid then (the greatest version time at or before its time), padded (LEFT) or
    /// dropped (INNER) when there was none (`miss`: why). The output row has the probe's kind.
    TemporalRelease {
        op: usize,
        key: Vec<String>,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        time_ms: i64,
        #[serde(serialize_with = "ser_ms")]
        #[cfg_attr(test, ts(type = "number | null"))]
        watermark_ms: i64,
        /// The version it was compared with (also a delete, or one the condition rejected).
        #[cfg_attr(test, ts(optional = nullable))]
        version: Option<VersionRef>,
        outcome: TemporalOutcome,
        #[cfg_attr(test, ts(optional = nullable))]
        miss: Option<TemporalMiss>,
    },
    /// A probe row reached a lookup join and looked up the store of `table` as it is now: its
    /// lookup `key` (`null_key`: a part of it is NULL, which finds nothing), the store rows the
    /// key `found` (each `joined` or rejected by the rest of the ON condition), how many rows it
    /// `emitted` (with its kind), and whether LEFT `padded` it with NULLs. Later changes of the
    /// store never revise these rows.
    Lookup {
        op: usize,
        table: String,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        key: Vec<String>,
        null_key: bool,
        found: Vec<LookupMatch>,
        emitted: usize,
        padded: bool,
        /// A Confluent search function's lookup (`KEY_SEARCH_AGG`, `TEXT_SEARCH_AGG`,
        /// `VECTOR_SEARCH_AGG`); absent for Flink's lookup join. Its one output row carries the
        /// `found` rows as `search_results`.
        #[serde(skip_serializing_if = "Option::is_none")]
        function: Option<String>,
        /// How the search function's arguments were read (`DESCRIPTOR(id) names
        /// customers_ext.id; o.customer_id is the search value`).
        #[serde(skip_serializing_if = "Option::is_none")]
        roles: Option<String>,
    },
    /// A row of lookup table `table` changed a lookup join's store (`change`); `rows`: the
    /// store's rows after it. Nothing is emitted.
    LookupStore {
        op: usize,
        table: String,
        kind: RowKind,
        row: Vec<String>,
        lineage: Lineage,
        change: LookupChange,
        rows: usize,
    },
}

/// A store row a lookup found (`joined`: it passed the rest of the ON condition).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct LookupMatch {
    pub row: Vec<String>,
    pub lineage: Lineage,
    pub joined: bool,
    /// TEXT_SEARCH_AGG's BM25 score or VECTOR_SEARCH_AGG's cosine, as Flink prints a DOUBLE.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<String>,
}

/// A named entry of a process table function's state (a field of its `@StateHint` object), as
/// Java prints it.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct PtfEntry {
    pub name: String,
    pub value: String,
}

/// A process table function's timer (`registerOnTime`): its name (none: an unnamed timer) and time.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct PtfTimer {
    #[cfg_attr(test, ts(optional = nullable))]
    pub name: Option<String>,
    pub time_ms: i64,
}

/// A version of a temporal join's versioned side.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct VersionRef {
    /// The version's row time: it is valid from then to the key's next version.
    pub time_ms: i64,
    pub kind: RowKind,
    pub row: Vec<String>,
    pub lineage: Lineage,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct OperatorInfo {
    pub id: usize,
    /// Flink's operator name: TableSourceScan, Calc, WindowTableFunction, WindowJoin, Join, …
    pub kind: OpKind,
    pub role: OpRole,
    /// The names its events and state groups give its inputs (`side`): `left` / `right` of a
    /// binary join, a MultiJoin's input tables, `key` of a ChangelogNormalize; empty when it keeps
    /// no state.
    pub sides: Vec<String>,
    /// One line as EXPLAIN shows it.
    pub label: String,
    pub inputs: Vec<usize>,
    /// The table a source reads.
    pub table: Option<String>,
    /// Whether the operator emits updates (-U/+U/-D) or only inserts.
    pub updating: bool,
    /// The names of the columns of the rows it emits, in order (after any projection it does
    /// itself); a Top-N's rank number is the last one when `rank.number` is set.
    pub columns: Vec<String>,
    /// The names of the key columns its events' `key` values belong to, in order: an
    /// aggregation's GROUP BY keys (a window aggregation's without the window columns), a
    /// Top-N's or deduplication's PARTITION BY keys (a windowed one's without the window
    /// columns), a ChangelogNormalize's primary key; empty otherwise.
    pub keys: Vec<String>,
    /// A group or window aggregation: what it computes.
    pub aggregate: Option<AggregateInfo>,
    /// A Top-N (`Rank`, `WindowRank`): its rank range and order.
    pub rank: Option<RankInfo>,
    /// A deduplication (`Deduplicate`, `WindowDeduplicate`): which row it keeps.
    pub dedup: Option<DedupInfo>,
    /// A `Calc` that only picks columns of its input (no filter, no expression): per output
    /// column, the input column it is.
    pub picks: Option<Vec<usize>>,
    /// An interval join's time bounds.
    pub interval: Option<IntervalInfo>,
    /// A temporal join's time attributes and keys.
    pub temporal: Option<TemporalInfo>,
}

/// What a temporal join (`FOR SYSTEM_TIME AS OF probe.time`) reads.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct TemporalInfo {
    /// LEFT (pads probe rows without a version) or INNER.
    pub outer: bool,
    /// The probe's time attribute (the AS OF column) and the versioned side's row time, as
    /// their inputs name them.
    pub probe_time: String,
    pub version_time: String,
    /// The equality keys of each side (the versioned side's include its primary key).
    pub probe_keys: Vec<String>,
    pub version_keys: Vec<String>,
    pub primary_key: Vec<String>,
    /// State retention (`table.exec.state.ttl`, ms of processing time); absent when off.
    pub ttl_ms: Option<i64>,
}

/// One row an UNNEST produced: the element's 1-based position (null on the padded row of a
/// LEFT JOIN) and the row (the input's columns, then the element's).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct UnnestRow {
    pub position: Option<i32>,
    pub row: Vec<String>,
}

/// What an aggregation computes.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct AggregateInfo {
    /// Its results, in output order (after the keys).
    pub calls: Vec<AggCallInfo>,
    /// Its input can retract rows: it counts each group's rows and deletes (`-D`) an empty group.
    pub retract: bool,
    /// A window aggregation: its window as Flink writes it (`TUMBLE(size=[5 s])`,
    /// `HOP(size=[10 s], slide=[5 s])`).
    pub window: Option<String>,
    /// A HOP or CUMULATE window aggregation: its state is per slice (shared by several windows).
    pub sliced: bool,
    /// A window aggregation in a local and a global stage (one operator here).
    pub two_phase: bool,
}

/// One aggregate call.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct AggCallInfo {
    /// Its output column (`uv1`, `EXPR$1`).
    pub name: String,
    /// Whether `name` is the query's own, not one the planner generated (`EXPR$1`, `$f2`).
    pub named: bool,
    /// The call over the input's column names (`COUNT(DISTINCT s)`, `SUM(v)`, `COUNT(*)`);
    /// absent when an argument is a column the planner generated.
    pub call: Option<String>,
}

/// A Top-N's ranks.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct RankInfo {
    pub start: i64,
    /// The last rank kept; absent when a column gives it (a variable rank end).
    pub end: Option<i64>,
    /// `score DESC, ts ASC`.
    pub order_by: String,
    /// The rank number is the last output column.
    pub number: bool,
}

/// A deduplication's choice.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct DedupInfo {
    /// It keeps the last row per key (else the first).
    pub keep_last: bool,
    /// By event time (else by arrival, processing time).
    pub rowtime: bool,
    /// The time column it orders by.
    pub order_by: String,
}

/// An interval join's bounds: a left row at `t` joins right rows in `[t - upper, t - lower]`
/// (Flink's `leftLowerBound` / `leftUpperBound`, ms).
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct IntervalInfo {
    pub lower_ms: i64,
    pub upper_ms: i64,
    /// Event time (else processing time).
    pub rowtime: bool,
}

/// What one operator holds at the end of a step.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct StateSummary {
    pub op: usize,
    pub rows: usize,
    pub groups: Vec<StateGroup>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct StateGroup {
    pub side: String,
    pub key: Vec<String>,
    pub window: Option<WindowRef>,
    pub rows: Vec<Vec<String>>,
    /// Per row: what the operator knows about it besides its values (`×2` copies, `matches: 1`
    /// on an outer side); empty strings when nothing.
    pub row_notes: Vec<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct OutRow {
    pub kind: RowKind,
    pub row: Vec<String>,
    /// `+I[…]` exactly as the CLI prints it.
    pub text: String,
    /// The steps whose input rows made it (empty when the run is not traced).
    pub lineage: Lineage,
    /// The row of the same step it pairs with, as its 0-based position in the query's changelog:
    /// a retraction and the row that replaces it (a `-D` of a NULL-padded row and the joined
    /// `+I`, a `-U` and its `+U`); set on both rows of a pair (traced runs only).
    pub partner: Option<usize>,
    /// On the retraction of a pair: what the pair means.
    pub pair: Option<PairKind>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// The job starting: literal rows (`VALUES`) come out before the first data row.
    Start,
    Row,
    Watermark,
    End,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct Step {
    /// 1-based as the oracle numbers them; the end of input has the number after the last step.
    pub index: usize,
    pub kind: StepKind,
    pub table: Option<String>,
    /// Script line of the data (0 for the end of input).
    pub line: usize,
    /// The `# step` line's text after `# step N: `.
    pub text: String,
    pub row_kind: Option<RowKind>,
    pub values: Vec<String>,
    /// Event time of the row (its table's rowtime), for placing it on the timeline.
    pub event_time_ms: Option<i64>,
    /// The simulated processing-time clock at this step (`joinlab.proctime-step`): what
    /// PROCTIME() reads and state TTL counts.
    pub proc_time_ms: i64,
    /// `wm T=…` notes of the sources that advanced.
    pub watermarks: Vec<String>,
    pub events: Vec<Event>,
    pub output: Vec<OutRow>,
    /// State of each stateful operator after the step.
    pub state: Vec<StateSummary>,
    /// One plain sentence: what happened and why.
    pub summary: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct FieldInfo {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct ErrorInfo {
    pub kind: crate::error::ErrorKind,
    pub message: String,
    /// The block the CLI prints (Java exception chain).
    pub text: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
    /// `message` with one position: the statement-relative positions of Calcite's text dropped
    /// where they are `line`/`column`, rewritten to script lines elsewhere (what the page shows;
    /// `message` and `text` stay Flink's words).
    pub shown: String,
    /// JoinLab's sentence after Flink's words: the cause and the fix (`hints.rs`).
    pub hint: Option<String>,
    /// Where the hint points in the script when that is not `line`/`column` (the opening quote
    /// of an unclosed string, a misspelt keyword); end inclusive.
    pub hint_line: Option<usize>,
    pub hint_column: Option<usize>,
    pub hint_end_line: Option<usize>,
    pub hint_end_column: Option<usize>,
}

impl ErrorInfo {
    pub fn from_error(e: &crate::error::Error) -> ErrorInfo {
        // harness messages name their line ("line 12: …") when they have no position
        let named = || -> Option<usize> {
            let rest = e.message.strip_prefix("line ")?;
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if rest[digits.len()..].starts_with(':') {
                digits.parse().ok()
            } else {
                None
            }
        };
        let line = e.script_pos.map(|p| p.line).or_else(named);
        let hint_span = e.hint.as_ref().and_then(|h| h.span).map(|(s, x)| (e.script_at(s), e.script_at(x)));
        ErrorInfo {
            kind: e.kind,
            message: e.message.clone(),
            text: e.describe(),
            line,
            column: e.script_pos.map(|p| p.col).or(line.map(|_| 1)),
            end_line: e.script_end.map(|p| p.line),
            end_column: e.script_end.map(|p| p.col),
            shown: e.shown(),
            hint: e.hint.as_ref().map(|h| h.text.clone()),
            hint_line: hint_span.map(|(s, _)| s.line),
            hint_column: hint_span.map(|(s, _)| s.col),
            hint_end_line: hint_span.map(|(_, x)| x.line),
            hint_end_column: hint_span.map(|(_, x)| x.col),
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct QueryTrace {
    /// 1-based.
    pub index: usize,
    pub sql: String,
    pub line: usize,
    /// The session time zone in effect for the query (`table.local-time-zone`): values,
    /// step sentences and the windows of TIMESTAMP_LTZ queries are on its wall clock.
    pub zone: String,
    pub notes: Vec<String>,
    pub schema: Vec<FieldInfo>,
    pub plan: String,
    pub operators: Vec<OperatorInfo>,
    pub end_mode: EndMode,
    /// What the job emitted as it started, before step 1 (a query over `VALUES` rows).
    pub start: Option<Step>,
    pub steps: Vec<Step>,
    /// The end of input (bounded modes).
    pub end: Option<Step>,
    /// Changelog applied at the end of the script (unbounded view), sorted as the oracle sorts.
    pub materialized_unbounded: Option<Vec<String>>,
    /// Changelog applied after the final watermark.
    pub materialized_bounded: Option<Vec<String>>,
    /// A planning error (`== error`).
    pub error: Option<ErrorInfo>,
    /// A runtime failure (`== runtime error`) and the step it happened at (when that is the end of
    /// input, `end` is set as well, with the output before the failure).
    pub runtime_error: Option<ErrorInfo>,
    pub failed_step: Option<usize>,
    /// Rows dropped as late, per operator: (operator id, rows).
    #[cfg_attr(test, ts(type = "[number, number][]"))]
    pub late_rows: Vec<(usize, u64)>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct TableInfo {
    pub name: String,
    /// Where its rows come from.
    pub origin: TableOrigin,
    pub columns: Vec<FieldInfo>,
    pub rowtime: Option<String>,
    pub watermark: Option<String>,
    pub changelog: ChangelogMode,
    /// The fixed gap between its generated rows (`100 ms`), for the examples catalog's tables.
    pub row_interval: Option<String>,
    /// A Confluent external table (version 7): its connector, connection and the searches its
    /// provider offers, e.g. `confluent-jdbc via connection 'pg' (KEY_SEARCH_AGG)`. Its rows fill
    /// a store that only the search functions read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub external: Option<String>,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct StatementOutput {
    pub line: usize,
    /// `EXPLAIN …`, `DESCRIBE …`.
    pub header: String,
    pub text: String,
    pub error: Option<ErrorInfo>,
}

impl ScriptTrace {
    /// The trace of a script that failed before its queries ran (`== harness error`).
    pub fn failed(
        dialect: Dialect,
        notes: Vec<String>,
        statements: Vec<StatementOutput>,
        e: &crate::error::Error,
    ) -> ScriptTrace {
        ScriptTrace {
            version: TRACE_VERSION,
            dialect,
            notes,
            tables: Vec::new(),
            statements,
            queries: Vec::new(),
            harness_error: Some(ErrorInfo::from_error(e)),
        }
    }
}

/// The whole script's trace.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[cfg_attr(test, derive(ts_rs::TS), ts(optional_fields = nullable))]
pub struct ScriptTrace {
    pub version: u32,
    pub dialect: Dialect,
    pub notes: Vec<String>,
    pub tables: Vec<TableInfo>,
    pub statements: Vec<StatementOutput>,
    pub queries: Vec<QueryTrace>,
    /// A script-level failure (`== harness error`): no query ran.
    pub harness_error: Option<ErrorInfo>,
}

/// `www/src/trace.ts` is generated from the types above (ts-rs, a dev-dependency, so the wasm
/// carries none of it): `cargo test -p joinlab-engine --lib trace_ts` fails when the file is
/// out of date; `JOINLAB_WRITE_TS=1` with the same command rewrites it.
#[cfg(test)]
mod typescript {
    use super::*;
    use crate::error::ErrorKind;
    use ts_rs::{Config, TS};

    fn push<T: TS>(out: &mut String, cfg: &Config) {
        if let Some(d) = T::docs() {
            out.push_str(&d);
        }
        out.push_str("export ");
        out.push_str(&T::decl(cfg));
        out.push_str("\n\n");
    }

    fn generated() -> String {
        // JavaScript numbers hold every millisecond time and count the engine writes
        let cfg = Config::new().with_large_int("number");
        let mut out = String::from(
            "// GENERATED by crates/engine/src/trace.rs (ts-rs) — do not edit by hand. To regenerate:\n\
             //   JOINLAB_WRITE_TS=1 cargo test -p joinlab-engine --lib trace_ts\n\
             // The trace the wasm session returns (docs/trace.md). serde-wasm-bindgen turns a Rust `None`\n\
             // into `undefined` and serde_json into `null`, so optional fields are `?: T | null`.\n\n",
        );
        out.push_str(&format!("export const TRACE_VERSION = {};\n\n", TRACE_VERSION));
        push::<RowKind>(&mut out, &cfg);
        push::<ChangelogMode>(&mut out, &cfg);
        push::<Dialect>(&mut out, &cfg);
        push::<EndMode>(&mut out, &cfg);
        push::<ErrorKind>(&mut out, &cfg);
        push::<OpKind>(&mut out, &cfg);
        push::<OpRole>(&mut out, &cfg);
        push::<ExpireCause>(&mut out, &cfg);
        push::<TableOrigin>(&mut out, &cfg);
        push::<PairKind>(&mut out, &cfg);
        push::<TemporalOutcome>(&mut out, &cfg);
        push::<TemporalMiss>(&mut out, &cfg);
        push::<LookupChange>(&mut out, &cfg);
        push::<WindowRef>(&mut out, &cfg);
        push::<VersionRef>(&mut out, &cfg);
        push::<UnnestRow>(&mut out, &cfg);
        push::<LookupMatch>(&mut out, &cfg);
        push::<PtfEntry>(&mut out, &cfg);
        push::<PtfTimer>(&mut out, &cfg);
        push::<Event>(&mut out, &cfg);
        push::<AggCallInfo>(&mut out, &cfg);
        push::<AggregateInfo>(&mut out, &cfg);
        push::<RankInfo>(&mut out, &cfg);
        push::<DedupInfo>(&mut out, &cfg);
        push::<IntervalInfo>(&mut out, &cfg);
        push::<TemporalInfo>(&mut out, &cfg);
        push::<OperatorInfo>(&mut out, &cfg);
        push::<StateGroup>(&mut out, &cfg);
        push::<StateSummary>(&mut out, &cfg);
        push::<OutRow>(&mut out, &cfg);
        push::<StepKind>(&mut out, &cfg);
        push::<Step>(&mut out, &cfg);
        push::<FieldInfo>(&mut out, &cfg);
        push::<ErrorInfo>(&mut out, &cfg);
        push::<QueryTrace>(&mut out, &cfg);
        push::<TableInfo>(&mut out, &cfg);
        push::<StatementOutput>(&mut out, &cfg);
        push::<ScriptTrace>(&mut out, &cfg);
        out.push_str(
            "export type EventType = Event['type'];\nexport type EventOf<T extends EventType> = Extract<Event, { type: T }>;\n",
        );
        out
    }

    #[test]
    fn trace_ts_is_generated_from_the_rust_types() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/src/trace.ts");
        let want = generated();
        if std::env::var_os("JOINLAB_WRITE_TS").is_some() {
            std::fs::write(&path, &want).expect("write www/src/trace.ts");
            return;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            have == want,
            "www/src/trace.ts is not what crates/engine/src/trace.rs generates: run\n  JOINLAB_WRITE_TS=1 cargo test -p joinlab-engine --lib trace_ts"
        );
    }
}

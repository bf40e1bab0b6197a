// The view model of one query: what the page draws, in the shapes the panes and the timeline
// read. Built once per loaded query by build.ts; every step is then a lookup.

import type { LookupStoreView } from './lookup';
import type { LazySteps } from './step-blocks';
import type { Event, ExpireCause, OpKind, OperatorInfo, PairKind, QueryTrace, RowKind, ScriptTrace, StateSummary, Step, TemporalInfo, TemporalMiss, TemporalOutcome } from '../trace';

export type { PairKind };

/** Step numbers of the source rows a row is made of. */
export type Lineage = number[];

export interface RowMark {
  /** Step number (1-based) at which the row arrived. */
  pos: number;
  lane: number;
  /** Event time on the display clock (from `Step.event_time_ms`); null when the row has none. */
  x: number | null;
  kind: RowKind;
  values: string[];
  /** `LeftTable +I[…]`. */
  text: string;
  /** Set when an operator dropped the row as late: its window had already fired (a window join,
   *  aggregation, Top-N or deduplication), or its time was behind the watermark (`point`: a
   *  deduplication keeping the first row); `by` is the operator's kind. */
  late: { window: string; watermark: number | null; point: boolean; by: string } | null;
  /** Why a row was dropped before any state (NULL time attribute, a filter). */
  dropped: string | null;
  /** Script line of the row (0: generated). */
  line: number;
  /** Its table's watermark just before it arrived (display clock), null when there was none. */
  wmBefore: number | null;
  /** It arrived behind its table's watermark (event time < watermark): late at the source. */
  behind: boolean;
  /** What the interval join it entered made of it (its `interval_probe`), null for other joins. */
  interval: IntervalRow | null;
  /** The temporal join's view of it as a probe row (its `temporal_wait`), null otherwise. */
  temporal: TemporalProbe | null;
}

/**
 * A version of a temporal join's versioned side (its `temporal_version`): valid from its time to
 * the key's next version (`versionsAt` says which is next at a step). Times on the display clock.
 */
export interface TemporalVersion {
  op: number;
  /** Step it arrived at. */
  pos: number;
  key: string[];
  /** `key.join(', ')`: the version lane's row. */
  keyText: string;
  kind: RowKind;
  row: string[];
  lineage: Lineage;
  time: number;
  timeMs: number;
  /** A `-D`: the key has no version from its time on. */
  ends: boolean;
  /** The join's watermark had passed its time (it is kept all the same). */
  late: boolean;
  /** Step at which a later row of the same time overwrote it (null: never). */
  replacedPos: number | null;
  /** Step at which it left the join's state (cleanup: a newer version ≤ the watermark; or state TTL). */
  leftPos: number | null;
  leftCause: ExpireCause | null;
}

/** A probe (left) row of a temporal join: it waits until the join's watermark reaches its time. */
export interface TemporalProbe {
  op: number;
  /** Step it arrived at (its `temporal_wait`). */
  pos: number;
  key: string[];
  keyText: string;
  kind: RowKind;
  row: string[];
  lineage: Lineage;
  /** Its AS OF time (display clock) and as the trace gives it (epoch ms). */
  time: number;
  timeMs: number;
  /** The join's watermark when it arrived (display clock; null: none yet). */
  wmBefore: number | null;
  /** The watermark had already passed its time: it waits for the next advance. */
  late: boolean;
  /** Step that released it, and the join's watermark then (Infinity: +inf); null while it waits. */
  releasePos: number | null;
  releaseWm: number | null;
  /** The version it met (null: none at or before its time, or not released yet). */
  version: TemporalVersion | null;
  outcome: TemporalOutcome | null;
  miss: TemporalMiss | null;
  /** The changelog row it became (its index in `outputs`), -1 when none (INNER drop, a filter, waiting). */
  output: number;
  /** Step at which state TTL removed it unreleased (null: never). */
  expiredPos: number | null;
}

/** A temporal join's versions, probe rows and time attributes (the query's join, else the first). */
export interface TemporalView {
  op: number;
  info: TemporalInfo | null;
  outer: boolean;
  /** Lanes of the probe and versioned tables (null: that side is not one table). */
  probeLane: number | null;
  versionLane: number | null;
  probeTable: string;
  versionTable: string;
  /** The versioned side's column names (its input's), to show a version's values without its key and time. */
  versionColumns: string[];
  /** Keys in first-seen order (versions and probes): one row of the version lane each. */
  keys: string[];
  versions: TemporalVersion[];
  probes: TemporalProbe[];
  /** Probe rows that arrived at each step / were released at each step. */
  waitsAt: TemporalProbe[][];
  releasedAt: TemporalProbe[][];
}

/** A source marked idle (`source_idle`): from the step it went idle to the step it was active again. */
export interface IdleSpan {
  op: number;
  table: string;
  from: number;
  /** The processing time of the check that saw it idle (epoch ms, on the simulated clock). */
  atMs: number;
  /** Step at which it emitted a watermark again (null: idle to the end of the trace). */
  to: number | null;
}

/**
 * A row that reached an interval join (its `interval_probe` event) and its life in the join's
 * state, followed through the later `interval_cleanup` events of its key and side. Times are on
 * the display clock.
 */
export interface IntervalRow {
  op: number;
  /** Step of the probe. */
  pos: number;
  side: string;
  key: string[];
  row: string[];
  lineage: Lineage;
  /** Lanes of its own side's table and of the other side's (null: that side is not one table). */
  lane: number | null;
  otherLane: number | null;
  /** Its time, and the other side's times it joins: [from, to]. */
  time: number;
  from: number;
  to: number;
  /** Its time as the trace gives it (epoch ms), to compare with the cleanups' `expired_ms`. */
  timeMs: number;
  /** Rows of the other side it joined on arrival. */
  matched: number;
  /** Kept in state; false: late (the join's time had passed `to`): it only probed. */
  cached: boolean;
  /** The join's time from which it leaves state (its time + its side's bound + 1 ms); null when late. */
  expires: number | null;
  /** Its key's cleanup timer (one per key and side), from its arrival, at every step that changed it. */
  timers: { pos: number; at: number | null }[];
  /** Step at which it left state (null: it is still there at the end of the trace, or it was never kept). */
  leftPos: number | null;
  /** The timer that removed it (null: a probe found it expired) and the join's time then (Infinity: +inf). */
  leftTimer: number | null;
  leftAt: number | null;
  /** It left without ever joining and came out padded with NULLs (an outer side). */
  padded: boolean;
}

/** An interval join's bounds and its two clocks (from its probes, else its EXPLAIN label). */
export interface IntervalInfo {
  op: number;
  /** `left.time − right.time ∈ [lower, upper]` (ms); null when neither a probe nor the label says. */
  lower: number | null;
  upper: number | null;
  /** Event time (else processing time). */
  rowtime: boolean;
  /** Its output watermark is held back by this much (ms): the larger bound. */
  delay: number;
  /** probes[p] = every interval join's view of the rows that reached it at step p. */
  probes: IntervalRow[][];
  /** Every row kept in an interval join's state, in arrival order (their eviction marks). */
  cached: IntervalRow[];
  /** time[p] = the join's time after step p (the min of its inputs' watermarks: what its cleanup
   *  timers fire at), display clock; NaN when none yet, Infinity for +inf. */
  time: Float64Array;
  /** Rows that arrived late (they probed and were not kept). */
  lateRows: number;
}

/** A two-input operator whose watermark an input holds back (from `input_watermark.held_by`). */
export interface HeldBack {
  /** The input holding it back (a table name as the trace gives it). */
  by: string;
  /** First step of this uninterrupted hold. */
  since: number;
}

export interface OutputRow {
  /** 0-based position in the changelog. */
  index: number;
  /** Step at which the sink received it. */
  pos: number;
  kind: RowKind;
  row: string[];
  /** `+I[…]` exactly as the CLI prints it. */
  text: string;
  lineage: Lineage;
  /** Where the timeline draws it: the end of the window that produced it, else its newest input. */
  x: number | null;
  /**
   * The row of the same step it pairs with (the engine's `OutRow.partner`: a retraction and the
   * row that replaces it, a -D of a NULL-padded row and the joined +I, a -U and its +U, …), or -1.
   */
  partner: number;
  /** For the retraction of a pair: what the pair means (the engine's `OutRow.pair`). */
  pairKind: PairKind | null;
  /** A -U / -D: the earlier row of the changelog it takes back (the last +I / +U with the same values still standing), or -1. */
  retracts: number;
  /**
   * A row an interval join padded with NULLs: its input row (`of`), and what released it: the
   * cleanup timer that fired (`timer`) at the join's time `at`, or nothing (`late`: a late row,
   * padded at once on arrival). Null for every other row.
   */
  padded: { of: IntervalRow; timer: number | null; at: number | null; late: boolean } | null;
  /** A temporal join's output: the probe row it is (with the version it met), null otherwise. */
  temporal: TemporalProbe | null;
  /** A row an UNNEST at the top of the plan produced: its fan-out and which element it is, null otherwise. */
  unnest: { fan: UnnestFan; element: number } | null;
}

/**
 * One row that reached an UNNEST (a `Correlate`, its `unnest` event) and the rows it fanned out
 * into, one per element (its 1-based position: the ordinality), or the one NULL-padded row of a
 * LEFT JOIN UNNEST ... ON TRUE.
 */
export interface UnnestFan {
  /** Step of the event. */
  pos: number;
  op: number;
  kind: RowKind;
  /** The input row, without the hidden columns (`$…`). */
  input: string[];
  /** The table the input row comes from (through Calcs), when one. */
  table: string | null;
  /** The input row's step (its lineage), when it is one row. */
  inputPos: number | null;
  /** Element count of its collection (null: the collection is NULL). */
  size: number | null;
  padded: boolean;
  elements: UnnestElement[];
}

export interface UnnestElement {
  /** The element's 1-based position (null: the padded row). */
  position: number | null;
  /** The produced row as shown: the changelog row's text when it is one, else `+I[…]` without hidden columns. */
  text: string;
  /** Its index in the changelog (`QueryModel.outputs`), or -1 when it is not a result row itself (it feeds a join, …). */
  output: number;
}

/** Rows a stateful operator holds after each step (from the trace's `Step.state`). */
export interface StateSeries {
  op: number;
  /** rows[p] = rows held after step p (rows[0] = 0). */
  rows: Int32Array;
  peak: number;
  /** First step at which the peak was reached (0 when the operator never held a row). */
  peakPos: number;
}

/** What a window holds after a step (from the events that changed it). */
export interface WindowCounts {
  pos: number;
  /** A window join's state rows per side. */
  left: number;
  right: number;
  /** Rows that have come into the window so far (stored, buffered). */
  rowsIn: number;
  /** Keys that hold state for it now. */
  keys: number;
}

/** A window's timer firing for one key: the rows the operator emitted for it. */
export interface WindowFireInfo {
  pos: number;
  key: string[];
  rows: string[][];
  /** The operator's watermark that fired it (display clock; Infinity: +inf). */
  wm: number;
}

export interface WindowInfo {
  key: string;
  /** The operator whose window it is (a window join, aggregation, Top-N or deduplication; the
   *  window TVF when nothing above it keeps windows). */
  op: number;
  start: number;
  end: number;
  label: string;
  /** A slice of a HOP / CUMULATE aggregation that no fired window contains (yet). */
  slice: boolean;
  /** First step that assigned a row to it. */
  assignPos: number;
  /** First step that stored a row of it in the join's state. */
  openPos: number | null;
  /** Step at which its timer fired (the first key's fire). */
  firePos: number | null;
  /** Step at which its last state rows were freed. */
  purgePos: number | null;
  /** What it holds after each step that changed it. */
  counts: WindowCounts[];
  /** Steps at which a row for this window was dropped as late. */
  lateSteps: number[];
  /** Its fires, one per key, in order. */
  fires: WindowFireInfo[];
}

/** One operator that keeps windows, with its own lane on the timeline (in data-flow order). */
export interface WindowLane {
  op: number;
  kind: OpKind;
  /** `WindowAggregate`, and what it reads (`T1`). */
  title: string;
  sub: string;
  windows: WindowInfo[];
  /** Its watermark after each step (the one its windows fire at). */
  watermark: WatermarkSeries | null;
}

/** Facts about single events that need the steps before them (looked up by the event object). */
export interface EventNotes {
  /** A window aggregation's `aggregated`: a row folded in one phase, in the local stage, or a local partial merged by the global stage. */
  aggStage: Map<Event, 'row' | 'local' | 'merge'>;
  /** A deduplication's `state_insert`: the row it kept for the key before (null: the key's first row). */
  dedupPrev: Map<Event, string[] | null>;
}

export type WindowPhase = 'future' | 'assigned' | 'open' | 'fired' | 'purged';

export interface Lane {
  table: string;
  ops: number[];
  rows: RowMark[];
}

export interface WatermarkSeries {
  op: number;
  label: string;
  /** values[p] = the watermark after step p (display clock), NaN when none yet, Infinity for +inf. */
  values: Float64Array;
}

export interface StepInfo {
  pos: number;
  step: Step;
  row: RowMark | null;
  fired: string[];
  /** Rows freed from state at this step. */
  freed: number;
  late: boolean;
}

/** What the state pane compares of one query: rows held by all its operators after each step, and
 * what its last data step held per operator. */
export interface QueryState {
  index: number;
  total: StateSeries;
  last: StateSummary[];
}

export interface QueryModel {
  trace: ScriptTrace;
  query: QueryTrace;
  /** The query's steps followed by the end of input, when there is one. Position p is steps[p - 1]. */
  steps: Step[];
  /** The job's start (`QueryTrace.start`: the rows a VALUES emits before step 1): position 0. */
  start: Step | null;
  /** The first position the page can show: 0 when the job has a start step, else 1. */
  first: number;
  /** Number of data steps (the end of input, when present, is step `dataSteps + 1`). */
  dataSteps: number;
  hasEnd: boolean;
  info: StepInfo[];
  /** The start step's row of the steps table (position 0), when there is one. */
  startInfo: StepInfo | null;
  lanes: Lane[];
  rowsByPos: (RowMark | null)[];
  outputs: OutputRow[];
  /** outEnd[p] = number of changelog rows received up to and including step p (outEnd[0]: at job start). */
  outEnd: Int32Array;
  /** outRank[i] = the place of outputs[i]'s materialized line in the result table's order, among
   * the query's `rankCount` distinct lines (model/result-ranks.ts). */
  outRank: Int32Array;
  rankCount: number;
  sourceWatermarks: WatermarkSeries[];
  joinWatermark: WatermarkSeries | null;
  /** The join (`OperatorInfo.role === 'join'`; the first one of a chain). */
  joinOp: OperatorInfo | null;
  /** Every operator's windows, by time. */
  windows: WindowInfo[];
  /** The operators that keep windows, one lane each, sources' side first, the join last. */
  windowLanes: WindowLane[];
  events: EventNotes;
  /** Per stateful operator, in operator order. */
  stateSeries: StateSeries[];
  /** rows held by all operators together after each step. */
  stateTotal: StateSeries;
  /** The operator whose output is the query's result (not an input of any other). */
  rootOp: OperatorInfo | null;
  /** Whether the result is an updating stream (it retracts rows), from the root operator. */
  updating: boolean;
  /** Display-clock range of everything drawn; null when no row has an event time. */
  extent: { from: number; to: number } | null;
  /** Whether times are wall-clock times of the session zone (TIMESTAMP_LTZ). */
  ltz: boolean;
  zone: string;
  /** held[p] = the join's watermark is held back by an input after step p (null: it is not). */
  held: (HeldBack | null)[];
  /** The interval join's bounds, clocks and rows, when the join (`joinOp`) is an IntervalJoin. */
  interval: IntervalInfo | null;
  /** The temporal join's versions and probe rows, when the query has a TemporalJoin. */
  temporal: TemporalView | null;
  /** Sources marked idle (`table.exec.source.idle-timeout`), in order. */
  idle: IdleSpan[];
  /** Every UNNEST fan-out, in step order, and each by its `unnest` event. */
  unnests: UnnestFan[];
  unnestOf: Map<Event, UnnestFan>;
  /** The process table function's partitions and calls, when the query calls one. */
  ptf: PtfView | null;
  /** Every lookup operator's store (rebuilt from `lookup_store` events) and its lookups (model/lookup.ts). */
  lookups: LookupStoreView[];
  /** Every query of the script that ran with steps: its total state series and its last step's
   * state (the state pane's comparison of queries), when the worker read them off its packed trace
   * (the page's trace then holds no other query's steps); null: read them off the trace's steps. */
  queryStates: QueryState[] | null;
  /** A big model's steps are held a block at a time (`steps` has holes): model/step-blocks.ts. Null: every step is held. */
  lazy: LazySteps | null;
}

/** A list element of a PTF state entry, with the step whose row put it there (null: not known, e.g. a timer's). */
export interface PtfItem {
  text: string;
  step: number | null;
}

/** One state entry of a PTF partition after a call, and what the call did to it. */
export interface PtfEntryView {
  name: string;
  value: string;
  /** Its value before the call (null: the partition's first call, or the entry is new). */
  before: string | null;
  changed: boolean;
  /** A list value (`[78.0, 80.0]`): its elements, each with the step that added it; null otherwise. */
  items: PtfItem[] | null;
  /** List elements the call removed (a window's buffer cleared, the oldest of a sliding list). */
  dropped: PtfItem[];
  /** An epoch-millisecond value (`windowStartMillis`) on the display clock, null otherwise. */
  time: number | null;
  /** Lists nested in a map or tuple value (a buffer per window), by path, each element with its step. */
  nested: Map<string, PtfItem[]>;
  /** What the call did to each list of the entry (the value itself, or each nested one): kept or added, dropped. */
  follows: { items: PtfItem[]; dropped: PtfItem[] }[];
}

/** One `eval` or `onTimer` call of a process table function (its `ptf_call` event). */
export interface PtfCall {
  op: number;
  /** Step of the call. */
  pos: number;
  key: string[];
  keyText: string;
  /** The table argument the row came from (null: a timer fired). */
  side: string | null;
  kind: RowKind | null;
  row: string[] | null;
  lineage: Lineage;
  /** The timer that fired (onTimer), its time on the display clock. */
  timer: { name: string | null; time: number } | null;
  /** The call's time (TimeContext#time) and the operator's watermark, display clock. */
  time: number | null;
  watermark: number | null;
  late: boolean;
  entries: PtfEntryView[];
  /** Its timers after the call (time: display clock; timeMs: epoch ms); `added` by this call. */
  timers: { name: string | null; time: number; timeMs: number; added: boolean }[];
  /** Timers the call removed or that fired. */
  timersGone: { name: string | null; time: number }[];
  emitted: number;
  why: string | null;
  /**
   * The steps of the rows the emitted rows were computed from, read off the state's lists: the
   * buffer the call emptied (a window's readings), else the list as it stands after the call
   * (a sliding list), plus the call's own row.
   */
  madeOf: number[];
  /** Its emitted rows in the changelog (indices into `outputs`), when they reach the sink. */
  outputs: number[];
}

/** A process table function's partitions and calls (the query's PTF operator, the first one). */
export interface PtfView {
  op: number;
  /** The function's name, from the operator's label (`SensorFusionPtf`). */
  name: string;
  /** Its table arguments (the operator's sides). */
  sides: string[];
  /** Partition keys in first-seen order. */
  keys: string[];
  /** Entry names in first-seen order. */
  names: string[];
  calls: PtfCall[];
  /** callsAt[p] = the calls at step p. */
  callsAt: PtfCall[][];
  /** Calls per partition key, in step order. */
  byKey: Map<string, PtfCall[]>;
  /** The call that emitted each changelog row (by output index). */
  callOf: Map<number, PtfCall>;
}

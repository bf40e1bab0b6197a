// The view model of one query: what the page draws, in the shapes the panes and the timeline
// read. Built once per loaded query by build.ts; every step is then a lookup.

import type { OperatorInfo, PairKind, QueryTrace, RowKind, ScriptTrace, Step } from '../trace';

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
  /** Set when the join dropped the row because its window had already fired. */
  late: { window: string; watermark: number | null } | null;
  /** Why a row was dropped before any state (NULL time attribute, a filter). */
  dropped: string | null;
  /** Script line of the row (0: generated). */
  line: number;
  /** Its table's watermark just before it arrived (display clock), null when there was none. */
  wmBefore: number | null;
  /** It arrived behind its table's watermark (event time < watermark): late at the source. */
  behind: boolean;
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

export interface WindowInfo {
  key: string;
  start: number;
  end: number;
  label: string;
  /** First step that assigned a row to it. */
  assignPos: number;
  /** First step that stored a row of it in the join's state. */
  openPos: number | null;
  /** Step at which its timer fired (the first key's fire). */
  firePos: number | null;
  /** Step at which its last state rows were freed. */
  purgePos: number | null;
  /** State rows per side after each step that changed them. */
  counts: { pos: number; left: number; right: number }[];
  /** Steps at which a row for this window was dropped as late. */
  lateSteps: number[];
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

export interface QueryModel {
  trace: ScriptTrace;
  query: QueryTrace;
  /** The query's steps followed by the end of input, when there is one. Position p is steps[p - 1]. */
  steps: Step[];
  /** Number of data steps (the end of input, when present, is step `dataSteps + 1`). */
  dataSteps: number;
  hasEnd: boolean;
  info: StepInfo[];
  lanes: Lane[];
  rowsByPos: (RowMark | null)[];
  outputs: OutputRow[];
  /** outEnd[p] = number of changelog rows received up to and including step p. */
  outEnd: Int32Array;
  sourceWatermarks: WatermarkSeries[];
  joinWatermark: WatermarkSeries | null;
  /** The join (`OperatorInfo.role === 'join'`; the first one of a chain). */
  joinOp: OperatorInfo | null;
  windows: WindowInfo[];
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
}

// What the page draws, computed once per loaded query from its trace: lanes of input rows,
// watermark series, windows and their lifecycle, output rows with their lineage, and prefix
// counts, so that showing any step costs no more than drawing it.

import { type Clock, clockFor } from './time';
import type { Event, OperatorInfo, QueryTrace, RowKind, ScriptTrace, StateGroup, StateSummary, Step, TableInfo, WindowRef } from './trace';

export interface RowMark {
  /** Step number (1-based) at which the row arrived. */
  pos: number;
  lane: number;
  /** Event time on the display clock; null when the row has none. */
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
  /**
   * Where `x` comes from: the trace (`Step.event_time_ms`), or the examples catalog's documented
   * pace (the trace has no event time for a table whose time attribute is `$rowtime`).
   */
  timeFrom: 'trace' | 'pace' | null;
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
  lineage: number[];
  /** Where the timeline draws it: the end of the window that produced it, else its newest input. */
  x: number | null;
  /**
   * The row of the same step it pairs with (a retraction and the row that replaces it: a -D of
   * a NULL-padded row and the joined +I, a -U and its +U, …), or -1.
   */
  partner: number;
  /** For the retraction of a pair: what the pair means. */
  pairKind: PairKind | null;
}

/**
 * What a retraction paired with the row that replaces it means: `matched` (a row padded with
 * NULLs is replaced by the joined row), `unmatched` (a joined row goes back to being padded),
 * `update` (-U then +U), `replaced` (any other retraction followed by its replacement).
 */
export type PairKind = 'matched' | 'unmatched' | 'update' | 'replaced';

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

/**
 * The examples catalog's pace (docs/mock-data.md): row k of a table happens at 2024-01-01
 * 00:00:00 UTC + k × this. Used only where the trace carries no event time for a row.
 */
const EXAMPLES_START_MS = Date.UTC(2024, 0, 1);
const EXAMPLES_PACE_MS: Record<string, number> = { marketplace: 100, gaming: 100, sensors: 5000 };

function examplesPace(table: string): number | null {
  const m = /^examples\.([a-z_]+)\./i.exec(table);
  return m ? (EXAMPLES_PACE_MS[m[1].toLowerCase()] ?? null) : null;
}

const isLtz = (t: TableInfo | undefined): boolean => {
  if (!t?.rowtime) return false;
  const col = t.columns.find((c) => c.name === t.rowtime);
  return !!col && col.type.includes('TIMESTAMP_LTZ');
};

const windowKey = (w: WindowRef) => `${w.start_ms}:${w.end_ms}`;

/** Builds the model of query `qi` (0-based); `zone` is the session zone in effect at the query. */
export function buildModel(trace: ScriptTrace, qi: number, zone: string): QueryModel {
  const query = trace.queries[qi];
  const steps = query.end ? [...query.steps, query.end] : [...query.steps];

  // One lane per source table, in the order the tables were created.
  const sourceOps = query.operators.filter((o) => o.table && o.inputs.length === 0);
  const laneTables = trace.tables.map((t) => t.name).filter((n) => sourceOps.some((o) => o.table === n));
  for (const s of steps) if (s.kind === 'row' && s.table && !laneTables.includes(s.table)) laneTables.push(s.table);
  const lanes: Lane[] = laneTables.map((table) => ({ table, ops: sourceOps.filter((o) => o.table === table).map((o) => o.id), rows: [] }));
  const laneOf = new Map(laneTables.map((t, i) => [t, i]));

  const ltz = laneTables.some((n) => isLtz(trace.tables.find((t) => t.name === n)));
  const clock: Clock = clockFor(zone, ltz);
  const toX = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : clock(ms));

  const joinOp = query.operators.find((o) => /Join/.test(o.kind)) ?? query.operators.find((o) => o.inputs.length > 1) ?? null;

  const M = steps.length;
  const held: (HeldBack | null)[] = new Array(M + 1).fill(null);
  let heldNow: HeldBack | null = null;
  const rowsByPos: (RowMark | null)[] = new Array(M + 1).fill(null);
  const outputs: OutputRow[] = [];
  const outEnd = new Int32Array(M + 1);
  const windows = new Map<string, WindowInfo>();
  const info: StepInfo[] = [];

  const wmSeries = new Map<number, Float64Array>();
  const wmNow = new Map<number, number>();
  const trackedWm = new Set<number>([...sourceOps.map((o) => o.id), ...(joinOp ? [joinOp.id] : [])]);
  for (const id of trackedWm) wmSeries.set(id, new Float64Array(M + 1).fill(Number.NaN));

  const getWindow = (w: WindowRef, pos: number): WindowInfo => {
    const k = windowKey(w);
    let wi = windows.get(k);
    if (!wi) {
      wi = { key: k, start: w.start_ms, end: w.end_ms, label: w.label, assignPos: pos, openPos: null, firePos: null, purgePos: null, counts: [], lateSteps: [] };
      windows.set(k, wi);
    }
    return wi;
  };
  const counts = new Map<string, { left: number; right: number }>();

  for (let p = 1; p <= M; p++) {
    const step = steps[p - 1];
    let row: RowMark | null = null;
    if (step.kind === 'row' && step.table) {
      const src = step.events.find((e): e is Extract<Event, { type: 'source_row' }> => e.type === 'source_row');
      let t = step.event_time_ms ?? src?.rowtime_ms ?? null;
      let timeFrom: RowMark['timeFrom'] = t === null ? null : 'trace';
      const lane = laneOf.get(step.table) ?? 0;
      const pace = t === null && step.line === 0 ? examplesPace(step.table) : null;
      if (pace !== null) {
        t = EXAMPLES_START_MS + lanes[lane].rows.length * pace;
        timeFrom = 'pace';
      }
      row = {
        pos: p,
        lane,
        x: toX(t),
        kind: step.row_kind ?? '+I',
        values: step.values,
        text: step.text,
        late: null,
        dropped: null,
        line: step.line,
        timeFrom,
        wmBefore: null,
        behind: false,
      };
      rowsByPos[p] = row;
      lanes[row.lane].rows.push(row);
    }
    const fired: string[] = [];
    let freed = 0;
    let late = false;
    let lastFire: WindowRef | null = null;
    /** The window whose fire produced each join emit, by lineage, to place the outputs. */
    const emitWindows = new Map<string, WindowRef[]>();
    const changed = new Set<string>();
    let outInStep = 0;
    /** The step's row reached an operator's state: a later filter drops a join result, not it. */
    let stored = false;
    for (const e of step.events) {
      switch (e.type) {
        case 'watermark':
          if (trackedWm.has(e.op)) wmNow.set(e.op, e.value_ms === null ? Number.POSITIVE_INFINITY : clock(e.value_ms));
          if (joinOp && e.op === joinOp.id) heldNow = null;
          break;
        case 'input_watermark':
          if (joinOp && e.op === joinOp.id && e.held_by) heldNow = heldNow && heldNow.by === e.held_by ? heldNow : { by: e.held_by, since: p };
          break;
        case 'window_assign':
          for (const w of e.windows) getWindow(w, p);
          break;
        case 'state_insert':
          stored = true;
          if (e.window) {
            const w = getWindow(e.window, p);
            w.openPos ??= p;
            const c = counts.get(w.key) ?? { left: 0, right: 0 };
            if (e.side === 'right') c.right++;
            else c.left++;
            counts.set(w.key, c);
            changed.add(w.key);
          }
          break;
        case 'state_expire':
          freed += e.rows;
          if (e.window) {
            const w = getWindow(e.window, p);
            const c = counts.get(w.key) ?? { left: 0, right: 0 };
            if (e.side === 'right') c.right = Math.max(0, c.right - e.rows);
            else c.left = Math.max(0, c.left - e.rows);
            counts.set(w.key, c);
            changed.add(w.key);
            if (c.left === 0 && c.right === 0) w.purgePos = p;
          }
          break;
        case 'window_fire': {
          const w = getWindow(e.window, p);
          w.firePos ??= p;
          if (!fired.includes(w.label)) fired.push(w.label);
          lastFire = e.window;
          break;
        }
        case 'late_drop': {
          late = true;
          const w = getWindow(e.window, p);
          w.lateSteps.push(p);
          for (const l of e.lineage) {
            const r = rowsByPos[l];
            if (r) r.late = { window: e.window.label, watermark: toX(e.watermark_ms) };
          }
          break;
        }
        case 'emit':
          if (lastFire && joinOp && e.op === joinOp.id) {
            const k = e.lineage.join(',');
            const q = emitWindows.get(k) ?? [];
            q.push(lastFire);
            emitWindows.set(k, q);
          }
          break;
        case 'null_time_drop':
          if (row) row.dropped = 'NULL time attribute';
          break;
        case 'filtered':
          if (row && !row.dropped && !stored) row.dropped = 'filtered out';
          break;
        case 'output': {
          const printed = step.output[outInStep];
          outInStep++;
          const text = printed && printed.kind === e.kind ? printed.text : `${e.kind}[${e.row.join(', ')}]`;
          const fromWindow = emitWindows.get(e.lineage.join(','))?.shift() ?? lastFire;
          let x: number | null = fromWindow ? fromWindow.end_ms : null;
          if (x === null) {
            for (const l of e.lineage) {
              const r = rowsByPos[l];
              if (r && r.x !== null) x = x === null ? r.x : Math.max(x, r.x);
            }
          }
          outputs.push({ index: outputs.length, pos: p, kind: e.kind, row: e.row, text, lineage: e.lineage, x, partner: -1, pairKind: null });
          break;
        }
        default:
          break;
      }
    }
    // Output rows the events did not carry (defensive: the printed rows are the truth).
    for (let i = outInStep; i < step.output.length; i++) {
      const o = step.output[i];
      outputs.push({ index: outputs.length, pos: p, kind: o.kind, row: o.row, text: o.text, lineage: o.lineage ?? [], x: null, partner: -1, pairKind: null });
    }
    pairRetractions(outputs, outEnd[p - 1], outputs.length);
    for (const k of changed) {
      const c = counts.get(k) ?? { left: 0, right: 0 };
      windows.get(k)?.counts.push({ pos: p, left: c.left, right: c.right });
    }
    outEnd[p] = outputs.length;
    held[p] = heldNow;
    for (const [op, arr] of wmSeries) arr[p] = wmNow.get(op) ?? Number.NaN;
    info.push({ pos: p, step, row, fired, freed, late });
  }

  const sourceWatermarks: WatermarkSeries[] = sourceOps.map((o) => ({
    op: o.id,
    label: o.table ?? `op ${o.id}`,
    values: wmSeries.get(o.id) ?? new Float64Array(M + 1).fill(Number.NaN),
  }));
  // Rows behind their table's watermark when they arrived (late at the source).
  for (const lane of lanes) {
    const series = sourceWatermarks.find((w) => w.label === lane.table);
    if (!series) continue;
    for (const r of lane.rows) {
      const wm = series.values[r.pos - 1];
      if (Number.isNaN(wm)) continue;
      r.wmBefore = wm;
      r.behind = r.x !== null && r.x < wm;
    }
  }
  const joinWatermark = joinOp ? { op: joinOp.id, label: joinOp.kind, values: wmSeries.get(joinOp.id) ?? new Float64Array(M + 1).fill(Number.NaN) } : null;

  const { series: stateSeries, total: stateTotal } = stateSeriesOf(steps);
  const consumed = new Set(query.operators.flatMap((o) => o.inputs));
  const rootOp = query.operators.find((o) => !consumed.has(o.id)) ?? null;
  const updating = rootOp ? rootOp.updating : outputs.some((o) => o.kind !== '+I');

  const winList = [...windows.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const take = (v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    from = Math.min(from, v);
    to = Math.max(to, v);
  };
  for (const l of lanes) for (const r of l.rows) take(r.x);
  const hasTimes = Number.isFinite(from);
  for (const w of winList) {
    take(w.start);
    take(w.end);
  }
  for (const s of [...sourceWatermarks, ...(joinWatermark ? [joinWatermark] : [])]) for (const v of s.values) if (hasTimes) take(v);
  const extent = hasTimes ? { from, to: Math.max(to, from + 1) } : null;

  return {
    trace,
    query,
    steps,
    dataSteps: query.steps.length,
    hasEnd: !!query.end,
    info,
    lanes,
    rowsByPos,
    outputs,
    outEnd,
    sourceWatermarks,
    joinWatermark,
    joinOp,
    windows: winList,
    stateSeries,
    stateTotal,
    rootOp,
    updating,
    extent,
    ltz,
    zone,
    held,
  };
}

/** An operator by id. */
export function operator(m: QueryModel, id: number): OperatorInfo | undefined {
  return m.query.operators.find((o) => o.id === id);
}

/** `Join`, or `Join (operator 2)` when the query has several operators of that kind. */
export function operatorName(m: QueryModel, id: number): string {
  const o = operator(m, id);
  if (!o) return `operator ${id}`;
  const same = m.query.operators.filter((x) => x.kind === o.kind).length;
  return same > 1 ? `${o.kind} (operator ${id})` : o.kind;
}

/** What flows out of an operator, in words: its table, or the tables it joins (`orders ⋈ Product`). */
export function inputName(m: QueryModel, id: number, depth = 0): string {
  const o = operator(m, id);
  if (!o || depth > 20) return `operator ${id}`;
  if (o.table) return o.table;
  if (!o.inputs.length) return o.kind;
  if (o.inputs.length > 1) return o.inputs.map((i) => inputName(m, i, depth + 1)).join(' ⋈ ');
  return inputName(m, o.inputs[0], depth + 1);
}

/**
 * The sides of a stateful operator's state, in input order, with what each holds: `left` and
 * `right` of a binary join, the input tables of a MultiJoin, `key` of a ChangelogNormalize.
 */
export function sidesOf(m: QueryModel, id: number, seen: string[] = []): { side: string; label: string }[] {
  const o = operator(m, id);
  const out: { side: string; label: string }[] = [];
  if (o && o.inputs.length === 2 && o.kind !== 'MultiJoin') {
    out.push({ side: 'left', label: inputName(m, o.inputs[0]) }, { side: 'right', label: inputName(m, o.inputs[1]) });
  } else if (o && o.kind === 'MultiJoin') {
    for (const i of o.inputs) {
      const n = inputName(m, i);
      out.push({ side: n, label: n });
    }
  } else if (o && o.kind === 'ChangelogNormalize') {
    out.push({ side: 'key', label: `latest row per key of ${inputName(m, id)}` });
  }
  for (const s of seen) if (!out.some((x) => x.side === s)) out.push({ side: s, label: s });
  return out;
}

/** Per stateful operator, the rows it holds after each step; and all operators together. */
export function stateSeriesOf(steps: Step[]): { series: StateSeries[]; total: StateSeries } {
  const M = steps.length;
  const byOp = new Map<number, Int32Array>();
  const total = new Int32Array(M + 1);
  for (let p = 1; p <= M; p++) {
    for (const s of steps[p - 1].state) {
      let arr = byOp.get(s.op);
      if (!arr) {
        arr = new Int32Array(M + 1);
        byOp.set(s.op, arr);
      }
      arr[p] = s.rows;
      total[p] += s.rows;
    }
  }
  const mk = (op: number, rows: Int32Array): StateSeries => {
    let peak = 0;
    let peakPos = 0;
    for (let p = 1; p <= M; p++)
      if (rows[p] > peak) {
        peak = rows[p];
        peakPos = p;
      }
    return { op, rows, peak, peakPos };
  };
  const series = [...byOp.entries()].sort((a, b) => a[0] - b[0]).map(([op, rows]) => mk(op, rows));
  return { series, total: mk(-1, total) };
}

const isRetraction = (k: RowKind) => k === '-D' || k === '-U';
const isAccumulate = (k: RowKind) => k === '+I' || k === '+U';

/**
 * Pairs each retraction of one step (outputs[from..to)) with the row that replaces it: the
 * first later row of the step that adds a row, shares an input row with it (lineage) and agrees
 * with it on every column where neither is NULL (a padded row and its joined row); failing
 * that, for a -U, the first later +U sharing an input row, or the +U right after it (an
 * update of the same key straight from a ChangelogNormalize).
 */
export function pairRetractions(outputs: OutputRow[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const r = outputs[i];
    if (!isRetraction(r.kind) || r.partner >= 0) continue;
    const shares = (a: OutputRow) => a.lineage.some((l) => r.lineage.includes(l));
    let found = -1;
    for (let j = i + 1; j < to && found < 0; j++) {
      const a = outputs[j];
      if (a.partner >= 0 || !isAccumulate(a.kind) || a.row.length !== r.row.length || !shares(a)) continue;
      if (r.row.every((v, c) => v === a.row[c] || v === 'NULL' || a.row[c] === 'NULL')) found = j;
    }
    if (found < 0 && r.kind === '-U') {
      for (let j = i + 1; j < to && found < 0; j++) if (outputs[j].kind === '+U' && outputs[j].partner < 0 && shares(outputs[j])) found = j;
      if (found < 0 && i + 1 < to && outputs[i + 1].kind === '+U' && outputs[i + 1].partner < 0) found = i + 1;
    }
    if (found < 0) continue;
    const a = outputs[found];
    r.partner = found;
    a.partner = i;
    const nullsR = r.row.filter((v) => v === 'NULL').length;
    const nullsA = a.row.filter((v) => v === 'NULL').length;
    r.pairKind = nullsR > nullsA ? 'matched' : nullsA > nullsR ? 'unmatched' : r.kind === '-U' && a.kind === '+U' ? 'update' : 'replaced';
  }
}

/** The state rows per side of a window after step p. */
export function windowCountsAt(w: WindowInfo, p: number): { left: number; right: number } {
  let lo = 0;
  let hi = w.counts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (w.counts[mid].pos <= p) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? { left: 0, right: 0 } : { left: w.counts[found].left, right: w.counts[found].right };
}

export type WindowPhase = 'future' | 'assigned' | 'open' | 'fired' | 'purged';

/** Where a window is in its life after step p. */
export function windowPhase(w: WindowInfo, p: number): WindowPhase {
  if (p < w.assignPos) return 'future';
  if (w.firePos !== null && p >= w.firePos) return w.purgePos !== null && p >= w.purgePos ? 'purged' : 'fired';
  if (w.openPos !== null && p >= w.openPos) return 'open';
  return 'assigned';
}

/**
 * The result table after step p: the changelog applied (+I/+U add a row, -U/-D remove one),
 * as `[v1, v2]` lines sorted as the oracle sorts them. Cached forward, so stepping is cheap.
 */
export class ResultTable {
  private pos = 0;
  private applied = 0;
  private rows = new Map<string, { row: string[]; count: number }>();
  private sorted: { text: string; row: string[] }[] | null = [];

  constructor(private readonly model: QueryModel) {}

  at(p: number): { text: string; row: string[] }[] {
    const end = this.model.outEnd[Math.max(0, Math.min(p, this.model.outEnd.length - 1))];
    if (end < this.applied) {
      this.rows.clear();
      this.applied = 0;
      this.sorted = null;
    }
    for (let i = this.applied; i < end; i++) {
      const o = this.model.outputs[i];
      // `+I[…]` without its kind is the oracle's materialized line.
      const text = o.text.slice(2);
      const cur = this.rows.get(text);
      if (o.kind === '+I' || o.kind === '+U') {
        if (cur) cur.count++;
        else this.rows.set(text, { row: o.row, count: 1 });
      } else if (cur) {
        cur.count--;
        if (cur.count === 0) this.rows.delete(text);
      }
      this.sorted = null;
    }
    this.applied = end;
    this.pos = p;
    if (!this.sorted) {
      const out: { text: string; row: string[] }[] = [];
      // Default sort: UTF-16 code-unit order, as Java's String.compareTo sorts the oracle's lines.
      const keys = [...this.rows.keys()].sort();
      for (const k of keys) {
        const r = this.rows.get(k);
        if (r) for (let i = 0; i < r.count; i++) out.push({ text: k, row: r.row });
      }
      this.sorted = out;
    }
    return this.sorted;
  }

  get step(): number {
    return this.pos;
  }
}

/**
 * The state after step p, replayed from the trace's state_insert / state_expire events. Used
 * only where `stateAt` has no answer (it cannot stop right after the last data step when the
 * trace ends the input: it returns the state after the end instead).
 */
export function replayState(model: QueryModel, p: number): StateSummary[] {
  const groups = new Map<string, { op: number; g: StateGroup }>();
  for (let i = 0; i < Math.min(p, model.steps.length); i++) {
    for (const e of model.steps[i].events) {
      if (e.type !== 'state_insert' && e.type !== 'state_expire') continue;
      const k = `${e.op}|${e.side}|${e.key.join('\u0001')}|${e.window?.label ?? ''}`;
      if (e.type === 'state_insert') {
        const cur = groups.get(k) ?? { op: e.op, g: { side: e.side, key: e.key, window: e.window ?? null, rows: [], row_notes: [] } };
        cur.g.rows.push(e.row);
        cur.g.row_notes.push('');
        groups.set(k, cur);
      } else {
        const cur = groups.get(k);
        if (!cur) continue;
        cur.g.rows.splice(0, e.rows);
        cur.g.row_notes.splice(0, e.rows);
        if (!cur.g.rows.length) groups.delete(k);
      }
    }
  }
  const byOp = new Map<number, StateSummary>();
  for (const { op, g } of groups.values()) {
    const s = byOp.get(op) ?? { op, rows: 0, groups: [] };
    s.rows += g.rows.length;
    s.groups.push(g);
    byOp.set(op, s);
  }
  return [...byOp.values()].sort((a, b) => a.op - b.op);
}

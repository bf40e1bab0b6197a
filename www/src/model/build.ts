// Builds a query's view model from its trace, once per loaded query, in passes over the steps:
// lanes (the input rows, where they sit on the display clock, what dropped them), watermarks
// (each source's and the join's, and when an input holds the join's back), windows (their
// lifecycle and state counts), outputs (the changelog, placed on the timeline, with the engine's
// retraction pairs) and state series (rows held after each step). Nothing here re-derives what
// the trace says: every fact comes from an event or a field of the trace.

import { type Clock, clockFor } from '../time';
import type { EventOf, OperatorInfo, QueryTrace, ScriptTrace, Step, TableInfo, WindowRef } from '../trace';
import type { HeldBack, Lane, OutputRow, QueryModel, RowMark, StateSeries, WatermarkSeries, WindowInfo } from './types';

/** What every pass shares: the query, its steps (then the end of input) and the display clock. */
interface Input {
  trace: ScriptTrace;
  query: QueryTrace;
  steps: Step[];
  clock: Clock;
  toX: (ms: number | null | undefined) => number | null;
  sourceOps: OperatorInfo[];
  joinOp: OperatorInfo | null;
}

/** Builds the model of query `qi` (0-based); `zone` is the session zone in effect at the query. */
export function buildModel(trace: ScriptTrace, qi: number, zone: string): QueryModel {
  const query = trace.queries[qi];
  const steps = query.end ? [...query.steps, query.end] : [...query.steps];
  const sourceOps = query.operators.filter((o) => o.table && o.inputs.length === 0);
  const laneTables = laneTablesOf(trace, steps, sourceOps);
  const ltz = laneTables.some((n) => isLtz(trace.tables.find((t) => t.name === n)));
  const clock: Clock = clockFor(zone, ltz);
  const toX = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : clock(ms));
  const joinOp = query.operators.find((o) => o.role === 'join') ?? null;
  const input: Input = { trace, query, steps, clock, toX, sourceOps, joinOp };

  const { lanes, rowsByPos } = lanePass(input, laneTables);
  const { sourceWatermarks, joinWatermark, held } = watermarkPass(input);
  markBehind(lanes, sourceWatermarks);
  const { windows, fired, late } = windowPass(input);
  const { outputs, outEnd } = outputPass(input, rowsByPos);
  const { series: stateSeries, total: stateTotal } = stateSeriesOf(steps);
  const freed = freedPerStep(steps);

  const info = steps.map((step, i) => ({ pos: i + 1, step, row: rowsByPos[i + 1], fired: fired[i + 1], freed: freed[i + 1], late: late[i + 1] }));
  const consumed = new Set(query.operators.flatMap((o) => o.inputs));
  const rootOp = query.operators.find((o) => !consumed.has(o.id)) ?? null;
  const updating = rootOp ? rootOp.updating : outputs.some((o) => o.kind !== '+I');
  const extent = extentOf(lanes, windows, [...sourceWatermarks, ...(joinWatermark ? [joinWatermark] : [])]);

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
    windows,
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

const isLtz = (t: TableInfo | undefined): boolean => {
  if (!t?.rowtime) return false;
  const col = t.columns.find((c) => c.name === t.rowtime);
  return !!col && col.type.includes('TIMESTAMP_LTZ');
};

/** One lane per source table, in the order the tables were created (then any other table rows come from). */
function laneTablesOf(trace: ScriptTrace, steps: Step[], sourceOps: OperatorInfo[]): string[] {
  const tables = trace.tables.map((t) => t.name).filter((n) => sourceOps.some((o) => o.table === n));
  for (const s of steps) if (s.kind === 'row' && s.table && !tables.includes(s.table)) tables.push(s.table);
  return tables;
}

// ---- lanes: the input rows, at their event time, and what happened to them

function lanePass(input: Input, laneTables: string[]): { lanes: Lane[]; rowsByPos: (RowMark | null)[] } {
  const { steps, toX, sourceOps } = input;
  const lanes: Lane[] = laneTables.map((table) => ({ table, ops: sourceOps.filter((o) => o.table === table).map((o) => o.id), rows: [] }));
  const laneOf = new Map(laneTables.map((t, i) => [t, i]));
  const rowsByPos: (RowMark | null)[] = new Array(steps.length + 1).fill(null);
  for (let p = 1; p <= steps.length; p++) {
    const step = steps[p - 1];
    let row: RowMark | null = null;
    if (step.kind === 'row' && step.table) {
      const src = step.events.find((e): e is EventOf<'source_row'> => e.type === 'source_row');
      row = {
        pos: p,
        lane: laneOf.get(step.table) ?? 0,
        x: toX(step.event_time_ms ?? src?.rowtime_ms ?? null),
        kind: step.row_kind ?? '+I',
        values: step.values,
        text: step.text,
        late: null,
        dropped: null,
        line: step.line,
        wmBefore: null,
        behind: false,
      };
      rowsByPos[p] = row;
      lanes[row.lane].rows.push(row);
    }
    /** The step's row reached an operator's state: a later filter drops a join result, not it. */
    let stored = false;
    for (const e of step.events) {
      if (e.type === 'state_insert') stored = true;
      else if (e.type === 'null_time_drop') {
        if (row) row.dropped = 'NULL time attribute';
      } else if (e.type === 'filtered') {
        if (row && !row.dropped && !stored) row.dropped = 'filtered out';
      } else if (e.type === 'late_drop') {
        for (const l of e.lineage) {
          const r = rowsByPos[l];
          if (r) r.late = { window: e.window.label, watermark: toX(e.watermark_ms) };
        }
      }
    }
  }
  return { lanes, rowsByPos };
}

/** Rows behind their table's watermark when they arrived (late at the source). */
function markBehind(lanes: Lane[], sourceWatermarks: WatermarkSeries[]): void {
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
}

// ---- watermarks: each source's and the join's after every step, and who holds the join's back

function watermarkPass(input: Input): { sourceWatermarks: WatermarkSeries[]; joinWatermark: WatermarkSeries | null; held: (HeldBack | null)[] } {
  const { steps, clock, sourceOps, joinOp } = input;
  const M = steps.length;
  const series = new Map<number, Float64Array>();
  const now = new Map<number, number>();
  for (const id of [...sourceOps.map((o) => o.id), ...(joinOp ? [joinOp.id] : [])]) series.set(id, new Float64Array(M + 1).fill(Number.NaN));
  const held: (HeldBack | null)[] = new Array(M + 1).fill(null);
  let heldNow: HeldBack | null = null;
  for (let p = 1; p <= M; p++) {
    for (const e of steps[p - 1].events) {
      if (e.type === 'watermark') {
        if (series.has(e.op)) now.set(e.op, e.value_ms === null ? Number.POSITIVE_INFINITY : clock(e.value_ms));
        if (joinOp && e.op === joinOp.id) heldNow = null;
      } else if (e.type === 'input_watermark' && joinOp && e.op === joinOp.id && e.held_by) {
        heldNow = heldNow && heldNow.by === e.held_by ? heldNow : { by: e.held_by, since: p };
      }
    }
    held[p] = heldNow;
    for (const [op, arr] of series) arr[p] = now.get(op) ?? Number.NaN;
  }
  const of = (id: number) => series.get(id) ?? new Float64Array(M + 1).fill(Number.NaN);
  const sourceWatermarks = sourceOps.map((o) => ({ op: o.id, label: o.table ?? `op ${o.id}`, values: of(o.id) }));
  const joinWatermark = joinOp ? { op: joinOp.id, label: joinOp.kind, values: of(joinOp.id) } : null;
  return { sourceWatermarks, joinWatermark, held };
}

// ---- windows: assigned, opened (first row stored), fired, purged; state rows per side

function windowPass(input: Input): { windows: WindowInfo[]; fired: string[][]; late: boolean[] } {
  const { steps } = input;
  const windows = new Map<string, WindowInfo>();
  const counts = new Map<string, { left: number; right: number }>();
  const fired: string[][] = [[]];
  const late: boolean[] = [false];
  const get = (w: WindowRef, pos: number): WindowInfo => {
    const k = `${w.start_ms}:${w.end_ms}`;
    let wi = windows.get(k);
    if (!wi) {
      wi = { key: k, start: w.start_ms, end: w.end_ms, label: w.label, assignPos: pos, openPos: null, firePos: null, purgePos: null, counts: [], lateSteps: [] };
      windows.set(k, wi);
    }
    return wi;
  };
  const countOf = (k: string) => counts.get(k) ?? { left: 0, right: 0 };
  for (let p = 1; p <= steps.length; p++) {
    const firedNow: string[] = [];
    let lateNow = false;
    const changed = new Set<string>();
    for (const e of steps[p - 1].events) {
      switch (e.type) {
        case 'window_assign':
          for (const w of e.windows) get(w, p);
          break;
        case 'state_insert':
          if (e.window) {
            const w = get(e.window, p);
            w.openPos ??= p;
            const c = countOf(w.key);
            if (e.side === 'right') c.right++;
            else c.left++;
            counts.set(w.key, c);
            changed.add(w.key);
          }
          break;
        case 'state_expire':
          if (e.window) {
            const w = get(e.window, p);
            const c = countOf(w.key);
            if (e.side === 'right') c.right = Math.max(0, c.right - e.rows);
            else c.left = Math.max(0, c.left - e.rows);
            counts.set(w.key, c);
            changed.add(w.key);
            if (c.left === 0 && c.right === 0) w.purgePos = p;
          }
          break;
        case 'window_fire': {
          const w = get(e.window, p);
          w.firePos ??= p;
          if (!firedNow.includes(w.label)) firedNow.push(w.label);
          break;
        }
        case 'late_drop':
          lateNow = true;
          get(e.window, p).lateSteps.push(p);
          break;
        default:
          break;
      }
    }
    for (const k of changed) {
      const c = countOf(k);
      windows.get(k)?.counts.push({ pos: p, left: c.left, right: c.right });
    }
    fired.push(firedNow);
    late.push(lateNow);
  }
  const list = [...windows.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  return { windows: list, fired, late };
}

// ---- outputs: the changelog as printed, placed where the timeline draws it

function outputPass(input: Input, rowsByPos: (RowMark | null)[]): { outputs: OutputRow[]; outEnd: Int32Array } {
  const { steps, joinOp } = input;
  const outputs: OutputRow[] = [];
  const outEnd = new Int32Array(steps.length + 1);
  for (let p = 1; p <= steps.length; p++) {
    const step = steps[p - 1];
    // Where each output event sits: the end of the window whose fire produced it, else its newest input.
    const xs: (number | null)[] = [];
    let lastFire: WindowRef | null = null;
    /** The window whose fire produced each join emit, by lineage. */
    const emitWindows = new Map<string, WindowRef[]>();
    for (const e of step.events) {
      if (e.type === 'window_fire') lastFire = e.window;
      else if (e.type === 'emit' && lastFire && joinOp && e.op === joinOp.id) {
        const k = e.lineage.join(',');
        const q = emitWindows.get(k) ?? [];
        q.push(lastFire);
        emitWindows.set(k, q);
      } else if (e.type === 'output') {
        const fromWindow = emitWindows.get(e.lineage.join(','))?.shift() ?? lastFire;
        let x: number | null = fromWindow ? fromWindow.end_ms : null;
        if (x === null) {
          for (const l of e.lineage) {
            const r = rowsByPos[l];
            if (r && r.x !== null) x = x === null ? r.x : Math.max(x, r.x);
          }
        }
        xs.push(x);
      }
    }
    // The printed rows are the truth; the i-th output event is the i-th printed row.
    step.output.forEach((o, i) =>
      outputs.push({ index: outputs.length, pos: p, kind: o.kind, row: o.row, text: o.text, lineage: o.lineage ?? [], x: xs[i] ?? null, partner: o.partner ?? -1, pairKind: o.pair ?? null }),
    );
    outEnd[p] = outputs.length;
  }
  return { outputs, outEnd };
}

// ---- state: rows each stateful operator holds after each step, and rows freed per step

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

function freedPerStep(steps: Step[]): number[] {
  const freed = [0];
  for (const s of steps) freed.push(s.events.reduce((n, e) => (e.type === 'state_expire' ? n + e.rows : n), 0));
  return freed;
}

/** Display-clock range of the rows, windows and watermarks (watermarks only when rows have times). */
function extentOf(lanes: Lane[], windows: WindowInfo[], watermarks: WatermarkSeries[]): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const take = (v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    from = Math.min(from, v);
    to = Math.max(to, v);
  };
  for (const l of lanes) for (const r of l.rows) take(r.x);
  const hasTimes = Number.isFinite(from);
  for (const w of windows) {
    take(w.start);
    take(w.end);
  }
  if (hasTimes) for (const s of watermarks) for (const v of s.values) take(v);
  return hasTimes ? { from, to: Math.max(to, from + 1) } : null;
}

// Builds a query's view model from its trace, once per loaded query, in passes over the steps:
// lanes (the input rows, where they sit on the display clock, what dropped them), watermarks
// (each source's and the join's, and when an input holds the join's back), windows (their
// lifecycle and state counts), outputs (the changelog, placed on the timeline, with the engine's
// retraction pairs), interval joins (each row's range, its life in state, the join's time) and
// state series (rows held after each step). Nothing here re-derives what the trace says: every
// fact comes from an event or a field of the trace.

import { type Clock, clockFor } from '../time';
import type { Event, EventOf, OperatorInfo, QueryTrace, ScriptTrace, Step, TableInfo, WindowRef } from '../trace';
import { WINDOW_KINDS } from './ops';
import { lookupPass } from './lookup';
import { ptfPass } from './ptf';
import { resultRanks } from './result-ranks';
import type { EventNotes, HeldBack, IdleSpan, IntervalInfo, IntervalRow, Lane, OutputRow, QueryModel, RowMark, StateSeries, TemporalProbe, TemporalVersion, TemporalView, UnnestFan, WatermarkSeries, WindowFireInfo, WindowInfo, WindowLane } from './types';

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
  const { sourceWatermarks, joinWatermark, held, opWatermarks } = watermarkPass(input);
  markBehind(lanes, sourceWatermarks);
  const { windows, windowLanes, fired, late } = windowPass(input, lanes, opWatermarks);
  const events = eventNotesPass(input);
  const interval = intervalPass(input, lanes, rowsByPos, joinWatermark);
  const start = query.start ?? null;
  const { outputs, outEnd } = outputPass(input, rowsByPos, start);
  const ranks = resultRanks(outputs, query.materialized_bounded ?? query.materialized_unbounded ?? null);
  const temporal = temporalPass(input, lanes, rowsByPos, outputs, outEnd);
  const idle = idlePass(input);
  const { unnests, unnestOf } = unnestPass(input, outputs, outEnd, start);
  const ptf = ptfPass(steps, start, query.operators, outputs, toX);
  const lookups = lookupPass(query, trace.tables, steps, start, outputs, outEnd);
  const { series: stateSeries, total: stateTotal } = stateSeriesOf(steps, start);
  const freed = freedPerStep(steps, start);

  const info = steps.map((step, i) => ({ pos: i + 1, step, row: rowsByPos[i + 1], fired: fired[i + 1], freed: freed[i + 1], late: late[i + 1] }));
  const startInfo = start ? { pos: 0, step: start, row: null, fired: [], freed: freed[0], late: false } : null;
  const consumed = new Set(query.operators.flatMap((o) => o.inputs));
  const rootOp = query.operators.find((o) => !consumed.has(o.id)) ?? null;
  const updating = rootOp ? rootOp.updating : outputs.some((o) => o.kind !== '+I');
  const extent = extentOf(lanes, windows, [...sourceWatermarks, ...(joinWatermark ? [joinWatermark] : [])], interval);

  return {
    trace,
    query,
    steps,
    start,
    first: start ? 0 : 1,
    dataSteps: query.steps.length,
    hasEnd: !!query.end,
    info,
    startInfo,
    lanes,
    rowsByPos,
    outputs,
    outEnd,
    outRank: ranks.rank,
    rankCount: ranks.count,
    sourceWatermarks,
    joinWatermark,
    joinOp,
    windows,
    windowLanes,
    events,
    stateSeries,
    stateTotal,
    rootOp,
    updating,
    extent,
    ltz,
    zone,
    held,
    interval,
    temporal,
    idle,
    unnests,
    unnestOf,
    ptf,
    lookups,
    lazy: null,
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
  const kindOf = new Map<number, string>(input.query.operators.map((o) => [o.id, o.kind]));
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
        interval: null,
        temporal: null,
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
          if (r) r.late = { window: e.window.label, watermark: toX(e.watermark_ms), point: e.window.start_ms === e.window.end_ms, by: kindOf.get(e.op) ?? 'the join' };
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

function watermarkPass(input: Input): { sourceWatermarks: WatermarkSeries[]; joinWatermark: WatermarkSeries | null; held: (HeldBack | null)[]; opWatermarks: Map<number, WatermarkSeries> } {
  const { steps, clock, sourceOps, joinOp } = input;
  const M = steps.length;
  const series = new Map<number, Float64Array>();
  const now = new Map<number, number>();
  const windowed = input.query.operators.filter((o) => WINDOW_KINDS.has(o.kind)).map((o) => o.id);
  for (const id of [...sourceOps.map((o) => o.id), ...(joinOp ? [joinOp.id] : []), ...windowed]) series.set(id, new Float64Array(M + 1).fill(Number.NaN));
  const held: (HeldBack | null)[] = new Array(M + 1).fill(null);
  let heldNow: HeldBack | null = null;
  for (let p = 1; p <= M; p++) {
    for (const e of steps[p - 1].events) {
      if (e.type === 'watermark') {
        if (series.has(e.op)) now.set(e.op, e.value_ms == null ? Number.POSITIVE_INFINITY : clock(e.value_ms));
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
  const opWatermarks = new Map(windowed.map((id) => [id, { op: id, label: input.query.operators.find((o) => o.id === id)?.kind ?? '', values: of(id) }]));
  return { sourceWatermarks, joinWatermark, held, opWatermarks };
}

// ---- windows: per operator that keeps them, assigned, opened (first row stored), fired (per
// key, with what it emitted), purged; what each holds

/** Parents (consumers) of every operator. */
function parentsOf(ops: OperatorInfo[]): Map<number, number[]> {
  const up = new Map<number, number[]>();
  for (const o of ops) for (const i of o.inputs) up.set(i, [...(up.get(i) ?? []), o.id]);
  return up;
}

/** Steps from the farthest source up to an operator (sources are 0). */
function depthOf(ops: OperatorInfo[], id: number, seen = 0): number {
  const o = ops.find((x) => x.id === id);
  if (!o || !o.inputs.length || seen > 40) return 0;
  return 1 + Math.max(...o.inputs.map((i) => depthOf(ops, i, seen + 1)));
}

function windowPass(input: Input, lanes: Lane[], opWatermarks: Map<number, WatermarkSeries>): { windows: WindowInfo[]; windowLanes: WindowLane[]; fired: string[][]; late: boolean[] } {
  const { steps, query, toX } = input;
  const ops = query.operators;
  const byId = new Map(ops.map((o) => [o.id, o]));
  const up = parentsOf(ops);
  /** The operator a window TVF's windows are for: the first one above it that keeps windows, else itself. */
  const targetCache = new Map<number, number>();
  const targetOf = (op: number): number => {
    const hit = targetCache.get(op);
    if (hit !== undefined) return hit;
    let found = op;
    const todo = [...(up.get(op) ?? [])];
    for (let n = 0; todo.length && n < 100; n++) {
      const x = todo.shift() as number;
      if (WINDOW_KINDS.has(byId.get(x)?.kind ?? '')) {
        found = x;
        break;
      }
      todo.push(...(up.get(x) ?? []));
    }
    targetCache.set(op, found);
    return found;
  };
  // A HOP / CUMULATE aggregation stores slices: they go into the windows it fires that contain them.
  const sliced = new Set(ops.filter((o) => o.aggregate?.sliced).map((o) => o.id));
  const fireWindows = new Map<number, WindowRef[]>();
  if (sliced.size)
    for (const st of steps)
      for (const e of st.events)
        if (e.type === 'window_fire' && sliced.has(e.op)) {
          const list = fireWindows.get(e.op) ?? [];
          if (!list.some((w) => w.start_ms === e.window.start_ms && w.end_ms === e.window.end_ms)) list.push(e.window);
          fireWindows.set(e.op, list);
        }

  const windows = new Map<string, WindowInfo>();
  const state = new Map<string, { left: number; right: number; rowsIn: number; keys: Set<string> }>();
  const fired: string[][] = [[]];
  const late: boolean[] = [false];
  const get = (op: number, w: WindowRef, pos: number, slice = false): WindowInfo => {
    const k = `${op}:${w.start_ms}:${w.end_ms}`;
    let wi = windows.get(k);
    if (!wi) {
      wi = { key: k, op, start: w.start_ms, end: w.end_ms, label: w.label, slice, assignPos: pos, openPos: null, firePos: null, purgePos: null, counts: [], lateSteps: [], fires: [] };
      windows.set(k, wi);
      state.set(k, { left: 0, right: 0, rowsIn: 0, keys: new Set() });
    }
    return wi;
  };
  /** The windows a state event of an operator is about (a slice: the fired windows holding it). */
  const windowsOf = (op: number, w: WindowRef, pos: number): WindowInfo[] => {
    if (sliced.has(op)) {
      const hits = (fireWindows.get(op) ?? []).filter((x) => x.start_ms <= w.start_ms && w.end_ms <= x.end_ms);
      if (hits.length) return hits.map((x) => get(op, x, pos));
      return [get(op, w, pos, true)];
    }
    return [get(op, w, pos)];
  };
  for (let p = 1; p <= steps.length; p++) {
    const firedNow: string[] = [];
    let lateNow = false;
    const changed = new Set<string>();
    const events = steps[p - 1].events;
    /** The fire each operator's emits belong to (until its next fire or watermark). */
    const lastFire = new Map<number, WindowFireInfo>();
    for (const e of events) {
      switch (e.type) {
        case 'window_assign':
          for (const w of e.windows) get(targetOf(e.op), w, p);
          break;
        case 'state_insert':
          if (e.window && (WINDOW_KINDS.has(byId.get(e.op)?.kind ?? ''))) {
            for (const w of windowsOf(e.op, e.window, p)) {
              w.openPos ??= p;
              const c = state.get(w.key);
              if (!c) continue;
              if (byId.get(e.op)?.kind === 'WindowJoin') {
                if (e.side === 'right') c.right++;
                else c.left++;
                c.rowsIn++;
              } else if (e.side === 'buffer') c.rowsIn++;
              c.keys.add(e.key.join('\u0001'));
              changed.add(w.key);
            }
          }
          break;
        case 'state_expire':
          if (e.window && WINDOW_KINDS.has(byId.get(e.op)?.kind ?? '')) {
            const join = byId.get(e.op)?.kind === 'WindowJoin';
            for (const w of windowsOf(e.op, e.window, p)) {
              // a slice freed for a window that has not fired belongs to the one that fired
              if (!join && w.firePos === null) continue;
              const c = state.get(w.key);
              if (!c) continue;
              if (join) {
                if (e.side === 'right') c.right = Math.max(0, c.right - e.rows);
                else c.left = Math.max(0, c.left - e.rows);
                if (c.left === 0 && c.right === 0) c.keys.clear();
              } else c.keys.delete(e.key.join('\u0001'));
              changed.add(w.key);
              if (c.keys.size === 0 && c.left === 0 && c.right === 0) w.purgePos = p;
            }
          }
          break;
        case 'window_fire': {
          const w = get(e.op, e.window, p);
          w.firePos ??= p;
          const f: WindowFireInfo = { pos: p, key: e.key, rows: [], wm: e.watermark_ms == null ? Number.POSITIVE_INFINITY : (toX(e.watermark_ms) ?? e.watermark_ms) };
          w.fires.push(f);
          lastFire.set(e.op, f);
          if (!firedNow.includes(w.label)) firedNow.push(w.label);
          break;
        }
        case 'emit':
          lastFire.get(e.op)?.rows.push(e.row);
          break;
        case 'watermark':
          lastFire.delete(e.op);
          break;
        case 'late_drop':
          if (WINDOW_KINDS.has(byId.get(e.op)?.kind ?? '')) {
            lateNow = true;
            for (const w of windowsOf(e.op, e.window, p)) w.lateSteps.push(p);
          }
          break;
        default:
          break;
      }
    }
    for (const k of changed) {
      const c = state.get(k);
      if (c) windows.get(k)?.counts.push({ pos: p, left: c.left, right: c.right, rowsIn: c.rowsIn, keys: c.keys.size });
    }
    fired.push(firedNow);
    late.push(lateNow);
  }
  const list = [...windows.values()].sort((a, b) => a.start - b.start || a.end - b.end || a.op - b.op);
  // One lane per operator with windows, in data-flow order: the farthest from the result first,
  // then by the lane of the table it reads.
  const laneOf = (op: number) => {
    const t = sourceTableOf(ops, op);
    const i = t ? lanes.findIndex((l) => l.table === t) : -1;
    return i < 0 ? lanes.length : i;
  };
  const laneOps = [...new Set(list.map((w) => w.op))].sort((a, b) => depthOf(ops, a) - depthOf(ops, b) || laneOf(a) - laneOf(b) || a - b);
  const windowLanes: WindowLane[] = laneOps.map((op) => {
    const o = byId.get(op);
    const t = sourceTableOf(ops, op);
    return {
      op,
      kind: o?.kind ?? 'WindowTableFunction',
      title: o?.kind ?? 'windows',
      sub: o?.kind === 'WindowJoin' ? 'windows' : t ? `on ${t}` : 'windows',
      windows: list.filter((w) => w.op === op),
      watermark: opWatermarks.get(op) ?? null,
    };
  });
  return { windows: list, windowLanes, fired, late };
}

/** The table an operator reads through a chain of one-input operators (null: several, or none). */
export function sourceTableOf(ops: OperatorInfo[], id: number): string | null {
  let o = ops.find((x) => x.id === id);
  for (let depth = 0; o && depth < 40; depth++) {
    if (o.inputs.length !== 1) return null;
    const next = ops.find((x) => x.id === o?.inputs[0]);
    if (next?.table) return next.table;
    o = next;
  }
  return null;
}

// ---- events that need the steps before them: a window aggregation's stages, a deduplication's
// previous row

function eventNotesPass(input: Input): EventNotes {
  const { steps, query } = input;
  const kind = new Map(query.operators.map((o) => [o.id, o.kind]));
  const aggStage = new Map<Event, 'row' | 'local' | 'merge'>();
  const dedupPrev = new Map<Event, string[] | null>();
  const twoPhase = new Set(query.operators.filter((o) => o.aggregate?.two_phase).map((o) => o.id));
  /** Partial results the local stage handed over and the global stage has not merged yet. */
  const partials = new Map<string, number>();
  const pk = (op: number, key: string[], w: WindowRef | null | undefined, row: string[]) => `${op}|${key.join('\u0001')}|${w?.label ?? ''}|${row.join('\u0001')}`;
  const kept = new Map<string, string[]>();
  for (const st of steps)
    for (const e of st.events) {
      if (e.type === 'state_insert' && e.side === 'partial' && twoPhase.has(e.op)) {
        const k = pk(e.op, e.key, e.window, e.row);
        partials.set(k, (partials.get(k) ?? 0) + 1);
      } else if (e.type === 'late_drop' && e.side === 'partial') {
        // a partial the global stage dropped as late was never buffered
      } else if (e.type === 'aggregated' && kind.get(e.op) === 'WindowAggregate') {
        if (!twoPhase.has(e.op)) {
          aggStage.set(e, 'row');
          continue;
        }
        const k = pk(e.op, e.key, e.window, e.row);
        const n = partials.get(k) ?? 0;
        if (n > 0) {
          partials.set(k, n - 1);
          aggStage.set(e, 'merge');
        } else aggStage.set(e, 'local');
      } else if (e.type === 'state_insert' && kind.get(e.op) === 'Deduplicate') {
        const k = `${e.op}|${e.key.join('\u0001')}`;
        dedupPrev.set(e, kept.get(k) ?? null);
        kept.set(k, e.row);
      } else if (e.type === 'state_expire' && kind.get(e.op) === 'Deduplicate') {
        kept.delete(`${e.op}|${e.key.join('\u0001')}`);
      }
    }
  return { aggStage, dedupPrev };
}

// ---- outputs: the changelog as printed, placed where the timeline draws it

function outputPass(input: Input, rowsByPos: (RowMark | null)[], start: Step | null): { outputs: OutputRow[]; outEnd: Int32Array } {
  const { steps, joinOp } = input;
  const outputs: OutputRow[] = [];
  const outEnd = new Int32Array(steps.length + 1);
  /** Rows standing in the result (+I / +U not taken back yet), by their values (kept only when
   * some row is taken back: an append-only result needs none). */
  const standing = new Map<string, number[]>();
  const retracting = [start, ...steps].some((s) => s?.output.some((o) => o.kind === '-U' || o.kind === '-D'));
  // The job's start (position 0: VALUES rows before step 1), then the steps.
  for (let p = start ? 0 : 1; p <= steps.length; p++) {
    const step = p === 0 && start ? start : steps[p - 1];
    // Where each output event sits: the end of the window whose fire produced it, else its newest input.
    const xs: (number | null)[] = [];
    let lastFire: WindowRef | null = null;
    /** The window whose fire produced each join emit, by lineage (made at a step's first fire). */
    let emitWindows: Map<string, WindowRef[]> | null = null;
    for (const e of step.events) {
      if (e.type === 'window_fire') {
        lastFire = e.window;
        emitWindows ??= new Map();
      } else if (e.type === 'emit' && lastFire && joinOp && e.op === joinOp.id && emitWindows) {
        const k = e.lineage.join(',');
        const q = emitWindows.get(k) ?? [];
        q.push(lastFire);
        emitWindows.set(k, q);
      } else if (e.type === 'output') {
        const fromWindow = (emitWindows ? emitWindows.get(e.lineage.join(','))?.shift() : undefined) ?? lastFire;
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
    step.output.forEach((o, i) => {
      const lineage = o.lineage ?? [];
      const padded = paddedBy(rowsByPos, lineage, p, o.kind);
      // A row an interval join's cleanup padded sits where the join's time released it (the
      // cleanup timer at +inf: the end of input); a late row padded at once, at its own time.
      const x = padded && !padded.late ? (padded.at !== null && Number.isFinite(padded.at) ? padded.at : (padded.timer ?? xs[i] ?? null)) : (xs[i] ?? null);
      // A -U / -D takes back the last row with its values still standing.
      let retracts = -1;
      if (!retracting) {
        // append-only: nothing is taken back
      } else if (o.kind === '-U' || o.kind === '-D') {
        const k = o.row.join('\u0001');
        const list = standing.get(k);
        if (list?.length) retracts = list.pop() as number;
      } else {
        const k = o.row.join('\u0001');
        const list = standing.get(k);
        if (list) list.push(outputs.length);
        else standing.set(k, [outputs.length]);
      }
      outputs.push({ index: outputs.length, pos: p, kind: o.kind, row: o.row, text: o.text, lineage, x, partner: o.partner ?? -1, pairKind: o.pair ?? null, padded, retracts, temporal: null, unnest: null });
    });
    outEnd[p] = outputs.length;
  }
  return { outputs, outEnd };
}

/** The interval-join row an output row is the NULL-padded copy of, and what released it. */
function paddedBy(rowsByPos: (RowMark | null)[], lineage: number[], p: number, kind: string): OutputRow['padded'] {
  if (lineage.length !== 1 || kind !== '+I') return null;
  const iv = rowsByPos[lineage[0]]?.interval;
  if (!iv) return null;
  if (iv.padded && iv.leftPos === p) return { of: iv, timer: iv.leftTimer, at: iv.leftAt, late: false };
  // A late row that joined nothing comes out padded at once, at its own step (an outer side).
  if (!iv.cached && iv.matched === 0 && iv.pos === p) return { of: iv, timer: null, at: null, late: true };
  return null;
}

// ---- UNNEST (Correlate): each input row's fan-out into one row per element; when the Correlate
// is the result (under Calcs that only pick columns, `OperatorInfo.picks`), each changelog row of
// the step is one of its produced rows, in order.

function unnestPass(input: Input, outputs: OutputRow[], outEnd: Int32Array, start: Step | null): { unnests: UnnestFan[]; unnestOf: Map<Event, UnnestFan> } {
  const { query, steps } = input;
  const unnests: UnnestFan[] = [];
  const unnestOf = new Map<Event, UnnestFan>();
  if (!query.operators.some((o) => o.kind === 'Correlate')) return { unnests, unnestOf };
  // The result's operator under pick-only Calcs, and per result column the column of it.
  const consumed = new Set(query.operators.flatMap((o) => o.inputs));
  let o = query.operators.find((x) => !consumed.has(x.id)) ?? null;
  let cols: number[] | null = null;
  for (let n = 0; o && n < 16; n++) {
    const picks = o.picks;
    if (!picks || o.inputs.length !== 1) break;
    cols = cols === null ? [...picks] : cols.map((c) => picks[c] ?? -1);
    o = query.operators.find((x) => x.id === o?.inputs[0]) ?? null;
  }
  const resultCorrelate = o && o.kind === 'Correlate' ? o.id : -1;
  for (let p = start ? 0 : 1; p <= steps.length; p++) {
    const step = p === 0 && start ? start : steps[p - 1];
    const fans: { f: UnnestFan; e: EventOf<'unnest'> }[] = [];
    for (const e of step.events) {
      if (e.type !== 'unnest') continue;
      const op = query.operators.find((x) => x.id === e.op);
      const shown = (r: string[]) => r.filter((_, i) => !(op?.columns[i] ?? '').startsWith('$'));
      const fan: UnnestFan = {
        pos: p,
        op: e.op,
        kind: e.kind,
        input: shown(e.row),
        table: sourceTableOf(query.operators, e.op),
        inputPos: e.lineage.length === 1 ? e.lineage[0] : null,
        size: e.size ?? null,
        padded: e.padded,
        elements: e.produced.map((u) => ({ position: u.position ?? null, text: `${e.kind}[${shown(u.row).join(', ')}]`, output: -1 })),
      };
      unnests.push(fan);
      unnestOf.set(e, fan);
      if (e.op === resultCorrelate) fans.push({ f: fan, e });
    }
    // Link the step's changelog rows to the elements when they are exactly the produced rows.
    const from = p > 0 ? outEnd[p - 1] : 0;
    const to = outEnd[p];
    const produced = fans.flatMap(({ f, e }) => f.elements.map((_, i) => ({ f, e, i })));
    if (!produced.length || produced.length !== to - from) continue;
    const ok = produced.every(({ f, e, i }, k) => {
      const row = e.produced[i].row;
      const want = cols ? cols.map((c) => row[c]) : row;
      const out = outputs[from + k];
      return out.kind === f.kind && out.row.length === want.length && out.row.every((v, j) => v === want[j]);
    });
    if (!ok) continue;
    produced.forEach(({ f, i }, k) => {
      const out = outputs[from + k];
      f.elements[i].output = out.index;
      f.elements[i].text = out.text;
      out.unnest = { fan: f, element: i };
    });
  }
  return { unnests, unnestOf };
}

// ---- interval joins: each row's range and its life in state; the join's time

/** The lane of the table an operator's input comes from, through single-input operators. */
function laneOfInput(input: Input, lanes: Lane[], opId: number | undefined): number | null {
  const ops = input.query.operators;
  for (let depth = 0, id = opId; id !== undefined && depth < 30; depth++) {
    const o = ops.find((x) => x.id === id);
    if (!o) return null;
    if (o.table) {
      const i = lanes.findIndex((l) => l.table === o.table);
      return i < 0 ? null : i;
    }
    if (o.inputs.length !== 1) return null;
    id = o.inputs[0];
  }
  return null;
}

function intervalPass(input: Input, lanes: Lane[], rowsByPos: (RowMark | null)[], joinWatermark: WatermarkSeries | null): IntervalInfo | null {
  const { steps, toX, joinOp, query } = input;
  // The query's join, else the first interval join below it (a chain).
  const ivOp = joinOp?.kind === 'IntervalJoin' ? joinOp : query.operators.find((o) => o.kind === 'IntervalJoin');
  if (!ivOp) return null;
  const M = steps.length;
  const opById = new Map(query.operators.map((o) => [o.id, o]));
  const laneCache = new Map<string, number | null>();
  const laneOf = (op: number, i: number) => {
    const k = `${op}:${i}`;
    if (!laneCache.has(k)) laneCache.set(k, laneOfInput(input, lanes, opById.get(op)?.inputs[i]));
    return laneCache.get(k) ?? null;
  };
  const probes: IntervalRow[][] = [[]];
  const cached: IntervalRow[] = [];
  /** The rows of each (operator, side, key) in state, and its cleanup timer (epoch ms). */
  const keys = new Map<string, { timer: number | null; rows: IntervalRow[] }>();
  const keyOf = (op: number, side: string, key: string[]) => `${op}|${side}|${key.join('\u0001')}`;
  const setTimer = (k: { timer: number | null; rows: IntervalRow[] }, timer: number | null, p: number) => {
    if (k.timer === timer) return;
    k.timer = timer;
    const at = toX(timer);
    for (const r of k.rows) {
      const last = r.timers[r.timers.length - 1];
      if (last && last.pos === p) last.at = at;
      else r.timers.push({ pos: p, at });
    }
  };
  let bounds: { lower: number; upper: number } | null = null;
  let lateRows = 0;
  for (let p = 1; p <= M; p++) {
    const now: IntervalRow[] = [];
    for (const e of steps[p - 1].events) {
      if (e.type === 'interval_probe') {
        const si = e.side === 'right' ? 1 : 0;
        const r: IntervalRow = {
          op: e.op,
          pos: p,
          side: e.side,
          key: e.key,
          row: e.row,
          lineage: e.lineage,
          lane: laneOf(e.op, si),
          otherLane: laneOf(e.op, 1 - si),
          time: toX(e.time_ms) ?? e.time_ms,
          from: toX(e.from_ms) ?? e.from_ms,
          to: toX(e.to_ms) ?? e.to_ms,
          timeMs: e.time_ms,
          matched: e.matched,
          cached: e.cached,
          expires: toX(e.expires_ms),
          timers: [],
          leftPos: null,
          leftTimer: null,
          leftAt: null,
          padded: false,
        };
        // left.time − right.time ∈ [lower, upper]: a left row at t joins [t − upper, t − lower].
        if (!bounds && e.op === ivOp.id)
          bounds = si === 0 ? { lower: e.time_ms - e.to_ms, upper: e.time_ms - e.from_ms } : { lower: e.from_ms - e.time_ms, upper: e.to_ms - e.time_ms };
        now.push(r);
        if (e.lineage.length === 1 && e.lineage[0] === p) {
          const mark = rowsByPos[p];
          if (mark && !mark.interval) mark.interval = r;
        }
        if (!e.cached) {
          lateRows++;
          continue;
        }
        cached.push(r);
        const k = keys.get(keyOf(e.op, e.side, e.key)) ?? { timer: null, rows: [] };
        keys.set(keyOf(e.op, e.side, e.key), k);
        k.rows.push(r);
        r.timers.push({ pos: p, at: toX(e.timer_ms) });
        k.timer = e.timer_ms ?? null;
      } else if (e.type === 'interval_cleanup') {
        const k = keys.get(keyOf(e.op, e.side, e.key));
        if (!k) continue;
        const padded = e.padded.map((x) => x.join('\u0001'));
        const stay: IntervalRow[] = [];
        for (const r of k.rows) {
          if (e.expired_ms == null || r.timeMs <= e.expired_ms) {
            r.leftPos = p;
            r.leftTimer = toX(e.timer_ms);
            r.leftAt = e.time_ms == null ? Number.POSITIVE_INFINITY : toX(e.time_ms);
            const i = padded.indexOf(r.row.join('\u0001'));
            if (i >= 0) {
              r.padded = true;
              padded.splice(i, 1);
            }
          } else stay.push(r);
        }
        k.rows = stay;
        setTimer(k, e.next_timer_ms ?? null, p);
      }
    }
    probes.push(now);
  }
  const iv = ivOp.interval ?? null;
  const b: { lower: number; upper: number } | null = bounds ?? (iv ? { lower: iv.lower_ms, upper: iv.upper_ms } : null);
  const rowtime = iv ? iv.rowtime : true;
  // Flink's KeyedCoProcessOperatorWithWatermarkDelay: the larger bound (none for a negative interval).
  const delay = b && rowtime && b.upper >= b.lower ? Math.max(-b.lower, b.upper, 0) : 0;
  // The join's time: its output watermark plus the delay (timers fire at it); only the query's
  // join has its watermark in the model.
  const time = new Float64Array(M + 1).fill(Number.NaN);
  if (joinWatermark && ivOp === joinOp) for (let p = 1; p <= M; p++) time[p] = joinWatermark.values[p] + delay;
  return { op: ivOp.id, lower: b?.lower ?? null, upper: b?.upper ?? null, rowtime, delay, probes, cached, time, lateRows };
}

// ---- temporal joins: each version of the versioned side and its life in state; each probe row,
// how long it waited, the version it met and the changelog row it became

function temporalPass(
  input: Input,
  lanes: Lane[],
  rowsByPos: (RowMark | null)[],
  outputs: OutputRow[],
  outEnd: Int32Array,
): TemporalView | null {
  const { steps, toX, joinOp, query } = input;
  const tj = joinOp?.kind === 'TemporalJoin' ? joinOp : query.operators.find((o) => o.kind === 'TemporalJoin');
  if (!tj) return null;
  const M = steps.length;
  const probeLane = laneOfInput(input, lanes, tj.inputs[0]);
  const versionLane = laneOfInput(input, lanes, tj.inputs[1]);
  const nameOf = (lane: number | null, i: number) => (lane !== null ? lanes[lane].table : `input ${i + 1}`);
  const versionInput = query.operators.find((o) => o.id === tj.inputs[1]);
  const keys: string[] = [];
  const seeKey = (k: string) => {
    if (!keys.includes(k)) keys.push(k);
  };
  const versions: TemporalVersion[] = [];
  const probes: TemporalProbe[] = [];
  const waitsAt: TemporalProbe[][] = Array.from({ length: M + 1 }, () => []);
  const releasedAt: TemporalProbe[][] = Array.from({ length: M + 1 }, () => []);
  /** Per key: the versions held (by time), and the probe rows waiting (arrival order). */
  const held = new Map<string, TemporalVersion[]>();
  const waiting = new Map<string, TemporalProbe[]>();
  const sameLineage = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  for (let p = 1; p <= M; p++) {
    for (const e of steps[p - 1].events) {
      if (!('op' in e) || e.op !== tj.id) continue;
      if (e.type === 'temporal_version') {
        if (e.dropped) continue;
        const keyText = e.key.join(', ');
        seeKey(keyText);
        const list = held.get(keyText) ?? [];
        held.set(keyText, list);
        const v: TemporalVersion = {
          op: e.op,
          pos: p,
          key: e.key,
          keyText,
          kind: e.kind,
          row: e.row,
          lineage: e.lineage,
          time: toX(e.time_ms) ?? e.time_ms,
          timeMs: e.time_ms,
          ends: e.ends,
          late: e.late,
          replacedPos: null,
          leftPos: null,
          leftCause: null,
        };
        const same = list.findIndex((x) => x.timeMs === e.time_ms);
        if (same >= 0) {
          list[same].replacedPos = p;
          list[same] = v;
        } else {
          list.push(v);
          list.sort((a, b) => a.timeMs - b.timeMs);
        }
        versions.push(v);
      } else if (e.type === 'temporal_wait') {
        const keyText = e.key.join(', ');
        seeKey(keyText);
        const r: TemporalProbe = {
          op: e.op,
          pos: p,
          key: e.key,
          keyText,
          kind: e.kind,
          row: e.row,
          lineage: e.lineage,
          time: toX(e.time_ms) ?? e.time_ms,
          timeMs: e.time_ms,
          wmBefore: e.watermark_ms == null ? null : toX(e.watermark_ms),
          late: e.late,
          releasePos: null,
          releaseWm: null,
          version: null,
          outcome: null,
          miss: null,
          output: -1,
          expiredPos: null,
        };
        probes.push(r);
        waitsAt[p].push(r);
        waiting.set(keyText, [...(waiting.get(keyText) ?? []), r]);
        if (e.lineage.length === 1) {
          const mark = rowsByPos[e.lineage[0]];
          if (mark && !mark.temporal) mark.temporal = r;
        }
      } else if (e.type === 'temporal_release') {
        const keyText = e.key.join(', ');
        const list = waiting.get(keyText) ?? [];
        const i = list.findIndex((x) => x.timeMs === e.time_ms && sameLineage(x.lineage, e.lineage));
        if (i < 0) continue;
        const r = list[i];
        list.splice(i, 1);
        r.releasePos = p;
        r.releaseWm = e.watermark_ms == null ? Number.POSITIVE_INFINITY : toX(e.watermark_ms);
        r.outcome = e.outcome;
        r.miss = e.miss ?? null;
        const ref = e.version;
        if (ref) r.version = (held.get(keyText) ?? []).find((v) => v.timeMs === ref.time_ms && sameLineage(v.lineage, ref.lineage)) ?? null;
        releasedAt[p].push(r);
      } else if (e.type === 'state_expire') {
        const keyText = e.key.join(', ');
        if (e.side === 'right') {
          // Cleanup removes the oldest versions of the key (it keeps the newest one ≤ the watermark
          // and every later one); state TTL removes them all.
          const list = held.get(keyText) ?? [];
          const gone = e.cause === 'ttl' ? list.splice(0, list.length) : list.splice(0, Math.min(e.rows, list.length));
          for (const v of gone) {
            v.leftPos = p;
            v.leftCause = e.cause;
          }
        } else if (e.side === 'left') {
          const list = waiting.get(keyText) ?? [];
          for (const r of list.splice(0, Math.min(e.rows, list.length))) r.expiredPos = p;
        }
      }
    }
  }
  // Each output row of a step is the released probe row (of that step) whose lineage it carries.
  for (let p = 1; p <= M; p++) {
    const rel = releasedAt[p].filter((r) => r.outcome !== 'dropped');
    if (!rel.length) continue;
    const used = new Set<TemporalProbe>();
    for (let i = outEnd[p - 1]; i < outEnd[p]; i++) {
      const o = outputs[i];
      const set = [...new Set(o.lineage)].sort((a, b) => a - b).join(',');
      // A joined row carries the probe's and the version's steps; a padded one the probe's.
      const lin = (x: TemporalProbe) => [...new Set([...x.lineage, ...(x.outcome === 'joined' ? (x.version?.lineage ?? []) : [])])].sort((a, b) => a - b).join(',');
      const r = rel.find((x) => !used.has(x) && lin(x) === set);
      if (!r) continue;
      used.add(r);
      r.output = i;
      o.temporal = r;
    }
  }
  return {
    op: tj.id,
    info: tj.temporal ?? null,
    outer: tj.temporal?.outer ?? false,
    probeLane,
    versionLane,
    probeTable: nameOf(probeLane, 0),
    versionTable: nameOf(versionLane, 1),
    versionColumns: versionInput?.columns ?? [],
    keys,
    versions,
    probes,
    waitsAt,
    releasedAt,
  };
}

/**
 * The versions of a key at step `pos` (those arrived by then and not overwritten), by time, each
 * with the time of the next one (null: the latest), which ends it.
 */
export function versionsAt(t: TemporalView, keyText: string, pos: number): { v: TemporalVersion; until: number | null }[] {
  const list = t.versions.filter((v) => v.keyText === keyText && v.pos <= pos && (v.replacedPos === null || v.replacedPos > pos)).sort((a, b) => a.timeMs - b.timeMs || a.pos - b.pos);
  return list.map((v, i) => ({ v, until: i + 1 < list.length ? list[i + 1].time : null }));
}

/** Whether a probe row waits in the temporal join after step `pos`. */
export function waitingAt(r: TemporalProbe, pos: number): boolean {
  return r.pos <= pos && (r.releasePos === null || r.releasePos > pos) && (r.expiredPos === null || r.expiredPos > pos);
}

// ---- idle sources: from the step a source went idle to the step it was active again

function idlePass(input: Input): IdleSpan[] {
  const spans: IdleSpan[] = [];
  const open = new Map<number, IdleSpan>();
  input.steps.forEach((st, i) => {
    for (const e of st.events) {
      if (e.type !== 'source_idle') continue;
      if (e.idle) {
        if (open.has(e.op)) continue;
        const s: IdleSpan = { op: e.op, table: e.table, from: i + 1, atMs: e.at_ms, to: null };
        open.set(e.op, s);
        spans.push(s);
      } else {
        const s = open.get(e.op);
        if (s) s.to = i + 1;
        open.delete(e.op);
      }
    }
  });
  return spans;
}

/** The idle span of a table at step `pos` (idle after that step), or null. */
export function idleAt(m: QueryModel, table: string, pos: number): IdleSpan | null {
  return m.idle.find((s) => s.table === table && s.from <= pos && (s.to === null || s.to > pos)) ?? null;
}

// ---- state: rows each stateful operator holds after each step, and rows freed per step

/** Per stateful operator, the rows it holds after each step; and all operators together. */
export function stateSeriesOf(steps: Step[], start: Step | null = null): { series: StateSeries[]; total: StateSeries } {
  const M = steps.length;
  const byOp = new Map<number, Int32Array>();
  const total = new Int32Array(M + 1);
  // position 0: what the job's start (VALUES rows) left in state
  for (let p = start ? 0 : 1; p <= M; p++) {
    for (const s of (p === 0 && start ? start : steps[p - 1]).state) {
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
    for (let p = 0; p <= M; p++)
      if (rows[p] > peak) {
        peak = rows[p];
        peakPos = p;
      }
    return { op, rows, peak, peakPos };
  };
  const series = [...byOp.entries()].sort((a, b) => a[0] - b[0]).map(([op, rows]) => mk(op, rows));
  return { series, total: mk(-1, total) };
}

function freedPerStep(steps: Step[], start: Step | null): number[] {
  const count = (s: Step) => s.events.reduce((n, e) => (e.type === 'state_expire' ? n + e.rows : n), 0);
  const freed = [start ? count(start) : 0];
  for (const s of steps) freed.push(s.events.reduce((n, e) => (e.type === 'state_expire' ? n + e.rows : n), 0));
  return freed;
}

/** Display-clock range of the rows, windows, watermarks (only when rows have times) and the
 *  interval joins' eviction times and cleanup timers of the rows they keep. */
function extentOf(lanes: Lane[], windows: WindowInfo[], watermarks: WatermarkSeries[], interval: IntervalInfo | null): { from: number; to: number } | null {
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
  if (hasTimes && interval?.rowtime)
    for (const r of interval.cached) {
      take(r.expires);
      for (const t of r.timers) take(t.at);
    }
  return hasTimes ? { from, to: Math.max(to, from + 1) } : null;
}

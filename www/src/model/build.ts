// Builds a query's view model from its trace, once per loaded query, in one pass over the steps
// that visits each step once and in order, so the steps can be decoded one at a time from the
// engine's packed trace and dropped again (engine/unpack.ts: a run of 10^5 steps never lives as
// objects). Each part of the model is a pass with a step function, called per step in this order
// (a part reads only what the parts before it made of the same or earlier steps): lanes (the input
// rows, where they sit on the display clock, what dropped them), watermarks (each source's and the
// join's, and when an input holds the join's back), windows (their lifecycle and state counts),
// event notes, interval joins (each row's range, its life in state, the join's time), outputs (the
// changelog, placed on the timeline, with the engine's retraction pairs), temporal joins, idle
// sources, UNNEST fan-outs, process table functions, lookup stores and state series (rows held
// after each step). Nothing here re-derives what the trace says: every fact comes from an event or
// a field of the trace.

import { type Clock, clockFor } from '../time';
import type { EventOf, OperatorInfo, QueryTrace, ScriptTrace, StateSummary, Step, StepKind, TableInfo, WindowRef } from '../trace';
import { WINDOW_KINDS } from './ops';
import { lookupPass } from './lookup';
import { ptfPass } from './ptf';
import { type ResultRanks, resultRanks } from './result-ranks';
import { applyNotes, type NotesAt, notesByStep } from './step-blocks';
import type { HeldBack, IdleSpan, IntervalInfo, IntervalRow, Lane, OutputRow, QueryModel, RowMark, StateSeries, StepInfo, TemporalProbe, TemporalVersion, TemporalView, UnnestFan, WatermarkSeries, WindowFireInfo, WindowInfo, WindowLane } from './types';

/** Where the model's steps come from: the query's data steps, then its end of input (when it has
 * one), each read once and in order by the build (a pass that needs to look ahead — a sliced
 * window aggregation's fired windows, a lookup store's width — reads them again first). */
export interface StepSource {
  /** Data steps and the end together. */
  count: number;
  /** Model step `i` (0-based: position i + 1). */
  at(i: number): Step;
  /** Model step `i` as the build reads a step it does not keep: without what no pass reads (its
   * `summary` and `watermarks`, its events' `text` and `reason`: empty); `at`'s when absent. */
  lean?(i: number): Step;
  /** The tables of the row steps in first-seen order, without decoding every step. */
  tables(): string[];
}

/** What a build gives besides the model: where its event-keyed notes are, and the kind and
 * `# step` text of every step that is not a table's row (engine/split.ts sends these when it
 * does not send the steps). Built with `ranksLater`, the model's `outRank` is empty until the
 * caller puts `modelRanks` there. */
export interface Built {
  model: QueryModel;
  notes: NotesAt;
  heads: [number, StepKind, string][];
}

/** What every pass shares: the query, its step count and the display clock. */
interface Input {
  trace: ScriptTrace;
  query: QueryTrace;
  /** Model steps (data steps and the end). */
  M: number;
  start: Step | null;
  clock: Clock;
  toX: (ms: number | null | undefined) => number | null;
  sourceOps: OperatorInfo[];
  joinOp: OperatorInfo | null;
  source: StepSource;
}

/** A pass: its step function (position p, 1-based; 0 is the job's start for the passes that read
 * it) and what it makes once every step has been seen. */
interface Pass {
  step(p: number, s: Step): void;
}

/** The steps of a trace whose steps are objects (tests, small traces). */
export function stepsOf(q: QueryTrace): StepSource {
  const steps = q.end ? [...q.steps, q.end] : q.steps;
  return {
    count: steps.length,
    at: (i) => steps[i],
    tables: () => {
      const out: string[] = [];
      for (const s of steps) if (s.kind === 'row' && s.table && !out.includes(s.table)) out.push(s.table);
      return out;
    },
  };
}

/** Builds the model of query `qi` (0-based); `zone` is the session zone in effect at the query. */
export function buildModel(trace: ScriptTrace, qi: number, zone: string): QueryModel {
  return buildFrom(trace, qi, zone, stepsOf(trace.queries[qi]), () => true).model;
}

/**
 * Builds the model of query `qi` from `source`, one step at a time; `keep(i)` says which steps
 * the model holds (`model.steps` has holes at the others: model/step-blocks.ts).
 */
export function buildFrom(trace: ScriptTrace, qi: number, zone: string, source: StepSource, keep: (i: number) => boolean, opts: { ranksLater?: boolean } = {}): Built {
  const query = trace.queries[qi];
  const M = source.count;
  const start = query.start ?? null;
  const sourceOps = query.operators.filter((o) => o.table && o.inputs.length === 0);
  const laneTables = laneTablesOf(trace, source, sourceOps);
  const ltz = laneTables.some((n) => isLtz(trace.tables.find((t) => t.name === n)));
  const clock: Clock = clockFor(zone, ltz);
  const toX = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : clock(ms));
  const joinOp = query.operators.find((o) => o.role === 'join') ?? null;
  const input: Input = { trace, query, M, start, clock, toX, sourceOps, joinOp, source };

  const lanes = new LanePass(input, laneTables);
  const wms = new WatermarkPass(input);
  const windows = new WindowPass(input, lanes.lanes, wms);
  const notes = new EventNotesPass(input);
  const interval = IntervalPass.of(input, lanes);
  const outputs = new OutputPass(input, lanes.rowsByPos);
  const temporal = TemporalPass.of(input, lanes, outputs);
  const idle = new IdlePass();
  const unnest = new UnnestPass(input, outputs);
  const ptf = ptfPass(query.operators, outputs.outputs, outputs.outEnd, toX);
  const lookups = lookupPass(query, trace.tables, input.source, start, outputs.outputs, outputs.outEnd);
  const state = new StatePass(M);
  const passes: Pass[] = [lanes, wms, windows, notes, ...(interval ? [interval] : []), outputs, ...(temporal ? [temporal] : []), idle, unnest, ...(ptf ? [ptf] : []), ...(lookups ? [lookups] : []), state];

  const steps: Step[] = new Array(M);
  const heads: [number, StepKind, string][] = [];
  // the job's start (position 0: VALUES rows before step 1): the changelog and what reads it, the state
  if (start) for (const x of passes) if (x === outputs || x === unnest || x === ptf || x === lookups || x === state) x.step(0, start);
  for (let p = 1; p <= M; p++) {
    const kept = keep(p - 1);
    const s = kept || !source.lean ? source.at(p - 1) : source.lean(p - 1);
    if (kept) steps[p - 1] = s;
    if (!(s.kind === 'row' && s.table)) heads.push([p, s.kind, s.text]);
    for (const x of passes) x.step(p, s);
  }

  markBehind(lanes.lanes, wms.sourceWatermarks);
  const windowsDone = windows.done(lanes.lanes);
  const intervalInfo = interval ? interval.done(wms.joinWatermark) : null;
  const outs = outputs.outputs;
  const outEnd = outputs.outEnd;
  // (`ranksLater`: the caller reads them off the model afterwards, `modelRanks`; none until then)
  const ranks = opts.ranksLater ? { rank: new Int32Array(0), count: 0 } : modelRanks(outs, query);
  const temporalView = temporal ? temporal.done() : null;
  const { series: stateSeries, total: stateTotal } = state.done();
  const freed = state.freed;
  const rowsByPos = lanes.rowsByPos;
  const fired = windows.fired;
  const late = windows.late;

  const info: StepInfo[] = new Array(M);
  for (let i = 0; i < M; i++) info[i] = { pos: i + 1, step: steps[i], row: rowsByPos[i + 1], fired: fired[i + 1], freed: freed[i + 1], late: late[i + 1] };
  const startInfo = start ? { pos: 0, step: start, row: null, fired: [], freed: freed[0], late: false } : null;
  const consumed = new Set(query.operators.flatMap((o) => o.inputs));
  const rootOp = query.operators.find((o) => !consumed.has(o.id)) ?? null;
  const updating = rootOp ? rootOp.updating : outs.some((o) => o.kind !== '+I');
  const extent = extentOf(lanes.lanes, windowsDone.windows, [...wms.sourceWatermarks, ...(wms.joinWatermark ? [wms.joinWatermark] : [])], intervalInfo);

  const model: QueryModel = {
    trace,
    query,
    steps,
    start,
    first: start ? 0 : 1,
    dataSteps: query.end ? M - 1 : M,
    hasEnd: !!query.end,
    info,
    startInfo,
    lanes: lanes.lanes,
    rowsByPos,
    outputs: outs,
    outEnd,
    outRank: ranks.rank,
    rankCount: ranks.count,
    sourceWatermarks: wms.sourceWatermarks,
    joinWatermark: wms.joinWatermark,
    joinOp,
    windows: windowsDone.windows,
    windowLanes: windowsDone.windowLanes,
    events: { aggStage: new Map(), dedupPrev: new Map() },
    stateSeries,
    stateTotal,
    rootOp,
    updating,
    extent,
    ltz,
    zone,
    held: wms.held,
    interval: intervalInfo,
    temporal: temporalView,
    idle: idle.spans,
    unnests: unnest.unnests,
    unnestOf: new Map(),
    ptf: ptf ? ptf.done() : null,
    lookups: lookups ? lookups.done() : [],
    queryStates: null,
    lazy: null,
  };
  // The event-keyed notes, on the events of the steps the model holds.
  const at: NotesAt = { aggStage: notes.aggStage, dedupPrev: notes.dedupPrev, unnestOf: unnest.at };
  for (const [si, n] of notesByStep(at)) {
    const s = si < 0 ? start : steps[si];
    if (s) applyNotes(model, s, n);
  }
  return { model, notes: at, heads };
}

/** The result table's ranks of a model's changelog (model/result-ranks.ts), read off the query's
 * materialized result when it can be. */
export function modelRanks(outputs: readonly OutputRow[], query: QueryTrace): ResultRanks {
  return resultRanks(outputs, query.materialized_bounded ?? query.materialized_unbounded ?? null);
}

const isLtz = (t: TableInfo | undefined): boolean => {
  if (!t?.rowtime) return false;
  const col = t.columns.find((c) => c.name === t.rowtime);
  return !!col && col.type.includes('TIMESTAMP_LTZ');
};

/** One lane per source table, in the order the tables were created (then any other table rows come from). */
function laneTablesOf(trace: ScriptTrace, source: StepSource, sourceOps: OperatorInfo[]): string[] {
  const tables = trace.tables.map((t) => t.name).filter((n) => sourceOps.some((o) => o.table === n));
  for (const t of source.tables()) if (!tables.includes(t)) tables.push(t);
  return tables;
}

// ---- lanes: the input rows, at their event time, and what happened to them

class LanePass implements Pass {
  readonly lanes: Lane[];
  readonly rowsByPos: (RowMark | null)[];
  private readonly laneOf: Map<string, number>;
  private readonly kindOf: Map<number, string>;

  constructor(
    private readonly input: Input,
    laneTables: string[],
  ) {
    this.kindOf = new Map<number, string>(input.query.operators.map((o) => [o.id, o.kind]));
    this.lanes = laneTables.map((table) => ({ table, ops: input.sourceOps.filter((o) => o.table === table).map((o) => o.id), rows: [] }));
    this.laneOf = new Map(laneTables.map((t, i) => [t, i]));
    this.rowsByPos = new Array(input.M + 1).fill(null);
  }

  step(p: number, step: Step): void {
    const { toX } = this.input;
    const rowsByPos = this.rowsByPos;
    let row: RowMark | null = null;
    if (step.kind === 'row' && step.table) {
      let src: EventOf<'source_row'> | undefined;
      if (step.event_time_ms == null) src = step.events.find((e): e is EventOf<'source_row'> => e.type === 'source_row');
      row = {
        pos: p,
        lane: this.laneOf.get(step.table) ?? 0,
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
      this.lanes[row.lane].rows.push(row);
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
          if (r) r.late = { window: e.window.label, watermark: toX(e.watermark_ms), point: e.window.start_ms === e.window.end_ms, by: this.kindOf.get(e.op) ?? 'the join' };
        }
      }
    }
  }
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

class WatermarkPass implements Pass {
  readonly sourceWatermarks: WatermarkSeries[];
  readonly joinWatermark: WatermarkSeries | null;
  readonly held: (HeldBack | null)[];
  readonly opWatermarks: Map<number, WatermarkSeries>;
  private readonly series = new Map<number, Float64Array>();
  private readonly list: [number, Float64Array][];
  private readonly now = new Map<number, number>();
  private heldNow: HeldBack | null = null;

  constructor(private readonly input: Input) {
    const { M, sourceOps, joinOp } = input;
    const windowed = input.query.operators.filter((o) => WINDOW_KINDS.has(o.kind)).map((o) => o.id);
    for (const id of [...sourceOps.map((o) => o.id), ...(joinOp ? [joinOp.id] : []), ...windowed]) this.series.set(id, new Float64Array(M + 1).fill(Number.NaN));
    this.list = [...this.series];
    this.held = new Array(M + 1).fill(null);
    const of = (id: number) => this.series.get(id) ?? new Float64Array(M + 1).fill(Number.NaN);
    this.sourceWatermarks = sourceOps.map((o) => ({ op: o.id, label: o.table ?? `op ${o.id}`, values: of(o.id) }));
    this.joinWatermark = joinOp ? { op: joinOp.id, label: joinOp.kind, values: of(joinOp.id) } : null;
    this.opWatermarks = new Map(windowed.map((id) => [id, { op: id, label: input.query.operators.find((o) => o.id === id)?.kind ?? '', values: of(id) }]));
  }

  step(p: number, step: Step): void {
    const { clock, joinOp } = this.input;
    for (const e of step.events) {
      if (e.type === 'watermark') {
        if (this.series.has(e.op)) this.now.set(e.op, e.value_ms == null ? Number.POSITIVE_INFINITY : clock(e.value_ms));
        if (joinOp && e.op === joinOp.id) this.heldNow = null;
      } else if (e.type === 'input_watermark' && joinOp && e.op === joinOp.id && e.held_by) {
        this.heldNow = this.heldNow && this.heldNow.by === e.held_by ? this.heldNow : { by: e.held_by, since: p };
      }
    }
    this.held[p] = this.heldNow;
    for (const [op, arr] of this.list) arr[p] = this.now.get(op) ?? Number.NaN;
  }
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

/** The windows fired at a step that fired none: one empty list for all of them (never changed). */
const NO_LABELS: string[] = [];

class WindowPass implements Pass {
  readonly fired: string[][] = [[]];
  readonly late: boolean[] = [false];
  private readonly byId: Map<number, OperatorInfo>;
  private readonly up: Map<number, number[]>;
  private readonly targetCache = new Map<number, number>();
  private readonly sliced: Set<number>;
  /** A HOP / CUMULATE aggregation stores slices: they go into the windows it fires that contain them. */
  private readonly fireWindows = new Map<number, WindowRef[]>();
  private readonly windows = new Map<string, WindowInfo>();
  private readonly state = new Map<string, { left: number; right: number; rowsIn: number; keys: Set<string> }>();
  /** Whether any operator of the query keeps windows or assigns them (else a step has nothing for this pass). */
  private readonly any: boolean;

  constructor(
    private readonly input: Input,
    lanes: Lane[],
    private readonly wms: WatermarkPass,
  ) {
    void lanes;
    const ops = input.query.operators;
    this.byId = new Map(ops.map((o) => [o.id, o]));
    this.up = parentsOf(ops);
    this.sliced = new Set(ops.filter((o) => o.aggregate?.sliced).map((o) => o.id));
    this.any = ops.some((o) => WINDOW_KINDS.has(o.kind) || o.kind === 'WindowTableFunction');
    // (the fired windows of a sliced aggregation: read ahead, before the steps are visited)
    if (this.sliced.size)
      for (let i = 0; i < input.M; i++)
        for (const e of input.source.at(i).events)
          if (e.type === 'window_fire' && this.sliced.has(e.op)) {
            const list = this.fireWindows.get(e.op) ?? [];
            if (!list.some((w) => w.start_ms === e.window.start_ms && w.end_ms === e.window.end_ms)) list.push(e.window);
            this.fireWindows.set(e.op, list);
          }
  }

  /** The operator a window TVF's windows are for: the first one above it that keeps windows, else itself. */
  private targetOf(op: number): number {
    const hit = this.targetCache.get(op);
    if (hit !== undefined) return hit;
    let found = op;
    const todo = [...(this.up.get(op) ?? [])];
    for (let n = 0; todo.length && n < 100; n++) {
      const x = todo.shift() as number;
      if (WINDOW_KINDS.has(this.byId.get(x)?.kind ?? '')) {
        found = x;
        break;
      }
      todo.push(...(this.up.get(x) ?? []));
    }
    this.targetCache.set(op, found);
    return found;
  }

  private get(op: number, w: WindowRef, pos: number, slice = false): WindowInfo {
    const k = `${op}:${w.start_ms}:${w.end_ms}`;
    let wi = this.windows.get(k);
    if (!wi) {
      wi = { key: k, op, start: w.start_ms, end: w.end_ms, label: w.label, slice, assignPos: pos, openPos: null, firePos: null, purgePos: null, counts: [], lateSteps: [], fires: [] };
      this.windows.set(k, wi);
      this.state.set(k, { left: 0, right: 0, rowsIn: 0, keys: new Set() });
    }
    return wi;
  }

  /** The windows a state event of an operator is about (a slice: the fired windows holding it). */
  private windowsOf(op: number, w: WindowRef, pos: number): WindowInfo[] {
    if (this.sliced.has(op)) {
      const hits = (this.fireWindows.get(op) ?? []).filter((x) => x.start_ms <= w.start_ms && w.end_ms <= x.end_ms);
      if (hits.length) return hits.map((x) => this.get(op, x, pos));
      return [this.get(op, w, pos, true)];
    }
    return [this.get(op, w, pos)];
  }

  step(p: number, step: Step): void {
    const { toX } = this.input;
    const byId = this.byId;
    let lateNow = false;
    if (!this.any) {
      this.fired.push(NO_LABELS);
      this.late.push(lateNow);
      return;
    }
    const firedNow: string[] = [];
    const changed = new Set<string>();
    const events = step.events;
    /** The fire each operator's emits belong to (until its next fire or watermark). */
    const lastFire = new Map<number, WindowFireInfo>();
    for (const e of events) {
      switch (e.type) {
        case 'window_assign':
          for (const w of e.windows) this.get(this.targetOf(e.op), w, p);
          break;
        case 'state_insert':
          if (e.window && WINDOW_KINDS.has(byId.get(e.op)?.kind ?? '')) {
            for (const w of this.windowsOf(e.op, e.window, p)) {
              w.openPos ??= p;
              const c = this.state.get(w.key);
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
            for (const w of this.windowsOf(e.op, e.window, p)) {
              // a slice freed for a window that has not fired belongs to the one that fired
              if (!join && w.firePos === null) continue;
              const c = this.state.get(w.key);
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
          const w = this.get(e.op, e.window, p);
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
            for (const w of this.windowsOf(e.op, e.window, p)) w.lateSteps.push(p);
          }
          break;
        default:
          break;
      }
    }
    for (const k of changed) {
      const c = this.state.get(k);
      if (c) this.windows.get(k)?.counts.push({ pos: p, left: c.left, right: c.right, rowsIn: c.rowsIn, keys: c.keys.size });
    }
    this.fired.push(firedNow.length ? firedNow : NO_LABELS);
    this.late.push(lateNow);
  }

  done(lanes: Lane[]): { windows: WindowInfo[]; windowLanes: WindowLane[] } {
    const ops = this.input.query.operators;
    const byId = this.byId;
    const list = [...this.windows.values()].sort((a, b) => a.start - b.start || a.end - b.end || a.op - b.op);
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
        watermark: this.wms.opWatermarks.get(op) ?? null,
      };
    });
    return { windows: list, windowLanes };
  }
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
// previous row (by where the event is: its step's index in `model.steps` and its index there)

class EventNotesPass implements Pass {
  readonly aggStage: NotesAt['aggStage'] = [];
  readonly dedupPrev: NotesAt['dedupPrev'] = [];
  private readonly kind: Map<number, string>;
  private readonly twoPhase: Set<number>;
  /** Partial results the local stage handed over and the global stage has not merged yet. */
  private readonly partials = new Map<string, number>();
  private readonly kept = new Map<string, string[]>();
  /** Whether the query has an operator with notes (else a step has nothing for this pass). */
  private readonly any: boolean;

  constructor(input: Input) {
    const ops = input.query.operators;
    this.kind = new Map(ops.map((o) => [o.id, o.kind]));
    this.twoPhase = new Set(ops.filter((o) => o.aggregate?.two_phase).map((o) => o.id));
    this.any = ops.some((o) => o.kind === 'WindowAggregate' || o.kind === 'Deduplicate');
  }

  step(p: number, st: Step): void {
    if (!this.any) return;
    const { kind, twoPhase, partials, kept } = this;
    const pk = (op: number, key: string[], w: WindowRef | null | undefined, row: string[]) => `${op}|${key.join('\u0001')}|${w?.label ?? ''}|${row.join('\u0001')}`;
    st.events.forEach((e, i) => {
      const at: [number, number] = [p - 1, i];
      if (e.type === 'state_insert' && e.side === 'partial' && twoPhase.has(e.op)) {
        const k = pk(e.op, e.key, e.window, e.row);
        partials.set(k, (partials.get(k) ?? 0) + 1);
      } else if (e.type === 'late_drop' && e.side === 'partial') {
        // a partial the global stage dropped as late was never buffered
      } else if (e.type === 'aggregated' && kind.get(e.op) === 'WindowAggregate') {
        if (!twoPhase.has(e.op)) {
          this.aggStage.push([at, 'row']);
          return;
        }
        const k = pk(e.op, e.key, e.window, e.row);
        const n = partials.get(k) ?? 0;
        if (n > 0) {
          partials.set(k, n - 1);
          this.aggStage.push([at, 'merge']);
        } else this.aggStage.push([at, 'local']);
      } else if (e.type === 'state_insert' && kind.get(e.op) === 'Deduplicate') {
        const k = `${e.op}|${e.key.join('\u0001')}`;
        this.dedupPrev.push([at, kept.get(k) ?? null]);
        kept.set(k, e.row);
      } else if (e.type === 'state_expire' && kind.get(e.op) === 'Deduplicate') {
        kept.delete(`${e.op}|${e.key.join('\u0001')}`);
      }
    });
  }
}

// ---- outputs: the changelog as printed, placed where the timeline draws it

class OutputPass implements Pass {
  readonly outputs: OutputRow[] = [];
  readonly outEnd: Int32Array;
  /** Rows standing in the result (+I / +U not taken back yet), by their values (made at the first
   * row taken back: an append-only result needs none). */
  private standing: Map<string, number[]> | null = null;

  constructor(
    private readonly input: Input,
    private readonly rowsByPos: (RowMark | null)[],
  ) {
    this.outEnd = new Int32Array(input.M + 1);
  }

  step(p: number, step: Step): void {
    const { joinOp } = this.input;
    const { outputs, rowsByPos } = this;
    // Where each output event sits: the end of the window whose fire produced it, else its newest input.
    const xs: (number | null)[] = [];
    if (step.output.length) {
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
      if (o.kind === '-U' || o.kind === '-D') {
        const standing = this.standingRows();
        const k = o.row.join('\u0001');
        const list = standing.get(k);
        if (list?.length) retracts = list.pop() as number;
      } else if (this.standing) {
        const k = o.row.join('\u0001');
        const list = this.standing.get(k);
        if (list) list.push(outputs.length);
        else this.standing.set(k, [outputs.length]);
      }
      outputs.push({ index: outputs.length, pos: p, kind: o.kind, row: o.row, text: o.text, lineage, x, partner: o.partner ?? -1, pairKind: o.pair ?? null, padded, retracts, temporal: null, unnest: null });
    });
    this.outEnd[p] = outputs.length;
  }

  /** The rows standing so far: made at the first row taken back (every row before it stands). */
  private standingRows(): Map<string, number[]> {
    if (this.standing) return this.standing;
    const standing = new Map<string, number[]>();
    for (const o of this.outputs) {
      const k = o.row.join('\u0001');
      const list = standing.get(k);
      if (list) list.push(o.index);
      else standing.set(k, [o.index]);
    }
    this.standing = standing;
    return standing;
  }
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

class UnnestPass implements Pass {
  readonly unnests: UnnestFan[] = [];
  /** Each fan-out's event: where it is, and the fan-out's index in `unnests`. */
  readonly at: NotesAt['unnestOf'] = [];
  private readonly any: boolean;
  private cols: number[] | null = null;
  private resultCorrelate = -1;

  constructor(
    private readonly input: Input,
    private readonly outs: OutputPass,
  ) {
    const { query } = input;
    this.any = query.operators.some((o) => o.kind === 'Correlate');
    if (!this.any) return;
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
    this.cols = cols;
    this.resultCorrelate = o && o.kind === 'Correlate' ? o.id : -1;
  }

  step(p: number, step: Step): void {
    if (!this.any) return;
    const { query } = this.input;
    const { outputs, outEnd } = this.outs;
    const cols = this.cols;
    const fans: { f: UnnestFan; e: EventOf<'unnest'> }[] = [];
    step.events.forEach((e, ei) => {
      if (e.type !== 'unnest') return;
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
      this.at.push([[p - 1, ei], this.unnests.length]);
      this.unnests.push(fan);
      if (e.op === this.resultCorrelate) fans.push({ f: fan, e });
    });
    // Link the step's changelog rows to the elements when they are exactly the produced rows.
    const from = p > 0 ? outEnd[p - 1] : 0;
    const to = outEnd[p];
    const produced = fans.flatMap(({ f, e }) => f.elements.map((_, i) => ({ f, e, i })));
    if (!produced.length || produced.length !== to - from) return;
    const ok = produced.every(({ f, e, i }, k) => {
      const row = e.produced[i].row;
      const want = cols ? cols.map((c) => row[c]) : row;
      const out = outputs[from + k];
      return out.kind === f.kind && out.row.length === want.length && out.row.every((v, j) => v === want[j]);
    });
    if (!ok) return;
    produced.forEach(({ f, i }, k) => {
      const out = outputs[from + k];
      f.elements[i].output = out.index;
      f.elements[i].text = out.text;
      out.unnest = { fan: f, element: i };
    });
  }
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

/** Two rows with the same values. */
function sameRow(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface IntervalKey {
  timer: number | null;
  rows: IntervalRow[];
}

class IntervalPass implements Pass {
  private readonly probes: IntervalRow[][] = [[]];
  private readonly cached: IntervalRow[] = [];
  /** The rows of each (operator, side, key) in state, and its cleanup timer (epoch ms): by
   * operator, then side, then the key's text. */
  private readonly keys = new Map<number, Map<string, Map<string, IntervalKey>>>();
  /** A key's text, made once per key array (the steps' rows share theirs: engine/unpack.ts). */
  private readonly keyTexts = new Map<string[], string>();
  /** By operator and input (op · 2 + input). */
  private readonly laneCache = new Map<number, number | null>();
  private readonly opById: Map<number, OperatorInfo>;
  private bounds: { lower: number; upper: number } | null = null;
  private lateRows = 0;

  /** The pass of the query's interval join (else the first interval join below it: a chain), or null. */
  static of(input: Input, lanes: LanePass): IntervalPass | null {
    const { joinOp, query } = input;
    const ivOp = joinOp?.kind === 'IntervalJoin' ? joinOp : query.operators.find((o) => o.kind === 'IntervalJoin');
    return ivOp ? new IntervalPass(input, lanes, ivOp) : null;
  }

  private constructor(
    private readonly input: Input,
    private readonly lanes: LanePass,
    private readonly ivOp: OperatorInfo,
  ) {
    this.opById = new Map(input.query.operators.map((o) => [o.id, o]));
  }

  private laneOf(op: number, i: number): number | null {
    const k = op * 2 + i;
    let lane = this.laneCache.get(k);
    if (lane === undefined) {
      lane = laneOfInput(this.input, this.lanes.lanes, this.opById.get(op)?.inputs[i]);
      this.laneCache.set(k, lane);
    }
    return lane;
  }

  private setTimer(k: IntervalKey, timer: number | null, p: number): void {
    if (k.timer === timer) return;
    k.timer = timer;
    const at = this.input.toX(timer);
    for (const r of k.rows) {
      const last = r.timers[r.timers.length - 1];
      if (last && last.pos === p) last.at = at;
      else r.timers.push({ pos: p, at });
    }
  }

  /** The keys of an operator's side in state. */
  private keysOf(op: number, side: string): Map<string, IntervalKey> {
    let sides = this.keys.get(op);
    if (!sides) {
      sides = new Map();
      this.keys.set(op, sides);
    }
    let keys = sides.get(side);
    if (!keys) {
      keys = new Map();
      sides.set(side, keys);
    }
    return keys;
  }

  private keyText(key: string[]): string {
    let k = this.keyTexts.get(key);
    if (k === undefined) {
      k = key.join('\u0001');
      this.keyTexts.set(key, k);
    }
    return k;
  }

  step(p: number, step: Step): void {
    const { toX } = this.input;
    const rowsByPos = this.lanes.rowsByPos;
    // (arrays made at their size where a step's rows are known: one per row that reaches the join)
    let now: IntervalRow[] | null = null;
    for (const e of step.events) {
      if (e.type === 'interval_probe') {
        const si = e.side === 'right' ? 1 : 0;
        const r: IntervalRow = {
          op: e.op,
          pos: p,
          side: e.side,
          key: e.key,
          row: e.row,
          lineage: e.lineage,
          lane: this.laneOf(e.op, si),
          otherLane: this.laneOf(e.op, 1 - si),
          time: toX(e.time_ms) ?? e.time_ms,
          from: toX(e.from_ms) ?? e.from_ms,
          to: toX(e.to_ms) ?? e.to_ms,
          timeMs: e.time_ms,
          matched: e.matched,
          cached: e.cached,
          expires: toX(e.expires_ms),
          // a kept row's key's cleanup timer from its arrival
          timers: e.cached ? [{ pos: p, at: toX(e.timer_ms) }] : [],
          leftPos: null,
          leftTimer: null,
          leftAt: null,
          padded: false,
        };
        // left.time − right.time ∈ [lower, upper]: a left row at t joins [t − upper, t − lower].
        if (!this.bounds && e.op === this.ivOp.id)
          this.bounds = si === 0 ? { lower: e.time_ms - e.to_ms, upper: e.time_ms - e.from_ms } : { lower: e.from_ms - e.time_ms, upper: e.to_ms - e.time_ms };
        if (now) now.push(r);
        else now = [r];
        if (e.lineage.length === 1 && e.lineage[0] === p) {
          const mark = rowsByPos[p];
          if (mark && !mark.interval) mark.interval = r;
        }
        if (!e.cached) {
          this.lateRows++;
          continue;
        }
        this.cached.push(r);
        const keys = this.keysOf(e.op, e.side);
        const kk = this.keyText(e.key);
        let k = keys.get(kk);
        if (!k) {
          k = { timer: null, rows: [r] };
          keys.set(kk, k);
        } else k.rows.push(r);
        k.timer = e.timer_ms ?? null;
      } else if (e.type === 'interval_cleanup') {
        const k = this.keys.get(e.op)?.get(e.side)?.get(this.keyText(e.key));
        if (!k) continue;
        const padded = e.padded.length ? e.padded.slice() : e.padded;
        // the rows that leave; the others stay (kept in place, in order)
        const rows = k.rows;
        let stay = 0;
        for (let j = 0; j < rows.length; j++) {
          const r = rows[j];
          if (e.expired_ms == null || r.timeMs <= e.expired_ms) {
            r.leftPos = p;
            r.leftTimer = toX(e.timer_ms);
            r.leftAt = e.time_ms == null ? Number.POSITIVE_INFINITY : toX(e.time_ms);
            const i = padded.length ? padded.findIndex((x) => sameRow(x, r.row)) : -1;
            if (i >= 0) {
              r.padded = true;
              padded.splice(i, 1);
            }
          } else rows[stay++] = r;
        }
        rows.length = stay;
        this.setTimer(k, e.next_timer_ms ?? null, p);
      }
    }
    this.probes.push(now ?? []);
  }

  done(joinWatermark: WatermarkSeries | null): IntervalInfo {
    const { M, joinOp } = this.input;
    const ivOp = this.ivOp;
    const iv = ivOp.interval ?? null;
    const b: { lower: number; upper: number } | null = this.bounds ?? (iv ? { lower: iv.lower_ms, upper: iv.upper_ms } : null);
    const rowtime = iv ? iv.rowtime : true;
    // Flink's KeyedCoProcessOperatorWithWatermarkDelay: the larger bound (none for a negative interval).
    const delay = b && rowtime && b.upper >= b.lower ? Math.max(-b.lower, b.upper, 0) : 0;
    // The join's time: its output watermark plus the delay (timers fire at it); only the query's
    // join has its watermark in the model.
    const time = new Float64Array(M + 1).fill(Number.NaN);
    if (joinWatermark && ivOp === joinOp) for (let p = 1; p <= M; p++) time[p] = joinWatermark.values[p] + delay;
    return { op: ivOp.id, lower: b?.lower ?? null, upper: b?.upper ?? null, rowtime, delay, probes: this.probes, cached: this.cached, time, lateRows: this.lateRows };
  }
}

// ---- temporal joins: each version of the versioned side and its life in state; each probe row,
// how long it waited, the version it met and the changelog row it became

class TemporalPass implements Pass {
  private readonly keys: string[] = [];
  private readonly keySeen = new Set<string>();
  private readonly versions: TemporalVersion[] = [];
  private readonly probes: TemporalProbe[] = [];
  private readonly waitsAt: TemporalProbe[][];
  private readonly releasedAt: TemporalProbe[][];
  /** Per key: the versions held (by time), and the probe rows waiting (arrival order). */
  private readonly held = new Map<string, TemporalVersion[]>();
  private readonly waiting = new Map<string, TemporalProbe[]>();

  /** The pass of the query's temporal join (else the first one below it), or null. */
  static of(input: Input, lanes: LanePass, outs: OutputPass): TemporalPass | null {
    const { joinOp, query } = input;
    const tj = joinOp?.kind === 'TemporalJoin' ? joinOp : query.operators.find((o) => o.kind === 'TemporalJoin');
    return tj ? new TemporalPass(input, lanes, outs, tj) : null;
  }

  private constructor(
    private readonly input: Input,
    private readonly lanes: LanePass,
    private readonly outs: OutputPass,
    private readonly tj: OperatorInfo,
  ) {
    this.waitsAt = Array.from({ length: input.M + 1 }, () => []);
    this.releasedAt = Array.from({ length: input.M + 1 }, () => []);
  }

  private seeKey(k: string): void {
    if (this.keySeen.has(k)) return;
    this.keySeen.add(k);
    this.keys.push(k);
  }

  step(p: number, step: Step): void {
    const { toX } = this.input;
    const tj = this.tj;
    const rowsByPos = this.lanes.rowsByPos;
    const sameLineage = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
    for (const e of step.events) {
      if (!('op' in e) || e.op !== tj.id) continue;
      if (e.type === 'temporal_version') {
        if (e.dropped) continue;
        const keyText = e.key.join(', ');
        this.seeKey(keyText);
        const list = this.held.get(keyText) ?? [];
        this.held.set(keyText, list);
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
        this.versions.push(v);
      } else if (e.type === 'temporal_wait') {
        const keyText = e.key.join(', ');
        this.seeKey(keyText);
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
        this.probes.push(r);
        this.waitsAt[p].push(r);
        const w = this.waiting.get(keyText);
        if (w) w.push(r);
        else this.waiting.set(keyText, [r]);
        if (e.lineage.length === 1) {
          const mark = rowsByPos[e.lineage[0]];
          if (mark && !mark.temporal) mark.temporal = r;
        }
      } else if (e.type === 'temporal_release') {
        const keyText = e.key.join(', ');
        const list = this.waiting.get(keyText) ?? [];
        const i = list.findIndex((x) => x.timeMs === e.time_ms && sameLineage(x.lineage, e.lineage));
        if (i < 0) continue;
        const r = list[i];
        list.splice(i, 1);
        r.releasePos = p;
        r.releaseWm = e.watermark_ms == null ? Number.POSITIVE_INFINITY : toX(e.watermark_ms);
        r.outcome = e.outcome;
        r.miss = e.miss ?? null;
        const ref = e.version;
        if (ref) r.version = (this.held.get(keyText) ?? []).find((v) => v.timeMs === ref.time_ms && sameLineage(v.lineage, ref.lineage)) ?? null;
        this.releasedAt[p].push(r);
      } else if (e.type === 'state_expire') {
        const keyText = e.key.join(', ');
        if (e.side === 'right') {
          // Cleanup removes the oldest versions of the key (it keeps the newest one ≤ the watermark
          // and every later one); state TTL removes them all.
          const list = this.held.get(keyText) ?? [];
          const gone = e.cause === 'ttl' ? list.splice(0, list.length) : list.splice(0, Math.min(e.rows, list.length));
          for (const v of gone) {
            v.leftPos = p;
            v.leftCause = e.cause;
          }
        } else if (e.side === 'left') {
          const list = this.waiting.get(keyText) ?? [];
          for (const r of list.splice(0, Math.min(e.rows, list.length))) r.expiredPos = p;
        }
      }
    }
    // Each output row of the step is the released probe row (of this step) whose lineage it carries.
    const rel = this.releasedAt[p].filter((r) => r.outcome !== 'dropped');
    if (!rel.length) return;
    const { outputs, outEnd } = this.outs;
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

  done(): TemporalView {
    const { query } = this.input;
    const tj = this.tj;
    const lanes = this.lanes.lanes;
    const probeLane = laneOfInput(this.input, lanes, tj.inputs[0]);
    const versionLane = laneOfInput(this.input, lanes, tj.inputs[1]);
    const nameOf = (lane: number | null, i: number) => (lane !== null ? lanes[lane].table : `input ${i + 1}`);
    const versionInput = query.operators.find((o) => o.id === tj.inputs[1]);
    return {
      op: tj.id,
      info: tj.temporal ?? null,
      outer: tj.temporal?.outer ?? false,
      probeLane,
      versionLane,
      probeTable: nameOf(probeLane, 0),
      versionTable: nameOf(versionLane, 1),
      versionColumns: versionInput?.columns ?? [],
      keys: this.keys,
      versions: this.versions,
      probes: this.probes,
      waitsAt: this.waitsAt,
      releasedAt: this.releasedAt,
    };
  }
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

class IdlePass implements Pass {
  readonly spans: IdleSpan[] = [];
  private readonly open = new Map<number, IdleSpan>();

  step(p: number, st: Step): void {
    for (const e of st.events) {
      if (e.type !== 'source_idle') continue;
      if (e.idle) {
        if (this.open.has(e.op)) continue;
        const s: IdleSpan = { op: e.op, table: e.table, from: p, atMs: e.at_ms, to: null };
        this.open.set(e.op, s);
        this.spans.push(s);
      } else {
        const s = this.open.get(e.op);
        if (s) s.to = p;
        this.open.delete(e.op);
      }
    }
  }
}

/** The idle span of a table at step `pos` (idle after that step), or null. */
export function idleAt(m: QueryModel, table: string, pos: number): IdleSpan | null {
  return m.idle.find((s) => s.table === table && s.from <= pos && (s.to === null || s.to > pos)) ?? null;
}

// ---- state: rows each stateful operator holds after each step, and rows freed per step

class StatePass implements Pass {
  private readonly byOp = new Map<number, Int32Array>();
  private readonly total: Int32Array;
  readonly freed: number[];

  constructor(private readonly M: number) {
    this.total = new Int32Array(M + 1);
    this.freed = new Array(M + 1).fill(0);
  }

  step(p: number, st: Step): void {
    for (const s of st.state) {
      let arr = this.byOp.get(s.op);
      if (!arr) {
        arr = new Int32Array(this.M + 1);
        this.byOp.set(s.op, arr);
      }
      arr[p] = s.rows;
      this.total[p] += s.rows;
    }
    let n = 0;
    for (const e of st.events) if (e.type === 'state_expire') n += e.rows;
    this.freed[p] = n;
  }

  done(): { series: StateSeries[]; total: StateSeries } {
    const M = this.M;
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
    const series = [...this.byOp.entries()].sort((a, b) => a[0] - b[0]).map(([op, rows]) => mk(op, rows));
    return { series, total: mk(-1, this.total) };
  }
}

/** Per stateful operator, the rows it holds after each step; and all operators together. */
export function stateSeriesOf(steps: Step[], start: Step | null = null): { series: StateSeries[]; total: StateSeries } {
  return stateSeriesOfStates(steps.map((s) => s.state), start);
}

/** `stateSeriesOf` from each step's `state` alone (what the worker reads off its packed trace). */
export function stateSeriesOfStates(states: StateSummary[][], start: Step | null = null): { series: StateSeries[]; total: StateSeries } {
  const pass = new StatePass(states.length);
  if (start) pass.step(0, start);
  states.forEach((state, i) => pass.step(i + 1, { state, events: [] } as unknown as Step));
  return pass.done();
}

/** Display-clock range of the rows, windows, watermarks (only when rows have times) and the
 *  interval joins' eviction times and cleanup timers of the rows they keep. */
function extentOf(lanes: Lane[], windows: WindowInfo[], watermarks: WatermarkSeries[], interval: IntervalInfo | null): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  const take = (v: number | null) => {
    if (v === null || !Number.isFinite(v)) return;
    if (v < from) from = v;
    if (v > to) to = v;
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

// A query's view model, split for the trip from the worker to the page: the big arrays (the
// steps, the steps-table rows, the lanes' rows and the changelog) go in slices, one message each, so the page's main thread deserializes them
// in many short tasks instead of one long one; the rest (the skeleton) goes last, with the reply.
// A model of more than LAZY_STEPS steps sends only its first and last blocks of steps: the worker
// keeps the trace and the page fetches the other blocks as it needs them (model/step-blocks.ts).
// The page joins them back (`joinModel`), restoring every shared reference the model has: the
// steps in the trace and the model, each step-table row's step and row mark, the lanes' row marks
// by step, the event-keyed notes (re-keyed by step and event index on the way), and the links from
// row marks and changelog rows to the interval join's rows, the temporal join's probe rows and the
// UNNEST fan-outs (which cross in the skeleton; the sliced rows carry their indexes).

import { applyNotes, type At, LAZY_STEPS, type NotesAt, notesByStep, STEP_BLOCK } from '../model/step-blocks';
import type { HeldBack, IntervalRow, Lane, OutputRow, QueryModel, RowMark, StepInfo, TemporalProbe, TemporalVersion, UnnestFan } from '../model/types';
import type { Event, QueryTrace, ScriptTrace, Step, StepKind } from '../trace';
import { type IntervalColumns, intervalColumns, intervalRows, type Link, type OutputColumns, outputColumns, outputRows, type RowMarkColumns, rowMarkColumns, rowMarks, SAME_ROW } from './row-columns';

/** One slice of one of the model's arrays. */
export interface Part {
  /** `head` (first: the number of steps), `steps`, `lane:<i>`, `outputs`, `info`, `interval`,
   * `tversion` or `tprobe`. */
  key: string;
  /** The index of the slice's first item in its array. */
  at: number;
  items: unknown[];
  /** Its items are the rows themselves (decodePart), not their columns. */
  decoded?: boolean;
}

/** What crosses last: the model without its sliced arrays (and the trace's copy of its steps). */
export interface Skeleton {
  model: QueryModel;
  /** The query's index in the trace. */
  query: number;
  /** The lanes' rows and the changelog were sliced (else they are in `model`). */
  rowsSliced: boolean;
  notes: NotesAt;
  /** Number of steps (`model.steps.length`). */
  steps: number;
  /** Only some blocks of steps were sent (the page fetches the others): the kind and text of every
   * step that is not a table's row, by position. Null: every step was sent. */
  heads: [number, StepKind, string][] | null;
  /** The interval join's rows were sliced (`interval` parts, in step order): how many came at each
   * step (`probes[p].length`) and which of them are `cached`, by index. Null: not sliced. */
  interval: { counts: Int32Array; cached: Int32Array } | null;
  /** The temporal join's versions and probe rows were sliced (`tversion` and `tprobe` parts, each
   * probe's `version` as its index, -1 for none): the probes that arrived and were released at each
   * step, as indexes. Null: not sliced. */
  temporal: { waitsAt: Grouped; releasedAt: Grouped } | null;
  /** `model.held` as its runs (`heldRuns`). */
  held: HeldRuns;
}

/** Lists of indexes, one per step: list p is `at[off[p]]` … `at[off[p + 1] − 1]`. */
interface Grouped {
  at: Int32Array;
  off: Int32Array;
}

function grouped<T>(lists: T[][], index: (x: T) => number): Grouped {
  const off = new Int32Array(lists.length + 1);
  let n = 0;
  lists.forEach((l, p) => {
    n += l.length;
    off[p + 1] = n;
  });
  const at = new Int32Array(n);
  let k = 0;
  for (const l of lists) for (const x of l) at[k++] = index(x);
  return { at, off };
}

function ungrouped<T>(g: Grouped, xs: T[]): T[][] {
  const out: T[][] = [];
  for (let p = 0; p + 1 < g.off.length; p++) {
    const l: T[] = [];
    for (let k = g.off[p]; k < g.off[p + 1]; k++) l.push(xs[g.at[k]]);
    out.push(l);
  }
  return out;
}

/** Items per slice: each slice is deserialized (and its rows rebuilt) by the page in well under 50 ms. */
const SLICE = { steps: 1000, rows: 20_000, info: 50_000, interval: 10_000, temporal: 10_000 };

/** A slice of the steps table's rows (StepInfo without its links to the step and the row mark). */
interface InfoColumns {
  pos: Int32Array;
  freed: Int32Array;
  late: Uint8Array;
  /** The windows fired, for the rows that fired any: [index in the slice, labels]. */
  fired: [number, string[]][];
}

function infoColumns(info: readonly StepInfo[], from: number, to: number): InfoColumns {
  const n = Math.max(0, to - from);
  const c: InfoColumns = { pos: new Int32Array(n), freed: new Int32Array(n), late: new Uint8Array(n), fired: [] };
  for (let i = 0; i < n; i++) {
    const x = info[from + i];
    c.pos[i] = x.pos;
    c.freed[i] = x.freed;
    c.late[i] = x.late ? 1 : 0;
    if (x.fired.length) c.fired.push([i, x.fired]);
  }
  return c;
}

/** The rows back from their columns (appended to `out`; step and row are linked by joinModel). */
function infoRows(c: InfoColumns, out: StepInfo[]): void {
  const base = out.length;
  for (let i = 0; i < c.pos.length; i++) out.push({ pos: c.pos[i], step: undefined as unknown as Step, row: null, fired: [], freed: c.freed[i], late: c.late[i] === 1 });
  for (const [i, labels] of c.fired) out[base + i].fired = labels;
}

function slices(key: string, xs: unknown[], size: number, post: (p: Part) => void, from = 0, to = xs.length): void {
  for (let i = from; i < to; i += size) post({ key, at: i, items: xs.slice(i, Math.min(to, i + size)) });
}

/** The objects row marks and changelog rows link to, in the order both sides list them: every
 * interval-join row (by step), every temporal probe row, every UNNEST fan-out. */
interface Targets {
  interval: IntervalRow[];
  temporal: TemporalProbe[];
  fans: UnnestFan[];
}

/** An interval join's rows in step order, and each one's index there (-1: not among them). */
interface IntervalIndex {
  flat: IntervalRow[];
  at: (r: IntervalRow) => number;
}

/** The rows of `probes` (probes[p]: the rows of step p, each with `pos` p) in step order; a row's
 * index is found from its step without a map (one is made only for a row not at its step). */
function intervalIndex(probes: readonly IntervalRow[][]): IntervalIndex {
  const start = new Int32Array(probes.length);
  const flat: IntervalRow[] = [];
  for (let p = 0; p < probes.length; p++) {
    start[p] = flat.length;
    const l = probes[p];
    for (let k = 0; k < l.length; k++) flat.push(l[k]);
  }
  let slow: ((r: IntervalRow) => number) | null = null;
  const at = (r: IntervalRow): number => {
    const l = probes[r.pos];
    if (l) for (let k = 0; k < l.length; k++) if (l[k] === r) return start[r.pos] + k;
    slow ??= indexer(flat);
    return slow(r);
  };
  return { flat, at };
}

/** A linked object's index, or -1 when the list does not hold it. */
function indexer<T>(xs: T[]): (x: T) => number {
  const at = new Map<T, number>();
  xs.forEach((x, i) => at.set(x, i));
  return (x) => at.get(x) ?? -1;
}

/** The links of the sliced rows as indexes into the targets (`ok` false: one was not there, so
 * the rows cannot be sliced without losing it). */
function linkers(m: QueryModel, iv: IntervalIndex): { mark: Link<RowMark>; out: Link<OutputRow>; ok: () => boolean } {
  // (the maps are made at the first link that needs them: most models link to nothing)
  let tpAt: ((x: TemporalProbe) => number) | null = null;
  let fanAt: ((x: UnnestFan) => number) | null = null;
  const tp = (x: TemporalProbe): number => (tpAt ??= indexer(m.temporal ? m.temporal.probes : []))(x);
  const fan = (x: UnnestFan): number => (fanAt ??= indexer(m.unnests))(x);
  let ok = true;
  const at = (i: number): number => {
    if (i < 0) ok = false;
    return i;
  };
  const mark: Link<RowMark> = (f, v) => (f === 'interval' ? at(iv.at(v as IntervalRow)) : f === 'temporal' ? at(tp(v as TemporalProbe)) : v);
  const out: Link<OutputRow> = (f, v) => {
    if (f === 'temporal') return at(tp(v as TemporalProbe));
    if (f === 'padded') return { ...(v as NonNullable<OutputRow['padded']>), of: at(iv.at((v as NonNullable<OutputRow['padded']>).of)) };
    if (f === 'unnest') return { ...(v as NonNullable<OutputRow['unnest']>), fan: at(fan((v as NonNullable<OutputRow['unnest']>).fan)) };
    return v;
  };
  return { mark, out, ok: () => ok };
}

/** The page side of `linkers`: each index the sliced rows carry back to the skeleton's object
 * (`interval`: the interval join's rows in step order, as they came). */
function relink(m: QueryModel, lanes: RowMark[][], outputs: OutputRow[], interval: IntervalRow[]): void {
  const t: Targets = { interval, temporal: m.temporal ? m.temporal.probes : [], fans: m.unnests };
  for (const rows of lanes)
    for (const r of rows) {
      if (typeof r.interval === 'number') r.interval = t.interval[r.interval] ?? null;
      if (typeof r.temporal === 'number') r.temporal = t.temporal[r.temporal] ?? null;
    }
  for (const o of outputs) {
    if (typeof o.temporal === 'number') o.temporal = t.temporal[o.temporal] ?? null;
    if (o.padded && typeof o.padded.of === 'number') o.padded.of = t.interval[o.padded.of];
    if (o.unnest && typeof o.unnest.fan === 'number') o.unnest.fan = t.fans[o.unnest.fan];
  }
}

/** `model.held` (one entry a position: null, or the hold, one object for all its positions) as
 * its runs: run k holds from position `at[k]` on (up to the next run, or `length`), `by[k]` the
 * index of its input's name in `names` (-1: no hold) since step `since[k]`. */
interface HeldRuns {
  at: Int32Array;
  by: Int32Array;
  since: Int32Array;
  names: string[];
  length: number;
}

function heldRuns(held: readonly (HeldBack | null)[]): HeldRuns {
  const at: number[] = [];
  const by: number[] = [];
  const since: number[] = [];
  const names: string[] = [];
  for (let i = 0; i < held.length; i++) {
    const x = held[i];
    if (i > 0 && x === held[i - 1]) continue;
    at.push(i);
    if (x === null) {
      by.push(-1);
      since.push(0);
      continue;
    }
    let k = names.indexOf(x.by);
    if (k < 0) k = names.push(x.by) - 1;
    by.push(k);
    since.push(x.since);
  }
  return { at: Int32Array.from(at), by: Int32Array.from(by), since: Int32Array.from(since), names, length: held.length };
}

function heldFromRuns(r: HeldRuns): (HeldBack | null)[] {
  const out: (HeldBack | null)[] = [];
  for (let k = 0; k < r.at.length; k++) {
    const v: HeldBack | null = r.by[k] < 0 ? null : { by: r.names[r.by[k]], since: r.since[k] };
    const end = k + 1 < r.at.length ? r.at[k + 1] : r.length;
    for (let i = r.at[k]; i < end; i++) out.push(v);
  }
  return out;
}

/** The steps a model of `total` steps sends (all of them, or of a lazy model its first two blocks
 * and the blocks from its last data step on: the end of input and the last data step's state are
 * read without a position shown, panes/state.ts): what the worker's build keeps. */
export function sentSteps(total: number): (i: number) => boolean {
  if (total <= LAZY_STEPS) return () => true;
  const last = Math.floor(Math.max(0, total - 2) / STEP_BLOCK) * STEP_BLOCK;
  const head = Math.min(last, 2 * STEP_BLOCK);
  return (i) => i < head || i >= last;
}

/**
 * Posts the sliced arrays of `model` (query `qi` of `trace`) with `post`, and returns the
 * skeleton to send after them. With `withTrace` false the skeleton carries no trace (the page
 * has it: a `model` request for another query). `built`: where the build found the event-keyed
 * notes and the steps' heads (model/build.ts `buildFrom`; else they are read off the model's
 * steps, which must then all be there).
 */
export function splitModel(model: QueryModel, qi: number, withTrace: boolean, post: (p: Part) => void, built?: { notes: NotesAt; heads: [number, StepKind, string][] }): Skeleton {
  // The lanes' rows and the changelog as columns (row-columns.ts), their links as indexes; made
  // before anything is posted, so that a link the targets lack keeps them in the skeleton instead.
  const iv = intervalIndex(model.interval ? model.interval.probes : []);
  const links = linkers(model, iv);
  const laneCols = model.lanes.map((l) => {
    const cols: RowMarkColumns[] = [];
    for (let k = 0; k < l.rows.length; k += SLICE.rows) cols.push(rowMarkColumns(l.rows, links.mark, k, Math.min(l.rows.length, k + SLICE.rows)));
    return cols;
  });
  const outCols: OutputColumns[] = [];
  for (let k = 0; k < model.outputs.length; k += SLICE.rows) outCols.push(outputColumns(model.outputs, links.out, k, Math.min(model.outputs.length, k + SLICE.rows), model.rowsByPos));
  const rowsSliced = links.ok();
  const total = model.steps.length;
  const lazy = total > LAZY_STEPS;
  // First what the page needs to join the slices as they come (`Joiner`): the number of steps.
  post({ key: 'head', at: 0, items: [total] });
  if (lazy) {
    // The first two blocks, and the last ones from the block of the last data step (`sentSteps`).
    const sent = sentSteps(total);
    let i = 0;
    while (i < total) {
      if (!sent(i)) {
        i++;
        continue;
      }
      let j = i;
      while (j < total && sent(j)) j++;
      slices('steps', model.steps, SLICE.steps, post, i, j);
      i = j;
    }
  } else slices('steps', model.steps, SLICE.steps, post);
  if (rowsSliced) {
    // A slice of rows a message (the lanes' before the rest: the page links the others to them).
    laneCols.forEach((cols, i) => cols.forEach((c, k) => post({ key: `lane:${i}`, at: k * SLICE.rows, items: [c] })));
    outCols.forEach((c, k) => post({ key: 'outputs', at: k * SLICE.rows, items: [c] }));
  }
  // The steps table's rows as columns (a few typed arrays, not one small object each).
  for (let i = 0; i < model.info.length; i += SLICE.info) post({ key: 'info', at: i, items: [infoColumns(model.info, i, Math.min(model.info.length, i + SLICE.info))] });
  // The interval join's rows (one per row that reached it: as many as the lanes' rows) in slices
  // too, in step order; the skeleton keeps how many came at each step and which were cached.
  let interval: Skeleton['interval'] = null;
  if (model.interval) {
    const flat = iv.flat;
    const cached = Int32Array.from(model.interval.cached, iv.at);
    // (a cached row that is not among the probes' rows keeps the view whole in the skeleton)
    if (cached.every((i) => i >= 0)) {
      interval = { counts: Int32Array.from(model.interval.probes, (x) => x.length), cached };
      // as columns (row-columns.ts), a slice a message
      for (let k = 0; k < flat.length; k += SLICE.interval) post({ key: 'interval', at: k, items: [intervalColumns(flat, k, Math.min(flat.length, k + SLICE.interval), model.rowsByPos)] });
    }
  }
  // The temporal join's versions and probe rows the same way (a probe's version by its index).
  let temporal: Skeleton['temporal'] = null;
  if (model.temporal) {
    const t = model.temporal;
    const version = indexer(t.versions);
    const probe = indexer(t.probes);
    const g = { waitsAt: grouped(t.waitsAt, probe), releasedAt: grouped(t.releasedAt, probe) };
    const probes = t.probes.map((r) => ({ ...r, version: r.version ? version(r.version) : -1 }));
    // (a probe or a version the lists lack keeps the view whole in the skeleton)
    if (g.waitsAt.at.every((i) => i >= 0) && g.releasedAt.at.every((i) => i >= 0) && probes.every((r, i) => r.version >= 0 || !t.probes[i].version)) {
      temporal = g;
      slices('tversion', t.versions, SLICE.temporal, post);
      slices('tprobe', probes, SLICE.temporal, post);
    }
  }
  const notes = built ? built.notes : notesAt(model);
  const q: QueryTrace = withoutBigResult({ ...model.query, steps: [], end: null });
  const trace: ScriptTrace | null = withTrace ? { ...model.trace, queries: model.trace.queries.map((x, i) => (i === qi ? q : withoutBigResult(x))) } : null;
  const skeleton: QueryModel = {
    ...model,
    trace: trace as ScriptTrace,
    query: q,
    steps: [],
    info: [],
    rowsByPos: [],
    lanes: rowsSliced ? model.lanes.map((l) => ({ ...l, rows: [] })) : model.lanes,
    outputs: rowsSliced ? [] : model.outputs,
    events: { aggStage: new Map(), dedupPrev: new Map() },
    unnestOf: new Map(),
    held: [],
    interval: interval && model.interval ? { ...model.interval, probes: [], cached: [] } : model.interval,
    temporal: temporal && model.temporal ? { ...model.temporal, versions: [], probes: [], waitsAt: [], releasedAt: [] } : model.temporal,
  };
  return { model: skeleton, query: qi, rowsSliced, notes, steps: total, heads: lazy ? (built ? built.heads : headsOf(model)) : null, interval, temporal, held: heldRuns(model.held) };
}

/** A query whose materialized result has more than LAZY_STEPS lines, without them (each such
 * list becomes null): the page reads its result off the changelog, by the ranks the worker sends
 * (model/result-table.ts), and the compare view gets the whole trace. At 10^6 lines the two lists
 * were the skeleton's bulk: a main-thread task of 0.3–0.4 s to receive. */
function withoutBigResult(q: QueryTrace): QueryTrace {
  const big = (l: string[] | null | undefined) => !!l && l.length > LAZY_STEPS;
  if (!big(q.materialized_unbounded) && !big(q.materialized_bounded)) return q;
  return {
    ...q,
    materialized_unbounded: big(q.materialized_unbounded) ? null : q.materialized_unbounded,
    materialized_bounded: big(q.materialized_bounded) ? null : q.materialized_bounded,
  };
}

/** Kind and text of every step that is not a table's row (a row's mark has its text). */
function headsOf(m: QueryModel): [number, StepKind, string][] {
  const out: [number, StepKind, string][] = [];
  m.steps.forEach((s, i) => {
    if (!(s.kind === 'row' && s.table)) out.push([i + 1, s.kind, s.text]);
  });
  return out;
}

/** The event-keyed notes by step and event index. */
function notesAt(m: QueryModel): NotesAt {
  const out: NotesAt = { aggStage: [], dedupPrev: [], unnestOf: [] };
  if (!m.events.aggStage.size && !m.events.dedupPrev.size && !m.unnestOf.size) return out;
  const where = new Map<Event, At>();
  m.start?.events.forEach((e, i) => where.set(e, [-1, i]));
  m.steps.forEach((s, si) => s.events.forEach((e, i) => where.set(e, [si, i])));
  const fan = new Map<UnnestFan, number>(m.unnests.map((f, i) => [f, i]));
  for (const [e, v] of m.events.aggStage) {
    const at = where.get(e);
    if (at) out.aggStage.push([at, v]);
  }
  for (const [e, v] of m.events.dedupPrev) {
    const at = where.get(e);
    if (at) out.dedupPrev.push([at, v]);
  }
  for (const [e, f] of m.unnestOf) {
    const at = where.get(e);
    const i = fan.get(f);
    if (at && i !== undefined) out.unnestOf.push([at, i]);
  }
  return out;
}

/** A slice's rows as objects: the columns of the steps table's rows, the row marks and the
 * changelog rows are rebuilt (the page does it as each slice arrives, a task each: client.ts). */
export function decodePart(p: Part): Part {
  if (p.decoded || p.key === 'head' || p.key === 'steps' || p.key === 'tversion' || p.key === 'tprobe') return p;
  const items: unknown[] = [];
  if (p.key === 'info') infoRows(p.items[0] as InfoColumns, items as StepInfo[]);
  else if (p.key === 'interval') intervalRows(p.items[0] as IntervalColumns, items as IntervalRow[]);
  else if (p.key === 'outputs') outputRows(p.items[0] as OutputColumns, items as OutputRow[]);
  else if (p.key.startsWith('lane:')) rowMarks(p.items[0] as RowMarkColumns, items as RowMark[]);
  return { key: p.key, at: p.at, items, decoded: true };
}

const decoded = (p: Part): unknown[] => decodePart(p).items;

/**
 * Joins a model's slices as they come (the page's side of `splitModel`: `add` each slice, a task
 * each, then `finish` with the skeleton), so that little is left to do when the skeleton comes:
 * the steps put at their places, each row mark at its position, the steps table's rows linked to
 * their steps and row marks, and the rows sent without their values given their row mark's (the
 * lanes' slices come before the others, after the number of steps: `head`).
 */
export class Joiner {
  /** The model's steps (undefined where not sent), and the row marks by position, once `head` came. */
  private steps: Step[] | null = null;
  private rowsByPos: (RowMark | null)[] | null = null;
  private held = 0;
  private readonly info: StepInfo[] = [];
  /** The steps table's rows up to here are linked to their steps and row marks. */
  private linked = 0;
  private readonly outputs: OutputRow[] = [];
  private readonly laneRows: RowMark[][] = [];
  private readonly ivRows: IntervalRow[] = [];
  private readonly tVersions: TemporalVersion[] = [];
  private readonly tProbes: TemporalProbe[] = [];

  add(p: Part): void {
    if (p.key === 'head') {
      const n = p.items[0] as number;
      const steps: Step[] = [];
      for (let i = 0; i < n; i++) steps.push(undefined as unknown as Step);
      this.steps = steps;
      this.rowsByPos = new Array<RowMark | null>(n + 1).fill(null);
      return;
    }
    if (p.key === 'steps') {
      const steps = (this.steps ??= []);
      for (let k = 0; k < p.items.length; k++) steps[p.at + k] = p.items[k] as Step;
      this.held += p.items.length;
      return;
    }
    if (p.key === 'tversion' || p.key === 'tprobe') {
      const into = (p.key === 'tversion' ? this.tVersions : this.tProbes) as unknown[];
      for (let k = 0; k < p.items.length; k++) into[p.at + k] = p.items[k];
      return;
    }
    const rows = decoded(p);
    const byPos = this.rowsByPos;
    if (p.key === 'info') {
      for (const x of rows) this.info.push(x as StepInfo);
      if (this.steps && byPos) this.link(this.steps, byPos);
    } else if (p.key === 'interval')
      for (let k = 0; k < rows.length; k++) {
        const r = rows[k] as IntervalRow;
        if (byPos && r.row === SAME_ROW) r.row = byPos[r.pos]?.values ?? SAME_ROW;
        this.ivRows[p.at + k] = r;
      }
    else if (p.key === 'outputs')
      for (const x of rows) {
        const o = x as OutputRow;
        if (byPos && o.row === SAME_ROW) o.row = byPos[o.lineage[0]]?.values ?? SAME_ROW;
        this.outputs.push(o);
      }
    else if (p.key.startsWith('lane:')) {
      const lane = (this.laneRows[Number(p.key.slice(5))] ??= []);
      for (const x of rows) {
        const r = x as RowMark;
        lane.push(r);
        if (byPos) byPos[r.pos] = r;
      }
    }
  }

  /** Links the steps table's rows not linked yet to their steps and row marks. */
  private link(steps: Step[], byPos: (RowMark | null)[]): void {
    const info = this.info;
    for (let i = this.linked; i < info.length; i++) {
      info[i].step = steps[i];
      info[i].row = byPos[i + 1] ?? null;
    }
    this.linked = info.length;
  }

  /** The model, from its skeleton and the slices added; `trace` is the page's trace when the
   * skeleton carries none. */
  finish(sk: Skeleton, trace: ScriptTrace | null): QueryModel {
    const m = sk.model;
    // The steps sent, at their indexes (undefined where a lazy model's step was not sent).
    let steps = this.steps;
    if (!steps || steps.length !== sk.steps) {
      const all: Step[] = [];
      for (let i = 0; i < sk.steps; i++) all.push(steps?.[i] as Step);
      steps = all;
      this.linked = 0;
    }
    let held = this.held;
    const { info, outputs, laneRows, ivRows, tVersions, tProbes } = this;
    if (sk.model.trace) {
      // The skeleton's trace: its copy of the query gets the steps back (the same objects).
      m.query.steps = steps.slice(0, m.dataSteps);
      m.query.end = m.hasEnd ? (steps[steps.length - 1] ?? null) : null;
    } else if (trace) {
      m.trace = trace;
      m.query = trace.queries[sk.query];
      // The page's trace may hold every step of this query already (another query's model was
      // loaded first): then nothing is fetched.
      if (sk.heads && held < sk.steps && complete(m.query, m.dataSteps, m.hasEnd)) {
        for (let i = 0; i < m.dataSteps; i++) steps[i] = m.query.steps[i];
        if (m.hasEnd && m.query.end) steps[m.dataSteps] = m.query.end;
        held = sk.steps;
        this.linked = 0;
      }
    }
    m.steps = steps;
    m.held = heldFromRuns(sk.held);
    if (sk.interval && m.interval) {
      // The interval join's rows back in their steps (before the links to them are restored).
      const probes: IntervalRow[][] = [];
      let k = 0;
      for (const n of sk.interval.counts) {
        probes.push(ivRows.slice(k, k + n));
        k += n;
      }
      m.interval.probes = probes;
      m.interval.cached = Array.from(sk.interval.cached, (i) => ivRows[i]);
    }
    if (sk.temporal && m.temporal) {
      for (const r of tProbes) r.version = typeof r.version === 'number' ? (tVersions[r.version] ?? null) : r.version;
      m.temporal.versions = tVersions;
      m.temporal.probes = tProbes;
      m.temporal.waitsAt = ungrouped(sk.temporal.waitsAt, tProbes);
      m.temporal.releasedAt = ungrouped(sk.temporal.releasedAt, tProbes);
    }
    if (sk.rowsSliced) {
      // (links to the richer views' objects: only a model with such a view has any)
      if (m.interval || m.temporal || m.unnests.length) relink(m, laneRows, outputs, sk.interval ? ivRows : m.interval ? m.interval.probes.flat() : []);
      m.lanes = m.lanes.map((l: Lane, i) => ({ ...l, rows: laneRows[i] ?? [] }));
      m.outputs = outputs;
    }
    let rowsByPos = this.rowsByPos;
    if (!rowsByPos || !sk.rowsSliced || rowsByPos.length !== steps.length + 1) {
      rowsByPos = new Array<RowMark | null>(steps.length + 1).fill(null);
      for (const l of m.lanes) for (const r of l.rows) rowsByPos[r.pos] = r;
      this.linked = 0;
    }
    m.rowsByPos = rowsByPos;
    // The rows sent without their values (a row mark's: row-columns.ts `shared`) that came
    // before their row marks get its array now.
    if (sk.rowsSliced) for (const o of m.outputs) if (o.row === SAME_ROW) o.row = rowsByPos[o.lineage[0]]?.values ?? [];
    if (sk.interval) for (const r of ivRows) if (r.row === SAME_ROW) r.row = rowsByPos[r.pos]?.values ?? [];
    this.link(steps, rowsByPos);
    m.info = info;
    // The event-keyed notes: on the steps held now, the others when their steps come (fillSteps).
    m.events = { aggStage: new Map(), dedupPrev: new Map() };
    m.unnestOf = new Map();
    const pending = notesByStep(sk.notes);
    for (const [si, n] of pending) {
      const s = si < 0 ? m.start : steps[si];
      if (s) applyNotes(m, s, n);
      if (s || si < 0) pending.delete(si);
    }
    m.lazy = null;
    if (sk.heads && held < sk.steps) {
      // The steps not sent: their blocks are fetched when needed.
      const loaded = new Uint8Array(Math.ceil(sk.steps / STEP_BLOCK));
      for (let blk = 0; blk < loaded.length; blk++) {
        const a = blk * STEP_BLOCK;
        const b = Math.min(sk.steps, a + STEP_BLOCK);
        let all = true;
        for (let i = a; i < b && all; i++) all = steps[i] !== undefined;
        loaded[blk] = all ? 1 : 0;
      }
      m.lazy = { query: sk.query, loaded, heads: new Map(sk.heads.map(([pos, kind, text]) => [pos, { kind, text }])), notes: pending };
    }
    return m;
  }
}

/** The model back from its skeleton and slices (in the order they were posted); `trace` is the
 * page's trace when the skeleton carries none. */
export function joinModel(sk: Skeleton, parts: Part[], trace: ScriptTrace | null): QueryModel {
  const j = new Joiner();
  for (const p of parts) j.add(p);
  return j.finish(sk, trace);
}

/** Every step of `q` is there (no hole). */
function complete(q: QueryTrace, dataSteps: number, hasEnd: boolean): boolean {
  if (q.steps.length !== dataSteps || (hasEnd && !q.end)) return false;
  for (let i = 0; i < dataSteps; i++) if (q.steps[i] === undefined) return false;
  return true;
}

/** Steps `from` … `to` − 1 of query `query`'s model (its steps, then its end) from a trace whose
 * steps are objects (the worker answers a `steps` request from its packed trace: engine/unpack.ts). */
export function stepsOf(trace: ScriptTrace, query: number, from: number, to: number): Step[] {
  const q = trace.queries[Math.max(0, Math.min(query, trace.queries.length - 1))];
  const out: Step[] = [];
  if (!q) return out;
  const n = q.steps.length + (q.end ? 1 : 0);
  for (let i = Math.max(0, from); i < Math.min(n, to); i++) out.push(i < q.steps.length ? q.steps[i] : (q.end as Step));
  return out;
}

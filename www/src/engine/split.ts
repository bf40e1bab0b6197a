// A query's view model, split for the trip from the worker to the page: the big arrays (the
// steps, the steps-table rows, and for a query whose rows reference nothing else the lanes' rows
// and the changelog) go in slices, one message each, so the page's main thread deserializes them
// in many short tasks instead of one long one; the rest (the skeleton) goes last, with the reply.
// A model of more than LAZY_STEPS steps sends only its first and last blocks of steps: the worker
// keeps the trace and the page fetches the other blocks as it needs them (model/step-blocks.ts).
// The page joins them back (`joinModel`), restoring every shared reference the model has: the
// steps in the trace and the model, each step-table row's step and row mark, the lanes' row marks
// by step, and the event-keyed notes (re-keyed by step and event index on the way).

import { applyNotes, type At, LAZY_STEPS, type NotesAt, notesByStep, STEP_BLOCK } from '../model/step-blocks';
import type { Lane, OutputRow, QueryModel, RowMark, StepInfo, UnnestFan } from '../model/types';
import type { Event, QueryTrace, ScriptTrace, Step, StepKind } from '../trace';
import { type OutputColumns, outputColumns, outputRows, type RowMarkColumns, rowMarkColumns, rowMarks } from './row-columns';

/** One slice of one of the model's arrays. */
export interface Part {
  /** `steps`, `info`, `outputs` or `lane:<i>`. */
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
}

/** Items per slice: each slice is deserialized (and its rows rebuilt) by the page in well under 50 ms. */
const SLICE = { steps: 1000, rows: 20_000, info: 50_000 };

/** A slice of the steps table's rows (StepInfo without its links to the step and the row mark). */
interface InfoColumns {
  pos: Int32Array;
  freed: Int32Array;
  late: Uint8Array;
  /** The windows fired, for the rows that fired any: [index in the slice, labels]. */
  fired: [number, string[]][];
}

function infoColumns(info: StepInfo[]): InfoColumns {
  const c: InfoColumns = { pos: new Int32Array(info.length), freed: new Int32Array(info.length), late: new Uint8Array(info.length), fired: [] };
  info.forEach((x, i) => {
    c.pos[i] = x.pos;
    c.freed[i] = x.freed;
    c.late[i] = x.late ? 1 : 0;
    if (x.fired.length) c.fired.push([i, x.fired]);
  });
  return c;
}

/** The rows back from their columns (appended to `out`; step and row are linked by joinModel). */
function infoRows(c: InfoColumns, out: StepInfo[]): void {
  const fired = new Map(c.fired);
  for (let i = 0; i < c.pos.length; i++) out.push({ pos: c.pos[i], step: undefined as unknown as Step, row: null, fired: fired.get(i) ?? [], freed: c.freed[i], late: c.late[i] === 1 });
}

function slices(key: string, xs: unknown[], size: number, post: (p: Part) => void, from = 0, to = xs.length): void {
  for (let i = from; i < to; i += size) post({ key, at: i, items: xs.slice(i, Math.min(to, i + size)) });
}

/** A query whose row marks and changelog rows point at nothing but values (no interval, temporal,
 * UNNEST, PTF or lookup views, which link them): they can be sliced without losing a link. */
function plainRows(m: QueryModel): boolean {
  return !m.interval && !m.temporal && !m.unnests.length && !m.ptf && !m.lookups.length;
}

/**
 * Posts the sliced arrays of `model` (query `qi` of `trace`) with `post`, and returns the
 * skeleton to send after them. With `withTrace` false the skeleton carries no trace (the page
 * has it: a `model` request for another query).
 */
export function splitModel(model: QueryModel, qi: number, withTrace: boolean, post: (p: Part) => void): Skeleton {
  const rowsSliced = plainRows(model);
  const total = model.steps.length;
  const lazy = total > LAZY_STEPS;
  if (lazy) {
    // The first two blocks, and the last ones from the block of the last data step (the end of
    // input and the last data step's state are read without a position shown: panes/state.ts).
    const last = Math.floor(Math.max(0, total - 2) / STEP_BLOCK) * STEP_BLOCK;
    const head = Math.min(last, 2 * STEP_BLOCK);
    slices('steps', model.steps, SLICE.steps, post, 0, head);
    slices('steps', model.steps, SLICE.steps, post, last, total);
  } else slices('steps', model.steps, SLICE.steps, post);
  // The steps table's rows as columns (a few typed arrays, not one small object each).
  for (let i = 0; i < model.info.length; i += SLICE.info) post({ key: 'info', at: i, items: [infoColumns(model.info.slice(i, i + SLICE.info))] });
  if (rowsSliced) {
    // As columns (row-columns.ts), a slice of rows a message.
    model.lanes.forEach((l, i) => {
      for (let k = 0; k < l.rows.length; k += SLICE.rows) post({ key: `lane:${i}`, at: k, items: [rowMarkColumns(l.rows.slice(k, k + SLICE.rows))] });
    });
    for (let k = 0; k < model.outputs.length; k += SLICE.rows) post({ key: 'outputs', at: k, items: [outputColumns(model.outputs.slice(k, k + SLICE.rows))] });
  }
  const notes = notesAt(model);
  const q: QueryTrace = { ...model.query, steps: [], end: null };
  const trace: ScriptTrace | null = withTrace ? { ...model.trace, queries: model.trace.queries.map((x, i) => (i === qi ? q : x)) } : null;
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
  };
  return { model: skeleton, query: qi, rowsSliced, notes, steps: total, heads: lazy ? headsOf(model) : null };
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
  if (p.decoded || p.key === 'steps') return p;
  const items: unknown[] = [];
  if (p.key === 'info') infoRows(p.items[0] as InfoColumns, items as StepInfo[]);
  else if (p.key === 'outputs') outputRows(p.items[0] as OutputColumns, items as OutputRow[]);
  else if (p.key.startsWith('lane:')) rowMarks(p.items[0] as RowMarkColumns, items as RowMark[]);
  return { key: p.key, at: p.at, items, decoded: true };
}

const decoded = (p: Part): unknown[] => decodePart(p).items;

/** The model back from its skeleton and slices; `trace` is the page's trace when the skeleton
 * carries none. */
export function joinModel(sk: Skeleton, parts: Part[], trace: ScriptTrace | null): QueryModel {
  const m = sk.model;
  // The steps sent, at their indexes (undefined where a lazy model's step was not sent).
  const steps: Step[] = [];
  for (let i = 0; i < sk.steps; i++) steps.push(undefined as unknown as Step);
  let held = 0;
  const info: StepInfo[] = [];
  const outputs: OutputRow[] = [];
  const laneRows: RowMark[][] = [];
  for (const p of parts) {
    if (p.key === 'steps') {
      for (let k = 0; k < p.items.length; k++) steps[p.at + k] = p.items[k] as Step;
      held += p.items.length;
      continue;
    }
    const rows = decoded(p);
    if (p.key === 'info') for (const x of rows) info.push(x as StepInfo);
    else if (p.key === 'outputs') for (const x of rows) outputs.push(x as OutputRow);
    else if (p.key.startsWith('lane:')) {
      const lane = (laneRows[Number(p.key.slice(5))] ??= []);
      for (const x of rows) lane.push(x as RowMark);
    }
  }
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
    }
  }
  m.steps = steps;
  if (sk.rowsSliced) {
    m.lanes = m.lanes.map((l: Lane, i) => ({ ...l, rows: laneRows[i] ?? [] }));
    m.outputs = outputs;
  }
  const rowsByPos: (RowMark | null)[] = new Array(steps.length + 1).fill(null);
  for (const l of m.lanes) for (const r of l.rows) rowsByPos[r.pos] = r;
  m.rowsByPos = rowsByPos;
  for (let i = 0; i < info.length; i++) {
    info[i].step = steps[i];
    info[i].row = rowsByPos[i + 1];
  }
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

/** Every step of `q` is there (no hole). */
function complete(q: QueryTrace, dataSteps: number, hasEnd: boolean): boolean {
  if (q.steps.length !== dataSteps || (hasEnd && !q.end)) return false;
  for (let i = 0; i < dataSteps; i++) if (q.steps[i] === undefined) return false;
  return true;
}

/** Steps `from` … `to` − 1 of query `query`'s model (its steps, then its end) from `trace`: what
 * the worker answers a `steps` request with. */
export function stepsOf(trace: ScriptTrace, query: number, from: number, to: number): Step[] {
  const q = trace.queries[Math.max(0, Math.min(query, trace.queries.length - 1))];
  const out: Step[] = [];
  if (!q) return out;
  const n = q.steps.length + (q.end ? 1 : 0);
  for (let i = Math.max(0, from); i < Math.min(n, to); i++) out.push(i < q.steps.length ? q.steps[i] : (q.end as Step));
  return out;
}

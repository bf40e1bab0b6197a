// The lanes' row marks and the changelog's rows as columns, for the trip from the worker to the
// page (engine/split.ts): a slice of rows crosses as a few typed arrays and flat string arrays
// instead of one object of a dozen properties each, which postMessage's serializer writes (and the
// page's deserializer rebuilds) key by key. The page rebuilds the same objects (`rowMarks`,
// `outputRows`). A field that is rarely set (a late row's window, a pair's meaning) crosses as a
// sparse list; a link to an object of the richer views (an interval join's row, a temporal join's
// probe row, an UNNEST fan-out) crosses as what `link` makes of it (its index: split.ts), and the
// page puts the object back once the skeleton holding it has come (split.ts `relink`). An interval
// join's rows cross as columns too (`intervalColumns`). A changelog row or an interval join's row
// whose values are its input row's (the same array: a row passed through) crosses without them:
// the page gives it its row mark's array (`SAME_ROW` until then), as the worker's model shares it.

import type { IntervalRow, OutputRow, RowMark } from '../model/types';
import type { RowKind } from '../trace';

const KINDS: RowKind[] = ['+I', '-U', '+U', '-D'];

/** A row kind's index in KINDS (no search: one comparison or three). */
const kindCode = (k: RowKind): number => (k === '+I' ? 0 : k === '-U' ? 1 : k === '+U' ? 2 : 3);

/** Strings of many short arrays as one array and their offsets. */
interface Flat<T> {
  items: T[];
  /** Array i is items[off[i]] … items[off[i + 1] − 1]. */
  off: Int32Array;
}

const flatOf = <T>(n: number): Flat<T> => ({ items: [], off: new Int32Array(n + 1) });

/** Appends array `a` as array i of `f` (arrays are appended in order). */
function putFlat<T>(f: Flat<T>, i: number, a: readonly T[]): void {
  const items = f.items;
  for (let k = 0; k < a.length; k++) items.push(a[k]);
  f.off[i + 1] = items.length;
}

function unflat<T>(f: Flat<T>, i: number): T[] {
  return f.items.slice(f.off[i], f.off[i + 1]);
}

/** A nullable number as a value and a null mask. */
interface Nums {
  v: Float64Array;
  isNull: Uint8Array;
}

const numsOf = (n: number): Nums => ({ v: new Float64Array(n), isNull: new Uint8Array(n) });

function putNum(c: Nums, i: number, x: number | null): void {
  if (x === null) c.isNull[i] = 1;
  else c.v[i] = x;
}

const num = (n: Nums, i: number): number | null => (n.isNull[i] ? null : n.v[i]);

/** What a rare field's value crosses as (the identity when it links to nothing). */
export type Link<T> = (field: keyof T, value: unknown) => unknown;

const same = (_f: unknown, v: unknown): unknown => v;

/** Where a rebuilt row's values are its row mark's, until its row mark has come (engine/split.ts
 * `Joiner` puts the row mark's array there). */
export const SAME_ROW: string[] = [];

export interface RowMarkColumns {
  n: number;
  pos: Int32Array;
  lane: Int32Array;
  x: Nums;
  kind: Uint8Array;
  values: Flat<string>;
  text: string[];
  line: Int32Array;
  wmBefore: Nums;
  behind: Uint8Array;
  /** The fields that are rarely set ('late', 'dropped', 'interval', 'temporal'), as [index, field, value]. */
  rare: [number, keyof RowMark, unknown][];
}

/** Row marks `from` … `to` − 1 of `rows` as columns: one pass, into arrays of their final size. */
export function rowMarkColumns(rows: readonly RowMark[], link: Link<RowMark> = same, from = 0, to = rows.length): RowMarkColumns {
  const n = Math.max(0, to - from);
  const c: RowMarkColumns = {
    n,
    pos: new Int32Array(n),
    lane: new Int32Array(n),
    x: numsOf(n),
    kind: new Uint8Array(n),
    values: flatOf<string>(n),
    text: [],
    line: new Int32Array(n),
    wmBefore: numsOf(n),
    behind: new Uint8Array(n),
    rare: [],
  };
  const { text, rare } = c;
  for (let i = 0; i < n; i++) {
    const r = rows[from + i];
    c.pos[i] = r.pos;
    c.lane[i] = r.lane;
    putNum(c.x, i, r.x);
    c.kind[i] = kindCode(r.kind);
    putFlat(c.values, i, r.values);
    text.push(r.text);
    c.line[i] = r.line;
    putNum(c.wmBefore, i, r.wmBefore);
    c.behind[i] = r.behind ? 1 : 0;
    if (r.late !== null) rare.push([i, 'late', link('late', r.late)]);
    if (r.dropped !== null) rare.push([i, 'dropped', link('dropped', r.dropped)]);
    if (r.interval !== null) rare.push([i, 'interval', link('interval', r.interval)]);
    if (r.temporal !== null) rare.push([i, 'temporal', link('temporal', r.temporal)]);
  }
  return c;
}

/** The row marks back (appended to `out`). */
export function rowMarks(c: RowMarkColumns, out: RowMark[]): void {
  const base = out.length;
  for (let i = 0; i < c.n; i++) {
    out.push({
      pos: c.pos[i],
      lane: c.lane[i],
      x: num(c.x, i),
      kind: KINDS[c.kind[i]],
      values: unflat(c.values, i),
      text: c.text[i],
      late: null,
      dropped: null,
      line: c.line[i],
      wmBefore: num(c.wmBefore, i),
      behind: c.behind[i] === 1,
      interval: null,
      temporal: null,
    });
  }
  for (const [i, f, v] of c.rare) (out[base + i] as unknown as Record<string, unknown>)[f] = v;
}

export interface OutputColumns {
  n: number;
  index: Int32Array;
  pos: Int32Array;
  kind: Uint8Array;
  row: Flat<string>;
  text: string[];
  lineage: Flat<number>;
  x: Nums;
  partner: Int32Array;
  retracts: Int32Array;
  /** 1: its `row` is its first lineage step's input row (the row mark's values, not sent: the
   * page puts the row mark's array back, `SAME_ROW` until then). */
  shared: Uint8Array;
  /** The fields that are rarely set ('pairKind', 'padded', 'temporal', 'unnest'), as [index, field, value]. */
  rare: [number, keyof OutputRow, unknown][];
}

/** Changelog rows `from` … `to` − 1 of `rows` as columns: one pass, into arrays of their final size.
 * `marks` (the model's `rowsByPos`): a row whose values are its first lineage step's row mark's
 * (the same array: a row passed through) is sent without them. */
export function outputColumns(rows: readonly OutputRow[], link: Link<OutputRow> = same, from = 0, to = rows.length, marks: readonly (RowMark | null)[] = []): OutputColumns {
  const n = Math.max(0, to - from);
  const c: OutputColumns = {
    n,
    index: new Int32Array(n),
    pos: new Int32Array(n),
    kind: new Uint8Array(n),
    row: flatOf<string>(n),
    text: [],
    lineage: flatOf<number>(n),
    x: numsOf(n),
    partner: new Int32Array(n),
    retracts: new Int32Array(n),
    shared: new Uint8Array(n),
    rare: [],
  };
  const { text, rare } = c;
  for (let i = 0; i < n; i++) {
    const r = rows[from + i];
    c.index[i] = r.index;
    c.pos[i] = r.pos;
    c.kind[i] = kindCode(r.kind);
    text.push(r.text);
    if (r.lineage.length && marks[r.lineage[0]]?.values === r.row) {
      c.shared[i] = 1;
      c.row.off[i + 1] = c.row.items.length;
    } else putFlat(c.row, i, r.row);
    putFlat(c.lineage, i, r.lineage);
    putNum(c.x, i, r.x);
    c.partner[i] = r.partner;
    c.retracts[i] = r.retracts;
    if (r.pairKind !== null) rare.push([i, 'pairKind', link('pairKind', r.pairKind)]);
    if (r.padded !== null) rare.push([i, 'padded', link('padded', r.padded)]);
    if (r.temporal !== null) rare.push([i, 'temporal', link('temporal', r.temporal)]);
    if (r.unnest !== null) rare.push([i, 'unnest', link('unnest', r.unnest)]);
  }
  return c;
}

/** The changelog rows back (appended to `out`). */
export function outputRows(c: OutputColumns, out: OutputRow[]): void {
  const base = out.length;
  for (let i = 0; i < c.n; i++) {
    out.push({
      index: c.index[i],
      pos: c.pos[i],
      kind: KINDS[c.kind[i]],
      row: c.shared[i] ? SAME_ROW : unflat(c.row, i),
      text: c.text[i],
      lineage: unflat(c.lineage, i),
      x: num(c.x, i),
      partner: c.partner[i],
      pairKind: null,
      retracts: c.retracts[i],
      padded: null,
      temporal: null,
      unnest: null,
    });
  }
  for (const [i, f, v] of c.rare) (out[base + i] as unknown as Record<string, unknown>)[f] = v;
}

export interface IntervalColumns {
  n: number;
  op: Int32Array;
  pos: Int32Array;
  /** 0: `left`, 1: `right` (any other side name crosses in `sides`). */
  side: Uint8Array;
  sides: string[];
  /** The slice's distinct keys (by identity: the rows of a key share its array), and each row's. */
  keys: Flat<string>;
  key: Int32Array;
  row: Flat<string>;
  /** 1: its `row` is its step's row mark's values (not sent: `SAME_ROW` until the page puts the
   * row mark's array back). */
  shared: Uint8Array;
  lineage: Flat<number>;
  lane: Nums;
  otherLane: Nums;
  time: Float64Array;
  from: Float64Array;
  to: Float64Array;
  timeMs: Float64Array;
  matched: Int32Array;
  cached: Uint8Array;
  expires: Nums;
  /** Its timers as [pos, at] pairs (`at` NaN for null). */
  timers: Flat<number>;
  leftPos: Nums;
  leftTimer: Nums;
  leftAt: Nums;
  padded: Uint8Array;
}

/** An interval join's rows (model/types.ts `IntervalRow`) as columns: one pass, into arrays of
 * their final size (a slice holds 10,000 rows, each with a handful of strings). A key is sent
 * once per slice (the rows of a key share its array, as the worker's rows do: engine/unpack.ts). */
export function intervalColumns(rows: readonly IntervalRow[], from = 0, to = rows.length, marks: readonly (RowMark | null)[] = []): IntervalColumns {
  const n = Math.max(0, to - from);
  const sides: string[] = [];
  const keyAt = new Map<readonly string[], number>();
  const c: IntervalColumns = {
    n,
    op: new Int32Array(n),
    pos: new Int32Array(n),
    side: new Uint8Array(n),
    sides,
    keys: { items: [], off: new Int32Array(1) },
    key: new Int32Array(n),
    row: flatOf<string>(n),
    shared: new Uint8Array(n),
    lineage: flatOf<number>(n),
    lane: numsOf(n),
    otherLane: numsOf(n),
    time: new Float64Array(n),
    from: new Float64Array(n),
    to: new Float64Array(n),
    timeMs: new Float64Array(n),
    matched: new Int32Array(n),
    cached: new Uint8Array(n),
    expires: numsOf(n),
    timers: flatOf<number>(n),
    leftPos: numsOf(n),
    leftTimer: numsOf(n),
    leftAt: numsOf(n),
    padded: new Uint8Array(n),
  };
  const keyOff: number[] = [0];
  for (let i = 0; i < n; i++) {
    const r = rows[from + i];
    c.op[i] = r.op;
    c.pos[i] = r.pos;
    let si = sides.indexOf(r.side);
    if (si < 0) si = sides.push(r.side) - 1;
    c.side[i] = si;
    let ki = keyAt.get(r.key);
    if (ki === undefined) {
      ki = keyOff.length - 1;
      keyAt.set(r.key, ki);
      for (const x of r.key) c.keys.items.push(x);
      keyOff.push(c.keys.items.length);
    }
    c.key[i] = ki;
    if (marks[r.pos]?.values === r.row) {
      c.shared[i] = 1;
      c.row.off[i + 1] = c.row.items.length;
    } else putFlat(c.row, i, r.row);
    putFlat(c.lineage, i, r.lineage);
    putNum(c.lane, i, r.lane);
    putNum(c.otherLane, i, r.otherLane);
    c.time[i] = r.time;
    c.from[i] = r.from;
    c.to[i] = r.to;
    c.timeMs[i] = r.timeMs;
    c.matched[i] = r.matched;
    c.cached[i] = r.cached ? 1 : 0;
    putNum(c.expires, i, r.expires);
    const timers = c.timers.items;
    for (const t of r.timers) timers.push(t.pos, t.at ?? Number.NaN);
    c.timers.off[i + 1] = timers.length;
    putNum(c.leftPos, i, r.leftPos);
    putNum(c.leftTimer, i, r.leftTimer);
    putNum(c.leftAt, i, r.leftAt);
    c.padded[i] = r.padded ? 1 : 0;
  }
  c.keys.off = Int32Array.from(keyOff);
  return c;
}

/** The interval join's rows back (appended to `out`). */
export function intervalRows(c: IntervalColumns, out: IntervalRow[]): void {
  const keys: string[][] = [];
  for (let k = 0; k + 1 < c.keys.off.length; k++) keys.push(unflat(c.keys, k));
  const t = c.timers;
  for (let i = 0; i < c.n; i++) {
    const timers: IntervalRow['timers'] = [];
    for (let k = t.off[i]; k + 1 < t.off[i + 1]; k += 2) timers.push({ pos: t.items[k], at: Number.isNaN(t.items[k + 1]) ? null : t.items[k + 1] });
    out.push({
      op: c.op[i],
      pos: c.pos[i],
      side: c.sides[c.side[i]],
      key: keys[c.key[i]],
      row: c.shared[i] ? SAME_ROW : unflat(c.row, i),
      lineage: unflat(c.lineage, i),
      lane: num(c.lane, i),
      otherLane: num(c.otherLane, i),
      time: c.time[i],
      from: c.from[i],
      to: c.to[i],
      timeMs: c.timeMs[i],
      matched: c.matched[i],
      cached: c.cached[i] === 1,
      expires: num(c.expires, i),
      timers,
      leftPos: num(c.leftPos, i),
      leftTimer: num(c.leftTimer, i),
      leftAt: num(c.leftAt, i),
      padded: c.padded[i] === 1,
    });
  }
}

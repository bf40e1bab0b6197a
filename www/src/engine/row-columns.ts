// The lanes' row marks and the changelog's rows as columns, for the trip from the worker to the
// page (engine/split.ts): a slice of rows crosses as a few typed arrays and flat string arrays
// instead of one object of a dozen properties each, which postMessage's serializer writes (and the
// page's deserializer rebuilds) key by key. The page rebuilds the same objects (`rowMarks`,
// `outputRows`). A field that is rarely set (a late row's window, a pair's meaning) crosses as a
// sparse list; a link to an object of the richer views (an interval join's row, a temporal join's
// probe row, an UNNEST fan-out) crosses as what `link` makes of it (its index: split.ts), and the
// page puts the object back once the skeleton holding it has come (split.ts `relink`). An interval
// join's rows cross as columns too (`intervalColumns`).

import type { IntervalRow, OutputRow, RowMark } from '../model/types';
import type { RowKind } from '../trace';

const KINDS: RowKind[] = ['+I', '-U', '+U', '-D'];

/** Strings of many short arrays as one array and their offsets. */
interface Flat<T> {
  items: T[];
  /** Array i is items[off[i]] … items[off[i + 1] − 1]. */
  off: Int32Array;
}

function flat<T>(arrays: T[][]): Flat<T> {
  const off = new Int32Array(arrays.length + 1);
  const items: T[] = [];
  arrays.forEach((a, i) => {
    for (const x of a) items.push(x);
    off[i + 1] = items.length;
  });
  return { items, off };
}

function unflat<T>(f: Flat<T>, i: number): T[] {
  return f.items.slice(f.off[i], f.off[i + 1]);
}

/** A nullable number as a value and a null mask. */
interface Nums {
  v: Float64Array;
  isNull: Uint8Array;
}

function nums(xs: (number | null)[]): Nums {
  const v = new Float64Array(xs.length);
  const isNull = new Uint8Array(xs.length);
  xs.forEach((x, i) => {
    if (x === null) isNull[i] = 1;
    else v[i] = x;
  });
  return { v, isNull };
}

const num = (n: Nums, i: number): number | null => (n.isNull[i] ? null : n.v[i]);

function kinds(xs: RowKind[]): Uint8Array {
  return Uint8Array.from(xs, (k) => KINDS.indexOf(k));
}

/** What a rare field's value crosses as (the identity when it links to nothing). */
export type Link<T> = (field: keyof T, value: unknown) => unknown;

/** The fields of `rows` that are not null, as [index, field, value]. */
function sparse<T>(rows: T[], fields: (keyof T)[], link: Link<T>): [number, keyof T, unknown][] {
  const out: [number, keyof T, unknown][] = [];
  rows.forEach((r, i) => {
    for (const f of fields) if (r[f] !== null) out.push([i, f, link(f, r[f])]);
  });
  return out;
}

const same = (_f: unknown, v: unknown): unknown => v;

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
  rare: [number, keyof RowMark, unknown][];
}

const RARE_MARK: (keyof RowMark)[] = ['late', 'dropped', 'interval', 'temporal'];

export function rowMarkColumns(rows: RowMark[], link: Link<RowMark> = same): RowMarkColumns {
  return {
    n: rows.length,
    pos: Int32Array.from(rows, (r) => r.pos),
    lane: Int32Array.from(rows, (r) => r.lane),
    x: nums(rows.map((r) => r.x)),
    kind: kinds(rows.map((r) => r.kind)),
    values: flat(rows.map((r) => r.values)),
    text: rows.map((r) => r.text),
    line: Int32Array.from(rows, (r) => r.line),
    wmBefore: nums(rows.map((r) => r.wmBefore)),
    behind: Uint8Array.from(rows, (r) => (r.behind ? 1 : 0)),
    rare: sparse(rows, RARE_MARK, link),
  };
}

/** The row marks back (appended to `out`). */
export function rowMarks(c: RowMarkColumns, out: RowMark[]): void {
  const base = out.length;
  for (let i = 0; i < c.n; i++)
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
  rare: [number, keyof OutputRow, unknown][];
}

const RARE_OUT: (keyof OutputRow)[] = ['pairKind', 'padded', 'temporal', 'unnest'];

export function outputColumns(rows: OutputRow[], link: Link<OutputRow> = same): OutputColumns {
  return {
    n: rows.length,
    index: Int32Array.from(rows, (r) => r.index),
    pos: Int32Array.from(rows, (r) => r.pos),
    kind: kinds(rows.map((r) => r.kind)),
    row: flat(rows.map((r) => r.row)),
    text: rows.map((r) => r.text),
    lineage: flat(rows.map((r) => r.lineage)),
    x: nums(rows.map((r) => r.x)),
    partner: Int32Array.from(rows, (r) => r.partner),
    retracts: Int32Array.from(rows, (r) => r.retracts),
    rare: sparse(rows, RARE_OUT, link),
  };
}

/** The changelog rows back (appended to `out`). */
export function outputRows(c: OutputColumns, out: OutputRow[]): void {
  const base = out.length;
  for (let i = 0; i < c.n; i++)
    out.push({
      index: c.index[i],
      pos: c.pos[i],
      kind: KINDS[c.kind[i]],
      row: unflat(c.row, i),
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
  for (const [i, f, v] of c.rare) (out[base + i] as unknown as Record<string, unknown>)[f] = v;
}

export interface IntervalColumns {
  n: number;
  op: Int32Array;
  pos: Int32Array;
  /** 0: `left`, 1: `right` (any other side name crosses in `sides`). */
  side: Uint8Array;
  sides: string[];
  key: Flat<string>;
  row: Flat<string>;
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
 * their final size (a slice holds 10,000 rows, each with a handful of strings). */
export function intervalColumns(rows: IntervalRow[]): IntervalColumns {
  const n = rows.length;
  const sides: string[] = [];
  const numsOf = (): Nums => ({ v: new Float64Array(n), isNull: new Uint8Array(n) });
  const put = (c: Nums, i: number, x: number | null): void => {
    if (x === null) c.isNull[i] = 1;
    else c.v[i] = x;
  };
  const flatOf = <T>(): Flat<T> => ({ items: [], off: new Int32Array(n + 1) });
  const c: IntervalColumns = {
    n,
    op: new Int32Array(n),
    pos: new Int32Array(n),
    side: new Uint8Array(n),
    sides,
    key: flatOf<string>(),
    row: flatOf<string>(),
    lineage: flatOf<number>(),
    lane: numsOf(),
    otherLane: numsOf(),
    time: new Float64Array(n),
    from: new Float64Array(n),
    to: new Float64Array(n),
    timeMs: new Float64Array(n),
    matched: new Int32Array(n),
    cached: new Uint8Array(n),
    expires: numsOf(),
    timers: flatOf<number>(),
    leftPos: numsOf(),
    leftTimer: numsOf(),
    leftAt: numsOf(),
    padded: new Uint8Array(n),
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i];
    c.op[i] = r.op;
    c.pos[i] = r.pos;
    let si = sides.indexOf(r.side);
    if (si < 0) si = sides.push(r.side) - 1;
    c.side[i] = si;
    for (const x of r.key) c.key.items.push(x);
    c.key.off[i + 1] = c.key.items.length;
    for (const x of r.row) c.row.items.push(x);
    c.row.off[i + 1] = c.row.items.length;
    for (const x of r.lineage) c.lineage.items.push(x);
    c.lineage.off[i + 1] = c.lineage.items.length;
    put(c.lane, i, r.lane);
    put(c.otherLane, i, r.otherLane);
    c.time[i] = r.time;
    c.from[i] = r.from;
    c.to[i] = r.to;
    c.timeMs[i] = r.timeMs;
    c.matched[i] = r.matched;
    c.cached[i] = r.cached ? 1 : 0;
    put(c.expires, i, r.expires);
    for (const t of r.timers) c.timers.items.push(t.pos, t.at ?? Number.NaN);
    c.timers.off[i + 1] = c.timers.items.length;
    put(c.leftPos, i, r.leftPos);
    put(c.leftTimer, i, r.leftTimer);
    put(c.leftAt, i, r.leftAt);
    c.padded[i] = r.padded ? 1 : 0;
  }
  return c;
}

/** The interval join's rows back (appended to `out`). */
export function intervalRows(c: IntervalColumns, out: IntervalRow[]): void {
  for (let i = 0; i < c.n; i++) {
    const t = unflat(c.timers, i);
    const timers: IntervalRow['timers'] = [];
    for (let k = 0; k + 1 < t.length; k += 2) timers.push({ pos: t[k], at: Number.isNaN(t[k + 1]) ? null : t[k + 1] });
    out.push({
      op: c.op[i],
      pos: c.pos[i],
      side: c.sides[c.side[i]],
      key: unflat(c.key, i),
      row: unflat(c.row, i),
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

// The lanes' row marks and the changelog's rows as columns, for the trip from the worker to the
// page (engine/split.ts): a slice of rows crosses as a few typed arrays and flat string arrays
// instead of one object of a dozen properties each, which postMessage's serializer writes (and the
// page's deserializer rebuilds) key by key. The page rebuilds the same objects (`rowMarks`,
// `outputRows`). A field that is rarely set (a late row's window, a pair's meaning) crosses as a
// sparse list; a link to an object of the richer views (an interval join's row, a temporal join's
// probe row, an UNNEST fan-out) crosses as what `link` makes of it (its index: split.ts), and the
// page puts the object back once the skeleton holding it has come (split.ts `relink`).

import type { OutputRow, RowMark } from '../model/types';
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

// Which marks a dense timeline draws at a step, without walking every row at every step.
//
// A dense lane draws one mark per pixel, track and state (the first row, in arrival order, of
// each): at 10^6 rows, walking them all took the timeline 16–43 ms a step (issue 16: a step within
// a 16 ms frame). The rows' pixels and tracks depend only on the layout, and the rows that have
// arrived by a step are a prefix of the lane, so each layout's marks are indexed once:
// - an arrived row's mark (pixel, track, late or not) is drawn by the first row of the lane that
//   has it, when that row has arrived: the first rows of each mark, listed once, are cut at the
//   step;
// - a future row's mark (pixel, track) is drawn by its first row after the step: each mark's rows,
//   listed once in order, are searched at the step.
// The changelog's lane the same way: a row emitted before the step draws its (pixel, track) mark
// when it is the first of the changelog with it (the step's own rows are few: walked as before).
// The rows drawn are exactly those the walk drew, in the same order.

import { type Frame, KeySet, type Layout } from './geometry';
import type { RowMark } from '../model';

/** A lane's marks in one layout. */
interface LaneMarks {
  /** The rows that are the first of their arrived mark, in arrival order (indexes into the lane). */
  firsts: Int32Array;
  /** The rows of each future mark, in arrival order: mark g's are `rows[off[g]]` … `rows[off[g + 1] − 1]`. */
  off: Int32Array;
  rows: Int32Array;
}

/** Per layout: each lane's marks (by lane index), the changelog's first rows (index -1). */
const byLayout = new WeakMap<Layout, Map<number, LaneMarks | Int32Array>>();

function cached<T extends LaneMarks | Int32Array>(L: Layout, key: number, make: () => T): T {
  let m = byLayout.get(L);
  if (!m) byLayout.set(L, (m = new Map()));
  let v = m.get(key) as T | undefined;
  if (!v) m.set(key, (v = make()));
  return v;
}

/** Group numbers of integer keys: a typed array for the usual range (a pixel, a track), a map beyond it. */
class Groups {
  private readonly small: Int32Array;
  private readonly rest = new Map<number, number>();
  count = 0;

  constructor(size: number) {
    this.small = new Int32Array(Math.max(0, Math.ceil(size))).fill(-1);
  }

  /** Key `k`'s group, a new one (numbered in first-seen order) the first time. */
  of(k: number): number {
    if (k >= 0 && k < this.small.length && Number.isInteger(k)) {
      let g = this.small[k];
      if (g < 0) this.small[k] = g = this.count++;
      return g;
    }
    let g = this.rest.get(k);
    if (g === undefined) this.rest.set(k, (g = this.count++));
    return g;
  }
}

/** Lane `li`'s marks in frame `f`'s layout (its rows' pixels and tracks), made once per layout. */
function laneMarks(f: Frame, li: number, lane: readonly RowMark[], late: (r: RowMark) => boolean): LaneMarks {
  return cached(f.L, li, () => {
    const track = f.L.lanes[li].track;
    const size = (Math.ceil(f.L.width) + 1) * 8;
    const arrived = new KeySet(size * 4);
    const future = new Groups(size);
    const firsts: number[] = [];
    const n = lane.length;
    const group = new Int32Array(n);
    const counts: number[] = [];
    for (let i = 0; i < n; i++) {
      const r = lane[i];
      const k = Math.round(f.xOfRow(r)) * 8 + (track[r.pos] ?? 0);
      const a = k * 4 + (late(r) ? 2 : 1);
      if (arrived.add(a)) firsts.push(i);
      const g = future.of(k);
      if (g === counts.length) counts.push(0);
      counts[g]++;
      group[i] = g;
    }
    const off = new Int32Array(counts.length + 1);
    for (let g = 0; g < counts.length; g++) off[g + 1] = off[g] + counts[g];
    const next = off.slice(0, counts.length);
    const rows = new Int32Array(n);
    for (let i = 0; i < n; i++) rows[next[group[i]]++] = i;
    return { firsts: Int32Array.from(firsts), off, rows };
  });
}

/** The first index of sorted `a[from..to)` at or past `v` (`to` when none). */
function lowerBound(a: Int32Array, v: number, from = 0, to = a.length): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows of a dense lane drawn at frame `f`'s step, in the order the walk drew them: `arrived`
 * rows of `lane` have arrived (the step's own row, if the lane has it, is the last of them and is
 * always drawn); `late` says whether a row is drawn as late. */
export function denseLaneRows(f: Frame, li: number, lane: readonly RowMark[], arrived: number, late: (r: RowMark) => boolean): number[] {
  const m = laneMarks(f, li, lane, late);
  const current = arrived > 0 && lane[arrived - 1].pos === f.pos ? arrived - 1 : -1;
  const out: number[] = [];
  const cut = lowerBound(m.firsts, arrived);
  for (let j = 0; j < cut; j++) if (m.firsts[j] !== current) out.push(m.firsts[j]);
  if (current >= 0) out.push(current);
  const future: number[] = [];
  for (let g = 0; g + 1 < m.off.length; g++) {
    const at = lowerBound(m.rows, arrived, m.off[g], m.off[g + 1]);
    if (at < m.off[g + 1]) future.push(m.rows[at]);
  }
  future.sort((a, b) => a - b);
  for (const i of future) out.push(i);
  return out;
}

/** The changelog rows before index `before` that draw a mark (each the first of the changelog
 * with its pixel and track), in order; `key` gives a row's mark in frame `f`'s layout. */
export function earlierOutputs(f: Frame, count: number, before: number, key: (i: number) => number, size: number): Int32Array {
  const firsts = cached(f.L, -1, () => {
    const seen = new KeySet(size);
    const out: number[] = [];
    for (let i = 0; i < count; i++) if (seen.add(key(i))) out.push(i);
    return Int32Array.from(out);
  });
  return firsts.subarray(0, lowerBound(firsts, before));
}

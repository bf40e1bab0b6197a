// Which groups of the changelog are drawn: a bounded window of the steps that emitted rows, ending
// at the shown step (panes/changelog.ts). A slider jump to step 90,000 of a 10^5-step trace would
// otherwise build ~90,000 groups (1.7–2.8 s); the window keeps a jump to at most `groups` groups
// and about `rows` rows, and a control above it says what is not drawn and draws more on request.
// The bounds are computed here, without the DOM, from the model's `outEnd` (rows per step).

import { outStart, type QueryModel } from '../model';

/** Groups (steps with rows) drawn at most, at first; the control adds as many again. */
export const WINDOW_GROUPS = 500;
/** Rows drawn at most (each group counted as the rows it draws at first). */
export const WINDOW_ROWS = 2000;

/** `?changelog-window=N` (a test hook, or for a look at a long changelog): N groups at first. */
export function windowGroupsFromUrl(): number {
  try {
    const v = Number(new URLSearchParams(location.search).get('changelog-window'));
    return Number.isInteger(v) && v > 0 ? v : WINDOW_GROUPS;
  } catch {
    return WINDOW_GROUPS;
  }
}

/** Per position p: the number of steps up to and including p that emitted rows (one pass). */
export function groupCounts(m: QueryModel): Int32Array {
  const n = m.outEnd.length;
  const gc = new Int32Array(n);
  let c = 0;
  for (let p = 0; p < n; p++) {
    if (m.outEnd[p] > outStart(m, p)) c++;
    gc[p] = c;
  }
  return gc;
}

export interface Window {
  /** The first position drawn (groups at positions lo..pos are drawn). */
  lo: number;
  /** Steps with rows before `lo`, not drawn. */
  hiddenGroups: number;
  /** Their rows. */
  hiddenRows: number;
}

/**
 * The window ending at `pos`: the latest groups up to `groups` of them and `rows` rows (each
 * group counted as min(its rows, firstRows)); the group at `pos` itself is always drawn.
 */
export function windowAt(m: QueryModel, gc: Int32Array, pos: number, groups: number, rows: number, firstRows: number): Window {
  let lo = pos + 1;
  let count = 0;
  let drawn = 0;
  for (let p = pos; p >= 0 && gc[p] > 0; p--) {
    const n = m.outEnd[p] - outStart(m, p);
    if (n <= 0) {
      lo = p;
      continue;
    }
    const d = Math.min(n, firstRows);
    if (count > 0 && (count + 1 > groups || drawn + d > rows)) break;
    count++;
    drawn += d;
    lo = p;
  }
  lo = Math.min(lo, pos);
  const hiddenGroups = lo > 0 ? gc[lo - 1] : 0;
  return { lo, hiddenGroups, hiddenRows: hiddenGroups ? outStart(m, lo) : 0 };
}

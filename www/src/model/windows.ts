// Where a window is after a step: its phase (assigned, open, fired, purged) and the state rows
// per side it holds, looked up in what build.ts recorded.

import type { WindowCounts, WindowInfo, WindowPhase } from './types';

/** What a window holds after step p (a window join's state rows per side, rows in, keys). */
export function windowCountsAt(w: WindowInfo, p: number): WindowCounts {
  let lo = 0;
  let hi = w.counts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (w.counts[mid].pos <= p) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? { pos: 0, left: 0, right: 0, rowsIn: 0, keys: 0 } : w.counts[found];
}

/** Where a window is in its life after step p. */
export function windowPhase(w: WindowInfo, p: number): WindowPhase {
  if (p < w.assignPos) return 'future';
  if (w.firePos !== null && p >= w.firePos) return w.purgePos !== null && p >= w.purgePos ? 'purged' : 'fired';
  if (w.openPos !== null && p >= w.openPos) return 'open';
  return 'assigned';
}

/** The fires of a window up to step p. */
export function firesBy(w: WindowInfo, p: number): WindowInfo['fires'] {
  return w.fires.filter((f) => f.pos <= p);
}

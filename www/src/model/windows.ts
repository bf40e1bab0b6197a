// Where a window is after a step: its phase (assigned, open, fired, purged) and the state rows
// per side it holds, looked up in what build.ts recorded.

import type { WindowInfo, WindowPhase } from './types';

/** The state rows per side of a window after step p. */
export function windowCountsAt(w: WindowInfo, p: number): { left: number; right: number } {
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
  return found < 0 ? { left: 0, right: 0 } : { left: w.counts[found].left, right: w.counts[found].right };
}

/** Where a window is in its life after step p. */
export function windowPhase(w: WindowInfo, p: number): WindowPhase {
  if (p < w.assignPos) return 'future';
  if (w.firePos !== null && p >= w.firePos) return w.purgePos !== null && p >= w.purgePos ? 'purged' : 'fired';
  if (w.openPos !== null && p >= w.openPos) return 'open';
  return 'assigned';
}

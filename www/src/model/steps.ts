// Positions of the page: 0 is the job's start (when a VALUES emits rows before the first data
// row, `QueryTrace.start`), 1 … dataSteps the data steps (the CLI's `# step N`), then the end.

import type { Step } from '../trace';
import { stepHead } from './step-blocks';
import type { QueryModel } from './types';

/** The step at position `pos` (0: the job's start), or undefined. */
export function stepAt(m: QueryModel, pos: number): Step | undefined {
  return pos === 0 ? (m.start ?? undefined) : m.steps[pos - 1];
}

/** The first changelog row of position `pos` (rows outStart … outEnd[pos] − 1 came out at it). */
export function outStart(m: QueryModel, pos: number): number {
  return pos > 0 ? m.outEnd[pos - 1] : 0;
}

/** How the page names a position: `job start`, `step 3`, `end of input`. */
export function stepName(m: QueryModel, pos: number): string {
  const s = stepHead(m, pos);
  if (s?.kind === 'start') return 'job start';
  if (s?.kind === 'end') return 'end of input';
  return `step ${pos}`;
}

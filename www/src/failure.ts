// How the page words a query that stopped while running: a failed Flink job ("The job failed at
// step 7: …", Flink's own words after it), or a JoinLab limit (crates/engine/src/limits.rs:
// class joinlab.LimitExceeded, whose message already starts "at step N: "), which is not a job
// failure Flink would have: "Stopped at step 12,345: this query would emit more than …".

import type { QueryTrace } from './trace';

/** Whether the query was stopped by one of JoinLab's limits (`SET 'joinlab.limit.…'`). */
export function stoppedByLimit(q: QueryTrace): boolean {
  return !!q.runtime_error?.text.startsWith('joinlab.LimitExceeded:');
}

/** The sentence for a query's runtime failure ('' when it has none). */
export function failureText(q: QueryTrace, prefix = 'The job failed'): string {
  const e = q.runtime_error;
  if (!e) return '';
  const step = q.failed_step ?? '?';
  if (stoppedByLimit(q)) return `Stopped at step ${step.toLocaleString('en-US')}: ${e.message.replace(/^at step [\d,]+: /, '')}`;
  return `${prefix} at step ${step}: ${e.message}`;
}

/** Where the errors pane says the failure happened. */
export function failureWhere(q: QueryTrace): string {
  return stoppedByLimit(q) ? `query ${q.index} stopped at step ${q.failed_step ?? '?'} (a JoinLab limit)` : `query ${q.index} failed at step ${q.failed_step ?? '?'}`;
}

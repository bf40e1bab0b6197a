// The page's side of the exporter: one worker (export/worker.ts), started the first time Export is
// pressed (or Why? asked) and kept for the next presses; one request at a time answered in order.

import type { AssistReply, ExplainReply, ExportReply, ExportTarget } from './protocol';

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, (r: unknown) => void>();

/** The script exported for `target`, or the reason it cannot be. */
export function exportScript(script: string, target: ExportTarget, dialect: string): Promise<ExportReply> {
  return ask({ script, target, dialect });
}

/** `joinlab explain-row` for the row `row` (`TABLE#K`) of query `query` (from 1) of `script`;
 * `with`: a second row of another table (`--with`). */
export function explainRow(script: string, dialect: string, query: number, row: string, with_?: string): Promise<ExplainReply> {
  return ask({ kind: 'explain', script, dialect, query, row, ...(with_ ? { with: with_ } : {}) });
}

/** The engine's help for the editor: completion or hover at `pos` (UTF-16), or the schema. */
export function assist(kind: 'complete' | 'hover' | 'schema', script: string, pos: number, dialect: string): Promise<AssistReply> {
  return ask({ kind, script, pos, dialect });
}

function ask<R>(request: object): Promise<R> {
  if (!worker) {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'joinlab-export' });
    w.onmessage = (e: MessageEvent<{ id: number }>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
    w.onerror = (e) => {
      // A worker that fails to start (a blocked script, a trap): every request in flight is told,
      // and the next press starts a fresh one.
      e.preventDefault();
      for (const [id, done] of waiting) done({ id, error: `the exporter stopped: ${e.message || 'its worker failed'}`, load: true });
      waiting.clear();
      w.terminate();
      if (worker === w) worker = null;
    };
    worker = w;
  }
  const id = ++next;
  const w = worker;
  return new Promise<R>((resolve) => {
    waiting.set(id, resolve as (r: unknown) => void);
    w.postMessage({ id, ...request });
  });
}

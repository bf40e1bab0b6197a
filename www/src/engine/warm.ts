// Imported first by the page (main.ts) and kept out of the playground's chunk (vite.config.ts):
// the engine's worker starts — and fetches and compiles the wasm — as soon as the page's entry
// runs, while the editor and the panes are still being evaluated and built, instead of when the
// first run is asked for. What the worker says before the page's engine client adopts it (the
// download's progress) is kept for it (client.ts `adoptEarlyWorker`, which reads the global below:
// this module imports nothing of the playground's chunk, or it would run only after it).

/** The worker started early, and its messages so far. */
export interface EarlyWorker {
  worker: Worker;
  buffered: MessageEvent[];
}

const KEY = '__joinlabEarlyWorker';

/** Starts the engine's worker now (once per page). */
export function startEarlyWorker(): void {
  const g = globalThis as unknown as Record<string, EarlyWorker | undefined>;
  if (g[KEY]) return;
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'joinlab-engine' });
  const early: EarlyWorker = { worker, buffered: [] };
  worker.onmessage = (ev) => early.buffered.push(ev);
  g[KEY] = early;
}

startEarlyWorker();

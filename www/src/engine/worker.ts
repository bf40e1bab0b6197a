// The engine's Web Worker: loads the wasm once, keeps one Session per playground, answers
// load / stateAt / text. A wasm trap poisons the instance, so after one the worker reports it as
// fatal and closes; the page then starts a fresh worker.

import init, { Session } from '../../pkg/joinlab_wasm.js';
import wasmUrl from '../../pkg/joinlab_wasm_bg.wasm?url';
import type { Request, Response } from './protocol';

// The engine's panic hook writes its message to console.error just before the trap.
let lastPanic: string | null = null;
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('JoinLab engine panic')) lastPanic = args[0];
  consoleError(...args);
};

const ready = init({ module_or_path: wasmUrl });
const sessions = new Map<number, Session>();

function session(id: number): Session {
  let s = sessions.get(id);
  if (!s) {
    s = new Session();
    sessions.set(id, s);
  }
  return s;
}

function handle(req: Request): unknown {
  switch (req.type) {
    case 'load': {
      const t0 = performance.now();
      const trace = session(req.session).load(req.script, req.dialect);
      return { trace, ms: performance.now() - t0 };
    }
    case 'stateAt':
      return session(req.session).stateAt(req.query, req.steps);
    case 'text':
      return session(req.session).text();
    case 'dispose':
      sessions.get(req.session)?.free();
      sessions.delete(req.session);
      return null;
  }
}

self.onmessage = async (ev: MessageEvent<Request>) => {
  const req = ev.data;
  let reply: Response;
  try {
    await ready;
  } catch (e) {
    // The wasm did not load (network, a bad build): fatal, so the page starts a fresh worker.
    (self as unknown as Worker).postMessage({ id: req.id, ok: false, error: `the engine could not be loaded (${e instanceof Error ? e.message : String(e)})`, fatal: true } satisfies Response);
    self.close();
    return;
  }
  try {
    reply = { id: req.id, ok: true, result: handle(req) as never };
  } catch (e) {
    const fatal = e instanceof WebAssembly.RuntimeError;
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    reply = { id: req.id, ok: false, error: fatal && lastPanic ? lastPanic : message, fatal };
    (self as unknown as Worker).postMessage(reply);
    if (fatal) self.close();
    return;
  }
  (self as unknown as Worker).postMessage(reply);
};

// The page's side of the worker protocol: promises per request, one worker shared by every
// playground of the page, created on first use (so an embed loads the wasm only when needed).
// If the worker dies (a wasm trap, an uncaught error) or a load runs too long, the worker is
// replaced; sessions are reloaded transparently before their next request. A trace of another
// schema version than the page's (a page and an engine from different builds) is refused with
// a TraceVersionError, which the playground shows in its errors pane. While the wasm downloads,
// the worker's progress reaches every session's `onProgress` listener.

import { type Dialect, type ScriptTrace, type StateSummary, TRACE_VERSION } from '../trace';
import type { Progress, Request, Response, Results } from './protocol';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; type: Request['type'] };

/** A load slower than this is treated as hung: the worker is replaced. */
const LOAD_TIMEOUT_MS = 20_000;

class WorkerHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Bumped on every restart, so sessions know when they must reload. */
  generation = 0;
  /** The download's last progress (null before the first), and who wants to know. */
  progress: Progress | null = null;
  readonly progressListeners = new Set<(p: Progress) => void>();

  private start(): Worker {
    const w = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'joinlab-engine' });
    w.onmessage = (ev: MessageEvent<Response>) => this.settle(ev.data);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.restart(`the engine stopped: ${ev.message || 'worker error'}`);
    };
    this.worker = w;
    return w;
  }

  private settle(res: Response): void {
    if ('type' in res) {
      this.progress = res;
      for (const l of this.progressListeners) l(res);
      return;
    }
    const p = this.pending.get(res.id);
    if (!p) return;
    this.pending.delete(res.id);
    if (res.ok) p.resolve(res.result);
    else {
      p.reject(new EngineError(res.error, res.fatal));
      if (res.fatal) this.restart('the engine trapped and was restarted');
    }
  }

  /** Drops the worker; every pending request fails with `reason`. */
  restart(reason: string): void {
    this.worker?.terminate();
    this.worker = null;
    this.generation++;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new EngineError(reason, true));
  }

  call<T extends Request['type']>(msg: Omit<Extract<Request, { type: T }>, 'id'>): Promise<Results[T]> {
    const w = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Results[T]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, type: msg.type });
      w.postMessage({ ...msg, id } as Request);
    });
  }
}

export class EngineError extends Error {
  constructor(
    message: string,
    readonly fatal: boolean,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** The engine returned a trace this page cannot read (`ScriptTrace.version` ≠ `TRACE_VERSION`). */
export class TraceVersionError extends EngineError {
  constructor(readonly version: unknown) {
    super(
      `The engine returned a trace of version ${String(version)}, but this page reads version ${TRACE_VERSION}: ` +
        'the page and the engine come from different builds. Rebuild the site (npm run build) and reload.',
      false,
    );
    this.name = 'TraceVersionError';
  }
}

let host: WorkerHost | null = null;
let nextSession = 1;

/** One playground's engine session. */
export class EngineSession {
  private readonly id = nextSession++;
  private readonly host: WorkerHost;
  private loaded: { script: string; dialect: Dialect; generation: number } | null = null;

  constructor() {
    host ??= new WorkerHost();
    this.host = host;
  }

  /** Calls `fn` with the engine download's progress (now, if it has begun); returns the unsubscribe. */
  onProgress(fn: (p: Progress) => void): () => void {
    this.host.progressListeners.add(fn);
    if (this.host.progress) fn(this.host.progress);
    return () => this.host.progressListeners.delete(fn);
  }

  async load(script: string, dialect: Dialect): Promise<{ trace: ScriptTrace; ms: number }> {
    const timer = setTimeout(() => this.host.restart('the script ran too long and was stopped'), LOAD_TIMEOUT_MS);
    try {
      const r = await this.host.call<'load'>({ type: 'load', session: this.id, script, dialect });
      this.loaded = { script, dialect, generation: this.host.generation };
      if (r.trace?.version !== TRACE_VERSION) throw new TraceVersionError(r.trace?.version);
      return r;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Full operator state of query `query` (0-based) after `steps` steps. */
  async stateAt(query: number, steps: number): Promise<StateSummary[]> {
    await this.ensureLoaded();
    return this.host.call<'stateAt'>({ type: 'stateAt', session: this.id, query, steps });
  }

  /** The oracle text format of the loaded script. */
  async text(): Promise<string> {
    await this.ensureLoaded();
    return this.host.call<'text'>({ type: 'text', session: this.id });
  }

  dispose(): void {
    if (!this.loaded) return;
    this.loaded = null;
    void this.host.call<'dispose'>({ type: 'dispose', session: this.id }).catch(() => undefined);
  }

  private async ensureLoaded(): Promise<void> {
    const l = this.loaded;
    if (l && l.generation !== this.host.generation) await this.load(l.script, l.dialect);
  }
}

// The page's side of the worker protocol: promises per request, one worker shared by every
// playground of the page, created on first use (so an embed loads the wasm only when needed).
// If the worker dies (a wasm trap, an uncaught error) or a load runs too long, the worker is
// replaced; sessions are reloaded transparently before their next request.

import type { Dialect, ScriptTrace, StateSummary } from '../trace';
import type { Request, Response, Results } from './protocol';

type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void; type: Request['type'] };

/** A load slower than this is treated as hung: the worker is replaced. */
const LOAD_TIMEOUT_MS = 20_000;

class WorkerHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Bumped on every restart, so sessions know when they must reload. */
  generation = 0;

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

  async load(script: string, dialect: Dialect): Promise<{ trace: ScriptTrace; ms: number }> {
    const timer = setTimeout(() => this.host.restart('the script ran too long and was stopped'), LOAD_TIMEOUT_MS);
    try {
      const r = await this.host.call<'load'>({ type: 'load', session: this.id, script, dialect });
      this.loaded = { script, dialect, generation: this.host.generation };
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

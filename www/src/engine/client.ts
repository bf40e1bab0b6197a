// The page's side of the worker protocol: promises per request, one worker shared by every
// playground of the page, created on first use (so an embed loads the wasm only when needed).
// If the worker dies (a wasm trap, an uncaught error) or a load runs too long, the worker is
// replaced; sessions are reloaded transparently before their next request. A trace of another
// schema version than the page's (a page and an engine from different builds) is refused with
// a TraceVersionError, which the playground shows in its errors pane. While the wasm downloads,
// the worker's progress reaches every session's `onProgress` listener. A run can be cancelled
// (`EngineSession.cancel`): the worker is terminated and replaced, and the load fails with a
// RunStopped (`reason` 'cancelled'), as it does when it outlasts LOAD_TIMEOUT_MS ('timeout').

import { type Dialect, type ScriptTrace, type StateSummary, type Step, TRACE_VERSION } from '../trace';
import type { Built, Progress, Request, Response, Results, Ranks, RunProgress, WireBuilt } from './protocol';
import { decodePart, Joiner } from './split';
import type { EarlyWorker } from './warm';

/** The page's crash-test hook (docs/design.md, "Test hooks"): `?engine-test-panic=load` makes
 * the engine panic in the page's first load, `?engine-test-panic=state` in its first state
 * request (the State tab). Once per page: the restarted worker runs normally. */
const testPanic = { kind: typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('engine-test-panic') };
function takeTestPanic(kind: 'load' | 'state'): true | undefined {
  if (testPanic.kind !== kind) return undefined;
  testPanic.kind = null;
  return true;
}

type Pending = {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  type: Request['type'];
  session: number;
  /** The slices of the model the reply will bring, joined as they come. */
  joiner: Joiner | null;
  onRan?: () => void;
  onRunning?: (p: RunProgress) => void;
};

/** An engine run slower than this is treated as hung: the worker is replaced. (Building and
 * sending the model after the run is not counted.) */
export const LOAD_TIMEOUT_MS = 20_000;

class WorkerHost {
  private worker: Worker | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  /** Bumped on every restart, so sessions know when they must reload. */
  generation = 0;
  /** The download's last progress (null before the first), and who wants to know. */
  progress: Progress | null = null;
  readonly progressListeners = new Set<(p: Progress) => void>();
  /** Who waits for the ranks that follow a reply (by request), and the ranks that came before anyone asked. */
  private readonly rankWaits = new Map<number, (r: Ranks | null) => void>();
  private readonly ranksCame = new Map<number, Ranks>();

  private start(): Worker {
    // the worker the page started as it loaded (engine/warm.ts), with what it said so far; else a new one
    const early = adoptEarlyWorker();
    const w = early?.worker ?? new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'joinlab-engine' });
    w.onmessage = (ev: MessageEvent<Response>) => this.settle(ev.data);
    for (const ev of early?.buffered ?? []) this.settle(ev.data as Response);
    w.onerror = (ev) => {
      ev.preventDefault();
      this.restart(`the engine stopped: ${ev.message || 'worker error'}`);
    };
    this.worker = w;
    return w;
  }

  private settle(res: Response): void {
    if ('type' in res && res.type === 'part') {
      // Each slice's rows are rebuilt from their columns and joined as it arrives (its own task).
      const p = this.pending.get(res.id);
      if (p) (p.joiner ??= new Joiner()).add(decodePart(res.part));
      return;
    }
    if ('type' in res && res.type === 'running') {
      this.pending.get(res.id)?.onRunning?.(res);
      return;
    }
    if ('type' in res && res.type === 'ranks') {
      const fn = this.rankWaits.get(res.id);
      this.rankWaits.delete(res.id);
      if (fn) fn(res);
      else this.ranksCame.set(res.id, res);
      return;
    }
    if ('type' in res && res.type === 'ran') {
      this.pending.get(res.id)?.onRan?.();
      return;
    }
    if ('type' in res) {
      this.progress = res;
      for (const l of this.progressListeners) l(res);
      return;
    }
    const p = this.pending.get(res.id);
    if (!p) return;
    this.pending.delete(res.id);
    if (res.ok) p.resolve(p.joiner ? { result: res.result, joiner: p.joiner } : res.result);
    else {
      p.reject(new EngineError(res.error, res.fatal, res.fatal));
      if (res.fatal) this.restart('the engine trapped and was restarted');
    }
  }

  /** Calls `fn` with the ranks that follow the reply of request `id` (`WireBuilt.ranksLater`), or
   * with null when they will not come (the worker was replaced). */
  whenRanks(id: number, fn: (r: Ranks | null) => void): void {
    const came = this.ranksCame.get(id);
    this.ranksCame.delete(id);
    if (came) fn(came);
    else this.rankWaits.set(id, fn);
  }

  /** Drops the worker; every pending request fails with `reason` (or `error`, for the ones of
   * the session that stopped it). */
  restart(reason: string, error?: { session: number; error: EngineError }): void {
    this.worker?.terminate();
    this.worker = null;
    this.generation++;
    const waits = [...this.rankWaits.values()];
    this.rankWaits.clear();
    this.ranksCame.clear();
    for (const fn of waits) fn(null);
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(error && p.session === error.session ? error.error : new EngineError(reason, true));
  }

  call<T extends Request['type']>(msg: Omit<Extract<Request, { type: T }>, 'id'>): Promise<Results[T]> {
    return this.callParts(msg).then((r) => r.result);
  }

  /** A request whose reply may come after slices of its model (`part` messages, joined as they
   * come: `joiner`, null when none came); `id` is the request's (what `whenRanks` is asked with). */
  callParts<T extends Request['type']>(
    msg: Omit<Extract<Request, { type: T }>, 'id'>,
    onRan?: () => void,
    onRunning?: (p: RunProgress) => void,
  ): Promise<{ result: Results[T]; joiner: Joiner | null; id: number }> {
    const w = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, type: msg.type, session: msg.session, joiner: null, onRan, onRunning });
      w.postMessage({ ...msg, id } as Request);
    }).then((v) =>
      v && typeof v === 'object' && 'joiner' in v && 'result' in v && v.joiner instanceof Joiner
        ? { result: v.result as Results[T], joiner: v.joiner, id }
        : { result: v as Results[T], joiner: null, id },
    );
  }
}

export class EngineError extends Error {
  constructor(
    message: string,
    readonly fatal: boolean,
    /** The worker trapped on THIS request (a panic; `message` is the panic's). False for a
     * request lost because the worker was replaced for another reason. */
    readonly crashed = false,
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

/** A run the page stopped: cancelled by the person, or past LOAD_TIMEOUT_MS. */
export class RunStopped extends EngineError {
  constructor(readonly reason: 'cancelled' | 'timeout') {
    super(reason === 'cancelled' ? 'the run was cancelled' : `the script ran longer than ${LOAD_TIMEOUT_MS / 1000} s and was stopped`, true);
    this.name = 'RunStopped';
  }
}

/** A model as the page uses it, from its skeleton and slices (`trace`: the page's, when the
 * skeleton carries none); its ranks put in when they come after it (request `id`'s). */
function joined(b: WireBuilt, joiner: Joiner | null, trace: ScriptTrace | null, host: WorkerHost, id: number): Built {
  const t0 = performance.now();
  const model = b.skeleton ? (joiner ?? new Joiner()).finish(b.skeleton, trace) : null;
  const joinMs = performance.now() - t0;
  const ranks =
    model && b.ranksLater
      ? new Promise<void>((resolve) =>
          host.whenRanks(id, (r) => {
            if (r?.rank && r.rank.length === model.outputs.length) {
              model.outRank = r.rank;
              model.rankCount = r.count;
            }
            resolve();
          }),
        )
      : null;
  return { query: b.query, model, error: b.error, ms: b.ms, postMs: b.postMs, joinMs, ranks };
}

let host: WorkerHost | null = null;

/** The worker the page started as it loaded (engine/warm.ts, which keeps it under this global,
 * as it may import nothing of this chunk: it must run before the chunk does), handed over once. */
function adoptEarlyWorker(): EarlyWorker | null {
  const g = globalThis as unknown as Record<string, EarlyWorker | undefined>;
  const early = g.__joinlabEarlyWorker ?? null;
  g.__joinlabEarlyWorker = undefined;
  return early;
}
let nextSession = 1;
/** Loads get numbers unique on the page: a `steps` request names the load whose trace it reads. */
let nextLoad = 1;

/** One playground's engine session. */
export class EngineSession {
  private readonly id = nextSession++;
  private readonly host: WorkerHost;
  /** The last load that succeeded (`load`: its number, which `steps` requests name). */
  private loaded: { script: string; dialect: Dialect; generation: number; load: number } | null = null;
  /** Loads of this session in flight (what `cancel` stops). */
  private running = 0;

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

  /** Runs `script`; with `query` ≥ 0 the worker also builds that query's view model (`built`).
   * `onRunning` hears how far the run got while it is in flight, `onRan` when the engine's run is
   * over (the worker then builds the view model). */
  async load(script: string, dialect: Dialect, query = -1, onRunning?: (p: RunProgress) => void, onRan?: () => void): Promise<{ trace: ScriptTrace; ms: number; built: Built | null }> {
    const timer = setTimeout(() => this.stop('timeout'), LOAD_TIMEOUT_MS);
    this.running++;
    try {
      const load = nextLoad++;
      const { result: r, joiner, id } = await this.host.callParts<'load'>({ type: 'load', session: this.id, load, script, dialect, query, testPanic: takeTestPanic('load') }, () => {
        clearTimeout(timer);
        onRan?.();
      }, onRunning);
      this.loaded = { script, dialect, generation: this.host.generation, load };
      if (r.trace?.version !== TRACE_VERSION) throw new TraceVersionError(r.trace?.version);
      return { trace: r.trace, ms: r.ms, built: r.built ? joined(r.built, joiner, null, this.host, id) : null };
    } finally {
      this.running--;
      clearTimeout(timer);
    }
  }

  /** Stops this session's load in flight (the worker is terminated and replaced; other
   * sessions reload before their next request). False when there was none. */
  cancel(): boolean {
    if (!this.running) return false;
    this.stop('cancelled');
    return true;
  }

  private stop(reason: RunStopped['reason']): void {
    const error = new RunStopped(reason);
    this.host.restart(error.message, { session: this.id, error });
  }

  /** Query `query`'s view model (0-based, clamped), built in the worker from its trace, which
   * must be `trace` (the one the last load returned): the model is joined to it here. */
  async model(trace: ScriptTrace, query: number): Promise<Built> {
    await this.ensureLoaded();
    const { result, joiner, id } = await this.host.callParts<'model'>({ type: 'model', session: this.id, query });
    return joined(result, joiner, trace, this.host, id);
  }

  /** Steps `from` … `to` − 1 of query `query`'s model (0-based; its steps, then its end) from the
   * trace the worker keeps: the blocks a big model left behind (model/step-blocks.ts). */
  /** `script`: the script of the model's run; null when the session has loaded another since. */
  steps(script: string, query: number, from: number, to: number): Promise<Step[] | null> {
    return this.ofRun(script, 'steps', query, from, to);
  }

  /** The sentences of steps `from` … `to` − 1 of query `query`'s model (0-based) that a big run
   * left out (their `summary` is empty); null when the session has loaded another script since. */
  sentences(script: string, query: number, from: number, to: number): Promise<string[] | null> {
    return this.ofRun(script, 'sentences', query, from, to);
  }

  /** A `steps` or `sentences` request about the run of `script` the worker keeps; null when the
   * session has loaded another script since. */
  private async ofRun<T extends 'steps' | 'sentences'>(script: string, type: T, query: number, from: number, to: number): Promise<Results[T] | null> {
    await this.ensureLoaded();
    const l = this.loaded;
    if (!l || l.script !== script) return null;
    const msg = { type, session: this.id, load: l.load, query, from, to } as Omit<Extract<Request, { type: T }>, 'id'>;
    return this.host.call<T>(msg).catch((e: unknown) => {
      // A load of this session that had not finished when this was asked has replaced the trace.
      if (this.loaded !== l) return null;
      throw e;
    });
  }

  /** Full operator state of query `query` (0-based) after `steps` steps. */
  async stateAt(query: number, steps: number): Promise<StateSummary[]> {
    await this.ensureLoaded();
    return this.host.call<'stateAt'>({ type: 'stateAt', session: this.id, query, steps, testPanic: takeTestPanic('state') });
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

// The engine's Web Worker: loads the wasm once, keeps one Session per playground, answers
// load / model / steps / stateAt / text. It also builds the view model of the query the page shows
// (model/build.ts), sends it in slices (split.ts) and keeps each session's trace, so the page's
// main thread never deserializes one big message (docs/design.md, "Where the view model is
// built"). A wasm trap poisons the instance, so after one the worker reports it as fatal and
// closes; the page then starts a fresh worker. While the wasm downloads, the worker posts
// `progress` messages (bytes so far and the size the server gives), so the page can say
// "loading the engine (3.5 MB)… 40%". A request flagged `testPanic` (the page's ?engine-test-panic
// hook, client.ts) calls the engine's deliberate panic first: a real trap, for the crash test.

import init, { Session, testPanic } from '../../pkg/joinlab_wasm.js';
import wasmUrl from '../../pkg/joinlab_wasm_bg.wasm?url';
import { type Built, buildFrom, modelRanks, stateSeriesOfStates } from '../model/build';
import { LAZY_STEPS, STEP_BLOCK } from '../model/step-blocks';
import type { QueryModel, QueryState } from '../model/types';
import { zoneAt } from '../settings';
import { type ScriptTrace, type StateSummary, TRACE_VERSION } from '../trace';
import type { Progress, Request, Response as Reply, WireBuilt } from './protocol';
import { type Part, sentSteps, splitModel } from './split';
import { PackedTrace, unpackValue } from './unpack';

// The engine's panic hook writes its message to console.error just before the trap.
let lastPanic: string | null = null;
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('JoinLab engine panic')) lastPanic = args[0];
  consoleError(...args);
};

const post = (m: Reply) => (self as unknown as Worker).postMessage(m);

/** The wasm as a streamed Response whose bytes are counted as they arrive. */
async function fetchCounted(): Promise<Response> {
  const res = await fetch(wasmUrl);
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status} for ${wasmUrl}`);
  const total = Number(res.headers.get('content-length')) || 0;
  const encoded = !!res.headers.get('content-encoding') && res.headers.get('content-encoding') !== 'identity';
  let loaded = 0;
  let sent = 0;
  const progress = (done: boolean): void => post({ type: 'progress', loaded, total, encoded, done } satisfies Progress);
  progress(false);
  const counted = res.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, ctl) {
        loaded += chunk.byteLength;
        const now = performance.now();
        if (now - sent > 50) {
          sent = now;
          progress(false);
        }
        ctl.enqueue(chunk);
      },
      flush: () => progress(true),
    }),
  );
  return new Response(counted, { headers: { 'content-type': 'application/wasm' } });
}

const ready = fetchCounted().then((res) => init({ module_or_path: res }));
const sessions = new Map<number, Session>();
/** Each session's last trace — packed (the engine's bytes: engine/unpack.ts), its header (the
 * trace without its steps) decoded — and the script it ran (to read the session zone at a query's
 * line). A step is decoded when a build or a `steps` request reads it. */
interface Kept {
  packed: PackedTrace;
  header: ScriptTrace;
  script: string;
  load: number;
  /** Each query's state totals (the state pane's comparison), read once, by query index. */
  states: (QueryState | undefined)[];
}
const traces = new Map<number, Kept>();

/** What the state pane compares of every query that ran with steps (read off the packed steps'
 * state, each query's once; the query of the model just `built` takes its own from the model,
 * which holds the same series and its last data step). */
function queryStates(k: Kept, built: { query: number; model: QueryModel } | null = null): QueryState[] {
  return k.header.queries.flatMap((q, qi) => {
    if (q.error || !k.packed.stepCount(qi)) return [];
    const n = k.packed.stepCount(qi);
    const m = built && built.query === qi ? built.model : null;
    const last = m?.steps[n - 1];
    if (m && last) return [{ index: q.index, total: m.stateTotal, last: last.state }];
    let s = k.states[qi];
    if (!s) {
      const states = k.packed.stateOf(qi, k.header);
      s = { index: q.index, total: stateSeriesOfStates(states, q.start ?? null).total, last: states[n - 1] ?? [] };
      k.states[qi] = s;
    }
    return [s];
  });
}

/** Query `qi`'s model (clamped to the queries there are), its slices posted with `post` and its
 * skeleton returned (with the trace, or without it: the page has it); null when the query did not
 * run. The steps are decoded one after the other as the build reads them; the model keeps only
 * those it sends (a big model's first and last blocks). A failure to build is returned as a
 * value: the page says the trace could not be drawn. */
function build(k: Kept, qi: number, withTrace: boolean, post: (p: Part) => void, id: number): WireBuilt {
  const t0 = performance.now();
  const trace = k.header;
  const query = Math.max(0, Math.min(qi, trace.queries.length - 1));
  const q = trace.queries[query];
  let ranksLater = false;
  if (!q || q.error) return { query, skeleton: null, error: null, ms: 0, postMs: 0 };
  let built: Built;
  try {
    const source = k.packed.source(query, trace);
    // A big model's ranks are read after the reply is posted, while the page joins the model.
    ranksLater = source.count > LAZY_STEPS;
    built = buildFrom(trace, query, zoneAt(k.script, q.line), source, sentSteps(source.count), { ranksLater });
    built.model.queryStates = queryStates(k, { query, model: built.model });
  } catch (e) {
    return { query, skeleton: null, error: e instanceof Error ? e.message : String(e), ms: performance.now() - t0, postMs: 0 };
  }
  const ms = performance.now() - t0;
  const skeleton = splitModel(built.model, query, withTrace, post, built);
  if (ranksLater) {
    const { outputs } = built.model;
    afterReply.push(() => {
      let ranks: { rank: Int32Array; count: number } | null = null;
      try {
        ranks = modelRanks(outputs, q);
      } catch (e) {
        console.error('JoinLab: the result table ranks could not be read', e);
      }
      const msg: Reply = { type: 'ranks', id, rank: ranks?.rank ?? null, count: ranks?.count ?? 0 };
      (self as unknown as Worker).postMessage(msg, ranks ? [ranks.rank.buffer] : []);
    });
  }
  return { query, skeleton, error: null, ms, postMs: performance.now() - t0 - ms, ranksLater };
}

/** Work to do once the reply of the request in hand has been posted. */
const afterReply: (() => void)[] = [];

function session(id: number): Session {
  let s = sessions.get(id);
  if (!s) {
    s = new Session();
    sessions.set(id, s);
  }
  return s;
}

/** A `steps` request for a trace the worker no longer keeps (the page drops the reply). */
const STALE_STEPS = 'the steps asked for are of an earlier run';

const part = (id: number) => (p: Part) => post({ type: 'part', id, part: p });

function handle(req: Request): unknown {
  switch (req.type) {
    case 'load': {
      if (req.testPanic) testPanic('load');
      const t0 = performance.now();
      const running = (query: number, queries: number, step: number, steps: number) => post({ type: 'running', id: req.id, query, queries, step, steps });
      // A model's run of more than LAZY_STEPS steps makes the sentences of the steps it sends
      // first (split.ts sentSteps: its first two blocks and its last, within two blocks of the
      // end) and leaves the others to `sentences` (the compare view, which builds no model, reads
      // every step's).
      const lazy = req.query >= 0;
      const packed = new PackedTrace(session(req.session).load(req.script, req.dialect, running, lazy ? LAZY_STEPS : undefined, lazy ? 2 * STEP_BLOCK : undefined));
      const header = packed.header();
      const ms = performance.now() - t0;
      post({ type: 'ran', id: req.id, ms });
      const kept: Kept = { packed, header, script: req.script, load: req.load, states: [] };
      traces.set(req.session, kept);
      // A trace of another version is refused by the page: no model for it.
      const built = req.query >= 0 && header?.version === TRACE_VERSION ? build(kept, req.query, true, part(req.id), req.id) : null;
      // With a model, the trace crosses in its skeleton (the query's steps in slices); without one
      // (the compare view), whole.
      return { trace: built?.skeleton?.model.trace ?? (req.query >= 0 ? header : packed.all()), ms, built };
    }
    case 'model': {
      const t = traces.get(req.session);
      if (!t) throw new Error('no script has been run in this session');
      return build(t, req.query, false, part(req.id), req.id);
    }
    case 'steps': {
      const t = traces.get(req.session);
      if (!t) throw new Error('no script has been run in this session');
      if (t.load !== req.load) throw new Error(STALE_STEPS);
      const q = Math.max(0, Math.min(req.query, t.header.queries.length - 1));
      return t.packed.modelSteps(q, t.header, req.from, req.to);
    }
    case 'sentences': {
      const t = traces.get(req.session);
      if (!t) throw new Error('no script has been run in this session');
      if (t.load !== req.load) throw new Error(STALE_STEPS);
      // (a model's step i is the query's data step i + 1)
      return session(req.session).sentences(req.query, req.from + 1, req.to + 1);
    }
    case 'stateAt':
      if (req.testPanic) testPanic(`stateAt, step ${req.steps}`);
      return unpackValue<StateSummary[]>(session(req.session).stateAt(req.query, req.steps));
    case 'text':
      return session(req.session).text();
    case 'dispose':
      sessions.get(req.session)?.free();
      sessions.delete(req.session);
      traces.delete(req.session);
      return null;
  }
}

self.onmessage = async (ev: MessageEvent<Request>) => {
  const req = ev.data;
  afterReply.length = 0;
  let reply: Reply;
  try {
    await ready;
  } catch (e) {
    // The wasm did not load (network, a bad build): fatal, so the page starts a fresh worker.
    (self as unknown as Worker).postMessage({ id: req.id, ok: false, error: `the engine could not be loaded (${e instanceof Error ? e.message : String(e)})`, fatal: true } satisfies Reply);
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
  for (const f of afterReply.splice(0)) f();
};

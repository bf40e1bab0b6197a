// The tiny message protocol between the page and the engine's Web Worker. One worker serves
// every playground on a page; each playground has its own session id. A load also builds the
// view model of one query (`query` ≥ 0) in the worker, so the page does not build it on its main
// thread; `model` builds another query's model from the trace the worker keeps, and `steps` sends
// the steps of it that a big model left behind. `testPanic`
// (the page's ?engine-test-panic hook only, client.ts) makes the engine panic in that request.

import type { QueryModel } from '../model/types';
import type { Dialect, ScriptTrace, StateSummary, Step } from '../trace';
import type { Part, Skeleton } from './split';

export type Request =
  /** `query`: the 0-based query whose model to build (clamped to the queries there are); -1: none. */
  /** `load`: the page's number for this load (unique), which `steps` requests name. */
  | { id: number; session: number; type: 'load'; load: number; script: string; dialect: Dialect; query: number; testPanic?: boolean }
  | { id: number; session: number; type: 'model'; query: number }
  | { id: number; session: number; type: 'stateAt'; query: number; steps: number; testPanic?: boolean }
  /** Steps `from` … `to` − 1 (indexes of the model's steps: the query's steps, then its end) of the
   * trace the worker keeps: the blocks a big model did not bring (model/step-blocks.ts). Refused
   * when the trace the worker keeps is not load `load`'s (a newer load ran since). */
  | { id: number; session: number; type: 'steps'; load: number; query: number; from: number; to: number }
  /** The sentences of steps `from` … `to` − 1 (indexes of the model's steps) of load `load`'s
   * trace, which a big run leaves out (`summary` empty) and makes when they are shown: a replay of
   * the query up to them (crates/engine `Prepared::sentences`). Refused as `steps` is. */
  | { id: number; session: number; type: 'sentences'; load: number; query: number; from: number; to: number }
  | { id: number; session: number; type: 'text' }
  | { id: number; session: number; type: 'dispose' };

export interface Results {
  load: { trace: ScriptTrace; ms: number; built: WireBuilt | null };
  model: WireBuilt;
  stateAt: StateSummary[];
  steps: Step[];
  sentences: string[];
  text: string;
  dispose: null;
}

/** A query's view model as the worker built it (`model.trace` is the message's trace), or why it
 * could not be built; `ms`: the build's time in the worker, `postMs` the time it took the worker to
 * split and post it (the slices' serialization), `joinMs` the page's joining it. */
export interface Built {
  query: number;
  model: QueryModel | null;
  error: string | null;
  ms: number;
  postMs: number;
  joinMs: number;
  /** A big model's result-table ranks come after it (`outRank` empty until then): settles once
   * they are in the model (or could not be had: the result table then makes its own). Null: the
   * model came with them. */
  ranks: Promise<void> | null;
}

/** A built model as it crosses: its skeleton, after its slices (`part` messages; engine/split.ts). */
export interface WireBuilt {
  query: number;
  skeleton: Skeleton | null;
  error: string | null;
  ms: number;
  postMs: number;
  /** The model's result-table ranks follow the reply in a `ranks` message (a big model: they are
   * read off its changelog while the page joins it). */
  ranksLater?: boolean;
}

/** What follows a reply whose model has `ranksLater` (engine/worker.ts). */
export interface Ranks {
  type: 'ranks';
  id: number;
  rank: Int32Array | null;
  count: number;
}

/** Unasked: how far the wasm download has come (bytes; `total` 0 when the server does not say). */
export interface Progress {
  type: 'progress';
  loaded: number;
  total: number;
  /** The download is compressed (gzip, br): `total` counts compressed bytes, `loaded` unpacked ones. */
  encoded: boolean;
  done: boolean;
}

/** Unasked, while a load runs: how far the engine got (query `query` of `queries`, step `step` of
 * `steps`; 0 of 0 as a query starts). Sent every few thousand steps (runtime::PROGRESS_EVERY). */
export interface RunProgress {
  type: 'running';
  id: number;
  query: number;
  queries: number;
  step: number;
  steps: number;
}

export type Response =
  | Progress
  | RunProgress
  /** A load's engine run is over (its model is being built): the run's time limit stops here. */
  | { type: 'ran'; id: number; ms: number }
  /** A slice of the model a reply is about to bring (engine/split.ts). */
  | { type: 'part'; id: number; part: Part }
  /** After the reply of request `id` (its model's `ranksLater`): the result table's ranks of its
   * model's changelog (model/result-ranks.ts; `rank` null when they could not be read). */
  | Ranks
  | { id: number; ok: true; result: Results[keyof Results] }
  /** `fatal`: the wasm instance trapped and the worker is closing; the page starts a new one. */
  | { id: number; ok: false; error: string; fatal: boolean };

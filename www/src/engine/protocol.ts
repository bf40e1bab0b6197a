// The tiny message protocol between the page and the engine's Web Worker. One worker serves
// every playground on a page; each playground has its own session id.

import type { Dialect, ScriptTrace, StateSummary } from '../trace';

export type Request =
  | { id: number; session: number; type: 'load'; script: string; dialect: Dialect }
  | { id: number; session: number; type: 'stateAt'; query: number; steps: number }
  | { id: number; session: number; type: 'text' }
  | { id: number; session: number; type: 'dispose' };

export interface Results {
  load: { trace: ScriptTrace; ms: number };
  stateAt: StateSummary[];
  text: string;
  dispose: null;
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

export type Response =
  | Progress
  | { id: number; ok: true; result: Results[keyof Results] }
  /** `fatal`: the wasm instance trapped and the worker is closing; the page starts a new one. */
  | { id: number; ok: false; error: string; fatal: boolean };

// Share links: `#v1/` + lz-string (compressToEncodedURIComponent) of canonical JSON.
// The JSON is documented in docs/share-links.md; tests/e2e keeps a stored v1 link that must
// keep decoding. A newer format gets a new prefix (`#v2/`) and v1 keeps its decoder.

import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { Dialect } from './trace';

export interface ShareState {
  script: string;
  dialect: Dialect;
  /** 1-based query number. */
  query: number;
  /** Step number as the oracle numbers them (the end of input counts as the step after the last row); 0 is the job start (VALUES rows before step 1), or the first step when the query has none. */
  step: number;
}

export const SHARE_PREFIX = '#v1/';

/** Canonical JSON: keys in this order, default values left out. */
export function canonicalJson(s: ShareState): string {
  const o: Record<string, unknown> = { script: s.script };
  if (s.dialect !== 'confluent') o.dialect = s.dialect;
  if (s.query !== 1) o.query = s.query;
  if (s.step !== 1) o.step = s.step;
  return JSON.stringify(o);
}

export function encodeShare(s: ShareState): string {
  return SHARE_PREFIX + compressToEncodedURIComponent(canonicalJson(s));
}

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);

/** Decodes a URL hash; null when it is not a share link or does not decode. */
export function decodeShare(hash: string): ShareState | null {
  if (!hash.startsWith(SHARE_PREFIX)) return null;
  const json = decompressFromEncodedURIComponent(hash.slice(SHARE_PREFIX.length));
  if (!json) return null;
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null) return null;
  const r = o as Record<string, unknown>;
  if (typeof r.script !== 'string') return null;
  return {
    script: r.script,
    dialect: r.dialect === 'flink' ? 'flink' : 'confluent',
    query: positive(r.query) ?? 1,
    step: typeof r.step === 'number' && Number.isInteger(r.step) && r.step >= 0 ? r.step : 1,
  };
}

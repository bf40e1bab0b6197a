// Share links (docs/share-links.md). The page writes `#v2/<script part>&d=…&q=…&s=…`: the script
// part is lz-string (compressToEncodedURIComponent) of `{"script":…,"sum":…}` and is computed once
// per script (share-writer.ts caches it, off the main thread for big scripts); the dialect, query
// and step are plain parameters after it, so a step never re-encodes the text. `#v1/` links (one
// lz-string JSON with the step inside) keep decoding: tests/e2e keeps a stored v1 link. A damaged
// link and a link of a newer format are told apart from "not a share link", so the page can say so.
// A link is read within limits (MAX_LINK_CHARS of hash, a script of at most MAX_LINK_SCRIPT, decoded by
// lz-bounded.ts so that a small hostile hash cannot expand without end): past them it is `too-large`.

import lz from 'lz-string';
import { decompressBounded } from './lz-bounded';
import type { Dialect } from './trace';

export interface ShareState {
  script: string;
  dialect: Dialect;
  /** 1-based query number. */
  query: number;
  /** Step number as the oracle numbers them (the end of input counts as the step after the last row); 0 is the job start (VALUES rows before step 1), or the first step when the query has none. */
  step: number;
}

/** The format the page writes. */
export const SHARE_VERSION = 2;
export const SHARE_PREFIX = '#v2/';
const V1_PREFIX = '#v1/';

/** The longest script (in characters) a link holds; a longer one is offered as a download. */
export const SCRIPT_CAP = 200_000;

/** The longest hash (in characters) the page decodes; the writer never makes a longer one
 * (share-writer.ts offers a download instead). A script of SCRIPT_CAP characters takes about
 * 95,000 (SQL) and up to about 750,000 (random characters of every script). */
export const MAX_LINK_CHARS = 2_000_000;
/** The longest script a link may bring (in characters). Above SCRIPT_CAP, the most the page
 * writes, so that a large link of an older page still opens (the page then keeps it out of the
 * address bar); a link that would decode to more is refused before it is built. */
export const MAX_LINK_SCRIPT = 1_000_000;
/** The longest JSON a link's script part may decompress to: a MAX_LINK_SCRIPT script with every
 * character escaped (JSON.stringify writes at most 6 characters for one), plus its keys. */
const MAX_JSON_CHARS = 6 * MAX_LINK_SCRIPT + 100;

/** What a URL hash holds. */
export type DecodedLink =
  | { kind: 'none' }
  | { kind: 'ok'; state: ShareState; version: number }
  /** It looks like a share link (`#v1/`, `#v2/`) but does not decode: cut short or changed. */
  | { kind: 'damaged'; version: number }
  /** A share link of a format this page does not know (made by a newer JoinLab). */
  | { kind: 'newer'; version: number }
  /** Longer than MAX_LINK_CHARS, or its script would be over MAX_LINK_SCRIPT: not decoded. */
  | { kind: 'too-large'; version: number; chars: number };

/** Canonical v1 JSON: keys in this order, default values left out. */
export function canonicalJson(s: ShareState): string {
  const o: Record<string, unknown> = { script: s.script };
  if (s.dialect !== 'confluent') o.dialect = s.dialect;
  if (s.query !== 1) o.query = s.query;
  if (s.step !== 1) o.step = s.step;
  return JSON.stringify(o);
}

/** FNV-1a (32 bits) of the script's UTF-16 units, in hex: a v2 link's check against damage. */
export function checksum(script: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < script.length; i++) {
    h ^= script.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The v2 script part (the expensive half: share-writer.ts runs it once per script, in a worker when big). */
export function encodeScriptPart(script: string): string {
  return lz.compressToEncodedURIComponent(JSON.stringify({ script, sum: checksum(script) }));
}

/** The v2 parameters after the script part: defaults left out, in this order. */
export function stateParams(s: Omit<ShareState, 'script'>): string {
  let p = '';
  if (s.dialect !== 'confluent') p += `&d=${s.dialect}`;
  if (s.query !== 1) p += `&q=${s.query}`;
  if (s.step !== 1) p += `&s=${s.step}`;
  return p;
}

/** A v2 link from a script part (encodeScriptPart) and the rest of the state. */
export function composeLink(scriptPart: string, s: Omit<ShareState, 'script'>): string {
  return SHARE_PREFIX + scriptPart + stateParams(s);
}

/** The v2 link of a state, computed now (for small scripts; big ones go through share-writer.ts). */
export function encodeShare(s: ShareState): string {
  return composeLink(encodeScriptPart(s.script), s);
}

const positive = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? v : null);
const stepOf = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 1);
const number = (v: string | undefined): number | undefined => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

class TooLarge extends Error {}

/** A script part's JSON, decompressed within MAX_JSON_CHARS (TooLarge past it). */
function decompress(part: string): string | null {
  const r = decompressBounded(part, MAX_JSON_CHARS);
  if (r.ok) return r.text;
  if (r.why === 'too-large') throw new TooLarge();
  return null;
}

/** A decoded script, refused over MAX_LINK_SCRIPT. */
function capped(script: string): string {
  if (script.length > MAX_LINK_SCRIPT) throw new TooLarge();
  return script;
}

function parseJson(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const o: unknown = JSON.parse(json);
    return typeof o === 'object' && o !== null && !Array.isArray(o) ? (o as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function decodeV1(body: string): ShareState | null {
  const r = parseJson(decompress(body));
  if (!r || typeof r.script !== 'string') return null;
  return { script: capped(r.script), dialect: r.dialect === 'flink' ? 'flink' : 'confluent', query: positive(r.query) ?? 1, step: stepOf(r.step) };
}

function decodeV2(body: string): ShareState | null {
  const [part, ...params] = body.split('&');
  const r = parseJson(decompress(part));
  if (!r || typeof r.script !== 'string' || r.sum !== checksum(capped(r.script))) return null;
  const p: Record<string, string> = {};
  for (const kv of params) {
    const i = kv.indexOf('=');
    if (i > 0) p[kv.slice(0, i)] = kv.slice(i + 1);
  }
  return { script: r.script, dialect: p.d === 'flink' ? 'flink' : 'confluent', query: positive(number(p.q)) ?? 1, step: stepOf(number(p.s)) };
}

/** Reads a URL hash: a share link (v1 or v2), a damaged or newer one, or none. */
export function decodeLink(hash: string): DecodedLink {
  const m = /^#v(\d{1,4})\//.exec(hash);
  if (!m) return { kind: 'none' };
  const version = Number(m[1]);
  const body = hash.slice(m[0].length);
  if (version > SHARE_VERSION) return { kind: 'newer', version };
  if (hash.length > MAX_LINK_CHARS) return { kind: 'too-large', version, chars: hash.length };
  let state: ShareState | null = null;
  try {
    state = hash.startsWith(V1_PREFIX) ? decodeV1(body) : version === SHARE_VERSION ? decodeV2(body) : null;
  } catch (e) {
    if (e instanceof TooLarge) return { kind: 'too-large', version, chars: hash.length };
    state = null;
  }
  return state ? { kind: 'ok', state, version } : { kind: 'damaged', version };
}

/** Decodes a URL hash; null when it is not a share link or does not decode. */
export function decodeShare(hash: string): ShareState | null {
  const d = decodeLink(hash);
  return d.kind === 'ok' ? d.state : null;
}

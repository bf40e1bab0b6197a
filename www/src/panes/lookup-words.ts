// A lookup in words, for the step sentence and the store card: what was looked up (the key by
// its column names), what came back (the store rows found, without the key columns, their scores
// for the search functions, the ones the rest of the ON condition rejected), what was emitted or
// padded, and the next change of the store that touches the key — it comes later and will not
// revise this row (the page knows the whole trace; the engine's sentence does not look ahead).

import { changeName, type LookupProbe, type LookupStoreView, type QueryModel, stepAt } from '../model';
import type { EventOf } from '../trace';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Found rows listed in a sentence; the rest are counted. */
const MAX_LISTED = 3;

/** `id 1`, `tier gold, region EU`, or `key [1]` when the key's columns are not known. */
export function keyWords(v: LookupStoreView, key: string[]): string {
  const cols = v.keyColumns;
  return cols.length === key.length && cols.length ? cols.map((c, i) => `${c} ${key[i]}`).join(', ') : `key [${key.join(', ')}]`;
}

/** `id is NULL`, `tier is NULL` (the parts of the key that are NULL), or `the key is NULL`. */
function nullWhat(v: LookupStoreView, key: string[]): string {
  const cols = v.keyColumns.length === key.length ? v.keyColumns.filter((_, i) => key[i] === 'NULL') : [];
  return cols.length ? `${cols.join(' and ')} ${cols.length === 1 ? 'is' : 'are'} NULL` : 'the key is NULL';
}

/** A store row without its key columns (all of it when it is only keys): `Alice, silver`. */
export function valuesWords(v: LookupStoreView, row: string[]): string {
  const rest = row.filter((_, i) => !v.keyIdx.includes(i));
  return (rest.length ? rest : row).join(', ');
}

/** What a later change does to this lookup's rows: nothing, in words. */
export function laterWords(r: LookupProbe): string | null {
  const c = r.later;
  if (!c) return null;
  const what = r.padded ? 'the padded row' : r.emitted === 1 ? 'this row' : r.emitted > 1 ? `these ${r.emitted} rows` : null;
  return what ? `${changeName(c)} at step ${c.pos} comes later and will not change ${what}` : `${changeName(c)} at step ${c.pos} comes later: a lookup is not tried again, so nothing comes out for it`;
}

/** The page's clause for one lookup (the step sentence's part about it). */
export function lookupWords(v: LookupStoreView, r: LookupProbe): string {
  const key = keyWords(v, r.key);
  let s: string;
  if (r.nullKey) s = r.function ? `${nullWhat(v, r.key)}, and a NULL search value finds nothing` : `${nullWhat(v, r.key)}, and a NULL key finds nothing: Flink never sends it to the store`;
  else {
    const rows = r.found.slice(0, MAX_LISTED).map((f) => `(${valuesWords(v, f.row)}${f.score !== null ? `, score ${f.score}` : ''})${f.joined ? '' : ' rejected by the rest of the ON condition'}`);
    if (r.found.length > MAX_LISTED) rows.push(`… ${r.found.length - MAX_LISTED} more`);
    const verb = r.function ? `${r.function} searched ${v.table} for ${key}` : `${key} looked up in ${v.table}`;
    s = `${verb}: ${plural(r.found.length, 'row')}${rows.length ? ` ${rows.join(', ')}` : ''}`;
    if (r.roles) s += ` (${r.roles})`;
  }
  if (r.padded) s += ', so the row comes out padded with NULLs';
  else if (r.emitted === 0) s += ', so the inner join emits nothing for it';
  const later = laterWords(r);
  if (later) s += `; ${later}`;
  else if (r.emitted > 0 || r.padded) s += `; later changes of ${v.table} will not change what it emitted`;
  return s;
}

/**
 * The engine's clause for a lookup (runtime/summary.rs, `Event::Lookup`), rebuilt to find it in
 * the step's summary and put the page's in its place.
 */
export function engineLookupClause(keys: string[], e: EventOf<'lookup'>): string {
  const what = keys.length === e.key.length && keys.length ? keys.map((c, i) => `${c} ${e.key[i]}`).join(', ') : `key [${e.key.join(', ')}]`;
  let s = e.null_key ? `${what}: a NULL key finds nothing in ${e.table}` : `${what} looked up in ${e.table}: ${plural(e.found.length, 'row')}`;
  const rejected = e.found.filter((f) => !f.joined).length;
  if (rejected > 0) s += ` (${rejected} rejected by the rest of the ON condition)`;
  if (e.padded) s += ', so the row comes out padded with NULLs';
  else if (e.emitted === 0) s += ', so the inner join emits nothing for it';
  if (e.emitted > 0 || e.padded) s += `; later changes of ${e.table} will not change what it emitted`;
  return s;
}

/**
 * The step sentence with the page's words for each lookup of the step in place of the engine's
 * (which cannot look ahead to the store's next change); appended when the engine's is not there.
 */
export function withLookups(m: QueryModel, pos: number, summary: string): string {
  const step = stepAt(m, pos);
  if (!step || !m.lookups.length) return summary;
  let out = summary;
  const seen = new Map<number, number>();
  /** Lookups per operator in the step: several (an updating probe's -U and +U) say which row each is for. */
  const count = new Map<number, number>();
  for (const e of step.events) if (e.type === 'lookup') count.set(e.op, (count.get(e.op) ?? 0) + 1);
  for (const e of step.events) {
    if (e.type !== 'lookup') continue;
    const v = m.lookups.find((x) => x.op === e.op);
    const n = seen.get(e.op) ?? 0;
    seen.set(e.op, n + 1);
    const r = v?.probesAt[pos]?.[n];
    if (!v || !r) continue;
    const ours = `${(count.get(e.op) ?? 0) > 1 ? `for ${r.kind}[${r.row.join(', ')}], ` : ''}${lookupWords(v, r)}`;
    const theirs = engineLookupClause(v.keyColumns, e);
    const at = out.indexOf(theirs);
    if (at >= 0) out = out.slice(0, at) + ours + out.slice(at + theirs.length);
    else if (!out.includes(ours)) out = `${out.replace(/\.?\s*$/, '')}. ${ours.charAt(0).toUpperCase()}${ours.slice(1)}.`;
  }
  return out;
}

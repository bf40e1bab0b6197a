// The live rows of a lookup store while model/lookup.ts rebuilds it: found by their first column,
// their lookup key and their first lineage step, with no key string built per row when the lookup
// key is one column.

import type { LookupChange } from '../trace';
import type { StoreRow } from './lookup';

const same = <T>(a: T[], b: T[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** `row`'s lookup key as one string (no copy when the key is one column). */
export function keyTextOf(idx: number[]): (row: string[]) => string {
  return idx.length === 1 ? (row) => row[idx[0]] : (row) => idx.map((i) => row[i]).join('\u0001');
}

/** Appends `v` to the list of `k`. */
export function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Takes `v` out of the list of `k`. */
function drop<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  const i = list ? list.indexOf(v) : -1;
  if (!list || i < 0) return;
  list.splice(i, 1);
  if (!list.length) m.delete(k);
}

/**
 * The live rows of a store, in the order they entered them, found by their first column, their
 * lookup key and their first lineage step (a found row's lineage is the row's own) — by values the
 * trace already has, so no key is built per row in the common cases (a one-column key).
 */
export class Live {
  size = 0;
  private readonly byFirst = new Map<string, StoreRow[]>();
  /** The lookup key is the first column: byFirst serves for it. */
  private readonly keyIsFirst: boolean;
  /** The lookup key's text and the rows by it (null: the key is the first column, or there is none). */
  private readonly key: ((row: string[]) => string) | null;
  private readonly byKey: Map<string, StoreRow[]> | null;
  private readonly byLineage = new Map<number, StoreRow[]>();

  constructor(keyIdx: number[]) {
    this.keyIsFirst = keyIdx.length === 1 && keyIdx[0] === 0;
    this.key = keyIdx.length && !this.keyIsFirst ? keyTextOf(keyIdx) : null;
    this.byKey = this.key ? new Map() : null;
  }

  add(r: StoreRow): void {
    push(this.byFirst, r.row[0], r);
    if (this.byKey && this.key) push(this.byKey, this.key(r.row), r);
    push(this.byLineage, r.lineage[0] ?? -1, r);
    this.size++;
  }

  remove(r: StoreRow): void {
    drop(this.byFirst, r.row[0], r);
    if (this.byKey && this.key) drop(this.byKey, this.key(r.row), r);
    drop(this.byLineage, r.lineage[0] ?? -1, r);
    this.size--;
  }

  /** The live row a lookup found: the one with its values and lineage, else the first with its values. */
  found(row: string[], lineage: number[]): StoreRow | null {
    const mine = (this.byLineage.get(lineage[0] ?? -1) ?? []).find((r) => same(r.row, row) && same(r.lineage, lineage));
    return mine ?? (this.byFirst.get(row[0]) ?? []).find((r) => same(r.row, row)) ?? null;
  }

  /** The row a change replaces (`replaced`) or removes (`removed`). */
  old(row: string[], change: LookupChange): StoreRow | null {
    const byFirst = this.byFirst.get(row[0]) ?? [];
    if (change === 'removed') {
      const equal = byFirst.find((r) => same(r.row, row));
      if (equal) return equal;
    }
    const byKey = this.keyIsFirst ? byFirst : this.byKey && this.key ? (this.byKey.get(this.key(row)) ?? []) : [];
    return byKey.find((r) => r.row[0] === row[0]) ?? byFirst[0] ?? byKey[0] ?? null;
  }
}

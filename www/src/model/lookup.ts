// The model of a lookup join's store (Flink's `LookupJoin` against a lookup table; Confluent's
// KEY_SEARCH_AGG / TEXT_SEARCH_AGG / VECTOR_SEARCH_AGG over an external table): the store's rows
// rebuilt from the trace's `lookup_store` events, each with the step that wrote it and the step
// that replaced or removed it, and every lookup (`lookup` events) with its key, the store rows it
// found (joined or rejected by the rest of the ON condition, their scores for the search
// functions), what it emitted, and the next change of its key in the store — which comes later
// and revises nothing already emitted.
//
// The trace gives each change's row, its kind, what it did (`added`, `replaced`, `removed`,
// `absent`) and the store's size after it, not the table's primary key. A `removed` row is the
// first equal row (a multiset store removes one equal row; a keyed one is sent the row it holds);
// the row a `replaced` one replaces is the live row equal to it on the lookup key columns and on the
// first column (a primary key is most often the first column, or the lookup key), else on the first
// column, else on the lookup key. `exact` says whether the sizes agreed with the trace's all along.

import type { EventOf, LookupChange, LookupMatch, OperatorInfo, QueryTrace, RowKind, Step, TableInfo } from '../trace';
import { keyTextOf, Live, push } from './lookup-live';
import type { OutputRow } from './types';

/** A `lookup` event with the fields the search functions add (absent in older traces). */
export type LookupEvent = EventOf<'lookup'> & { function?: string | null; roles?: string | null };
/** A found row with its score (text and vector search; absent for a key lookup). */
export type LookupMatchEvent = LookupMatch & { score?: string | null };

/** One row of a store, from the change that wrote it until the change that replaced or removed it. */
export interface StoreRow {
  /** Its place in the order rows entered the store (its index in `entries`). */
  seq: number;
  /** Its values (the table's visible columns). */
  row: string[];
  kind: RowKind;
  /** The step whose change wrote it. */
  pos: number;
  lineage: number[];
  /** The step at which it left the store (null: it is still there at the end of the trace). */
  gonePos: number | null;
  /** How it left: replaced by a row of its key, or removed by a -U / -D. */
  goneBy: 'replaced' | 'removed' | null;
  /** The row that replaced it, the one it replaced. */
  replacedBy: StoreRow | null;
  replaces: StoreRow | null;
}

/** One change of a store (its `lookup_store` event). */
export interface StoreChange {
  pos: number;
  kind: RowKind;
  row: string[];
  change: LookupChange;
  /** The store's rows after it, as the trace says. */
  rows: number;
  /** The row it wrote (added, replaced), and the row it replaced or removed. */
  entry: StoreRow | null;
  old: StoreRow | null;
}

/** A store row a lookup found. */
export interface LookupFound {
  row: string[];
  lineage: number[];
  joined: boolean;
  /** Its relevance (text, vector search) as the trace gives it, null for a key lookup. */
  score: string | null;
  /** The store row it is (null: the model's store does not hold it). */
  entry: StoreRow | null;
}

/** One looked-up row (its `lookup` event). */
export interface LookupProbe {
  op: number;
  pos: number;
  kind: RowKind;
  /** The probe row (the lookup join's probe input) and the steps it is made of. */
  row: string[];
  lineage: number[];
  key: string[];
  nullKey: boolean;
  found: LookupFound[];
  emitted: number;
  padded: boolean;
  /** The operator's emitted rows for it (hidden `$` columns left out). */
  emits: string[][];
  /** The changelog rows of its step that are its emitted rows (indices into `outputs`). */
  outputs: number[];
  /** The search function (`KEY_SEARCH_AGG`, …), null for Flink's lookup join. */
  function: string | null;
  /** Which argument named which column (the search functions). */
  roles: string | null;
  /** The next change of the store that touches its key, after its step (null: none). */
  later: StoreChange | null;
}

/** The store of one lookup operator and its lookups. */
export interface LookupStoreView {
  op: number;
  /** The looked-up table. */
  table: string;
  /** The table the probe rows come from (through Calcs), when one. */
  probeTable: string | null;
  /** The store's column names and the lookup key columns. */
  columns: string[];
  keyColumns: string[];
  /** Positions of the key columns in `columns` (those found). */
  keyIdx: number[];
  /** Every row the store ever held, in the order they entered it. */
  entries: StoreRow[];
  changes: StoreChange[];
  /** changesAt[p], probesAt[p]: the store's changes and the lookups at position p. */
  changesAt: StoreChange[][];
  probes: LookupProbe[];
  probesAt: LookupProbe[][];
  /** The rebuilt store's size agreed with the trace's after every change. */
  exact: boolean;
}


/** The table an operator's rows come from, through single-input operators. */
function tableOf(ops: OperatorInfo[], id: number | undefined): string | null {
  for (let n = 0; id !== undefined && n < 30; n++) {
    const o = ops.find((x) => x.id === id);
    if (!o) return null;
    if (o.table) return o.table;
    if (o.inputs.length !== 1) return null;
    id = o.inputs[0];
  }
  return null;
}

/** Every lookup operator's store and lookups (in data-flow order). */
export function lookupPass(query: QueryTrace, tables: TableInfo[], source: { count: number; at(i: number): Step }, start: Step | null, outputs: OutputRow[], outEnd: Int32Array): { step(p: number, s: Step): void; done(): LookupStoreView[] } | null {
  const ops = query.operators;
  // (a lookup event comes only from a LookupJoin: without one there is no store to draw)
  if (!ops.some((o) => o.kind === 'LookupJoin')) return null;
  /** While building: the live rows, and which of the operator's output columns are hidden (`$…`). */
  const views = new Map<number, LookupStoreView & { live: Live; hidden: boolean[] }>();
  const M = source.count;
  /** The store rows' width per operator (its first change or found row says: read ahead, before the steps are visited). */
  const widths = new Map<number, number>();
  const lookupOps = ops.filter((o) => o.kind === 'LookupJoin').length;
  for (let i = start ? -1 : 0; i < M && widths.size < lookupOps; i++)
    for (const e of (i < 0 && start ? start : source.at(i)).events) {
      if (e.type !== 'lookup_store' && e.type !== 'lookup') continue;
      if (widths.has(e.op)) continue;
      if (e.type === 'lookup_store') widths.set(e.op, e.row.length);
      else if (e.found.length) widths.set(e.op, e.found[0].row.length);
    }
  const viewOf = (op: number, table: string) => {
    let v = views.get(op);
    if (v) return v;
    const width = widths.get(op) ?? 0;
    const o = ops.find((x) => x.id === op);
    const visible = (cols: string[] | undefined) => (cols ?? []).filter((c) => !c.startsWith('$'));
    const storeOp = o && o.inputs.length > 1 ? ops.find((x) => x.id === o.inputs[1]) : undefined;
    let columns = visible(storeOp?.columns);
    if (columns.length !== width) columns = [];
    if (!columns.length) {
      // the table's columns, without its system (`$rowtime`) and processing-time columns
      const t = tables.find((x) => x.name === table);
      const cols = (t?.columns ?? []).filter((c) => !c.name.startsWith('$') && !c.type.includes('*PROCTIME*')).map((c) => c.name);
      if (cols.length === width) columns = cols;
    }
    if (!columns.length) columns = Array.from({ length: width }, (_, i) => `column ${i + 1}`);
    const keyColumns = o?.keys ?? [];
    const keyIdx = keyColumns.map((k) => columns.indexOf(k)).filter((i) => i >= 0);
    v = {
      op,
      table,
      probeTable: o ? tableOf(ops, o.inputs[0]) : null,
      columns,
      keyColumns,
      keyIdx,
      entries: [],
      changes: [],
      changesAt: Array.from({ length: M + 1 }, () => []),
      probes: [],
      probesAt: Array.from({ length: M + 1 }, () => []),
      exact: true,
      live: new Live(keyIdx),
      hidden: (o?.columns ?? []).map((c) => c.startsWith('$')),
    };
    views.set(op, v);
    return v;
  };

  const step = (p: number, step: Step): void => {
    const events = step.events;
    for (let i = 0; i < events.length; i++) {
      const e = events[i];
      if (e.type === 'lookup_store') {
        const v = viewOf(e.op, e.table);
        let entry: StoreRow | null = null;
        let old: StoreRow | null = null;
        if (e.change === 'replaced' || e.change === 'removed') {
          old = v.live.old(e.row, e.change);
          if (old) {
            old.gonePos = p;
            old.goneBy = e.change;
            v.live.remove(old);
          }
        }
        if (e.change === 'added' || e.change === 'replaced') {
          entry = { seq: v.entries.length, row: e.row, kind: e.kind, pos: p, lineage: e.lineage, gonePos: null, goneBy: null, replacedBy: null, replaces: old };
          if (old) old.replacedBy = entry;
          v.entries.push(entry);
          v.live.add(entry);
        }
        if (v.live.size !== e.rows) v.exact = false;
        const c: StoreChange = { pos: p, kind: e.kind, row: e.row, change: e.change, rows: e.rows, entry, old };
        v.changes.push(c);
        v.changesAt[p].push(c);
      } else if (e.type === 'lookup') {
        const ev = e as LookupEvent;
        const v = viewOf(ev.op, ev.table);
        const found: LookupFound[] = ev.found.map((f) => {
          const m = f as LookupMatchEvent;
          const entry = v.live.found(m.row, m.lineage);
          return { row: m.row, lineage: m.lineage, joined: m.joined, score: m.score ?? null, entry };
        });
        // Its emitted rows: the operator's emits up to its next event of another kind.
        const emits: string[][] = [];
        const hidden = v.hidden;
        for (let j = i + 1; j < events.length; j++) {
          const x = events[j];
          if (!('op' in x) || x.op !== ev.op) continue;
          if (x.type !== 'emit') break;
          emits.push(hidden.length === x.row.length ? x.row.filter((_, k) => !hidden[k]) : x.row);
        }
        const probe: LookupProbe = {
          op: ev.op,
          pos: p,
          kind: ev.kind,
          row: ev.row,
          lineage: ev.lineage,
          key: ev.key,
          nullKey: ev.null_key,
          found,
          emitted: ev.emitted,
          padded: ev.padded,
          emits,
          outputs: [],
          function: ev.function ?? null,
          roles: ev.roles ?? null,
          later: null,
        };
        // The changelog rows of the step made of exactly its rows (a Calc above may drop columns).
        const lo = p > 0 ? outEnd[p - 1] : 0;
        if (lo < outEnd[p]) {
          const set = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b).join(',');
          const want = new Set(probe.padded ? [set(probe.lineage)] : found.filter((f) => f.joined).map((f) => set([...probe.lineage, ...f.lineage])));
          for (let k = lo; k < outEnd[p]; k++) if (want.has(set(outputs[k]?.lineage ?? []))) probe.outputs.push(k);
        }
        v.probes.push(probe);
        v.probesAt[p].push(probe);
      }
    }
  };

  const done = (): LookupStoreView[] => {
  // No lookup at all: no store to draw (every view is made at a lookup event).
  if (!views.size) return [];
  // The next change of each lookup's key, after its step: it revises nothing the lookup emitted.
  for (const v of views.values()) {
    if (!v.keyIdx.length || v.keyIdx.length !== v.keyColumns.length) continue;
    const keyOf = keyTextOf(v.keyIdx);
    /** The changes that touch each key (by the row they wrote or the one they removed), in step order. */
    const byKey = new Map<string, StoreChange[]>();
    for (const c of v.changes) {
      if (c.change === 'absent') continue;
      const k = keyOf(c.row);
      push(byKey, k, c);
      if (c.old && keyOf(c.old.row) !== k) push(byKey, keyOf(c.old.row), c);
    }
    for (const r of v.probes) {
      if (r.nullKey || r.key.length !== v.keyIdx.length) continue;
      const list = byKey.get(r.key.length === 1 ? r.key[0] : r.key.join('\u0001')) ?? [];
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].pos <= r.pos) lo = mid + 1;
        else hi = mid;
      }
      r.later = list[lo] ?? null;
    }
  }
  // A store whose changes the trace does not record (none at all): each found row stands alone,
  // so the view can still show what a lookup found.
  for (const v of views.values())
    if (!v.changes.length)
      for (const r of v.probes)
        for (const f of r.found) f.entry ??= { seq: -1, row: f.row, kind: '+I', pos: f.lineage[0] ?? r.pos, lineage: f.lineage, gonePos: null, goneBy: null, replacedBy: null, replaces: null };
  // In data-flow order: a lookup that feeds another comes first.
  const depth = (id: number, n = 0): number => {
    const o = ops.find((x) => x.id === id);
    return !o || !o.inputs.length || n > 30 ? 0 : 1 + Math.max(...o.inputs.map((i) => depth(i, n + 1)));
  };
  return [...views.values()].sort((a, b) => depth(a.op) - depth(b.op) || a.op - b.op).map(({ live: _live, hidden: _hidden, ...v }) => v);
  };
  return { step, done };
}

/** The rows of a store after step `pos`, in the order they entered it. */
export function storeAt(v: LookupStoreView, pos: number): StoreRow[] {
  return v.entries.filter((r) => r.pos <= pos && (r.gonePos === null || r.gonePos > pos));
}

/** The rows that left the store at step `pos` (replaced or removed). */
export function goneAt(v: LookupStoreView, pos: number): StoreRow[] {
  return v.entries.filter((r) => r.gonePos === pos);
}

/** A change in words: `the update`, `the insert`, `the delete`. */
export function changeName(c: StoreChange): string {
  if (c.change === 'removed') return 'the delete';
  if (c.change === 'replaced') return 'the update';
  return c.kind === '+U' ? 'the update' : 'the insert';
}

/** A changelog row of a later step that carries what an earlier lookup found, after the store changed. */
export interface StaleEcho {
  /** The changelog row (its index in `outputs`). */
  output: number;
  probe: LookupProbe;
  found: LookupFound;
}

/**
 * The changelog rows (+I, +U) of step `pos` made of a lookup of an earlier step whose found row has left the
 * store since (replaced or removed): an operator above the lookup join (a regular join) re-emits what
 * the lookup found then, and the lookup is never done again.
 */
export function staleAt(v: LookupStoreView, outputs: OutputRow[], from: number, to: number, pos: number): StaleEcho[] {
  const out: StaleEcho[] = [];
  for (let i = from; i < to; i++) {
    const o = outputs[i];
    if (!o || o.kind === '-U' || o.kind === '-D') continue;
    const lin = new Set(o.lineage);
    for (const l of lin) {
      if (l >= pos) continue;
      for (const r of v.probesAt[l] ?? []) {
        if (!r.lineage.every((x) => lin.has(x))) continue;
        const f = r.found.find((x) => x.joined && x.lineage.every((y) => lin.has(y)) && x.entry?.gonePos != null && x.entry.gonePos <= pos);
        if (f && !out.some((e) => e.output === i && e.probe === r)) out.push({ output: i, probe: r, found: f });
      }
    }
  }
  return out;
}

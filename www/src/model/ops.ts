// The operators that feed joins, in words: what an aggregation groups by and computes, what a
// Top-N partitions and orders by and which ranks it keeps, what a deduplication keeps — all from
// the trace's fields (`OperatorInfo.keys`, `columns`, `aggregate`, `rank`, `dedup`), never from
// the EXPLAIN-like label. Also: which operators draw windows, why an operator is updating or
// append-only, and the column names of the rows an operator holds.

import type { OperatorInfo, QueryTrace, TableInfo } from '../trace';

/** One result of an aggregation. */
export interface ResultCol {
  /** The output column (`uv1`, `EXPR$1`). */
  name: string;
  /** The call as the query wrote it (`COUNT(DISTINCT string)`), '' when the trace does not say (a generated argument). */
  call: string;
  /** Whether `name` is the query's own (not a generated `EXPR$1` / `$f2`). */
  named: boolean;
}

export interface OpMeta {
  op: OperatorInfo;
  /** Group keys (aggregations), partition keys (Top-N), deduplication keys. */
  keys: string[];
  results: ResultCol[];
  /** Output columns (`OperatorInfo.columns`). */
  select: string[];
  /** Top-N: the rank range, the ORDER BY, whether the row number is an output column. */
  rankStart: number | null;
  rankEnd: number | null;
  orderBy: string;
  rankSelected: boolean;
  /** Deduplication: which row it keeps and by which clock. */
  keep: 'first' | 'last' | null;
  rowtime: boolean;
  /** A window aggregation in two phases (a local and a global stage in one operator). */
  twoPhase: boolean;
  /** A HOP / CUMULATE window aggregation: its state is per slice (shared by several windows), not per window. */
  sliced: boolean;
  /** An aggregation over an input that retracts: it counts each group's rows and deletes an empty group. */
  retract: boolean;
  /** `TUMBLE(size=[5 s])`, `HOP(size=[10 s], slide=[5 s])` (window operators). */
  window: string;
}

/** Operators that keep windows (drawn as bands on their own lane). */
export const WINDOW_KINDS = new Set(['WindowJoin', 'WindowAggregate', 'WindowRank', 'WindowDeduplicate']);

const cache = new WeakMap<OperatorInfo, OpMeta>();

/** What the trace says about an operator (its fields, never its label; computed once per operator). */
export function opMeta(_q: QueryTrace, o: OperatorInfo): OpMeta {
  const hit = cache.get(o);
  if (hit) return hit;
  const agg = o.aggregate ?? null;
  const rank = o.rank ?? null;
  const dedup = o.dedup ?? null;
  const meta: OpMeta = {
    op: o,
    keys: o.keys,
    results: (agg?.calls ?? []).map((c) => ({ name: c.name, call: c.call ?? '', named: c.named })),
    select: o.columns,
    rankStart: rank ? rank.start : null,
    rankEnd: rank?.end ?? null,
    orderBy: rank?.order_by ?? dedup?.order_by ?? '',
    rankSelected: !!rank?.number,
    keep: dedup ? (dedup.keep_last ? 'last' : 'first') : null,
    rowtime: !!dedup?.rowtime,
    twoPhase: !!agg?.two_phase,
    sliced: !!agg?.sliced,
    retract: !!agg?.retract,
    window: agg?.window ?? '',
  };
  cache.set(o, meta);
  return meta;
}

/** `uv1`, or the call when the name is generated (`COUNT(*)`). */
export function resultName(r: ResultCol): string {
  return r.named || !r.call ? r.name : r.call;
}

/** `COUNT(DISTINCT string) = 2 (uv1)`: a result and its value, as the events and the timeline say it. */
export function resultValue(r: ResultCol | undefined, v: string): string {
  if (!r) return v;
  if (!r.call) return `${r.name} = ${v}`;
  return r.named ? `${r.call} = ${v} (${r.name})` : `${r.call} = ${v}`;
}

/** `name a`, `k a, j 2`; '' for no key. */
export function keyText(meta: OpMeta, values: string[]): string {
  return values.map((v, i) => `${meta.keys[i] ?? 'key'} ${v}`).join(', ');
}

/** An aggregation's results: `COUNT(DISTINCT string) = 2 (uv1), …`. */
export function resultsText(meta: OpMeta, values: string[]): string {
  return values.map((v, i) => resultValue(meta.results[i], v)).join(', ');
}

/** Why an operator is updating or append-only, in one sentence (null: nothing particular to say). */
export function modeReason(q: QueryTrace, o: OperatorInfo): string | null {
  const m = opMeta(q, o);
  switch (o.kind) {
    case 'GroupAggregate':
      return 'updating: every row changes its group’s result at once, so it retracts the old result (-U) and sends the new one (+U); -D when a group empties.';
    case 'WindowAggregate':
      return 'append-only: it emits one final row per key and window, once the watermark passes the window’s end (late rows are dropped, never corrected).';
    case 'Rank':
      return o.updating
        ? `updating: a new row can push others down${m.rankEnd !== null ? ` or out of ranks ${m.rankStart ?? 1}–${m.rankEnd}` : ''}, so it retracts the rows whose rank changes.`
        : 'append-only: the first row of each partition by event time is final once emitted.';
    case 'Deduplicate':
      return m.keep === 'last'
        ? 'updating: it keeps the last row per key, so a newer row retracts the kept one (-U) and replaces it (+U).'
        : m.rowtime
          ? 'append-only: it emits the first row per key once the watermark passes its time, and never changes it.'
          : 'append-only: the first row per key (by arrival) is emitted at once and never changes.';
    case 'WindowRank':
      return 'append-only: each window’s ranked rows are emitted once, when the window fires.';
    case 'WindowDeduplicate':
      return 'append-only: each window’s kept row is emitted once, when the window fires.';
    case 'WindowJoin':
      return 'append-only: each window’s joined rows are emitted once, when the window fires.';
    case 'Union':
      return o.updating ? 'updating: it passes on what its inputs retract.' : 'append-only: it passes every row of its inputs on as it came.';
    case 'Expand':
      return 'one copy of each row per grouping set; it passes the change kinds on.';
    case 'Join':
      return o.updating
        ? 'updating: it retracts a joined row when an input retracts one of its rows (-U/-D of an aggregation or upsert input), and an outer join retracts its rows padded with NULLs when a match arrives.'
        : 'append-only: its inputs only add rows and it pads nothing it would have to take back.';
    case 'ChangelogNormalize':
      return 'updating: it turns the upsert table into full changes: -U of the key’s last row before +U of the new one, -D on delete.';
    default:
      return null;
  }
}

/**
 * The column names of the rows an operator emits (`OperatorInfo.columns`; null: unknown). Used
 * to label the rows in the state pane.
 */
export function outputColumns(q: QueryTrace, id: number): string[] | null {
  const o = q.operators.find((x) => x.id === id);
  return o && o.columns.length ? o.columns : null;
}

/** The columns of an operator's input rows (its first input's output; a Top-N's own columns without its rank number), or null. */
export function inputColumns(q: QueryTrace, o: OperatorInfo, _tables: TableInfo[] = []): string[] | null {
  if (o.kind === 'Rank' || o.kind === 'WindowRank') return o.rank?.number ? o.columns.slice(0, -1) : o.columns;
  return o.inputs.length ? outputColumns(q, o.inputs[0]) : null;
}

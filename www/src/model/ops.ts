// The operators that feed joins, in words: what an aggregation groups by and computes, what a
// Top-N partitions and orders by and which ranks it keeps, what a deduplication keeps, read from
// their EXPLAIN-like labels (`OperatorInfo.label`) and, for a two-phase window aggregation, from
// its local stage's line in the query's plan (`COUNT(count$0) AS uv1` of the global stage is
// `COUNT(DISTINCT string)` there). Also: which operators draw windows, why an operator is
// updating or append-only, and the column names of the rows an operator holds.

import type { OperatorInfo, QueryTrace, TableInfo } from '../trace';

/** One result of an aggregation. */
export interface ResultCol {
  /** The output column (`uv1`, `EXPR$1`). */
  name: string;
  /** The call as the query wrote it (`COUNT(DISTINCT string)`), '' when the label does not say. */
  call: string;
  /** Whether `name` is the query's own (not a generated `EXPR$1` / `$f2`). */
  named: boolean;
}

export interface OpMeta {
  op: OperatorInfo;
  /** Group keys (aggregations), partition keys (Top-N), deduplication keys. */
  keys: string[];
  results: ResultCol[];
  /** Output columns (`select=[…]`), when the label lists them. */
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
  /** `TUMBLE(size=[5 s])`, `HOP(size=[10 s], slide=[5 s])` (window operators). */
  window: string;
}

/** Operators that keep windows (drawn as bands on their own lane). */
export const WINDOW_KINDS = new Set(['WindowJoin', 'WindowAggregate', 'WindowRank', 'WindowDeduplicate']);

/** The items of `name=[…]` in a label, split at top-level commas (null when absent). */
export function labelList(label: string, name: string): string[] | null {
  const re = new RegExp(`(^|[^A-Za-z0-9_])${name.replace(/\$/g, '\\$')}=\\[`);
  const m = re.exec(label);
  if (!m) return null;
  let i = m.index + m[0].length;
  let depth = 0;
  let cur = '';
  const items: string[] = [];
  for (; i < label.length; i++) {
    const c = label[i];
    if ('[({'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) {
        if (cur.trim()) items.push(cur.trim());
        return items;
      }
      depth--;
    } else if (c === ',' && depth === 0) {
      items.push(cur.trim());
      cur = '';
      continue;
    }
    cur += c;
  }
  return null;
}

/** `EXPR AS alias` → [EXPR, alias]; a plain column is both. */
function splitAs(item: string): [string, string] {
  const i = item.lastIndexOf(' AS ');
  return i < 0 ? [item.trim(), item.trim()] : [item.slice(0, i).trim(), item.slice(i + 4).trim()];
}

const generated = (name: string) => name.includes('$');

/** The plan's line of a two-phase aggregation's local stage, as alias → call (`count$0` → `COUNT(DISTINCT string)`). */
function localCalls(plan: string, label: string): Map<string, string> {
  const lines = plan.split('\n');
  const strip = (l: string) => l.replace(/^[\s:|+-]*/, '');
  let at = lines.findIndex((l) => strip(l) === label);
  if (at < 0) at = lines.findIndex((l) => strip(l).startsWith('GlobalWindowAggregate('));
  const out = new Map<string, string>();
  if (at < 0) return out;
  const local = lines.slice(at + 1).find((l) => strip(l).startsWith('LocalWindowAggregate('));
  if (!local) return out;
  for (const item of labelList(strip(local), 'select') ?? []) {
    const [expr, alias] = splitAs(item);
    out.set(alias, expr);
  }
  return out;
}

/** A call as a learner reads it: `COUNT_RETRACT(*)` → `COUNT(*)`; '' when it still holds a generated name. */
function readableCall(expr: string, local: Map<string, string>): string {
  let e = expr.replace(/_RETRACT\(/g, '(');
  // the global stage's call over the local stage's partial result: COUNT(count$0) → COUNT(DISTINCT string)
  const inner = /^([A-Z_]+)\((\w+\$\d+)\)$/.exec(e);
  if (inner && local.has(inner[2])) e = (local.get(inner[2]) ?? '').replace(/_RETRACT\(/g, '(');
  return generated(e) ? '' : e;
}

const cache = new WeakMap<OperatorInfo, OpMeta>();

/** What the label of an operator says about it (computed once per operator). */
export function opMeta(q: QueryTrace, o: OperatorInfo): OpMeta {
  const hit = cache.get(o);
  if (hit) return hit;
  const l = o.label;
  const select = labelList(l, 'select') ?? [];
  const keys =
    (o.kind === 'Rank' || o.kind === 'WindowRank'
      ? labelList(l, 'partitionBy')
      : o.kind === 'Deduplicate'
        ? labelList(l, 'key')
        : o.kind === 'WindowDeduplicate'
          ? labelList(l, 'partitionKeys')
          : labelList(l, 'groupBy')) ?? [];
  const twoPhase = o.kind === 'WindowAggregate' && l.startsWith('GlobalWindowAggregate(');
  const local = twoPhase ? localCalls(q.plan, l) : new Map<string, string>();
  const results: ResultCol[] =
    o.kind === 'GroupAggregate' || o.kind === 'WindowAggregate'
      ? select
          .filter((s) => !keys.includes(s) && !s.includes("'w$)"))
          .map((s) => {
            const [expr, name] = splitAs(s);
            return { name, call: readableCall(expr, local), named: !generated(name) };
          })
      : [];
  const range = labelList(l, 'rankRange') ?? [];
  const num = (k: string) => {
    const v = range.find((x) => x.startsWith(`${k}=`));
    return v ? Number(v.slice(k.length + 1)) : null;
  };
  const last = select[select.length - 1] ?? '';
  const win = /window=\[(\w+)\((.*?)\)\]/.exec(l);
  const meta: OpMeta = {
    op: o,
    keys,
    results,
    select,
    rankStart: num('rankStart'),
    rankEnd: num('rankEnd'),
    orderBy: (labelList(l, 'orderBy') ?? labelList(l, 'orderKey') ?? []).join(', '),
    rankSelected: /^w\d+\$o\d+$/.test(last),
    keep: /keep=\[LastRow\]/.test(l) ? 'last' : /keep=\[FirstRow\]/.test(l) ? 'first' : null,
    rowtime: /order=\[ROWTIME\]/.test(l),
    twoPhase,
    sliced: o.kind === 'WindowAggregate' && /window=\[(HOP|CUMULATE)\(/.test(l),
    window: win ? `${win[1]}(${win[2].replace(/(time_col|slice_end|win_start|win_end)=\[[^\]]*\],?\s*/g, '').trim()})` : '',
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
 * The column names of the rows an operator emits, when its label or its inputs say them (null:
 * unknown). Used to label the rows in the state pane: a Top-N's and deduplication's rows are
 * their input's rows.
 */
export function outputColumns(q: QueryTrace, id: number, depth = 0, tables: TableInfo[] = []): string[] | null {
  const o = q.operators.find((x) => x.id === id);
  if (!o || depth > 30) return null;
  const m = opMeta(q, o);
  switch (o.kind) {
    case 'TableSourceScan':
      // All its columns (a source may read fewer: the caller checks the row's length).
      return tables.find((t) => t.name === o.table)?.columns.map((c) => c.name) ?? null;
    case 'Calc':
    case 'Rank':
    case 'WindowRank':
      return m.select.length ? m.select.map((s) => splitAs(s)[1]) : null;
    case 'GroupAggregate':
    case 'WindowAggregate':
      return m.select.length ? m.select.map((s) => splitAs(s)[1]) : null;
    case 'WindowTableFunction': {
      const inner = o.inputs.length === 1 ? outputColumns(q, o.inputs[0], depth + 1, tables) : null;
      return inner ? [...inner, 'window_start', 'window_end', 'window_time'] : null;
    }
    case 'Deduplicate':
    case 'WindowDeduplicate':
    case 'ChangelogNormalize':
    case 'Union':
      return o.inputs.length >= 1 ? outputColumns(q, o.inputs[0], depth + 1, tables) : null;
    default:
      return null;
  }
}

/** The columns of an operator's input rows (its first input's output), or null. */
export function inputColumns(q: QueryTrace, o: OperatorInfo, tables: TableInfo[] = []): string[] | null {
  if (o.kind === 'Rank' || o.kind === 'WindowRank') {
    const m = opMeta(q, o);
    const cols = m.select.map((s) => splitAs(s)[1]);
    return m.rankSelected ? cols.slice(0, -1) : cols;
  }
  return o.inputs.length ? outputColumns(q, o.inputs[0], 0, tables) : null;
}

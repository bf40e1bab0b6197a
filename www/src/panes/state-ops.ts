// The state of the operators that feed joins, each the way a learner of Flink SQL reads it, with
// a short explanation above its table:
//   GroupAggregate     one row per group: its key and its current results (named as the query
//                      names them), how many rows it counts;
//   WindowAggregate    per window and key: the rows buffered until the next flush, the local
//                      stage's partial results, the accumulator (its results so far); the windows
//                      still open per key;
//   Rank               per partition: the rows kept in rank order, those beyond the rank end;
//   Deduplicate        per key: the row kept (or pending, or only "emitted");
//   WindowRank         per window (and partition): the rows buffered, then ranked;
//   WindowDeduplicate  per window and key: the rows buffered, then the one kept.
// Everything comes from the engine's `stateAt` groups (side, key, window, rows, row notes); the
// column names from the trace's operator fields (model/ops.ts).

import { h } from '../dom';
import { inputColumns, keyText, opMeta, type OpMeta, type QueryModel, resultName, resultValue } from '../model';
import { shortWindow } from '../timeline';
import type { OperatorInfo, StateGroup, StateSummary } from '../trace';

const MAX_GROUPS = 200;
const MAX_ROWS = 20;

/** The operator kinds this file draws. */
export const OP_STATE_KINDS = new Set(['GroupAggregate', 'WindowAggregate', 'Rank', 'Deduplicate', 'WindowRank', 'WindowDeduplicate']);

/** One operator's state as a table with its explanation (null: not one of these kinds). */
export function opStateTable(m: QueryModel, o: OperatorInfo, s: StateSummary): Node[] | null {
  const meta = opMeta(m.query, o);
  switch (o.kind) {
    case 'GroupAggregate':
      return groupAggTable(meta, s);
    case 'WindowAggregate':
      return windowAggTable(m, meta, s);
    case 'Rank':
      return rankTable(m, meta, s);
    case 'Deduplicate':
      return dedupTable(m, meta, s);
    case 'WindowRank':
    case 'WindowDeduplicate':
      return windowRankTable(m, meta, s);
    default:
      return null;
  }
}

/** The explanation above a table. */
function note(kind: string, ...parts: (Node | string)[]): HTMLElement {
  return h('p', { class: 'jl-caption jl-muted', 'data-testid': 'op-state-note', 'data-kind': kind }, ...parts);
}

/** A table with a head row and `data-op`. */
function table(s: StateSummary, cls: string, head: (string | Node)[], rows: HTMLElement[]): HTMLTableElement {
  return h(
    'table',
    { class: `jl-table jl-state-table ${cls}`, 'data-op': s.op },
    h('thead', {}, h('tr', {}, ...head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, ...rows),
  );
}

/** A key column's head: `name`, or `key` when the trace names none. */
const keyHead = (meta: OpMeta, what = 'key') => (meta.keys.length ? meta.keys.join(', ') : what);

/** A row as the changelog prints its values; with the input's column names as its tooltip. */
function rowCell(row: string[], cols: string[] | null, noteText = ''): HTMLElement {
  const title = cols && cols.length === row.length ? cols.map((c, i) => `${c} = ${row[i]}`).join(', ') : undefined;
  return h('span', { class: 'jl-mono', 'data-testid': 'state-row', title }, `[${row.join(', ')}]`, noteText ? h('span', { class: 'jl-note', 'data-testid': 'row-note' }, noteText) : '');
}

/** `(columns k, name, score)` under a table whose rows are input rows, when the names are known. */
function columnsLine(cols: string[] | null, rows: string[][]): HTMLElement | null {
  if (!cols || !rows.length || rows.some((r) => r.length !== cols.length)) return null;
  return h('p', { class: 'jl-muted jl-small', 'data-testid': 'state-columns' }, `Rows are [${cols.join(', ')}].`);
}

/** The result columns' heads: `uv1` with the call under it. */
function resultHeads(meta: OpMeta): Node[] {
  return meta.results.map((r) =>
    h('span', { class: 'jl-result-head', 'data-testid': 'result-head' }, resultName(r), r.named && r.call ? h('span', { class: 'jl-muted jl-small' }, ` · ${r.call}`) : ''),
  );
}

/** The groups of a pane, with a line when there are more than are drawn. */
function capped<T>(list: T[], what: string): { shown: T[]; more: HTMLElement | null } {
  return {
    shown: list.slice(0, MAX_GROUPS),
    more: list.length > MAX_GROUPS ? h('p', { class: 'jl-muted', text: `… and ${list.length - MAX_GROUPS} more ${what}` }) : null,
  };
}

// ---- GroupAggregate

function groupAggTable(meta: OpMeta, s: StateSummary): Node[] {
  const retract = meta.retract;
  const { shown, more } = capped(s.groups, 'groups');
  const rows = shown.map((g) => {
    const vals = g.rows[0] ?? [];
    return h(
      'tr',
      { 'data-key': g.key.join(', '), 'data-testid': 'state-group' },
      h('th', { scope: 'row', class: 'jl-mono' }, g.key.join(', ') || '()'),
      ...meta.results.map((_, i) => h('td', { class: 'jl-mono jl-num', 'data-testid': 'group-result' }, vals[i] ?? '')),
      ...(meta.results.length ? [] : [h('td', { class: 'jl-mono' }, `[${vals.join(', ')}]`)]),
      h('td', { class: 'jl-muted jl-small' }, g.row_notes?.[0] ?? ''),
    );
  });
  const head: (string | Node)[] = [keyHead(meta, 'group'), ...(meta.results.length ? resultHeads(meta) : ['results']), 'counts'];
  return [
    note(
      'GroupAggregate',
      `One row per group${meta.keys.length ? ` (GROUP BY ${meta.keys.join(', ')})` : ' (no GROUP BY key: one group for the whole input)'}: its results so far. `,
      'Every input row updates its group at once, and the aggregation sends the change: -U of the old result, +U of the new one (+I for a new group). ',
      retract
        ? 'Its input can retract rows, so it also counts the rows of each group: a group whose rows are all retracted is deleted (-D).'
        : 'Its input only adds rows, so groups are never deleted.',
    ),
    table(s, 'jl-agg-state', head, rows),
    ...(more ? [more] : []),
  ];
}

// ---- WindowAggregate

function windowAggTable(m: QueryModel, meta: OpMeta, s: StateSummary): Node[] {
  const cols = inputColumns(m.query, meta.op, m.trace.tables);
  const byWk = new Map<string, { window: StateGroup['window']; key: string[]; buffer: StateGroup[]; partial: StateGroup[]; slice: StateGroup[] }>();
  const groups = [...s.groups].sort((a, b) => (a.window?.end_ms ?? 0) - (b.window?.end_ms ?? 0) || (a.window?.start_ms ?? 0) - (b.window?.start_ms ?? 0));
  for (const g of groups) {
    const k = `${g.window?.label ?? ''}|${g.key.join('\u0001')}`;
    let r = byWk.get(k);
    if (!r) {
      r = { window: g.window ?? null, key: g.key, buffer: [], partial: [], slice: [] };
      byWk.set(k, r);
    }
    (g.side === 'partial' ? r.partial : g.side === 'slice' ? r.slice : r.buffer).push(g);
  }
  const list = [...byWk.values()];
  const { shown, more } = capped(list, 'windows and keys');
  const results = (vals: string[]) => vals.map((v, i) => resultValue(meta.results[i], v)).join(', ');
  const rows = shown.map((r) => {
    const buffered = r.buffer.flatMap((g) => g.rows.map((row, i) => ({ row, note: g.row_notes?.[i] ?? '' })));
    const partials = r.partial.flatMap((g) => g.rows.map((row, i) => ({ row, note: g.row_notes?.[i] ?? '' })));
    const acc = r.slice.flatMap((g) => g.rows.map((row, i) => ({ row, note: g.row_notes?.[i] ?? '' })));
    return h(
      'tr',
      { 'data-key': r.key.join(', '), 'data-window': r.window?.label ?? '', 'data-testid': 'state-window' },
      h('td', { class: 'jl-mono' }, r.window ? shortWindow(r.window.label) : '—'),
      h('th', { scope: 'row', class: 'jl-mono' }, r.key.join(', ') || '()'),
      h(
        'td',
        { 'data-testid': 'window-buffer' },
        buffered.length
          ? h('ul', { class: 'jl-state-rows' }, ...buffered.slice(0, MAX_ROWS).map((b) => h('li', {}, rowCell(b.row, cols, b.note))), buffered.length > MAX_ROWS ? h('li', { class: 'jl-muted' }, `… ${buffered.length - MAX_ROWS} more`) : null)
          : h('span', { class: 'jl-muted' }, '—'),
      ),
      meta.twoPhase
        ? h(
            'td',
            { 'data-testid': 'window-partial' },
            partials.length ? h('ul', { class: 'jl-state-rows' }, ...partials.map((p) => h('li', {}, h('span', { class: 'jl-mono' }, results(p.row)), p.note ? h('span', { class: 'jl-note' }, p.note) : ''))) : h('span', { class: 'jl-muted' }, '—'),
          )
        : null,
      h(
        'td',
        { 'data-testid': 'window-acc' },
        acc.length ? h('ul', { class: 'jl-state-rows' }, ...acc.map((a) => h('li', {}, h('span', { class: 'jl-mono' }, results(a.row)), a.note ? h('span', { class: 'jl-note' }, a.note) : ''))) : h('span', { class: 'jl-muted' }, 'nothing aggregated yet'),
      ),
    );
  });
  // The windows still open per key.
  const open = new Map<string, string[]>();
  for (const r of list) {
    const w = r.window ? shortWindow(r.window.label) : '—';
    open.set(w, [...(open.get(w) ?? []), keyText(meta, r.key) || 'the one group']);
  }
  const head: (string | Node)[] = [meta.sliced ? 'slice' : 'window', keyHead(meta), 'buffered (not aggregated yet)', ...(meta.twoPhase ? ['local partial result'] : []), 'accumulator (results so far)'];
  return [
    note(
      'WindowAggregate',
      `Per key${meta.keys.length ? ` (${meta.keys.join(', ')})` : ''} and window${meta.window ? ` of ${meta.window}` : ''}: `,
      meta.sliced ? 'Flink buffers the rows and aggregates them in batches, when the watermark passes the end of a buffered window. ' : 'Flink buffers the rows and aggregates them in batches, when the watermark passes the end of a buffered window; then each window has one accumulator per key. ',
      meta.sliced ? `Its windows overlap, so it keeps one accumulator per key and slice (a piece of time several windows share) and merges a window's slices when it fires. ` : '',
      meta.twoPhase ? 'In two phases: a local stage folds its buffer into partial results and hands them to the global stage, which merges them into the accumulator. ' : '',
      'A window fires when the watermark passes its end: it emits one row per key and its state is freed; a row for a window that has fired is dropped as late.',
    ),
    list.length
      ? h('p', { class: 'jl-small', 'data-testid': 'open-windows' }, h('strong', {}, meta.sliced ? 'Slices held: ' : 'Windows still open: '), [...open].map(([w, ks]) => `${w} (${ks.join('; ')})`).join(', '))
      : h('p', { class: 'jl-small jl-muted', 'data-testid': 'open-windows' }, 'No window is open.'),
    table(s, 'jl-window-agg-state', head, rows),
    ...(more ? [more] : []),
  ];
}

// ---- Rank

function rankTable(m: QueryModel, meta: OpMeta, s: StateSummary): Node[] {
  const cols = inputColumns(m.query, meta.op, m.trace.tables);
  const { shown, more } = capped(s.groups, 'partitions');
  const lines: HTMLElement[] = [];
  for (const g of shown) {
    const rows = g.rows.slice(0, MAX_ROWS);
    rows.forEach((row, i) => {
      const n = g.row_notes?.[i] ?? '';
      const rank = /^rank (\d+)/.exec(n)?.[1] ?? '';
      const beyond = /beyond/.test(n);
      lines.push(
        h(
          'tr',
          { 'data-key': g.key.join(', '), 'data-testid': 'rank-row', class: `${i === 0 ? 'jl-key-first' : ''}${beyond ? ' jl-muted' : ''}`.trim() || undefined },
          i === 0 ? h('th', { scope: 'row', class: 'jl-mono', rowspan: rows.length }, g.key.join(', ') || '()') : null,
          h('td', { class: 'jl-num', 'data-testid': 'rank' }, rank),
          h('td', {}, rowCell(row, cols)),
          h('td', { class: 'jl-small' }, beyond ? `kept beyond rank ${meta.rankEnd}: not in the result, it moves up if a row above it leaves` : rank ? 'in the result' : n),
        ),
      );
    });
  }
  const range = meta.rankEnd !== null ? `ranks ${meta.rankStart ?? 1}–${meta.rankEnd}` : 'the rank range';
  return [
    note(
      'Rank',
      `The Top-N keeps, per partition${meta.keys.length ? ` (PARTITION BY ${meta.keys.join(', ')})` : ''}, the rows that can still rank, sorted by ORDER BY ${meta.orderBy}; ${range} are in the result. `,
      'A new row that ranks within them pushes the rows below it down: the Top-N retracts each row whose rank changes (-U) and sends it again with its new rank (+U), or deletes (-D) the one that falls out. A row that cannot make the range is not kept.',
    ),
    table(s, 'jl-rank-state', [keyHead(meta, 'partition'), 'rank', 'row', ''], lines),
    ...[columnsLine(cols, s.groups.flatMap((g) => g.rows)), more].filter((x): x is HTMLElement => !!x),
  ];
}

// ---- Deduplicate

function dedupTable(m: QueryModel, meta: OpMeta, s: StateSummary): Node[] {
  const cols = inputColumns(m.query, meta.op, m.trace.tables);
  const { shown, more } = capped(s.groups, 'keys');
  const rows = shown.map((g) => {
    const n = g.row_notes?.[0] ?? '';
    const row = g.rows[0] ?? [];
    const empty = row.every((v) => v === '');
    return h(
      'tr',
      { 'data-key': g.key.join(', '), 'data-testid': 'dedup-row' },
      h('th', { scope: 'row', class: 'jl-mono' }, g.key.join(', ') || '()'),
      h('td', {}, empty ? h('span', { class: 'jl-muted' }, '(only a flag)') : rowCell(row, cols)),
      h('td', { class: 'jl-small', 'data-testid': 'dedup-note' }, n),
    );
  });
  const by = meta.rowtime ? 'event time' : 'arrival (processing time)';
  const text =
    meta.keep === 'last'
      ? `it keeps the last row per key by ${by}: a row at least as new replaces it at once, retracting the old one (-U) and sending the new one (+U); an older row is ignored. Over a table of versions, this is the versioned view a temporal join reads.`
      : meta.rowtime
        ? 'it keeps the first row per key by event time: it cannot know a row is the first until the watermark passes its time, so it holds the earliest row as pending and emits it then (insert-only). Later rows of the key are ignored; a row behind the watermark is dropped as late.'
        : 'it keeps the first row per key by arrival: it emits it at once and remembers only that the key was seen; later rows of the key are ignored.';
  return [
    note('Deduplicate', `ROW_NUMBER() = 1 ${meta.keys.length ? `per ${meta.keys.join(', ')}` : 'over the whole input'}: `, text),
    table(s, 'jl-dedup-state', [keyHead(meta), meta.keep === 'last' ? 'kept row' : 'first row', ''], rows),
    ...[columnsLine(cols, s.groups.map((g) => g.rows[0] ?? []).filter((r) => r.some((v) => v !== ''))), more].filter((x): x is HTMLElement => !!x),
  ];
}

// ---- WindowRank, WindowDeduplicate

function windowRankTable(m: QueryModel, meta: OpMeta, s: StateSummary): Node[] {
  const rank = meta.op.kind === 'WindowRank';
  const cols = inputColumns(m.query, meta.op, m.trace.tables);
  const groups = [...s.groups].sort((a, b) => (a.window?.end_ms ?? 0) - (b.window?.end_ms ?? 0));
  const { shown, more } = capped(groups, 'windows');
  const rows = shown.map((g) => {
    const buffered = g.side === 'buffer';
    return h(
      'tr',
      { 'data-key': g.key.join(', '), 'data-window': g.window?.label ?? '', 'data-side': g.side, 'data-testid': 'state-window' },
      h('td', { class: 'jl-mono' }, g.window ? shortWindow(g.window.label) : '—'),
      h('th', { scope: 'row', class: 'jl-mono' }, g.key.join(', ') || '()'),
      h('td', { class: 'jl-small' }, buffered ? 'buffered (until the watermark passes a buffered window’s end)' : rank ? 'ranked (emitted when the window fires)' : 'kept (emitted when the window fires)'),
      h('td', {}, h('ul', { class: 'jl-state-rows' }, ...g.rows.slice(0, MAX_ROWS).map((r, i) => h('li', {}, rowCell(r, cols, g.row_notes?.[i] ?? ''))), g.rows.length > MAX_ROWS ? h('li', { class: 'jl-muted' }, `… ${g.rows.length - MAX_ROWS} more`) : null)),
    );
  });
  const range = meta.rankEnd !== null ? `ranks ${meta.rankStart ?? 1}–${meta.rankEnd}` : 'its rank range';
  return [
    rank
      ? note(
          'WindowRank',
          `Per window${meta.keys.length ? ` and ${meta.keys.join(', ')}` : ''}, ordered by ${meta.orderBy}: `,
          `rows wait in a buffer; when the watermark passes the end of a buffered window they are sorted into the window's ranked rows (only those that can still make ${range} are kept). When the watermark passes the window's end, it emits ${range} once, in rank order (insert-only), and frees the window.`,
        )
      : note(
          'WindowDeduplicate',
          `Per window${meta.keys.length ? ` and ${meta.keys.join(', ')}` : ''}: `,
          `rows wait in a buffer; when the watermark passes the end of a buffered window, each window keeps its ${meta.keep ?? 'first'} row by ${meta.orderBy || 'time'}. When the watermark passes the window's end, it emits the kept row once (insert-only) and frees the window.`,
        ),
    table(s, rank ? 'jl-window-rank-state' : 'jl-window-dedup-state', ['window', keyHead(meta, rank ? 'partition' : 'key'), 'state', 'rows'], rows),
    ...[columnsLine(cols, s.groups.flatMap((g) => g.rows)), more].filter((x): x is HTMLElement => !!x),
  ];
}

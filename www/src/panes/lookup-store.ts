// The stores of a query's lookup joins, beside the streams (under the timeline): per lookup
// operator a card with the store's contents after the step, rebuilt by the model from the
// trace's `lookup_store` events (model/lookup.ts) — the row the step wrote highlighted, the row it
// replaced or deleted struck through, each row with the step that wrote it — and each lookup of
// the step drawn as a probe into the store: the probe row, its key, the store rows it found
// (highlighted in the table: joined, or rejected by the rest of the ON condition; their scores for
// the search functions), what it emitted or padded, and the later change of its key that will not
// revise it. The same table is the lookup join's view in the State tab (`storeTable`).

import { h } from '../dom';
import { goneAt, type LookupProbe, type LookupStoreView, outStart, type QueryModel, type StaleEcho, staleAt, type StoreChange, type StoreRow, storeAt } from '../model';
import { keyWords, laterWords, valuesWords } from './lookup-words';
import type { Pane } from './pane';
import { type GoTo, stepButton } from './step-button';

const MAX_ROWS = 200;

const rowText = (kind: string, r: string[]) => `${kind}[${r.join(', ')}]`;

export class LookupStorePane implements Pane {
  readonly element: HTMLElement;
  private model: QueryModel | null = null;

  constructor(private readonly goTo: GoTo | null) {
    this.element = h('div', { class: 'jl-stores', 'data-testid': 'lookup-stores', hidden: true });
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.element.replaceChildren();
    this.element.hidden = !model?.lookups.length;
  }

  show(pos: number): void {
    const m = this.model;
    if (!m?.lookups.length) return;
    // Redrawn at every step: a focused step link (a keyboard user went to a step from here) hands
    // its focus to the same link, else to its store's card.
    const focused = document.activeElement instanceof HTMLElement && this.element.contains(document.activeElement) ? document.activeElement : null;
    const card = focused?.closest<HTMLElement>('[data-testid=lookup-store]')?.dataset.op ?? null;
    const link = focused?.dataset.step ?? null;
    const part = focused?.parentElement?.closest<HTMLElement>('[data-testid]')?.dataset.testid ?? '';
    this.element.replaceChildren(...m.lookups.map((v) => storeCard(m, v, pos, this.goTo)));
    if (card === null) return;
    const box = this.element.querySelector<HTMLElement>(`[data-testid=lookup-store][data-op="${card}"]`);
    const again = link !== null && part ? box?.querySelector<HTMLElement>(`[data-testid="${part}"] button[data-step="${link}"]`) : null;
    (again ?? box)?.focus();
  }
}

/** One store's card: its rows after the step and the step's lookups into it. */
function storeCard(m: QueryModel, v: LookupStoreView, pos: number, goTo: GoTo | null): HTMLElement {
  const live = storeAt(v, pos);
  const probes = v.probesAt[pos] ?? [];
  const id = `jl-store-${m.query.index}-${v.op}`;
  const several = m.lookups.length > 1;
  const fn = v.probes.find((r) => r.function)?.function ?? null;
  const head = h(
    'h3',
    { id },
    `Store: ${v.table}`,
    h('span', { class: 'jl-muted jl-card-badge' }, ` · ${fn ? `searched by ${fn}` : 'lookup table'}${several ? ` (operator ${v.op})` : ''} · `, h('span', { 'data-testid': 'store-size' }, `${live.length} row${live.length === 1 ? '' : 's'}`), ' after this step'),
  );
  const note = h(
    'p',
    { class: 'jl-caption jl-muted', 'data-testid': 'store-note' },
    `A lookup reads ${v.table} as it is at its step of the arrival order: the store's rows change at their own steps, and a change never revises a row already emitted. `,
    'The row this step wrote is highlighted, the one it replaced or deleted struck through; the rows a lookup found are marked.',
  );
  const body = h('div', { class: 'jl-store-body' });
  // The probes (or the step's changes of the store), an arrow into the store, the store's rows
  // (the ones found highlighted, the ones written or removed marked).
  const changes = v.changesAt[pos] ?? [];
  const stale = staleAt(v, m.outputs, outStart(m, pos), m.outEnd[pos] ?? 0, pos);
  if (probes.length || changes.length || stale.length) {
    const none = !changes.length && !stale.length && probes.every((r) => r.nullKey);
    body.append(
      h('div', { class: 'jl-probes' }, ...changes.map((c) => changeBox(v, c)), ...probes.map((r) => probeBox(m, v, r, goTo)), ...stale.map((e) => staleBox(m, v, e, goTo))),
      h('div', { class: `jl-probe-link${none ? ' jl-probe-link-none' : probes.length ? '' : ' jl-change-link'}`, 'aria-hidden': 'true', title: none ? 'Not sent to the store' : undefined }, none ? '↛' : '⟶'),
    );
  }
  body.append(h('div', { class: 'jl-store-rows' }, ...storeTable(v, pos, goTo, probes)));
  const card = h('section', { class: 'jl-card jl-store', 'data-testid': 'lookup-store', 'data-op': v.op, 'data-table': v.table, 'aria-labelledby': id, tabindex: -1 }, head, h('div', { class: 'jl-pane-body' }, note, body));
  return card;
}

/** One change of the store at the step: the lookup table's row and what it did to the store. */
function changeBox(v: LookupStoreView, c: StoreChange): HTMLElement {
  const what =
    c.change === 'added'
      ? 'goes into the store'
      : c.change === 'replaced'
        ? `replaces the row of its key${c.old ? ` (written at step ${c.old.pos})` : ''}`
        : c.change === 'removed'
          ? `removes ${c.old ? `the row written at step ${c.old.pos}` : 'its row'}`
          : 'finds no such row in the store: nothing changes';
  return h(
    'div',
    { class: `jl-probe jl-store-change${c.change === 'absent' ? ' jl-probe-null' : ''}`, 'data-testid': 'store-change', 'data-change': c.change, role: 'group', 'aria-label': `Change of ${v.table}` },
    h('div', { class: 'jl-probe-row' }, h('span', { class: 'jl-probe-label' }, 'change'), ' ', h('span', { class: 'jl-mono' }, `${v.table} ${rowText(c.kind, c.row)}`)),
    h('div', {}, h('span', { 'aria-hidden': 'true', class: 'jl-probe-arrow' }, '↳ '), what, `; ${c.rows} row${c.rows === 1 ? '' : 's'} in the store now. Nothing is emitted, and no row emitted before changes.`),
  );
}

/** A row of this step's changelog that carries what an earlier lookup found, though the store has changed since. */
function staleBox(m: QueryModel, v: LookupStoreView, e: StaleEcho, goTo: GoTo | null): HTMLElement {
  const gone = e.found.entry;
  const since = gone?.gonePos ?? e.probe.pos;
  const now = gone?.replacedBy;
  return h(
    'div',
    { class: 'jl-probe jl-store-echo', 'data-testid': 'store-echo', role: 'group', 'aria-label': `An earlier lookup of ${v.table} in this step's result` },
    h('div', { class: 'jl-probe-row' }, h('span', { class: 'jl-probe-label' }, 'not looked up again'), ' ', h('span', { class: 'jl-mono' }, m.outputs[e.output]?.text ?? '')),
    h(
      'div',
      {},
      `carries (${valuesWords(v, e.found.row)}), what the lookup of `,
      stepButton(e.probe.pos, goTo),
      ` found. The row was ${gone?.goneBy === 'replaced' ? 'replaced' : 'deleted'} at `,
      stepButton(since, goTo),
      now ? ` (${valuesWords(v, now.row)} now)` : '',
      ', but a lookup is never done again: the operator above the lookup join re-emits the row as it was.',
    ),
  );
}

/** One lookup of the step: the probe row and its key → what it found → what came out. */
function probeBox(m: QueryModel, v: LookupStoreView, r: LookupProbe, goTo: GoTo | null): HTMLElement {
  const joined = r.found.filter((f) => f.joined).length;
  const probeWhat = `${v.probeTable ? `${v.probeTable} ` : ''}${rowText(r.kind, r.row)}`;
  const key = keyWords(v, r.key);
  const found = r.nullKey
    ? r.function
      ? 'a NULL search value finds nothing'
      : 'a NULL key finds nothing: Flink never sends it to the store'
    : r.found.length === 0
      ? `no row of ${v.table} has ${key}`
      : `${r.found.length} row${r.found.length === 1 ? '' : 's'} found${joined !== r.found.length ? `, ${joined} pass${joined === 1 ? 'es' : ''} the rest of the ON condition` : ''}: ` +
        r.found.map((f) => `(${valuesWords(v, f.row)}${f.score !== null ? `, score ${f.score}` : ''})${f.joined ? '' : ' rejected'}`).join(', ');
  const outs = r.outputs.map((i) => m.outputs[i]).filter(Boolean);
  const result = h('div', { class: 'jl-probe-out', 'data-testid': 'probe-result' });
  const emits = () => h('span', { class: `jl-probe-emits${r.emits.length > 1 ? ' jl-probe-emits-many' : ''}` }, ...r.emits.map((x) => h('span', { class: 'jl-mono', 'data-testid': 'probe-emit' }, rowText(r.kind, x))));
  if (r.padded) result.append(h('span', { class: 'jl-note jl-note-padded' }, 'padded with NULLs'), ' LEFT JOIN keeps the row once: ', emits());
  else if (r.emitted === 0) result.append(h('span', { class: 'jl-note jl-note-padded' }, 'nothing emitted'), ' the inner join drops the row');
  else result.append(`emits ${r.emitted} row${r.emitted === 1 ? '' : 's'}: `, emits());
  if (outs.length) result.append(h('span', { class: 'jl-muted jl-small' }, ` → in the result as ${outs.map((o) => o.text).join(', ')}`));
  const box = h(
    'div',
    { class: `jl-probe${r.nullKey ? ' jl-probe-null' : ''}`, 'data-testid': 'lookup-probe', 'data-key': r.key.join(', '), role: 'group', 'aria-label': `Lookup of ${probeWhat}` },
    h('div', { class: 'jl-probe-row' }, h('span', { class: 'jl-probe-label' }, 'probe'), ' ', h('span', { class: 'jl-mono', 'data-testid': 'probe-row' }, probeWhat)),
    h('div', { class: 'jl-probe-key', 'data-testid': 'probe-key' }, h('span', { 'aria-hidden': 'true', class: 'jl-probe-arrow' }, '↳ '), r.function ? `${r.function} searches ${v.table} for ` : `looks up ${v.table} by `, h('strong', { class: 'jl-mono' }, key)),
    r.roles ? h('div', { class: 'jl-muted jl-small', 'data-testid': 'probe-roles' }, r.roles) : null,
    h('div', { class: 'jl-probe-found', 'data-testid': 'probe-found' }, h('span', { 'aria-hidden': 'true', class: 'jl-probe-arrow' }, '↳ '), found),
    result,
  );
  const later = laterWords(r);
  if (later && r.later) {
    box.append(h('div', { class: 'jl-probe-later jl-small', 'data-testid': 'probe-later' }, `${later.charAt(0).toUpperCase()}${later.slice(1)} `, stepButton(r.later.pos, goTo, `(go to step ${r.later.pos})`)));
  }
  return box;
}

/** What the step did to a row, and what the step's lookups made of it. */
function rowStatus(row: StoreRow, pos: number, probes: LookupProbe[]): { cls: string; status: string; notes: HTMLElement[] } {
  const notes: HTMLElement[] = [];
  const cls: string[] = [];
  let status = '';
  if (row.gonePos === pos) {
    cls.push('jl-store-gone');
    status = 'gone';
    notes.push(h('span', { class: 'jl-note jl-note-padded' }, row.goneBy === 'replaced' ? 'replaced at this step' : 'deleted at this step'));
  } else if (row.pos === pos) {
    cls.push('jl-store-written');
    status = 'written';
    notes.push(h('span', { class: 'jl-note' }, row.replaces ? `written at this step (replaces the row of step ${row.replaces.pos})` : 'written at this step'));
  }
  for (const r of probes) {
    const f = r.found.find((x) => x.entry === row);
    if (!f) continue;
    cls.push(f.joined ? 'jl-store-found' : 'jl-store-rejected');
    status = status || (f.joined ? 'found' : 'rejected');
    notes.push(
      h(
        'span',
        { class: `jl-note${f.joined ? ' jl-note-found' : ' jl-note-padded'}`, title: f.joined ? 'The lookup found this row and joined it' : 'The lookup found this row, but the rest of the ON condition rejects it' },
        f.joined ? 'found · joined' : 'found · ON rejects it',
      ),
    );
  }
  return { cls: cls.join(' '), status, notes };
}

/** The store's rows after step `pos` (and those the step removed, struck through), in the order they entered it. */
export function storeTable(v: LookupStoreView, pos: number, goTo: GoTo | null, probes: LookupProbe[] = v.probesAt[pos] ?? []): Node[] {
  // A store whose changes the trace does not record: the rows the step's lookups found stand for it.
  const unrecorded = !v.changes.length;
  const rows = unrecorded
    ? [...new Set(probes.flatMap((r) => r.found.map((f) => f.entry).filter((x): x is StoreRow => x !== null)))]
    : [...storeAt(v, pos), ...goneAt(v, pos)].sort((a, b) => a.seq - b.seq);
  if (!rows.length)
    return [h('p', { class: 'jl-muted', 'data-testid': 'store-empty' }, unrecorded ? `The trace does not record the rows of ${v.table}: only what each lookup found shows here.` : `The store of ${v.table} is empty after this step.`)];
  const scored = probes.some((r) => r.found.some((f) => f.score !== null));
  const tbody = h('tbody');
  for (const row of rows.slice(0, MAX_ROWS)) {
    const st = rowStatus(row, pos, probes);
    const gone = row.gonePos === pos;
    const score = scored ? (probes.flatMap((r) => r.found).find((f) => f.entry === row)?.score ?? '') : null;
    tbody.append(
      h(
        'tr',
        { 'data-testid': 'store-row', 'data-step': row.pos, 'data-status': st.status || undefined, class: st.cls || undefined },
        ...row.row.map((x, i) => h('td', { class: `jl-mono${v.keyIdx.includes(i) ? ' jl-store-keycell' : ''}` }, gone ? h('del', {}, x) : x)),
        scored ? h('td', { class: 'jl-mono jl-num', 'data-testid': 'store-score' }, score ?? '') : null,
        h('td', { 'data-testid': 'written-at' }, stepButton(row.pos, goTo), row.kind !== '+I' ? h('span', { class: 'jl-muted jl-small' }, ` (${row.kind})`) : ''),
        h('td', { class: 'jl-store-notes' }, ...st.notes.flatMap((n, i) => (i ? [' ', n] : [n])), gone ? h('span', { class: 'jl-sr-only' }, ' (struck through: no longer in the store)') : ''),
      ),
    );
  }
  const keyMark = (i: number) => (v.keyIdx.includes(i) ? h('span', { class: 'jl-muted jl-small', title: 'a lookup key column' }, ' (key)') : '');
  const out: Node[] = [
    h(
      'table',
      { class: 'jl-table jl-store-table', 'data-testid': 'store-table', 'data-op': v.op },
      h('caption', { class: 'jl-sr-only' }, `${v.table}: the store after this step`),
      h('thead', {}, h('tr', {}, ...v.columns.map((c, i) => h('th', { scope: 'col' }, c, keyMark(i))), scored ? h('th', { scope: 'col', class: 'jl-num' }, 'score') : null, h('th', { scope: 'col' }, 'written at'), h('th', { scope: 'col' }, 'this step'))),
      tbody,
    ),
  ];
  if (rows.length > MAX_ROWS) out.push(h('p', { class: 'jl-muted', text: `… and ${rows.length - MAX_ROWS} more rows` }));
  if (unrecorded) out.push(h('p', { class: 'jl-muted jl-small', 'data-testid': 'store-unrecorded' }, `The trace does not record the rows of ${v.table}: these are the rows this step's lookups found.`));
  if (!v.exact) out.push(h('p', { class: 'jl-muted jl-small', 'data-testid': 'store-inexact' }, "The store is rebuilt from the trace's changes without the table's primary key; its size differed from the engine's at some step, so a replaced row may be shown wrong."));
  return out;
}

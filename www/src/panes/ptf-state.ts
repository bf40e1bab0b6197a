// A process table function's state after a step, drawn from the model (the trace's `ptf_call`
// events; no re-run needed): one row per partition key with each state entry of the function
// (scalars and lists, as Java prints them; epoch-millisecond entries also as times), its timers
// and its last call. What the current step changed is highlighted, the old value struck through
// beside the new one; each list element says which step's row added it. Below the table, the
// step's calls: which row (or timer) reached the function, the function's own sentence (`why`)
// and the rows it emitted, each linked to the rows that filled the lists it was computed from.

import { h } from '../dom';
import { parseList, type PtfCall, type PtfEntryView, type PtfItem, type QueryModel, ptfStateAt } from '../model';
import { formatTime } from '../time';
import { type GoTo, stepButton } from './step-button';

const MAX_KEYS = 200;
const MAX_ITEMS = 40;

const at = (t: number) => (Number.isFinite(t) ? formatTime(t, true) : '+∞');

function items(list: PtfItem[], cls: string): HTMLElement {
  const ul = h('ul', { class: `jl-ptf-items ${cls}` });
  for (const it of list.slice(0, MAX_ITEMS))
    ul.append(h('li', { class: 'jl-ptf-item', 'data-step': it.step ?? undefined, title: it.step !== null ? `added by the row of step ${it.step}` : undefined }, h('span', { class: 'jl-ptf-value' }, it.text), it.step !== null ? h('sub', { class: 'jl-muted', 'aria-label': `from step ${it.step}` }, String(it.step)) : ''));
  if (list.length > MAX_ITEMS) ul.append(h('li', { class: 'jl-muted' }, `… ${list.length - MAX_ITEMS} more`));
  return ul;
}

/** A scalar or map value: a map (`{k=v, …}`, as Java prints one) one entry a line. */
function plain(value: string, old: boolean): HTMLElement {
  const map = parseList(value, '{', '}');
  if (map && map.length > 1) return h('ul', { class: `jl-ptf-map jl-mono${old ? ' jl-ptf-old-map' : ''}` }, ...map.map((e) => h('li', {}, old ? h('del', {}, e) : e)));
  return old ? h('del', { class: 'jl-mono jl-muted' }, value) : h('span', { class: 'jl-mono' }, value || '(cleared)');
}

/** One entry's cell: the value (a list as its elements), the time it stands for, what changed. */
function entryCell(x: PtfEntryView | undefined, now: boolean): HTMLElement {
  if (!x) return h('td', { class: 'jl-muted' }, '—');
  const changed = now && x.changed;
  const value = x.items ? (x.items.length ? items(x.items, 'jl-ptf-now') : h('span', { class: 'jl-mono' }, '[]')) : plain(x.value, false);
  const td = h('td', { class: changed ? 'jl-ptf-changed' : undefined, 'data-entry': x.name, 'data-changed': changed ? 'true' : undefined });
  if (changed && x.before !== null) {
    const old = x.items ? (x.dropped.length ? items(x.dropped, 'jl-ptf-old') : null) : plain(x.before, true);
    // A long value: the old one on its own line above the new one.
    const long = !x.items && x.before.length + x.value.length > 48;
    if (old) td.append(h(long ? 'div' : 'span', { class: 'jl-ptf-before' }, h('span', { class: 'jl-sr-only' }, 'was '), old), long ? '' : h('span', { 'aria-hidden': 'true' }, ' → '));
  }
  td.append(value);
  if (x.time !== null) td.append(h('span', { class: 'jl-muted jl-small' }, ` (${at(x.time)})`));
  if (changed) td.append(h('span', { class: 'jl-sr-only' }, ' (changed at this step)'));
  return td;
}

/** The view of `m.ptf` after step `pos`. */
export function ptfStateView(m: QueryModel, pos: number, goTo: GoTo | null): Node[] {
  const v = m.ptf;
  if (!v) return [];
  const latest = ptfStateAt(v, pos);
  const here = v.callsAt[pos] ?? [];
  const sides = v.sides.length > 1 ? `the rows of ${v.sides.join(' and ')} with the same PARTITION BY key share it` : `per PARTITION BY key of ${v.sides[0] ?? 'its table'}`;
  const out: Node[] = [
    h(
      'p',
      { class: 'jl-caption jl-muted', 'data-testid': 'ptf-state-note' },
      `${v.name} keeps one state per partition (${sides}): its entries after this step, as the function prints them. `,
      'What this step changed is highlighted, with the value before it',
      v.calls.some((c) => c.entries.some((x) => x.items)) ? '; the small number under a list element is the step whose row added it.' : '.',
    ),
  ];
  if (!latest.length) {
    out.push(h('p', { class: 'jl-muted', 'data-testid': 'ptf-empty' }, `No row has reached ${v.name} yet.`));
    return out;
  }
  const hasTimers = v.calls.some((c) => c.timers.length || c.timer);
  const tbody = h('tbody');
  for (const c of latest.slice(0, MAX_KEYS)) {
    const now = c.pos === pos;
    const lines: [HTMLElement, HTMLElement][] = v.names.map((n) => [h('th', { scope: 'row', class: 'jl-mono jl-small' }, n), entryCell(c.entries.find((x) => x.name === n), now)]);
    if (hasTimers) {
      const timers = h('td', { 'data-testid': 'ptf-timers' });
      if (c.timers.length)
        timers.append(
          h('ul', { class: 'jl-ptf-items' }, ...c.timers.map((t) => h('li', { class: `jl-ptf-item${now && t.added ? ' jl-ptf-changed' : ''}` }, `${t.name ? `${t.name} ` : ''}at ${at(t.time)}`, now && t.added ? h('span', { class: 'jl-sr-only' }, ' (registered at this step)') : ''))),
        );
      else timers.append(h('span', { class: 'jl-muted' }, 'none'));
      if (now && c.timersGone.length) timers.append(h('div', { class: 'jl-muted jl-small' }, `gone at this step: ${c.timersGone.map((t) => `${t.name ? `${t.name} ` : ''}${at(t.time)}`).join(', ')}`));
      lines.push([h('th', { scope: 'row', class: 'jl-small' }, 'timers'), timers]);
    }
    lines.forEach(([name, value], i) => {
      tbody.append(
        h(
          'tr',
          { 'data-testid': i === 0 ? 'ptf-partition' : undefined, 'data-key': c.keyText, class: `${i === 0 ? 'jl-key-first' : ''}${now ? ' jl-current' : ''}`.trim() || undefined },
          i === 0 ? h('th', { scope: 'rowgroup', class: 'jl-mono', rowspan: lines.length }, c.keyText || '()') : null,
          name,
          value,
          i === 0 ? h('td', { rowspan: lines.length }, stepButton(c.pos, goTo)) : null,
        ),
      );
    });
  }
  out.push(
    h(
      'table',
      { class: 'jl-table jl-state-table jl-ptf-state', 'data-testid': 'ptf-state', 'data-op': v.op },
      h('colgroup', {}, h('col', { class: 'jl-ptf-col-key' }), h('col', { class: 'jl-ptf-col-entry' }), h('col', {}), h('col', { class: 'jl-ptf-col-call' })),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'partition'), h('th', { scope: 'col' }, 'entry'), h('th', { scope: 'col' }, 'after this step'), h('th', { scope: 'col' }, 'last call'))),
      tbody,
    ),
  );
  if (latest.length > MAX_KEYS) out.push(h('p', { class: 'jl-muted', text: `… and ${latest.length - MAX_KEYS} more partitions` }));
  for (const c of here) out.push(callView(m, c, goTo));
  return out;
}

/** One call at the current step: what reached the function, its sentence, what it emitted. */
function callView(m: QueryModel, c: PtfCall, goTo: GoTo | null): HTMLElement {
  const v = m.ptf;
  const what = c.timer
    ? `onTimer: timer ${c.timer.name ? `${c.timer.name} ` : ''}at ${at(c.timer.time)} fired`
    : `eval: the ${c.side ?? 'table'} row ${c.kind ?? ''}[${(c.row ?? []).join(', ')}]`;
  const box = h(
    'div',
    { class: `jl-ptf-call${c.emitted ? ' jl-ptf-emitting' : ''}`, 'data-testid': 'ptf-call', 'data-key': c.keyText },
    h('p', {}, h('strong', {}, `${v?.name ?? 'PTF'}, partition ${c.keyText || '()'}`), ` — ${what}`, c.late ? h('span', { class: 'jl-note jl-note-padded' }, " late: behind the watermark, it reaches eval all the same (Flink 2.3)") : ''),
  );
  if (c.why) box.append(h('p', { class: 'jl-ptf-why', 'data-testid': 'ptf-why' }, c.why));
  if (c.emitted) {
    const rows = c.outputs.map((i) => m.outputs[i]).filter(Boolean);
    const list = h('ul', { class: 'jl-ptf-emitted' });
    for (const o of rows) {
      const from = c.madeOf.filter((p) => p !== c.pos);
      const li = h('li', { 'data-testid': 'ptf-emitted' }, h('span', { class: 'jl-mono' }, o.text));
      if (from.length) {
        li.append(' — computed from the rows of ');
        from.forEach((p, i) => li.append(i ? ', ' : '', stepButton(p, goTo, String(p))));
        li.append(' (what its lists held)');
      }
      list.append(li);
    }
    box.append(h('p', { class: 'jl-small' }, `Emitted ${c.emitted} row${c.emitted === 1 ? '' : 's'}${rows.length < c.emitted ? ` (${rows.length} reached the result)` : ''}:`), list);
  }
  return box;
}

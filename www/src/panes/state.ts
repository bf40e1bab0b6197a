// The operator state after the current step: rows buffered per window and side, with sizes.
// Sizes come with the trace (drawn at once); the rows themselves come from the engine's
// `stateAt` (a re-run up to the step, in the worker), latest request wins.

import { h } from '../dom';
import { type QueryModel, replayState } from '../model';
import { shortWindow } from '../timeline';
import type { StateSummary } from '../trace';

const MAX_GROUPS = 200;

export type StateFetcher = (query: number, steps: number) => Promise<StateSummary[]>;

export class StatePane {
  readonly element: HTMLElement;
  private readonly body: HTMLDivElement;
  private model: QueryModel | null = null;
  private pos = 0;
  private inFlight = false;
  private wanted: number | null = null;
  private generation = 0;

  constructor(private readonly fetch: StateFetcher) {
    this.body = h('div', { class: 'jl-state' });
    this.element = h('div', { class: 'jl-pane-body', 'data-testid': 'state-pane', 'aria-live': 'off' }, this.body);
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.generation++;
    this.wanted = null;
    this.body.replaceChildren();
  }

  show(pos: number): void {
    const m = this.model;
    if (!m) return;
    this.pos = pos;
    const sizes = m.steps[pos - 1]?.state ?? [];
    this.render(sizes, false);
    this.wanted = pos;
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.inFlight || this.wanted === null || !this.model) return;
    const pos = this.wanted;
    const gen = this.generation;
    this.wanted = null;
    this.inFlight = true;
    try {
      let full = await this.fetch(this.model.query.index - 1, pos);
      if (gen === this.generation && pos === this.pos && this.wanted === null && this.model) {
        // Where the engine's answer disagrees with the sizes the trace recorded, replay the trace.
        const sizes = this.model.steps[pos - 1]?.state ?? [];
        const total = (xs: StateSummary[]) => xs.reduce((n, s) => n + s.rows, 0);
        if (total(sizes) !== total(full)) full = replayState(this.model, pos);
        this.render(full, true);
      }
    } catch {
      // The sizes stay on screen; the error pane reports engine failures.
    } finally {
      this.inFlight = false;
      if (gen === this.generation) void this.pump();
    }
  }

  private render(state: StateSummary[], full: boolean): void {
    const m = this.model;
    if (!m) return;
    const kindOf = (id: number) => m.query.operators.find((o) => o.id === id)?.kind ?? 'operator';
    const sameKind = (id: number) => state.filter((x) => kindOf(x.op) === kindOf(id)).length > 1;
    const opName = (id: number) => (sameKind(id) ? `${kindOf(id)} (operator ${id})` : kindOf(id));
    const out: Node[] = [];
    if (!state.length) {
      out.push(h('p', { class: 'jl-muted', text: m.query.operators.length ? 'No stateful operator holds rows at this step.' : 'No operators.' }));
    }
    for (const s of state) {
      out.push(h('h4', { class: 'jl-state-op' }, `${opName(s.op)} holds ${s.rows} row${s.rows === 1 ? '' : 's'}`));
      if (!full) {
        if (s.rows) out.push(h('p', { class: 'jl-muted', text: 'Loading the rows…' }));
        continue;
      }
      if (!s.groups.length) continue;
      const groups = [...s.groups].sort(
        (a, b) => (a.window?.start_ms ?? 0) - (b.window?.start_ms ?? 0) || (a.window?.end_ms ?? 0) - (b.window?.end_ms ?? 0) || a.side.localeCompare(b.side),
      );
      const windowed = groups.some((g) => g.window);
      const tbody = h('tbody');
      for (const g of groups.slice(0, MAX_GROUPS)) {
        const rows = h('ul', { class: 'jl-state-rows' });
        for (const r of g.rows.slice(0, 20)) rows.append(h('li', {}, `[${r.join(', ')}]`));
        if (g.rows.length > 20) rows.append(h('li', { class: 'jl-muted' }, `… ${g.rows.length - 20} more`));
        tbody.append(
          h(
            'tr',
            {},
            windowed ? h('td', {}, g.window ? shortWindow(g.window.label) : '—') : null,
            h('td', { class: `jl-side jl-side-${g.side}` }, g.side),
            h('td', { class: 'jl-mono' }, g.key.join(', ') || '()'),
            h('td', { class: 'jl-num' }, String(g.rows.length)),
            h('td', {}, rows),
          ),
        );
      }
      const thead = h(
        'thead',
        {},
        h('tr', {}, windowed ? h('th', { scope: 'col' }, 'window') : null, h('th', { scope: 'col' }, 'side'), h('th', { scope: 'col' }, 'key'), h('th', { scope: 'col' }, 'rows'), h('th', { scope: 'col' }, 'values')),
      );
      out.push(h('table', { class: 'jl-table jl-state-table' }, thead, tbody));
      if (groups.length > MAX_GROUPS) out.push(h('p', { class: 'jl-muted', text: `… and ${groups.length - MAX_GROUPS} more groups` }));
    }
    this.body.replaceChildren(...out);
  }
}

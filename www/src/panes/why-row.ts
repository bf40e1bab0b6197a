// "Why this row?" (issue 19): for the input row of the step shown, why it is — or is not — in the
// query's result: different keys, different windows, outside the interval's bounds, late, a
// version missing at its time, a lookup that found nothing, a filter, state TTL. The engine answers
// from the run's own events (`joinlab explain-row`, crates/engine/src/explain.rs), in the
// exporter's worker (export/worker.ts: the page's own module leaves that code out for its size
// budget), the first time it is asked; the steps the answer names are links. Beside it, "…and with
// row" picks a row of another input table: why these two rows did or did not join (`--with`):
// different keys, different windows, outside the bounds, expired, looked up too early.

import { h } from '../dom';
import { explainRow } from '../export/client';
import { type QueryModel, stepHead } from '../model';
import type { Pane } from './pane';
import { stepButton } from './step-button';

/** Rows of each other table offered for a pair (the rest: `joinlab explain-row --with`). */
const PAIR_ROWS = 300;

/** The run the model comes from: its script, dialect and query (from 1). */
export type RunOf = () => { script: string; dialect: string; query: number } | null;

export class WhyRow implements Pane {
  readonly element: HTMLDivElement;
  private readonly button: HTMLButtonElement;
  /** A row of another table, for a two-row question. */
  private readonly with: HTMLSelectElement;
  private readonly withLabel: HTMLLabelElement;
  private readonly out: HTMLDivElement;
  private model: QueryModel | null = null;
  private pos = -1;
  /** The question in flight (a newer one, or a step change, makes an older answer stale). */
  private seq = 0;

  constructor(
    private readonly runOf: RunOf,
    private readonly goTo: (pos: number) => void,
  ) {
    this.button = h('button', { type: 'button', class: 'jl-btn jl-why-row-btn', 'data-testid': 'why-row', title: 'Why is this row in the result, or why not? (the engine answers from this run)' }, 'Why this row?');
    this.out = h('div', { class: 'jl-why-row-answer', 'data-testid': 'why-answer', role: 'status', 'aria-live': 'polite', hidden: true });
    this.with = h('select', { class: 'jl-why-with', 'data-testid': 'why-with' });
    this.withLabel = h('label', { class: 'jl-why-with-label' }, 'or with a row of another table: ', this.with);
    this.element = h('div', { class: 'jl-why-row', hidden: true }, this.button, this.withLabel, this.out);
    this.button.addEventListener('click', () => void this.ask());
    this.with.addEventListener('change', () => {
      if (this.with.value) void this.ask(this.with.value);
    });
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.pos = -1;
    this.clear();
    this.element.hidden = true;
  }

  /** The button for a row step; an answer stays (it names its row) while its step links are followed. */
  show(pos: number): void {
    const m = this.model;
    this.pos = pos;
    const row = !!m && stepHead(m, pos)?.kind === 'row' && !!this.rowRef(m, pos);
    this.button.hidden = !row;
    this.withLabel.hidden = !row || !m || !this.fillWith(m, pos);
    this.element.hidden = !row && this.out.hidden;
  }

  /** The rows of the other tables the select offers (their first PAIR_ROWS each); false: none. */
  private fillWith(m: QueryModel, pos: number): boolean {
    const mark = m.rowsByPos[pos];
    const me = mark ? m.lanes[mark.lane].table : '';
    if (this.with.dataset.for === `${pos}`) return this.with.options.length > 1;
    this.with.dataset.for = `${pos}`;
    // The same rows as for the last step (a row of the same table): the list stays, unpicked.
    if (this.with.dataset.own === me) {
      this.with.selectedIndex = 0;
      return this.with.options.length > 1;
    }
    this.with.dataset.own = me;
    const groups = m.lanes
      .filter((l) => l.table !== me && l.rows.length)
      .map((l) =>
        h(
          'optgroup',
          { label: l.table },
          ...l.rows.slice(0, PAIR_ROWS).map((r, i) => h('option', { value: `${l.table}#${i + 1}` }, `${l.table}#${i + 1} (step ${r.pos}): ${r.text.slice(l.table.length + 1)}`)),
        ),
      );
    this.with.replaceChildren(h('option', { value: '' }, 'pick a row…'), ...groups);
    return groups.length > 0;
  }

  private clear(): void {
    this.seq++;
    this.out.hidden = true;
    this.out.replaceChildren();
    this.button.disabled = false;
    this.with.disabled = false;
    delete this.with.dataset.for;
    delete this.with.dataset.own;
  }

  /** `TABLE#K` of the row that arrived at `pos`: its table's K-th row in arrival order. */
  private rowRef(m: QueryModel, pos: number): string | null {
    const mark = m.rowsByPos[pos];
    const lane = mark ? m.lanes[mark.lane] : undefined;
    const k = lane && mark ? lane.rows.indexOf(mark) + 1 : 0;
    return lane && k > 0 ? `${lane.table}#${k}` : null;
  }

  /** Asks about the row shown, or (`with`) about it and a row of another table. */
  private async ask(with_?: string): Promise<void> {
    const m = this.model;
    const run = this.runOf();
    const row = m ? this.rowRef(m, this.pos) : null;
    if (!m || !run || !row) return;
    const seq = ++this.seq;
    this.button.disabled = true;
    this.with.disabled = true;
    this.out.hidden = false;
    const who = with_ ? `${row} and ${with_}` : row;
    this.out.replaceChildren(h('span', { class: 'jl-muted' }, `${who}: asking the engine…`));
    const r = await explainRow(run.script, run.dialect, run.query, row, with_);
    if (seq !== this.seq) return;
    this.button.disabled = false;
    this.with.disabled = false;
    this.with.value = '';
    if ('error' in r) {
      this.out.replaceChildren(h('span', { class: 'jl-muted' }, `No answer: ${r.error}`));
      return;
    }
    const links = r.steps.map((s) => stepButton(s, this.goTo));
    const parts: (HTMLElement | string)[] = [];
    links.forEach((b, i) => parts.push(...(i ? [', ', b] : [b])));
    this.out.replaceChildren(
      h('strong', {}, `${row} (step ${r.step})${with_ ? ` and ${with_} (step ${r.withStep ?? '?'})` : ''}: ${r.question} `),
      h('span', { 'data-testid': 'why-text' }, r.answer),
      ...(links.length ? [h('span', { class: 'jl-why-row-steps' }, ' (', ...parts, ')')] : []),
    );
  }
}

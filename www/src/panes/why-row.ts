// "Why this row?" (issue 19): for the input row of the step shown, why it is — or is not — in the
// query's result: different keys, different windows, outside the interval's bounds, late, a
// version missing at its time, a lookup that found nothing, a filter, state TTL. The engine answers
// from the run's own events (`joinlab explain-row`, crates/engine/src/explain.rs), in the
// exporter's worker (export/worker.ts: the page's own module leaves that code out for its size
// budget), the first time it is asked; the steps the answer names are links.

import { h } from '../dom';
import { explainRow } from '../export/client';
import { type QueryModel, stepHead } from '../model';
import type { Pane } from './pane';
import { stepButton } from './step-button';

/** The run the model comes from: its script, dialect and query (from 1). */
export type RunOf = () => { script: string; dialect: string; query: number } | null;

export class WhyRow implements Pane {
  readonly element: HTMLDivElement;
  private readonly button: HTMLButtonElement;
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
    this.element = h('div', { class: 'jl-why-row', hidden: true }, this.button, this.out);
    this.button.addEventListener('click', () => void this.ask());
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
    this.element.hidden = !row && this.out.hidden;
  }

  private clear(): void {
    this.seq++;
    this.out.hidden = true;
    this.out.replaceChildren();
    this.button.disabled = false;
  }

  /** `TABLE#K` of the row that arrived at `pos`: its table's K-th row in arrival order. */
  private rowRef(m: QueryModel, pos: number): string | null {
    const mark = m.rowsByPos[pos];
    const lane = mark ? m.lanes[mark.lane] : undefined;
    const k = lane && mark ? lane.rows.indexOf(mark) + 1 : 0;
    return lane && k > 0 ? `${lane.table}#${k}` : null;
  }

  private async ask(): Promise<void> {
    const m = this.model;
    const run = this.runOf();
    const row = m ? this.rowRef(m, this.pos) : null;
    if (!m || !run || !row) return;
    const seq = ++this.seq;
    this.button.disabled = true;
    this.out.hidden = false;
    this.out.replaceChildren(h('span', { class: 'jl-muted' }, `${row}: asking the engine…`));
    const r = await explainRow(run.script, run.dialect, run.query, row);
    if (seq !== this.seq) return;
    this.button.disabled = false;
    if ('error' in r) {
      this.out.replaceChildren(h('span', { class: 'jl-muted' }, `No answer: ${r.error}`));
      return;
    }
    const links = r.steps.map((s) => stepButton(s, this.goTo));
    const parts: (HTMLElement | string)[] = [];
    links.forEach((b, i) => parts.push(...(i ? [', ', b] : [b])));
    this.out.replaceChildren(
      h('strong', {}, `${row} (step ${r.step}): ${r.question} `),
      h('span', { 'data-testid': 'why-text' }, r.answer),
      ...(links.length ? [h('span', { class: 'jl-why-row-steps' }, ' (', ...parts, ')')] : []),
    );
  }
}

// The changelog so far: the rows the sink received, grouped under the step that produced them
// (`# step 4: RightTable +I[…]`, as `joinlab run` prints them). Each row's element has
// data-testid="changelog-row" and exactly the CLI's text; clicking it goes to its step.
// Stepping adds or removes only the groups in between, so a step costs what changed.

import { h } from '../dom';
import type { QueryModel } from '../model';

/** Rows drawn per step at most (a 10,000-row window can emit thousands at once). */
const MAX_ROWS_PER_STEP = 1000;

export class ChangelogPane {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly empty: HTMLParagraphElement;
  private model: QueryModel | null = null;
  /** Rendered groups, in step order. */
  private groups: { pos: number; el: HTMLLIElement }[] = [];
  private shownPos = 0;
  private current: HTMLLIElement | null = null;

  constructor(private readonly goTo: (pos: number) => void) {
    this.list = h('ol', { class: 'jl-changelog', 'aria-label': 'Changelog rows so far' });
    this.empty = h('p', { class: 'jl-muted', text: 'No rows emitted yet.' });
    this.element = h('div', { class: 'jl-pane-body' }, this.empty, this.list);
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.groups = [];
    this.shownPos = 0;
    this.current = null;
    this.list.replaceChildren();
  }

  show(pos: number): void {
    const m = this.model;
    if (!m) return;
    // Remove groups after pos, add groups up to pos.
    while (this.groups.length && this.groups[this.groups.length - 1].pos > pos) this.groups.pop()?.el.remove();
    if (pos > this.shownPos) {
      const frag = document.createDocumentFragment();
      for (let p = this.shownPos + 1; p <= pos; p++) {
        const from = m.outEnd[p - 1];
        const to = m.outEnd[p];
        if (to > from) {
          const el = this.group(m, p, from, to);
          this.groups.push({ pos: p, el });
          frag.append(el);
        }
      }
      this.list.append(frag);
    }
    this.shownPos = pos;
    this.current?.classList.remove('jl-current');
    const last = this.groups[this.groups.length - 1];
    this.current = last && last.pos === pos ? last.el : null;
    this.current?.classList.add('jl-current');
    this.empty.hidden = this.groups.length > 0;
    if (last) this.list.scrollTop = last.el.offsetTop - this.list.offsetTop - 8;
  }

  private group(m: QueryModel, pos: number, from: number, to: number): HTMLLIElement {
    const step = m.steps[pos - 1];
    const head = h('button', { class: 'jl-step-link', type: 'button', title: `Go to step ${pos}` }, step.kind === 'end' ? `# end of input (step ${pos})` : `# step ${pos}: ${step.text}`);
    head.addEventListener('click', () => this.goTo(pos));
    const rows = h('ul', { class: 'jl-rows' });
    const n = Math.min(to, from + MAX_ROWS_PER_STEP);
    for (let i = from; i < n; i++) {
      const o = m.outputs[i];
      const b = h('button', { type: 'button', class: `jl-row jl-kind-${kindClass(o.kind)}`, 'data-testid': 'changelog-row', title: `Emitted at step ${pos}` }, o.text);
      b.addEventListener('click', () => this.goTo(pos));
      rows.append(h('li', {}, b));
    }
    if (to > n) rows.append(h('li', { class: 'jl-muted', text: `… ${to - n} more rows at this step (the result table holds them all)` }));
    return h('li', { class: 'jl-group', 'data-step': pos }, head, rows);
  }
}

export function kindClass(kind: string): string {
  return kind === '+I' ? 'insert' : kind === '-U' ? 'update-before' : kind === '+U' ? 'update-after' : 'delete';
}

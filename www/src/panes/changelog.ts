// The changelog so far: the rows the sink received, grouped under the step that produced them
// (`# step 4: RightTable +I[…]`, as `joinlab run` prints them). Each row's element has
// data-testid="changelog-row" and exactly the CLI's text; clicking it goes to its step.
// Stepping adds or removes only the groups in between, so a step costs what changed.

import { h } from '../dom';
import type { QueryModel } from '../model';

/** Rows drawn per step at first (a 10,000-row window can emit thousands at once); more on request. */
const FIRST_ROWS = 100;
const MORE_ROWS = 2000;

export class ChangelogPane {
  readonly element: HTMLElement;
  private readonly list: HTMLOListElement;
  private readonly empty: HTMLParagraphElement;
  private model: QueryModel | null = null;
  /** Rendered groups, in step order. */
  private groups: { pos: number; el: HTMLLIElement }[] = [];
  private shownPos = 0;
  private current: HTMLLIElement | null = null;
  private scrollPending = false;

  constructor(
    private readonly goTo: (pos: number) => void,
    /** Called with the index of the row under the pointer or focus (null when none). */
    private readonly onHover: (index: number | null) => void = () => undefined,
  ) {
    this.list = h('ol', { class: 'jl-changelog', 'aria-label': 'Changelog rows so far' });
    this.empty = h('p', { class: 'jl-muted', text: 'No rows emitted yet.' });
    this.element = h('div', { class: 'jl-pane-body' }, this.empty, this.list);
    // One listener for every row and step link: a row goes to the step that emitted it.
    this.list.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      if (!t.closest('.jl-row, .jl-step-link')) return;
      const step = Number(t.closest('.jl-group')?.getAttribute('data-step'));
      if (step) this.goTo(step);
    });
    const hover = (e: Event) => {
      const i = (e.target as HTMLElement).closest('.jl-row')?.getAttribute('data-index');
      this.onHover(i ? Number(i) : null);
    };
    this.list.addEventListener('mouseover', hover);
    this.list.addEventListener('focusin', hover);
    this.list.addEventListener('mouseleave', () => this.onHover(null));
    this.list.addEventListener('focusout', () => this.onHover(null));
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
    // Scroll in the next frame, when layout is clean again (reading offsetTop now would force it).
    if (last && !this.scrollPending) {
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        const g = this.groups[this.groups.length - 1];
        if (g) this.list.scrollTop = g.el.offsetTop - this.list.offsetTop - 8;
      });
    }
  }

  private group(m: QueryModel, pos: number, from: number, to: number): HTMLLIElement {
    const step = m.steps[pos - 1];
    const head = h('button', { class: 'jl-step-link', type: 'button', title: `Go to step ${pos}` }, step.kind === 'end' ? `# end of input (step ${pos})` : `# step ${pos}: ${step.text}`);
    const rows = h('ul', { class: 'jl-rows' });
    const add = (a: number, b: number) => {
      for (let i = a; i < b; i++) {
        const o = m.outputs[i];
        const btn = h('button', { type: 'button', class: `jl-row jl-kind-${kindClass(o.kind)}`, 'data-testid': 'changelog-row', 'data-index': i, title: `Emitted at step ${pos}` }, o.text);
        rows.append(h('li', {}, btn));
      }
      if (b < to) {
        const more = h('button', { type: 'button', class: 'jl-btn jl-more' }, `Show ${Math.min(MORE_ROWS, to - b)} more of ${to - b} rows at this step`);
        more.addEventListener('click', () => {
          more.parentElement?.remove();
          add(b, Math.min(to, b + MORE_ROWS));
        });
        rows.append(h('li', {}, more));
      }
    };
    add(from, Math.min(to, from + FIRST_ROWS));
    return h('li', { class: 'jl-group', 'data-step': pos }, head, rows);
  }
}

export function kindClass(kind: string): string {
  return kind === '+I' ? 'insert' : kind === '-U' ? 'update-before' : kind === '+U' ? 'update-after' : 'delete';
}

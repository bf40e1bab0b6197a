// A small accessible tab list (WAI-ARIA tabs: arrow keys move between tabs).

import { h } from './dom';

/** A small accessible tab list. */
export class Tabs {
  readonly element: HTMLElement;
  /** Whether a person has picked a tab (then the page stops choosing one for them). */
  picked = false;
  private current = 0;
  private readonly doSelect: (i: number) => void;

  /** `onSelect(i)` is called whenever the tab shown changes (also at construction, with 0). */
  constructor(panels: [string, HTMLElement][], onSelect?: (i: number) => void) {
    const list = h('div', { role: 'tablist', class: 'jl-tabs' });
    const bodies: HTMLElement[] = [];
    const tabs: HTMLButtonElement[] = [];
    const select = (i: number) => {
      this.current = i;
      tabs.forEach((t, j) => {
        t.setAttribute('aria-selected', String(i === j));
        t.tabIndex = i === j ? 0 : -1;
        bodies[j].hidden = i !== j;
      });
      onSelect?.(i);
    };
    this.doSelect = select;
    panels.forEach(([title, body], i) => {
      const id = `jl-tab-${Math.random().toString(36).slice(2)}`;
      const tab = h('button', { role: 'tab', type: 'button', id, class: 'jl-tab' }, title);
      tab.addEventListener('click', () => {
        this.picked = true;
        select(i);
      });
      tab.addEventListener('keydown', (e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          e.stopPropagation();
          const j = (i + (e.key === 'ArrowRight' ? 1 : panels.length - 1)) % panels.length;
          this.picked = true;
          select(j);
          tabs[j].focus();
        }
      });
      const wrap = h('div', { role: 'tabpanel', 'aria-labelledby': id }, body);
      tabs.push(tab);
      bodies.push(wrap);
      list.append(tab);
    });
    this.element = h('div', { class: 'jl-tabbed' }, list, ...bodies);
    select(0);
  }

  /** Shows tab i (as the page's choice, not a person's). */
  select(i: number): void {
    if (i !== this.current) this.doSelect(i);
  }

  get selected(): number {
    return this.current;
  }
}

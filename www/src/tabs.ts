// A small accessible tab list (WAI-ARIA tabs: arrow keys move between tabs).

import { h } from './dom';

/** A small accessible tab list. */
export class Tabs {
  readonly element: HTMLElement;

  constructor(panels: [string, HTMLElement][]) {
    const list = h('div', { role: 'tablist', class: 'jl-tabs' });
    const bodies: HTMLElement[] = [];
    const tabs: HTMLButtonElement[] = [];
    const select = (i: number) => {
      tabs.forEach((t, j) => {
        t.setAttribute('aria-selected', String(i === j));
        t.tabIndex = i === j ? 0 : -1;
        bodies[j].hidden = i !== j;
      });
    };
    panels.forEach(([title, body], i) => {
      const id = `jl-tab-${Math.random().toString(36).slice(2)}`;
      const tab = h('button', { role: 'tab', type: 'button', id, class: 'jl-tab' }, title);
      tab.addEventListener('click', () => select(i));
      tab.addEventListener('keydown', (e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          e.stopPropagation();
          const j = (i + (e.key === 'ArrowRight' ? 1 : panels.length - 1)) % panels.length;
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
}

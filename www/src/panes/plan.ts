// The plan: the query's EXPLAIN text, its notes, and what EXPLAIN / DESCRIBE statements of the
// script printed.

import { h } from '../dom';
import type { QueryModel } from '../model';

export class PlanPane {
  readonly element: HTMLElement;

  constructor() {
    this.element = h('div', { class: 'jl-pane-body jl-plan' });
  }

  setModel(model: QueryModel | null): void {
    if (!model) {
      this.element.replaceChildren();
      return;
    }
    const q = model.query;
    const parts: Node[] = [];
    const notes = [...model.trace.notes, ...q.notes];
    if (notes.length) parts.push(h('ul', { class: 'jl-notes' }, ...notes.map((n) => h('li', {}, n.replace(/^# note: /, '')))));
    parts.push(h('pre', { class: 'jl-pre' }, q.plan || '(no plan)'));
    for (const s of model.trace.statements) {
      parts.push(h('h4', {}, `line ${s.line}: ${s.header}`));
      parts.push(h('pre', { class: 'jl-pre' }, s.error ? s.error.text : s.text));
    }
    this.element.replaceChildren(...parts);
  }
}

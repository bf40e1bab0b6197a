// The plan: the query's operators (each with its changelog mode: updating or append-only), its
// notes, its EXPLAIN text, and what EXPLAIN / DESCRIBE statements of the script printed.

import { h } from '../dom';
import { inputName, type QueryModel } from '../model';
import { updatingBadge } from './badges';
import type { Pane } from './pane';

export class PlanPane implements Pane {
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
    // The operators as a tree from the result down to the sources.
    const byId = new Map(q.operators.map((o) => [o.id, o]));
    const consumed = new Set(q.operators.flatMap((o) => o.inputs));
    const tree = h('ul', { class: 'jl-op-tree', 'data-testid': 'operators' });
    const add = (id: number, depth: number, parent: HTMLElement) => {
      const o = byId.get(id);
      if (!o || depth > 30) return;
      const what = o.table ? '' : o.inputs.length ? ` ← ${inputName(model, o.id)}` : '';
      const li = h(
        'li',
        { 'data-op': o.id },
        h('span', { class: 'jl-op-kind' }, o.kind),
        ' ',
        updatingBadge(o.updating),
        h('span', { class: 'jl-muted jl-small' }, o.table ? ` ${o.table}` : what),
        h('div', { class: 'jl-mono jl-op-label' }, o.label),
      );
      parent.append(li);
      if (o.inputs.length) {
        const sub = h('ul', {});
        li.append(sub);
        for (const i of o.inputs) add(i, depth + 1, sub);
      }
    };
    for (const o of q.operators) if (!consumed.has(o.id)) add(o.id, 0, tree);
    parts.push(h('h4', {}, 'Operators (the result at the top, the sources at the bottom)'), tree, h('h4', {}, 'EXPLAIN'));
    parts.push(h('pre', { class: 'jl-pre' }, q.plan || '(no plan)'));
    for (const s of model.trace.statements) {
      parts.push(h('h4', {}, `line ${s.line}: ${s.header}`));
      parts.push(h('pre', { class: 'jl-pre' }, s.error ? s.error.text : s.text));
    }
    this.element.replaceChildren(...parts);
  }

  /** The plan is the same at every step. */
  show(): void {}
}

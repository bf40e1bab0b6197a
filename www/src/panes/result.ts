// The result table: the changelog applied up to the current step (what a materialized view of
// the query holds), sorted as the oracle sorts its materialized blocks; and its badge, updating
// or append-only (placed in the card's heading).

import { h, scrollBox } from '../dom';
import { type QueryModel, type ResultRow, ResultTable } from '../model';
import { updatingBadge } from './badges';
import type { Pane } from './pane';

/** Rows drawn at first (a 16 ms frame holds a few hundred); more on request. */
const FIRST_ROWS = 200;
const MORE_ROWS = 2000;

export class ResultPane implements Pane {
  readonly element: HTMLElement;
  /** Whether the result is an updating stream or append-only. */
  readonly mode: HTMLSpanElement;
  private readonly caption: HTMLParagraphElement;
  private readonly table: HTMLTableElement;
  private readonly tbody: HTMLTableSectionElement;
  private model: QueryModel | null = null;
  private results: ResultTable | null = null;
  private shownEnd = -1;
  /** Lines (`[…]`) of the rows a What if edit made appear, with how many times (issue 19); null: none. */
  private fresh: Map<string, number> | null = null;

  constructor() {
    this.caption = h('p', { class: 'jl-muted jl-caption' });
    this.tbody = h('tbody');
    this.table = h('table', { class: 'jl-table jl-result-table', 'data-testid': 'result-table' }, this.tbody);
    this.element = h('div', { class: 'jl-pane-body' }, this.caption, h('div', { class: 'jl-scroll', ...scrollBox('Result table') }, this.table));
    this.mode = h('span', { class: 'jl-card-badge' });
  }

  /** Marks the result lines a What if edit made appear (set before the model they belong to). */
  markNew(lines: string[] | null): void {
    if (!lines?.length) {
      this.fresh = null;
      return;
    }
    this.fresh = new Map();
    for (const l of lines) this.fresh.set(l, (this.fresh.get(l) ?? 0) + 1);
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.results = model ? new ResultTable(model) : null;
    this.shownEnd = -1;
    if (model) this.mode.replaceChildren(updatingBadge(model.updating, 'The result'));
    const head = h('thead');
    if (model) {
      const tr = h('tr');
      for (const f of model.query.schema) tr.append(h('th', { scope: 'col', title: f.type }, ...breakable(f.name)));
      head.append(tr);
    }
    this.table.replaceChildren(head, this.tbody);
    this.tbody.replaceChildren();
  }

  show(pos: number): void {
    const m = this.model;
    if (!m || !this.results) return;
    const end = m.outEnd[pos];
    const where =
      pos === 0
        ? 'at job start (the VALUES rows, before step 1)'
        : pos > m.dataSteps
          ? 'after the end of input (bounded: watermark +inf)'
          : `after step ${pos} (${pos === m.dataSteps ? 'end of script, the stream still open' : 'the stream still open'})`;
    if (end === this.shownEnd) {
      this.caption.textContent = `${this.caption.dataset.count ?? '0 rows'} ${where}`;
      return;
    }
    this.shownEnd = end;
    const rows = this.results.at(pos);
    const makeRow = (r: ResultRow): HTMLTableRowElement => {
      const tr = h('tr', { 'data-row': r.text });
      for (const v of r.row) tr.append(h('td', { class: v === 'NULL' ? 'jl-null' : undefined }, v));
      return tr;
    };
    const moreRow = (b: number): HTMLTableRowElement => {
      const more = h('button', { type: 'button', class: 'jl-btn jl-more' }, `Show ${Math.min(MORE_ROWS, rows.length - b)} more of ${rows.length - b} rows`);
      const tr = h('tr', {}, h('td', { colspan: m.query.schema.length }, more));
      more.addEventListener('click', () => {
        tr.remove();
        const frag = document.createDocumentFragment();
        const next = Math.min(rows.length, b + MORE_ROWS);
        for (const r of rows.slice(b, next)) frag.append(makeRow(r));
        if (next < rows.length) frag.append(moreRow(next));
        this.tbody.append(frag);
      });
      return tr;
    };
    // A step changes a few rows of the sorted table: the rows drawn before are kept and moved,
    // only new ones are built.
    const first = Math.min(rows.length, FIRST_ROWS);
    const pool = new Map<string, HTMLTableRowElement[]>();
    for (const el of Array.from(this.tbody.children)) {
      const key = (el as HTMLElement).dataset.row;
      if (key === undefined) continue;
      const list = pool.get(key);
      if (list) list.push(el as HTMLTableRowElement);
      else pool.set(key, [el as HTMLTableRowElement]);
    }
    const trs: HTMLTableRowElement[] = [];
    for (const r of rows.slice(0, first)) trs.push(pool.get(r.text)?.shift() ?? makeRow(r));
    if (first < rows.length) trs.push(moreRow(first));
    this.tbody.replaceChildren(...trs);
    if (this.fresh) {
      // As many rows of a line as the edit added are marked (the first ones of the line).
      const left = new Map(this.fresh);
      for (const tr of trs) {
        const n = left.get(tr.dataset.row ?? '') ?? 0;
        if (n > 0) left.set(tr.dataset.row ?? '', n - 1);
        tr.classList.toggle('jl-what-if-new', n > 0);
        if (n > 0) {
          tr.dataset.whatIf = 'new';
          tr.title = 'New since the What if edit';
        } else {
          delete tr.dataset.whatIf;
          tr.removeAttribute('title');
        }
      }
    }
    const absent = this.results.warnings.length;
    const count =
      `${rows.length} row${rows.length === 1 ? '' : 's'}` +
      (absent ? ` (and ${absent} retraction${absent === 1 ? '' : 's'} of a row the table does not hold: see the Changelog)` : '');
    this.caption.dataset.count = count;
    this.caption.textContent = `${count} ${where}`;
  }
}

/** A column name with a line-break opportunity after each `_` (`window_` / `start`): a narrow
 *  card wraps the header rather than cutting it. */
export function breakable(name: string): (string | HTMLElement)[] {
  const out: (string | HTMLElement)[] = [];
  name.split(/(?<=_)/).forEach((part, i) => {
    if (i) out.push(h('wbr'));
    out.push(part);
  });
  return out;
}

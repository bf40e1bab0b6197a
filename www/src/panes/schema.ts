// The schema browser (issue 20): every table the script can read — its own, Confluent external
// tables, the examples catalog's — with columns and types, primary key, watermark and changelog
// mode, as the engine's catalog has them (`schemaOf`, answered in the exporter's worker: what
// DESCRIBE and SHOW CREATE TABLE know). A table's or column's button writes its name at the
// editor's cursor. Opened from the toolbar's Tables button; Escape or Close shuts it.

import { h } from '../dom';
import { assist } from '../export/client';
import type { SchemaTable } from '../export/protocol';

const GROUPS: [SchemaTable['origin'], string][] = [
  ['script', 'This script'],
  ['external', 'External tables (search functions)'],
  ['examples', 'The examples catalog'],
];

export class SchemaBrowser {
  readonly button: HTMLButtonElement;
  readonly element: HTMLElement;
  private readonly body: HTMLDivElement;
  private seq = 0;

  constructor(
    private readonly getDoc: () => string,
    private readonly dialect: () => string,
    /** Writes `text` at the editor's cursor (and focuses it). */
    private readonly insert: (text: string) => void,
  ) {
    this.button = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'schema-open', 'aria-expanded': 'false', 'aria-controls': 'jl-schema', title: 'The tables this script can read, with their columns' }, 'Tables');
    this.body = h('div', { class: 'jl-schema-body' });
    const close = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': 'schema-close' }, 'Close');
    this.element = h(
      'section',
      { class: 'jl-schema', id: 'jl-schema', 'aria-labelledby': 'jl-schema-title', 'data-testid': 'schema', hidden: true },
      h('div', { class: 'jl-schema-head' }, h('h3', { id: 'jl-schema-title' }, 'Tables'), h('span', { class: 'jl-muted jl-small' }, 'a name’s button writes it at the cursor'), close),
      this.body,
    );
    this.button.addEventListener('click', () => (this.element.hidden ? void this.open() : this.close()));
    close.addEventListener('click', () => this.close());
    this.element.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        this.close();
      }
    });
  }

  private close(): void {
    this.element.hidden = true;
    this.button.setAttribute('aria-expanded', 'false');
    this.button.focus();
  }

  /** Asks the engine for the tables of the script as it is now, and shows them. */
  async open(): Promise<void> {
    this.element.hidden = false;
    this.button.setAttribute('aria-expanded', 'true');
    const seq = ++this.seq;
    this.body.replaceChildren(h('p', { class: 'jl-muted' }, 'Asking the engine…'));
    const r = await assist('schema', this.getDoc(), 0, this.dialect());
    if (seq !== this.seq) return;
    if (!('tables' in r)) {
      this.body.replaceChildren(h('p', { class: 'jl-muted' }, `No tables: ${'error' in r ? r.error : 'no answer'}`));
      return;
    }
    const groups = GROUPS.map(([origin, title]) => {
      const tables = r.tables.filter((t) => t.origin === origin);
      if (!tables.length) return null;
      return h('div', { class: 'jl-schema-group', 'data-origin': origin }, h('h4', {}, `${title} (${tables.length})`), h('ul', { class: 'jl-schema-list' }, ...tables.map((t) => this.table(t))));
    }).filter((g) => g !== null);
    this.body.replaceChildren(...(groups.length ? groups : [h('p', { class: 'jl-muted' }, 'No table yet: write a CREATE TABLE.')]));
    this.body.querySelector<HTMLElement>('summary')?.focus();
  }

  private table(t: SchemaTable): HTMLLIElement {
    const meta = [t.changelog, t.primary_key.length ? `primary key (${t.primary_key.join(', ')})` : '', t.watermark ?? '', t.connector ? `connector ${t.connector}` : ''].filter(Boolean).join(' · ');
    const name = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': 'schema-insert-table' }, `Write ${t.name}`);
    name.addEventListener('click', () => this.insert(quoted(t.name)));
    const cols = t.columns.map((c) => {
      const b = h('button', { type: 'button', class: 'jl-schema-col', 'data-testid': 'schema-column', title: `${c.kind} column: write its name` }, h('span', { class: 'jl-mono' }, c.name), ' ', h('span', { class: 'jl-muted' }, c.type));
      b.addEventListener('click', () => this.insert(quoted(c.name)));
      return h('li', {}, b);
    });
    return h(
      'li',
      { 'data-table': t.name },
      h('details', {}, h('summary', { 'data-testid': 'schema-table' }, h('span', { class: 'jl-mono' }, t.name), ' ', h('span', { class: 'jl-muted jl-small' }, `${t.columns.length} columns · ${meta}`)), name, h('ul', { class: 'jl-schema-cols' }, ...cols)),
    );
  }
}

/** A name as SQL writes it: backquoted when it is not a plain identifier (each part of a path). */
function quoted(name: string): string {
  return name
    .split('.')
    .map((p) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(p) ? p : `\`${p.replace(/`/g, '``')}\``))
    .join('.');
}

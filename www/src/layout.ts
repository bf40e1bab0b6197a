// The DOM skeleton of one playground: on the left the toolbar (Run, the dialect, the run's
// status), the editor, the errors and the settings; on the right the step bar (the query
// selector, the step controls, the processing-time clock), the query's notes, the "did not run"
// message and the visual side (the step sentence and what explains it, the events, the timeline
// and its legend, then the changelog and result cards and the tabbed panes). It builds and places
// elements only; the playground wires them.

import { h } from './dom';
import type { StepHeader } from './panes/step-header';
import { Tabs } from './tabs';

/** The tab of the data pane (State, Data, Timeline table, Plan). */
export const DATA_TAB = 1;

/** The playground's own controls, made before the parts that need them (the editor's host). */
export interface Chrome {
  toolbar: HTMLElement;
  run: HTMLButtonElement;
  /** Stops the run in flight (shown while one runs). */
  cancel: HTMLButtonElement;
  dialectSelect: HTMLSelectElement;
  /** Says when the script's `SET 'joinlab.dialect'` overrides the selector. */
  dialectNote: HTMLSpanElement;
  status: HTMLSpanElement;
  editorHost: HTMLDivElement;
  querySelect: HTMLSelectElement;
  /** The query selector with its label (shown when the script has several queries). */
  queryWrap: HTMLLabelElement;
  /** Why the query shown did not run (or failed), or what SHOW / DESCRIBE printed. */
  notRun: HTMLDivElement;
}

export function createChrome(): Chrome {
  const run = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'run', title: 'Run the script (Ctrl+Enter)' }, 'Run');
  const cancel = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'cancel', title: 'Stop this run (the engine is restarted)', hidden: true }, 'Cancel');
  const dialectSelect = h(
    'select',
    { 'aria-label': 'Dialect' },
    h('option', { value: 'confluent' }, 'Confluent Cloud'),
    h('option', { value: 'flink' }, 'Apache Flink'),
  );
  const dialectNote = h('span', { class: 'jl-muted jl-small' });
  const status = h('span', { class: 'jl-status jl-muted jl-small', 'aria-live': 'off' });
  const toolbar = h('div', { class: 'jl-toolbar' }, run, cancel, h('label', { class: 'jl-field' }, h('span', {}, 'Dialect'), dialectSelect), dialectNote, status);
  const querySelect = h('select', { 'aria-label': 'Query to step through' });
  const queryWrap = h('label', { class: 'jl-field jl-query' }, h('span', {}, 'Query'), querySelect);
  queryWrap.hidden = true;
  return {
    toolbar,
    run,
    cancel,
    dialectSelect,
    dialectNote,
    status,
    editorHost: h('div', { class: 'jl-editor' }),
    querySelect,
    queryWrap,
    notRun: h('div', { class: 'jl-not-run', hidden: true }),
  };
}

/** The elements the skeleton places. */
export interface Parts {
  chrome: Chrome;
  errors: HTMLElement;
  settings: HTMLElement | null;
  controls: HTMLElement;
  header: StepHeader;
  /** "Why this row?" under the sentence (panes/why-row.ts). */
  whyRow: HTMLElement;
  /** "What if this row were…" beside it (panes/what-if.ts; not in a read-only embed). */
  whatIf: HTMLElement | null;
  events: HTMLElement;
  timeline: HTMLElement;
  /** The lookup joins' stores (panes/lookup-store.ts), under the timeline; null in embeds. */
  stores: HTMLElement | null;
  changelog: HTMLElement;
  /** The result's updating / append-only badge, in the changelog card's heading. */
  changelogMode: HTMLElement;
  result: HTMLElement;
  /** The result's updating / append-only badge, in its card's heading. */
  resultMode: HTMLElement;
  state: HTMLElement;
  data: HTMLElement;
  stepsTable: HTMLElement;
  plan: HTMLElement;
  /** Two scripts side by side (panes/compare.ts), above the step's view; null in embeds. */
  compare: HTMLElement | null;
  /** Called whenever the tab shown changes (also once at construction, with 0). */
  onTab: (i: number) => void;
}

/** The whole playground; `compact` (embeds): no events, no tabs (changelog and result only). */
export function assemble(p: Parts, compact: boolean): { element: HTMLElement; visual: HTMLDivElement; tabs: Tabs | null } {
  const card = (title: string, body: HTMLElement, extra: HTMLElement | null = null) => h('section', { class: 'jl-card' }, h('h3', {}, title, extra), body);
  const tabs = compact
    ? null
    : new Tabs(
        [
          ['State', p.state],
          ['Data', p.data],
          ['Timeline table', p.stepsTable],
          ['Plan', p.plan],
        ],
        p.onTab,
      );
  const cards = [card('Changelog', p.changelog, p.changelogMode), card('Result table', p.result, p.resultMode)];
  const panes = compact
    ? h('div', { class: 'jl-panes jl-panes-2' }, ...cards)
    : h('div', { class: 'jl-panes' }, h('div', { class: 'jl-panes-2' }, ...cards), h('section', { class: 'jl-card' }, tabs?.element));

  const c = p.chrome;
  const left = h('div', { class: 'jl-left' }, c.toolbar, c.editorHost, p.errors, p.settings);
  const hd = p.header;
  const visual = h('div', { class: 'jl-visual' }, hd.element, p.whyRow, p.whatIf, hd.why, hd.held, compact ? null : p.events, p.timeline, hd.legend, compact ? null : p.stores, panes);
  const right = h('div', { class: 'jl-right', tabindex: '-1' }, h('div', { class: 'jl-stepbar' }, c.queryWrap, p.controls, hd.procTime), hd.notes, p.compare, c.notRun, visual);
  const element = h('div', { class: `jl-playground${compact ? ' jl-compact' : ''}` }, left, right);
  return { element, visual, tabs };
}

// Two scripts side by side: each is run in its own engine session and shown as its changelog
// (each row at its step, with the step's sentence, which for a process table function includes
// its `why`) and its result table after the end of input. The playground opens it for the same
// script under both arrival orders (by-time / as-written: the PTF tutorial's "note on ordering"),
// and the gallery for an example and the one its `-- compare:` line names (the tutorial's PTF
// against the watermark-aware one). Nothing here knows about PTFs: any two scripts compare.

import { failureText } from '../failure';
import { h } from '../dom';
import { EngineSession } from '../engine/client';
import type { Dialect, QueryTrace, ScriptTrace, Step } from '../trace';

/** The sentences of a step's process-table-function calls that emitted, else the step's sentence. */
function whyOf(s: Step): string {
  const whys = s.events.flatMap((e) => (e.type === 'ptf_call' && e.emitted > 0 && e.why ? [e.why] : []));
  return whys.length ? whys.join('; ') : s.summary;
}

export interface CompareSide {
  label: string;
  /** One line under the label: what differs (`SET 'joinlab.arrival' = 'as-written'`). */
  note?: string;
  script: string;
}

const MAX_ROWS = 60;

export class CompareView {
  readonly element: HTMLElement;
  private readonly body: HTMLDivElement;
  private readonly title: HTMLHeadingElement;
  private session: EngineSession | null = null;
  private seq = 0;
  /** What is shown (to toggle it off when asked again). */
  private shown: string | null = null;

  constructor(
    /** Loads one side's script into the playground to step through it. */
    private readonly open: (script: string) => void,
  ) {
    this.title = h('h3', {}, 'Side by side');
    const close = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'compare-close' }, 'Close');
    close.addEventListener('click', () => this.close());
    this.body = h('div', { class: 'jl-compare-cols' });
    this.element = h('section', { class: 'jl-card jl-compare', 'data-testid': 'compare', hidden: true, 'aria-label': 'Two scripts side by side' }, h('div', { class: 'jl-compare-head' }, this.title, close), this.body);
  }

  get isOpen(): boolean {
    return !this.element.hidden;
  }

  close(): void {
    this.seq++;
    this.shown = null;
    this.element.hidden = true;
    this.body.replaceChildren();
  }

  /** Runs both scripts and shows them side by side; asking for the same pair again closes it. */
  async show(title: string, a: CompareSide, b: CompareSide, dialect: Dialect, toggle = true): Promise<void> {
    const id = `${title}\u0001${a.script}\u0001${b.script}\u0001${dialect}`;
    if (toggle && this.shown === id && this.isOpen) {
      this.close();
      return;
    }
    this.shown = id;
    const seq = ++this.seq;
    this.title.textContent = title;
    this.element.hidden = false;
    this.body.replaceChildren(h('p', { class: 'jl-muted' }, 'Running both…'));
    this.session ??= new EngineSession();
    const cols: HTMLElement[] = [];
    for (const side of [a, b]) {
      let trace: ScriptTrace | null = null;
      let failure = '';
      try {
        trace = (await this.session.load(side.script, dialect)).trace;
      } catch (e) {
        failure = e instanceof Error ? e.message : String(e);
      }
      if (seq !== this.seq) return;
      cols.push(this.column(side, trace, failure));
    }
    this.body.replaceChildren(...cols);
  }

  private column(side: CompareSide, trace: ScriptTrace | null, failure: string): HTMLElement {
    const openBtn = h('button', { type: 'button', class: 'jl-btn', title: 'Load this script into the editor and step through it' }, 'Step through this one');
    openBtn.addEventListener('click', () => this.open(side.script));
    const col = h('div', { class: 'jl-compare-col', 'data-testid': 'compare-side', 'data-label': side.label }, h('h4', {}, side.label), side.note ? h('p', { class: 'jl-muted jl-small jl-mono' }, side.note) : null);
    if (!trace) {
      col.append(h('p', { class: 'jl-pane-error' }, `The engine failed: ${failure}`));
      return col;
    }
    if (trace.harness_error) col.append(h('p', { class: 'jl-pane-error' }, trace.harness_error.message));
    for (const q of trace.queries) col.append(...this.query(q, trace.queries.length > 1));
    col.append(openBtn);
    return col;
  }

  private query(q: QueryTrace, several: boolean): Node[] {
    const out: Node[] = [];
    if (several) out.push(h('h5', { class: 'jl-state-sub' }, `Query ${q.index}`));
    if (q.error) return [...out, h('p', { class: 'jl-pane-error' }, q.error.message)];
    const steps = q.end ? [...q.steps, q.end] : q.steps;
    const start = q.start ? [q.start] : [];
    const rows = [...start, ...steps].flatMap((s) => s.output.map((o) => ({ s, o })));
    const list = h('ol', { class: 'jl-compare-changelog', 'data-testid': 'compare-changelog' });
    let lastStep = -1;
    for (const { s, o } of rows.slice(0, MAX_ROWS)) {
      const where = s.kind === 'end' ? 'end of input' : s.kind === 'start' ? 'job start' : `step ${s.index}`;
      const li = h('li', { 'data-testid': 'compare-row', 'data-step': s.index }, h('span', { class: 'jl-muted jl-small' }, `${where} `), h('span', { class: 'jl-mono' }, o.text));
      // Why, once per step: a process table function's own sentence when it emitted, else the step's.
      if (s.index !== lastStep) li.append(h('div', { class: 'jl-small jl-muted jl-compare-why' }, whyOf(s)));
      lastStep = s.index;
      list.append(li);
    }
    if (rows.length > MAX_ROWS) list.append(h('li', { class: 'jl-muted' }, `… ${rows.length - MAX_ROWS} more rows`));
    const result = q.materialized_bounded ?? q.materialized_unbounded ?? [];
    out.push(
      h('p', { class: 'jl-small', 'data-testid': 'compare-count' }, `${rows.length} changelog row${rows.length === 1 ? '' : 's'}; ${result.length} in the result`),
      h('p', { class: 'jl-caption' }, q.materialized_bounded ? 'Result after the end of input:' : 'Result:'),
      h('ul', { class: 'jl-compare-result jl-mono', 'data-testid': 'compare-result' }, ...result.slice(0, MAX_ROWS).map((r) => h('li', {}, r))),
      h('p', { class: 'jl-caption' }, 'How the rows came out (the step of each, and why):'),
      rows.length ? list : h('p', { class: 'jl-muted' }, 'No row came out.'),
    );
    if (q.runtime_error) out.push(h('p', { class: 'jl-pane-error' }, failureText(q, 'Failed')));
    return out;
  }

  dispose(): void {
    this.session?.dispose();
  }
}

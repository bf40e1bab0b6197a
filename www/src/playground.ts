// One playground: an editor, the engine session, and everything drawn from the trace (step
// controls, the step sentence, the timeline, the panes). The page, the ?embed=1 view and the
// <joinlab-playground> element are all made of this.

import { h } from './dom';
import { EngineError, EngineSession } from './engine/client';
import { ScriptEditor } from './editor';
import { buildModel, operatorName, type QueryModel } from './model';
import { updatingBadge } from './panes/badges';
import { ChangelogPane } from './panes/changelog';
import { DataPane } from './panes/data';
import { ErrorsPane, type Located } from './panes/errors';
import { EventsPane } from './panes/events';
import { PlanPane } from './panes/plan';
import { ResultPane } from './panes/result';
import { StatePane } from './panes/state';
import { StepsTable } from './panes/steps-table';
import { SettingsPane } from './settings-pane';
import { readSetting, settingAt, zoneAt } from './settings';
import { clockFor, formatDate, formatTime } from './time';
import { gapText } from './panes/data';
import type { ShareState } from './share';
import { StepControls } from './controls';
import { Tabs } from './tabs';
import { LANE_COLORS, Timeline } from './timeline';
import type { Dialect, ScriptTrace } from './trace';

export interface PlaygroundOptions {
  script: string;
  dialect?: Dialect;
  /** 1-based query and step to show after the first run (clamped to what exists). */
  query?: number;
  step?: number;
  readonly?: boolean;
  /** The embed layout: editor above, fewer panes, no settings. */
  compact?: boolean;
  /** Where ← → Home End Space step (default: the playground's element). */
  keyTarget?: HTMLElement | Document;
  /** Called after every change of script, dialect, query or step. */
  onChange?: (s: ShareState) => void;
  /** Called when a run finished (with the time it took in the engine, ms). */
  onRun?: (info: { ms: number; trace: ScriptTrace | null }) => void;
}

const DEBOUNCE_MS = 300;

export class Playground {
  readonly element: HTMLElement;
  readonly editor: ScriptEditor;
  private readonly engine = new EngineSession();
  private readonly controls: StepControls;
  private readonly timeline: Timeline;
  private readonly sentence: HTMLParagraphElement;
  /** Why state left at this step (state TTL, retractions), under the sentence. */
  private readonly why: HTMLUListElement;
  /** Which input holds the join's watermark back, and since when. */
  private readonly held: HTMLParagraphElement;
  /** The query's `# note:` lines (fallbacks, multi-way join planning, arrival order). */
  private readonly notes: HTMLDivElement;
  /** The simulated processing-time clock at the step. */
  private readonly procTime: HTMLSpanElement;
  private readonly resultMode: HTMLSpanElement;
  private readonly errors: ErrorsPane;
  private readonly status: HTMLSpanElement;
  private readonly querySelect: HTMLSelectElement;
  private readonly queryWrap: HTMLLabelElement;
  private readonly dialectSelect: HTMLSelectElement;
  private readonly dialectNote: HTMLSpanElement;
  private readonly legend: HTMLElement;
  private readonly notRun: HTMLDivElement;
  /** Everything drawn from a query's trace (hidden when the query did not run). */
  private readonly visual: HTMLDivElement;
  private readonly changelog: ChangelogPane;
  private readonly result: ResultPane;
  private readonly state: StatePane;
  private readonly plan: PlanPane;
  private readonly stepsTable: StepsTable;
  private readonly events: EventsPane;
  private readonly data: DataPane;
  private readonly tabs: Tabs | null = null;
  private readonly settings: SettingsPane | null;
  private dialect: Dialect;
  private trace: ScriptTrace | null = null;
  private model: QueryModel | null = null;
  private queryIndex: number;
  private pos: number;
  private runSeq = 0;
  private debounce: number | null = null;
  private frame: number | null = null;
  private firstDrawn = false;
  private requestedAt: number | null = null;
  private draws = 0;

  constructor(private readonly opts: PlaygroundOptions) {
    this.dialect = opts.dialect ?? 'confluent';
    this.queryIndex = Math.max(0, (opts.query ?? 1) - 1);
    this.pos = Math.max(1, opts.step ?? 1);

    // Toolbar.
    const run = h('button', { type: 'button', class: 'jl-btn jl-primary', 'data-testid': 'run', title: 'Run the script (Ctrl+Enter)' }, 'Run');
    run.addEventListener('click', () => this.run());
    this.dialectSelect = h(
      'select',
      { 'aria-label': 'Dialect' },
      h('option', { value: 'confluent' }, 'Confluent Cloud'),
      h('option', { value: 'flink' }, 'Apache Flink'),
    );
    this.dialectSelect.value = this.dialect;
    this.dialectSelect.addEventListener('change', () => {
      this.dialect = this.dialectSelect.value === 'flink' ? 'flink' : 'confluent';
      this.run();
    });
    this.dialectNote = h('span', { class: 'jl-muted jl-small' });
    this.status = h('span', { class: 'jl-status jl-muted jl-small', 'aria-live': 'off' });
    const toolbar = h(
      'div',
      { class: 'jl-toolbar' },
      run,
      h('label', { class: 'jl-field' }, h('span', {}, 'Dialect'), this.dialectSelect),
      this.dialectNote,
      this.status,
    );

    // Editor.
    const editorHost = h('div', { class: 'jl-editor' });
    this.editor = new ScriptEditor({
      parent: editorHost,
      doc: opts.script,
      readonly: opts.readonly,
      onChange: () => this.scheduleRun(),
      onRun: () => this.run(),
    });
    this.errors = new ErrorsPane((marks) => this.editor.setErrors(marks));
    this.settings =
      opts.compact || opts.readonly
        ? null
        : new SettingsPane(
            (script) => this.editor.setDoc(script),
            () => this.editor.doc,
            () => this.trace?.queries[this.queryIndex]?.line ?? null,
          );

    // Query selector.
    this.querySelect = h('select', { 'aria-label': 'Query to step through' });
    this.querySelect.addEventListener('change', () => this.selectQuery(Number(this.querySelect.value)));
    this.queryWrap = h('label', { class: 'jl-field jl-query' }, h('span', {}, 'Query'), this.querySelect);
    this.queryWrap.hidden = true;

    // Visual side.
    this.controls = new StepControls((p) => this.goTo(p));
    this.sentence = h('p', { class: 'jl-sentence', 'data-testid': 'step-sentence', 'aria-live': 'polite', role: 'status' });
    this.why = h('ul', { class: 'jl-why', 'data-testid': 'step-why', hidden: true });
    this.held = h('p', { class: 'jl-held', 'data-testid': 'held-back', hidden: true });
    this.notes = h('div', { class: 'jl-query-notes', 'data-testid': 'query-notes', hidden: true });
    this.procTime = h('span', { class: 'jl-proctime', 'data-testid': 'proc-time' });
    this.resultMode = h('span', { class: 'jl-card-badge' });
    this.timeline = new Timeline({ onPick: (p) => this.goTo(p) });
    this.legend = h('div', { class: 'jl-legend', 'aria-hidden': 'true' });
    this.notRun = h('div', { class: 'jl-not-run', hidden: true });
    this.changelog = new ChangelogPane(
      (p) => this.goTo(p),
      (i) => this.timeline.highlightOutput(i),
    );
    this.result = new ResultPane();
    this.state = new StatePane(
      (q, s) => this.engine.stateAt(q, s),
      (i) => {
        this.querySelect.value = String(i);
        this.selectQuery(i, true);
      },
    );
    this.plan = new PlanPane();
    this.stepsTable = new StepsTable((p) => this.goTo(p));
    this.events = new EventsPane();
    this.data = new DataPane(
      () => this.editor.doc,
      (script) => this.editor.setDoc(script),
      (p) => this.goTo(p),
    );

    const card = (title: string, body: HTMLElement, extra: HTMLElement | null = null) => h('section', { class: 'jl-card' }, h('h3', {}, title, extra), body);
    const DATA_TAB = 1;
    const tabs = opts.compact
      ? null
      : new Tabs(
          [
            ['State', this.state.element],
            ['Data', this.data.element],
            ['Timeline table', this.stepsTable.element],
            ['Plan', this.plan.element],
          ],
          (i) => this.data.setVisible(i === DATA_TAB),
        );
    this.tabs = tabs;
    const panes = opts.compact
      ? h('div', { class: 'jl-panes jl-panes-2' }, card('Changelog', this.changelog.element), card('Result table', this.result.element, this.resultMode))
      : h(
          'div',
          { class: 'jl-panes' },
          h('div', { class: 'jl-panes-2' }, card('Changelog', this.changelog.element), card('Result table', this.result.element, this.resultMode)),
          h('section', { class: 'jl-card' }, tabs?.element),
        );

    const left = h('div', { class: 'jl-left' }, toolbar, editorHost, this.errors.element, this.settings?.element);
    this.visual = h('div', { class: 'jl-visual' }, this.sentence, this.why, this.held, opts.compact ? null : this.events.element, this.timeline.element, this.legend, panes);
    const right = h(
      'div',
      { class: 'jl-right', tabindex: '-1' },
      h('div', { class: 'jl-stepbar' }, this.queryWrap, this.controls.element, this.procTime),
      this.notes,
      this.notRun,
      this.visual,
    );
    this.element = h('div', { class: `jl-playground${opts.compact ? ' jl-compact' : ''}` }, left, right);
    this.controls.bindKeys(opts.keyTarget ?? this.element);
    this.run();
  }

  /** The state a share link restores. */
  get shareState(): ShareState {
    return { script: this.editor.doc, dialect: this.dialect, query: this.queryIndex + 1, step: this.pos };
  }

  /** Replaces the script (and optionally dialect, query, step) and runs it. */
  load(s: Partial<ShareState> & { script: string }): void {
    if (s.dialect) {
      this.dialect = s.dialect;
      this.dialectSelect.value = s.dialect;
    }
    this.queryIndex = Math.max(0, (s.query ?? 1) - 1);
    this.pos = Math.max(1, s.step ?? 1);
    this.editor.setDoc(s.script);
    this.run();
  }

  destroy(): void {
    this.controls.stop();
    this.timeline.destroy();
    this.editor.destroy();
    this.engine.dispose();
  }

  private scheduleRun(): void {
    if (this.debounce !== null) window.clearTimeout(this.debounce);
    this.debounce = window.setTimeout(() => this.run(), DEBOUNCE_MS);
    this.settings?.refresh();
    this.data.refresh();
    this.emitChange();
  }

  /** Runs the editor's script now. */
  run(): void {
    if (this.debounce !== null) window.clearTimeout(this.debounce);
    this.debounce = null;
    const script = this.editor.doc;
    const seq = ++this.runSeq;
    this.status.textContent = 'running…';
    this.settings?.refresh();
    this.engine.load(script, this.dialect).then(
      ({ trace, ms }) => {
        if (seq !== this.runSeq) return;
        this.status.textContent = `ran in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
        this.setTrace(trace, script);
        this.opts.onRun?.({ ms, trace });
      },
      (e: unknown) => {
        if (seq !== this.runSeq) return;
        this.status.textContent = '';
        const msg = e instanceof EngineError && e.fatal ? `The engine stopped while running this script (${e.message}). It has been restarted; edit the script or press Run to try again.` : `The engine failed: ${e instanceof Error ? e.message : String(e)}`;
        this.errors.show([], msg);
        this.opts.onRun?.({ ms: 0, trace: null });
      },
    );
  }

  private setTrace(trace: ScriptTrace, script: string): void {
    this.trace = trace;
    const scriptDialect = /^\s*SET\s+'joinlab\.dialect'/im.test(script) ? readSetting(script, 'dialect') : null;
    this.dialectNote.textContent = scriptDialect ? `the script sets '${scriptDialect}'` : '';

    // Errors: the script's, every query's planning error, runtime failures.
    const errors: Located[] = [];
    if (trace.harness_error) errors.push({ e: trace.harness_error, where: 'script' });
    for (const q of trace.queries) {
      if (q.error) errors.push({ e: q.error, where: `query ${q.index}` });
      if (q.runtime_error) errors.push({ e: q.runtime_error, where: `query ${q.index} failed at step ${q.failed_step ?? '?'}` });
    }
    for (const s of trace.statements) if (s.error) errors.push({ e: s.error, where: s.header });
    this.errors.show(errors);

    // Query selector.
    const qs = trace.queries;
    this.querySelect.replaceChildren(
      ...qs.map((q, i) => h('option', { value: i }, `${q.index}: ${q.sql.replace(/\s+/g, ' ').slice(0, 70)}${q.sql.length > 70 ? '…' : ''} (line ${q.line})`)),
    );
    this.queryWrap.hidden = qs.length < 2;
    if (this.queryIndex >= qs.length) this.queryIndex = Math.max(0, qs.length - 1);
    this.querySelect.value = String(this.queryIndex);
    this.selectQuery(this.queryIndex, true);
  }

  private selectQuery(i: number, keepStep = false): void {
    const trace = this.trace;
    if (!trace) return;
    this.queryIndex = i;
    const q = trace.queries[i];
    if (!q || q.error) {
      this.model = null;
      this.notRun.hidden = false;
      this.notRun.textContent = !q
        ? trace.harness_error
          ? 'The script did not run: see the error below the editor.'
          : trace.statements.length
            ? 'The script has no query to step through (add a SELECT); its statements printed:'
            : 'The script has no query to step through. Add a SELECT.'
        : `Query ${q.index} did not run: ${q.error?.message ?? ''}`;
      // What SHOW / DESCRIBE / EXPLAIN printed, when there is no query to show it beside.
      if (!q)
        for (const st of trace.statements)
          this.notRun.append(
            h('h4', { class: 'jl-statement-head' }, `line ${st.line}: ${st.header}`),
            h('pre', { class: 'jl-pre', 'data-testid': 'statement-output' }, st.error ? st.error.text : st.text),
          );
      this.visual.hidden = true;
      this.controls.setRange(0, 0);
      this.controls.show(0);
      this.sentence.textContent = '';
      this.procTime.textContent = '';
      this.renderNotes(q ? [...trace.notes, ...q.notes] : trace.notes);
      for (const p of [this.changelog, this.result, this.state, this.plan, this.stepsTable, this.events, this.data]) p.setModel(null);
      this.held.hidden = true;
      this.legend.replaceChildren();
      this.emitChange();
      return;
    }
    this.notRun.hidden = !q.runtime_error;
    this.notRun.textContent = q.runtime_error ? `The job failed at step ${q.failed_step ?? '?'}: ${q.runtime_error.message}` : '';
    this.visual.hidden = false;
    let model: QueryModel;
    try {
      model = buildModel(trace, i, zoneAt(this.editor.doc, q.line));
    } catch (e) {
      this.model = null;
      this.notRun.hidden = false;
      this.notRun.textContent = `This trace could not be drawn (${e instanceof Error ? e.message : String(e)}).`;
      this.visual.hidden = true;
      console.error(e);
      return;
    }
    this.model = model;
    this.renderNotes([...trace.notes, ...q.notes]);
    this.resultMode.replaceChildren(updatingBadge(model.updating, 'The result'));
    this.settings?.refresh();
    paneSafe('timeline', this.timeline.element, () => this.timeline.setModel(model));
    for (const [name, p] of [
      ['changelog', this.changelog],
      ['result', this.result],
      ['state', this.state],
      ['plan', this.plan],
      ['steps', this.stepsTable],
      ['events', this.events],
      ['data', this.data],
    ] as const)
      paneSafe(name, p.element, () => p.setModel(model));
    // Generated rows: show the data pane first, unless a person has picked a tab.
    if (this.tabs && !this.tabs.picked) this.tabs.select(DataPane.hasGenerated(model) ? 1 : 0);
    this.controls.setRange(model.steps.length, model.dataSteps);
    this.renderLegend(model);
    const total = model.steps.length;
    const pos = keepStep ? this.pos : 1;
    this.pos = 0;
    if (total === 0) {
      this.sentence.textContent = 'No data: the script inserts no rows, so nothing arrives.';
      this.controls.show(0);
      this.emitChange();
      return;
    }
    this.goTo(Math.min(Math.max(1, pos), total), true);
  }

  /** Shows step `pos` (1-based). Drawing happens in the next animation frame, once per frame. */
  goTo(pos: number, force = false): void {
    const m = this.model;
    if (!m || !m.steps.length) return;
    pos = Math.min(Math.max(1, pos), m.steps.length);
    if (pos === this.pos && !force) return;
    this.pos = pos;
    this.controls.show(pos);
    if (this.frame === null) {
      this.requestedAt = performance.now();
      this.frame = requestAnimationFrame(() => this.draw());
    }
    if (force) this.draw();
    this.emitChange();
  }

  private draw(): void {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    const m = this.model;
    if (!m) return;
    const t0 = performance.now();
    const pos = this.pos;
    const step = m.steps[pos - 1];
    this.sentence.textContent = step.kind === 'end' ? capitalize(step.summary) : step.summary;
    this.renderWhy(m, pos);
    this.renderHeld(m, pos);
    this.renderProcTime(m, pos);
    // Each part fails on its own: a bug in one pane must not take the page down.
    paneSafe('timeline', this.timeline.element, () => this.timeline.draw(pos));
    paneSafe('changelog', this.changelog.element, () => this.changelog.show(pos));
    paneSafe('result', this.result.element, () => this.result.show(pos));
    paneSafe('steps', this.stepsTable.element, () => this.stepsTable.show(pos));
    paneSafe('state', this.state.element, () => this.state.show(pos));
    paneSafe('events', this.events.element, () => this.events.show(pos));
    paneSafe('data', this.data.element, () => this.data.show(pos));
    // Measurements (README "Measurements"): the work of one step, and input-to-drawn latency.
    const t1 = performance.now();
    performance.measure('joinlab:draw', { start: t0, end: t1 });
    if (this.requestedAt !== null) performance.measure('joinlab:step-latency', { start: this.requestedAt, end: t1 });
    this.requestedAt = null;
    if (++this.draws % 2000 === 0) performance.clearMeasures();
    if (!this.firstDrawn) {
      this.firstDrawn = true;
      performance.mark('joinlab:first-step');
    }
  }

  /** The query's notes: what the planner chose and why (a window join that is not one, a
   *  multi-way join), then, quieter, how the rows arrive. */
  private renderNotes(all: string[]): void {
    const notes = [...new Set(all.map((n) => n.replace(/^# note:\s*/, '')))];
    const arrival = notes.filter((n) => /^arrival |arrival needs|arrive as written/.test(n));
    const main = notes.filter((n) => !arrival.includes(n));
    const items: HTMLElement[] = main.map((n) => h('li', {}, n));
    if (arrival.length) items.push(h('li', { class: 'jl-muted' }, arrival.join('; ')));
    this.notes.replaceChildren(...(items.length ? [h('span', { class: 'jl-notes-title' }, 'Notes'), h('ul', {}, ...items)] : []));
    this.notes.hidden = items.length === 0;
    this.notes.classList.toggle('jl-notes-quiet', main.length === 0);
  }

  /** Rows that left an operator's state at this step for a reason other than a window firing. */
  private renderWhy(m: QueryModel, pos: number): void {
    const items: HTMLElement[] = [];
    for (const e of m.steps[pos - 1]?.events ?? []) {
      if (e.type !== 'state_expire' || e.reason === 'window fired') continue;
      if (items.length === 8) {
        items.push(h('li', { class: 'jl-muted' }, '… more in the state pane and the events of this step.'));
        break;
      }
      const ttl = /TTL/.test(e.reason);
      const where = [e.side !== 'key' ? `${e.side} side` : '', e.key.length ? `key ${e.key.join(', ')}` : ''].filter(Boolean).join(', ');
      items.push(
        h(
          'li',
          { class: ttl ? 'jl-why-ttl' : undefined },
          h('strong', {}, ttl ? 'State TTL: ' : 'State: '),
          `${e.rows} row${e.rows === 1 ? '' : 's'} left the ${operatorName(m, e.op)}'s state${where ? ` (${where})` : ''}: ${e.reason.replace(/^state TTL: /, '')}.`,
        ),
      );
    }
    this.why.replaceChildren(...items);
    this.why.hidden = items.length === 0;
  }

  /**
   * When an input holds the join's watermark back (the trace's `input_watermark.held_by`): which
   * one, since which step, and where each input's watermark stands.
   */
  private renderHeld(m: QueryModel, pos: number): void {
    const held = m.held[pos];
    const join = m.joinWatermark;
    if (!held || !join || m.steps[pos - 1]?.kind === 'end') {
      this.held.hidden = true;
      return;
    }
    const at = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'none yet' : Number.isFinite(v) ? formatTime(v) : '+∞');
    const wmOf = (table: string) => m.sourceWatermarks.find((s) => s.label === table)?.values[pos];
    const by = wmOf(held.by);
    const others = [...new Set(m.sourceWatermarks.map((s) => s.label))].filter((t) => t !== held.by);
    const ahead = others.map((t) => ({ t, v: wmOf(t) })).filter((o) => o.v !== undefined && !Number.isNaN(o.v));
    const lead = ahead.reduce<{ t: string; v: number } | null>((a, o) => (o.v !== undefined && (!a || o.v > a.v) ? { t: o.t, v: o.v } : a), null);
    const joinWm = join.values[pos];
    const steps = pos - held.since + 1;
    const gap = lead && by !== undefined && Number.isFinite(lead.v) && Number.isFinite(by) ? lead.v - by : null;
    const parts = [
      h('strong', {}, 'Join watermark held back'),
      ` by ${held.by}`,
      steps > 1 ? ` for ${steps} steps (since step ${held.since})` : '',
      `: it stays at ${at(joinWm)}, the watermark of ${held.by}${by === undefined || Number.isNaN(by) ? ' (none yet)' : ''}`,
      lead ? `, while ${lead.t} is at ${at(lead.v)}${gap !== null && gap > 0 ? ` (${gapText(gap).replace(/^\+/, '')} ahead)` : ''}` : '',
      m.windows.length ? `. Windows cannot fire until ${held.by} moves on.` : '.',
    ];
    this.held.replaceChildren(...parts);
    this.held.dataset.by = held.by;
    this.held.dataset.since = String(held.since);
    this.held.classList.toggle('jl-held-long', steps > 1);
    this.held.hidden = false;
  }

  /** The simulated processing-time clock at the step, on the session zone's wall clock. */
  private renderProcTime(m: QueryModel, pos: number): void {
    const ms = m.steps[pos - 1]?.proc_time_ms;
    if (ms === undefined || ms === null) {
      this.procTime.textContent = '';
      return;
    }
    const clock = clockFor(m.zone, true);
    const t = clock(ms);
    const first = clock(m.steps[0]?.proc_time_ms ?? ms);
    const sameDay = formatDate(t) === formatDate(first) && Math.abs(t - first) < 86_400_000;
    const setting = settingAt(this.editor.doc, 'proctime', m.query.line);
    this.procTime.textContent = `processing time ${sameDay ? formatTime(t, true) : `${formatDate(t)} ${formatTime(t, true)}`}`;
    this.procTime.title =
      `The simulated processing-time clock at this step: ${formatDate(t)} ${formatTime(t)} (${m.zone}). ` +
      `It is what PROCTIME() reads and what state TTL counts; SET 'joinlab.proctime-step' = '${setting}' ` +
      (setting === 'event-time' ? 'makes it follow the largest event time seen.' : 'moves it that much per step.');
  }

  private renderLegend(m: QueryModel): void {
    const sw = (cls: string, style = '') => h('span', { class: `jl-swatch ${cls}`, style });
    const items: HTMLElement[] = m.lanes.map((l, i) => h('span', {}, sw('jl-sw-row', `background:${LANE_COLORS[i % LANE_COLORS.length]}`), `${l.table} row (arrival number)`));
    items.push(h('span', {}, sw('jl-sw-late'), 'late row (dropped)'));
    items.push(h('span', {}, sw('jl-sw-wm'), 'watermark'));
    if (m.windows.length) items.push(h('span', {}, sw('jl-sw-open'), 'window open'), h('span', {}, sw('jl-sw-fired'), 'fired'));
    if (m.held.some((x, p) => x && p > x.since)) items.push(h('span', {}, sw('jl-sw-held'), 'join watermark held back'));
    items.push(h('span', {}, sw('jl-sw-out'), 'emitted row'));
    this.legend.replaceChildren(...items);
  }

  private emitChange(): void {
    this.opts.onChange?.(this.shareState);
  }
}

/** Runs one pane's drawing; a failure is shown in that pane only. */
function paneSafe(name: string, el: HTMLElement, fn: () => void): void {
  const t0 = performance.now();
  try {
    fn();
    performance.measure(`joinlab:pane:${name}`, { start: t0, end: performance.now() });
    el.removeAttribute('data-failed');
  } catch (e) {
    console.error(`JoinLab: the ${name} pane failed`, e);
    if (!el.hasAttribute('data-failed')) {
      el.setAttribute('data-failed', '');
      el.prepend(h('p', { class: 'jl-pane-error' }, `This pane failed to draw: ${e instanceof Error ? e.message : String(e)}`));
    }
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// One playground: an editor, the engine session, and everything drawn from the trace (step
// controls, the step header, the timeline, the panes). The page, the ?embed=1 view and the
// <joinlab-playground> element are all made of this. This file holds the wiring and the state
// (script, dialect, query, step); layout.ts builds the DOM, each pane draws itself.

import { failureText, failureWhere } from './failure';
import './loading.css';
import { StepControls } from './controls';
import { h } from './dom';
import { ScriptEditor } from './editor';
import { EngineError, EngineSession, LOAD_TIMEOUT_MS, RunStopped, TraceVersionError } from './engine/client';
import { assist } from './export/client';
import { type Chrome, createChrome, DATA_TAB, assemble } from './layout';
import type { Built, Progress, RunProgress } from './engine/protocol';
import { fillSteps, lineOf, missingBlocks, type QueryModel, STEP_BLOCK } from './model';
import { ChangelogPane } from './panes/changelog';
import { DataPane } from './panes/data';
import { ErrorsPane, type Located } from './panes/errors';
import { EventsPane } from './panes/events';
import { LookupStorePane } from './panes/lookup-store';
import type { Pane } from './panes/pane';
import { CompareView, type CompareSide } from './panes/compare';
import { PlanPane } from './panes/plan';
import { ResultPane } from './panes/result';
import { SchemaBrowser } from './panes/schema';
import { SettingsPane } from './panes/settings';
import { StatePane } from './panes/state';
import { StepHeader } from './panes/step-header';
import { StepsTable } from './panes/steps-table';
import { WhatIf } from './panes/what-if';
import { WhyRow } from './panes/why-row';
import { statementsInSlices } from './script-text';
import { arrivalInEffect, lastSet, writeSetting } from './settings';
import { SCRIPT_CAP, type ShareState } from './share';
import type { Tabs } from './tabs';
import { Timeline } from './timeline';
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
/** A script this long (chars) has its statements split while it runs (see run()). */
const SPLIT_AHEAD_CHARS = 1_000_000;
/** A run longer than this shows its elapsed time and the Cancel button. */
const SHOW_RUNNING_MS = 400;
/** A model of more steps than this is handed to the panes over a few tasks (playground.selectQuery). */
const BIG_STEPS = 20_000;
/** A task handing a big model to the panes takes no more panes once this long (ms). */
const PANE_TASK_MS = 50;
/** The steps a position draws besides its own: the steps table's rows around it (panes/steps-table.ts). */
const STEPS_AROUND = 26;

export class Playground {
  readonly element: HTMLElement;
  readonly editor: ScriptEditor;
  private readonly engine = new EngineSession();
  /** The script of the trace shown (what a big model's steps are fetched for). */
  private traceScript: string | null = null;
  /** The blocks of the shown model's steps asked of the worker and not come yet. */
  private fetching = new Set<number>();
  /** A block could not be fetched: the next draw goes ahead with what is held (panes say less). */
  private drawAnyway = false;
  /** The step shown waits for blocks of steps: the block that completes them draws it, whichever
   * fetch asked for it (a block fetched ahead may be the one a later jump waits for). */
  private waiting = false;
  private readonly chrome: Chrome;
  private readonly controls: StepControls;
  private readonly header: StepHeader;
  private readonly timeline: Timeline;
  private readonly errors: ErrorsPane;
  private readonly data: DataPane;
  /** Everything drawn from a query's model, in drawing order, with the name a failure is logged under. */
  private readonly panes: [string, Pane][];
  /** Everything drawn from a query's trace (hidden when the query did not run). */
  private readonly visual: HTMLDivElement;
  private readonly tabs: Tabs | null;
  private readonly settings: SettingsPane | null;
  private readonly compareView: CompareView | null;
  private dialect: Dialect;
  private trace: ScriptTrace | null = null;
  /** The last trace's errors (kept on screen when the engine later stops). */
  private runErrors: Located[] = [];
  /** The errors pane says the engine stopped in a state request (cleared by the next answer). */
  private crashShown = false;
  private model: QueryModel | null = null;
  private queryIndex: number;
  private pos: number;
  private runSeq = 0;
  /** The run in flight: what it runs (Run pressed for the same text waits for it instead of
   * queueing the same run behind it in the worker). Null when none is. */
  private inflight: { seq: number; script: string; dialect: Dialect; query: number } | null = null;
  private debounce: number | null = null;
  private frame: number | null = null;
  private firstDrawn = false;
  private requestedAt: number | null = null;
  private draws = 0;
  /** False until the first run has finished: the controls stay disabled, the loading line shows. */
  private ready = false;
  /** "loading the engine (3.5 MB)… 40%", above the visual side until the first run. */
  private readonly loading: HTMLElement;
  private unProgress: (() => void) | null = null;
  /** While a run is in flight: the timer that says how long it has run. */
  private ticker: number | null = null;
  /** How far the run in flight got, as the worker last said (null before it says). */
  private runProgress: RunProgress | null = null;
  /** The run in flight has ended in the engine: the worker is building its view. */
  private runEnded = false;
  /** The engine has downloaded (before the first run: the loading line then says how the run goes). */
  private engineReady = false;

  constructor(private readonly opts: PlaygroundOptions) {
    this.dialect = opts.dialect ?? 'confluent';
    this.queryIndex = Math.max(0, (opts.query ?? 1) - 1);
    // -1: the query's first position (its job start when it has one, else step 1)
    this.pos = opts.step === undefined ? -1 : Math.max(0, opts.step);

    const c = createChrome();
    this.chrome = c;
    c.run.addEventListener('click', () => this.run());
    c.cancel.addEventListener('click', () => this.cancel());
    c.dialectSelect.value = this.dialect;
    c.dialectSelect.addEventListener('change', () => {
      const v: Dialect = c.dialectSelect.value === 'flink' ? 'flink' : 'confluent';
      const script = this.editor.doc;
      // The script's SET wins over the selector: switching it edits the SET (as the settings do).
      if (lastSet(script, 'dialect')) this.editor.setDoc(writeSetting(script, 'dialect', v));
      else this.dialect = v;
      this.run();
    });
    c.querySelect.addEventListener('change', () => this.selectQuery(Number(c.querySelect.value)));

    this.editor = new ScriptEditor({
      parent: c.editorHost,
      doc: opts.script,
      readonly: opts.readonly,
      onChange: (whole) => this.scheduleRun(whole),
      onRun: () => this.run(),
      // Completion and hover from the engine, in the exporter's worker (issue 20)
      assist: {
        complete: async (doc, pos) => {
          const r = await assist('complete', doc, pos, this.dialect);
          return 'items' in r ? r : null;
        },
        hover: async (doc, pos) => {
          const r = await assist('hover', doc, pos, this.dialect);
          return 'hover' in r ? r.hover : null;
        },
      },
    });
    // No editor transaction when there was nothing to underline and still is none (a 5 MB
    // document's update is not free).
    let underlined = true;
    this.errors = new ErrorsPane(
      (marks) => {
        if (!marks.length && !underlined) return;
        underlined = marks.length > 0;
        this.editor.setErrors(marks);
      },
      (line, column) => this.editor.goTo(line, column),
    );
    this.settings =
      opts.compact || opts.readonly
        ? null
        : new SettingsPane(
            (script) => this.editor.setDoc(script),
            () => this.editor.doc,
            () => this.trace?.queries[this.queryIndex]?.line ?? null,
            () => this.compareArrival(),
          );
    this.compareView = opts.compact ? null : new CompareView((script) => this.load({ script }));

    this.header = new StepHeader(
      () => this.editor.doc,
      (m, from, to) => (this.traceScript === null ? Promise.resolve(null) : this.engine.sentences(this.traceScript, m.query.index - 1, from, to)),
    );
    this.controls = new StepControls(
      (p) => this.goTo(p),
      (quiet) => this.header.setQuiet(quiet),
    );
    this.timeline = new Timeline({
      onPick: (p) => this.goTo(p),
      // What if by dragging a row (issue 19): not in a read-only embed.
      dragRow: opts.readonly
        ? undefined
        : {
            can: (p, axis) => whatIf.canDrag(p, axis),
            drop: (p, delta, axis) => {
              this.goTo(p);
              whatIf.dragged(p, delta, axis);
            },
          },
    });
    const changelog = new ChangelogPane(
      (p) => this.goTo(p),
      (i) => this.timeline.highlightOutput(i),
    );
    const result = new ResultPane();
    const state = new StatePane(
      (q, s) =>
        this.engine.stateAt(q, s).then(
          (r) => {
            // The restarted engine answers again: the crash message has done its job.
            if (this.crashShown) this.errors.show(this.runErrors);
            this.crashShown = false;
            return r;
          },
          (e: unknown) => {
            // The pane keeps the step's sizes; the errors pane says what happened, and where.
            if (e instanceof EngineError && e.crashed) this.engineStopped(e, { query: q, step: s });
            throw e;
          },
        ),
      (i) => {
        c.querySelect.value = String(i);
        this.selectQuery(i, true);
      },
      (p) => this.goTo(p),
    );
    const plan = new PlanPane();
    const stepsTable = new StepsTable((p) => this.goTo(p));
    const events = new EventsPane();
    const stores = new LookupStorePane((p) => this.goTo(p));
    const whatIf = new WhatIf(
      () => this.editor.doc,
      (script) => this.editor.setDoc(script),
      () => this.traceScript,
      (table) => this.trace?.tables.find((t) => t.name === table)?.rowtime ?? null,
      (appeared, m) => {
        changelog.markNew(appeared);
        // A +I or +U that appeared adds its line to the result table.
        result.markNew(appeared && m ? appeared.map((i) => m.outputs[i]).filter((o) => o && (o.kind === '+I' || o.kind === '+U')).map((o) => lineOf(o)) : null);
      },
    );
    const whyRow = new WhyRow(
      () => (this.traceScript === null ? null : { script: this.traceScript, dialect: this.dialect, query: this.queryIndex + 1 }),
      (p) => this.goTo(p),
    );
    this.data = new DataPane(
      () => this.editor.doc,
      (script) => this.editor.setDoc(script),
      (p) => this.goTo(p),
    );
    this.panes = [
      ['header', this.header],
      ['why-row', whyRow],
      ['what-if', whatIf],
      ['timeline', this.timeline],
      ['stores', stores],
      ['changelog', changelog],
      ['result', result],
      ['steps', stepsTable],
      ['state', state],
      ['plan', plan],
      ['events', events],
      ['data', this.data],
    ];

    const layout = assemble(
      {
        chrome: c,
        errors: this.errors.element,
        settings: this.settings?.element ?? null,
        controls: this.controls.element,
        header: this.header,
        whyRow: whyRow.element,
        whatIf: opts.readonly ? null : whatIf.element,
        events: events.element,
        timeline: this.timeline.element,
        stores: stores.element,
        changelog: changelog.element,
        changelogMode: changelog.mode,
        result: result.element,
        resultMode: result.mode,
        state: state.element,
        data: this.data.element,
        stepsTable: stepsTable.element,
        plan: plan.element,
        compare: this.compareView?.element ?? null,
        onTab: (i) => this.data.setVisible(i === DATA_TAB),
      },
      !!opts.compact,
    );
    this.element = layout.element;
    // The schema browser (issue 20): the toolbar's Tables button, its panel above the editor
    if (!opts.compact && !opts.readonly) {
      const schema = new SchemaBrowser(
        () => this.editor.doc,
        () => this.dialect,
        (text) => this.editor.insert(text),
      );
      c.status.before(schema.button);
      c.editorHost.before(schema.element);
    }
    this.visual = layout.visual;
    this.tabs = layout.tabs;
    this.controls.bindKeys(opts.keyTarget ?? this.element);
    this.loading = h('div', { class: 'jl-loading', role: 'status', 'data-testid': 'engine-loading' }, 'loading the engine…');
    this.visual.before(this.loading);
    this.unProgress = this.engine.onProgress((p) => this.showProgress(p));
    this.setBusy(true);
    this.run();
  }

  /** The engine download's progress, until the first run has finished. */
  private showProgress(p: Progress): void {
    if (this.ready) return;
    this.engineReady = p.done;
    const mb = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
    const size = p.total ? ` (${mb(p.total)}${p.encoded ? ' compressed' : ''})` : '';
    const text = p.done ? `starting the engine${size}…` : `loading the engine${size}… ${p.total && !p.encoded ? `${Math.min(100, Math.round((p.loaded / p.total) * 100))}%` : `${mb(p.loaded)}${p.encoded ? ' unpacked' : ''}`}`;
    const bar = h('progress', { max: p.total && !p.encoded ? p.total : 1, value: p.done ? 1 : p.total && !p.encoded ? p.loaded : undefined, 'aria-label': 'Engine download' });
    if (p.done && p.total && !p.encoded) bar.value = p.total;
    // An indeterminate bar is the browser's own animation, which CSS cannot stop: under reduced
    // motion the text (MB so far) says it alone.
    const still = !bar.hasAttribute('value') && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.loading.replaceChildren(text, ...(still ? [] : [' ', bar]));
    this.chrome.status.textContent = text;
  }

  /** Before the first run: the controls are disabled (they would act on nothing). */
  private setBusy(busy: boolean): void {
    const c = this.chrome;
    const all = [c.run, c.dialectSelect, c.querySelect, ...this.controls.element.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>('button, input, select'), ...(this.settings?.element.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>('button, input, select') ?? [])];
    for (const el of all) el.disabled = busy;
    this.element.toggleAttribute('data-loading', busy);
    this.loading.hidden = !busy;
    // No empty panes under the loading line (selectQuery shows them with the first trace).
    if (busy) this.visual.hidden = true;
  }

  /** Greys the visual side while it shows the trace of an older text, labelled "running…"
   * (busy) or with why it is not the text's (a run cancelled or stopped). */
  private setStale(stale: boolean, label: string | null = null): void {
    this.visual.toggleAttribute('data-stale', stale);
    if (stale && label) this.visual.setAttribute('data-stale-label', label);
    else this.visual.removeAttribute('data-stale-label');
    if (stale && !label) this.visual.setAttribute('aria-busy', 'true');
    else this.visual.removeAttribute('aria-busy');
  }

  /** Cancels the run in flight: the worker is stopped, the editor keeps its text and the last
   * trace stays shown, greyed ("cancelled"). */
  cancel(): void {
    this.engine.cancel();
  }

  /** Says how long the run in flight has run and shows Cancel (after SHOW_RUNNING_MS), until `done`. */
  private startTicker(seq: number): void {
    this.stopTicker();
    const t0 = performance.now();
    const c = this.chrome;
    const tick = () => {
      if (seq !== this.runSeq) return;
      const s = (performance.now() - t0) / 1000;
      if (s * 1000 < SHOW_RUNNING_MS) return;
      c.cancel.hidden = false;
      this.element.setAttribute('data-running', '');
      const secs = `${s.toFixed(s < 10 ? 1 : 0)} s`;
      const text = this.runEnded ? `drawing the trace${builtWhat(this.runProgress)}… ${secs}` : `running… ${secs}${runningWhere(this.runProgress)}`;
      if (this.ready) c.status.textContent = text;
      else if (this.engineReady) {
        // Before the first run the loading line says where the engine's download is, then how
        // the run goes (a shared link to a big script runs for a while before its first step).
        this.loading.textContent = `The engine is ${text}`;
        c.status.textContent = text;
      }
    };
    this.ticker = window.setInterval(tick, 100);
  }

  private stopTicker(): void {
    if (this.ticker !== null) window.clearInterval(this.ticker);
    this.ticker = null;
    this.chrome.cancel.hidden = true;
    this.element.removeAttribute('data-running');
  }

  /** The state a share link restores. */
  get shareState(): ShareState {
    return { script: this.editor.doc, dialect: this.dialect, query: this.queryIndex + 1, step: Math.max(0, this.pos) };
  }

  /** Replaces the script (and optionally dialect, query, step) and runs it. */
  load(s: Partial<ShareState> & { script: string }): void {
    if (s.dialect) {
      this.dialect = s.dialect;
      this.chrome.dialectSelect.value = s.dialect;
    }
    this.queryIndex = Math.max(0, (s.query ?? 1) - 1);
    this.pos = s.step === undefined ? -1 : Math.max(0, s.step);
    this.editor.setDoc(s.script);
    this.run();
  }

  /** Runs two scripts and shows them side by side (again: closes it). */
  compare(title: string, a: CompareSide, b: CompareSide): void {
    void this.compareView?.show(title, a, b, this.dialect);
  }

  /** The editor's script by event time and as written, side by side. */
  compareArrival(): void {
    const s = this.editor.doc;
    this.compare(
      'Arrival orders: the same script, the rows by event time and as written',
      { label: 'by event time', note: "SET 'joinlab.arrival' = 'by-time';", script: writeSetting(s, 'arrival', 'by-time') },
      { label: 'as written', note: "SET 'joinlab.arrival' = 'as-written';", script: writeSetting(s, 'arrival', 'as-written') },
    );
  }

  destroy(): void {
    this.unProgress?.();
    this.compareView?.dispose();
    this.controls.stop();
    this.timeline.destroy();
    this.editor.destroy();
    this.engine.dispose();
  }

  /** Runs the script after the edit's debounce (`whole`, a paste or a drop: in the next task, with
   * nothing more of the edit to wait for). */
  private scheduleRun(whole = false): void {
    if (this.debounce !== null) window.clearTimeout(this.debounce);
    this.debounce = window.setTimeout(() => this.run(), whole ? 0 : DEBOUNCE_MS);
    // The settings and data panes read the new text when it runs (run(), setTrace), not per
    // keystroke: a 5 MB script must not be scanned on every key. The share link follows at once
    // for a text a link can hold; a longer one waits for the run (reading it joins the document).
    this.setStale(true);
    if (this.editor.view.state.doc.length <= SCRIPT_CAP) this.emitChange();
  }

  /** Runs the editor's script now. */
  run(): void {
    if (this.debounce !== null) window.clearTimeout(this.debounce);
    this.debounce = null;
    const script = this.editor.doc;
    const f = this.inflight;
    // The same text already running (the edit's own run, started by the debounce): its trace is
    // the one this run would make (determinism), so it is waited for, not run a second time.
    if (f && f.seq === this.runSeq && f.script === script && f.dialect === this.dialect && f.query === this.queryIndex) return;
    const seq = ++this.runSeq;
    this.inflight = { seq, script, dialect: this.dialect, query: this.queryIndex };
    const done = () => {
      if (this.inflight?.seq === seq) this.inflight = null;
    };
    const status = this.chrome.status;
    if (this.ready) status.textContent = 'running…';
    if (this.trace) this.setStale(true);
    this.runProgress = null;
    this.runEnded = false;
    this.startTicker(seq);
    this.showDialect(script);
    // (Not for the constructor's run: the page wires its listeners after constructing.)
    if (this.ready) this.emitChange();
    this.settings?.refresh();
    const loading = this.engine.load(
      script,
      this.dialect,
      this.queryIndex,
      (p) => seq === this.runSeq && (this.runProgress = p),
      () => seq === this.runSeq && (this.runEnded = true),
    );
    // The panes read a script's statements at its first step (What if, the data pane): a big
    // script's are split now, in short tasks while the worker runs it, not in the task that
    // draws that step (memoized per text).
    if (script.length > SPLIT_AHEAD_CHARS) statementsInSlices(script, () => seq !== this.runSeq);
    loading.then(
      ({ trace, ms, built }) => {
        done();
        if (seq !== this.runSeq) return;
        this.stopTicker();
        this.firstRunDone();
        status.textContent = `ran in ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
        // Still stale when the text changed while it ran (its own run is due).
        this.setStale(this.debounce !== null);
        this.setTrace(trace, script, built);
        this.opts.onRun?.({ ms, trace });
      },
      (e: unknown) => {
        done();
        if (seq !== this.runSeq) return;
        this.stopTicker();
        this.firstRunDone();
        if (e instanceof RunStopped) {
          this.stopped(e);
          return;
        }
        status.textContent = '';
        if (e instanceof EngineError && e.fatal && !(e instanceof TraceVersionError)) {
          this.engineStopped(e, null);
          this.opts.onRun?.({ ms: 0, trace: null });
          return;
        }
        this.setStale(false);
        this.errors.show([], e instanceof TraceVersionError ? e.message : `The engine failed: ${e instanceof Error ? e.message : String(e)}`);
        this.opts.onRun?.({ ms: 0, trace: null });
      },
    );
  }

  /** A run cancelled or past the time limit: the editor keeps its text, the last trace stays
   * shown greyed, and the page says it is not the text's. */
  private stopped(e: RunStopped): void {
    const cancelled = e.reason === 'cancelled';
    this.chrome.status.textContent = cancelled ? 'cancelled' : 'stopped: ran too long';
    const old = this.trace ? ' The trace shown (greyed) is the previous run’s.' : '';
    if (this.trace) this.setStale(true, cancelled ? 'cancelled: the previous run’s trace' : 'stopped: the previous run’s trace');
    if (cancelled) this.errors.show([], `The run was cancelled.${old} Press Run to run the script again.`);
    else this.errors.show([], `The script ran longer than ${Math.round(LOAD_TIMEOUT_MS / 1000)} s and was stopped (the engine has been restarted).${old} Make the script smaller (fewer rows), or press Run to try again.`);
    this.opts.onRun?.({ ms: 0, trace: null });
  }

  /** The engine crashed (a panic traps the wasm; the worker has been replaced): says so with
   * the panic's message and where it happened when the page knows (`at`: the state request's
   * query and step; null: a run, as far as its last progress message went). The editor keeps its
   * text; the last trace stays, greyed when it is not this text's. */
  private engineStopped(e: EngineError, at: { query: number; step: number } | null): void {
    const q = at ? this.trace?.queries[at.query] : undefined;
    // a run: as far as its last progress message said (every 4,096 steps)
    const p = this.runProgress;
    const near = p && p.steps ? ` (query ${p.query}, after step ${p.step.toLocaleString('en-US')} of ${p.steps.toLocaleString('en-US')})` : p && p.queries > 1 ? ` (query ${p.query})` : '';
    const where = at
      ? ` while computing the state of query ${at.query + 1}${q ? ` (line ${q.line} of the script)` : ''} at step ${at.step}`
      : ` while running this script${near}`;
    const panic = e.message.replace(/^JoinLab engine panic: /, '');
    const old = !at && this.trace ? ' The trace shown (greyed) is the previous run’s.' : '';
    if (!at) {
      this.chrome.status.textContent = 'the engine stopped';
      this.setStale(!!this.trace, this.trace ? 'the engine stopped: the previous run’s trace' : null);
    }
    const msg = `The engine stopped${where}: ${panic}. It has been restarted.${old} ${at ? 'Step again to retry.' : 'Edit the script or press Run to try again.'}`;
    const el = h('span', { 'data-testid': 'engine-stopped' }, msg);
    this.errors.show(at ? this.runErrors : [], el);
    this.crashShown = !!at;
  }

  private firstRunDone(): void {
    if (this.ready) return;
    this.ready = true;
    this.unProgress?.();
    this.unProgress = null;
    this.setBusy(false);
  }

  /** The dialect selector shows the dialect in effect; a script's SET overrides it (and is what switching edits). */
  private showDialect(script: string): void {
    const { dialectSelect, dialectNote } = this.chrome;
    const set = lastSet(script, 'dialect');
    dialectNote.id ||= `jl-dialect-note-${Math.random().toString(36).slice(2)}`;
    dialectSelect.setAttribute('aria-describedby', dialectNote.id);
    if (set) {
      dialectSelect.value = set.value === 'flink' ? 'flink' : 'confluent';
      dialectSelect.setAttribute('data-overridden', '');
      dialectNote.setAttribute('data-testid', 'dialect-overridden');
      dialectNote.textContent = `set by line ${set.line} of the script: switching edits it`;
      dialectNote.title = `SET 'joinlab.dialect' = '${set.value}'; (line ${set.line}) wins over the page's selector`;
    } else {
      dialectSelect.value = this.dialect;
      dialectSelect.removeAttribute('data-overridden');
      dialectNote.textContent = '';
      dialectNote.title = '';
    }
  }

  private setTrace(trace: ScriptTrace, script: string, built: Built | null): void {
    this.trace = trace;
    this.traceScript = script;
    this.showDialect(script);

    // Errors: the script's, every query's planning error, runtime failures.
    const errors: Located[] = [];
    if (trace.harness_error) errors.push({ e: trace.harness_error, where: 'script' });
    for (const q of trace.queries) {
      if (q.error) errors.push({ e: q.error, where: `query ${q.index}` });
      if (q.runtime_error) errors.push({ e: q.runtime_error, where: failureWhere(q) });
    }
    for (const s of trace.statements) if (s.error) errors.push({ e: s.error, where: s.header });
    this.runErrors = errors;
    this.crashShown = false;
    this.errors.show(errors);

    // Query selector.
    const qs = trace.queries;
    const { querySelect, queryWrap } = this.chrome;
    querySelect.replaceChildren(
      ...qs.map((q, i) => h('option', { value: i }, `${q.index}: ${q.sql.replace(/\s+/g, ' ').slice(0, 70)}${q.sql.length > 70 ? '…' : ''} (line ${q.line})`)),
    );
    queryWrap.hidden = qs.length < 2;
    if (this.queryIndex >= qs.length) this.queryIndex = Math.max(0, qs.length - 1);
    querySelect.value = String(this.queryIndex);
    this.selectQuery(this.queryIndex, true, built);
  }

  /** Shows query `i`: its model comes with the run (`built`), else the worker builds it. */
  private selectQuery(i: number, keepStep = false, built: Built | null = null): void {
    const trace = this.trace;
    if (!trace) return;
    this.queryIndex = i;
    const q = trace.queries[i];
    if (q && !q.error && built?.query !== i) {
      const seq = this.runSeq;
      this.controls.setBusy(true);
      this.engine.model(trace, i).then(
        (b) => {
          if (seq === this.runSeq && this.trace === trace && this.queryIndex === i) this.selectQuery(i, keepStep, b);
        },
        (e: unknown) => {
          if (seq === this.runSeq && this.trace === trace && this.queryIndex === i) this.selectQuery(i, keepStep, { query: i, model: null, error: e instanceof Error ? e.message : String(e), ms: 0, postMs: 0, joinMs: 0, ranks: null });
        },
      );
      return;
    }
    const notRun = this.chrome.notRun;
    if (!q || q.error) {
      this.model = null;
      notRun.hidden = false;
      notRun.textContent = !q
        ? trace.harness_error
          ? 'The script did not run: see the error below the editor.'
          : trace.statements.length
            ? 'The script has no query to step through (add a SELECT); its statements printed:'
            : 'The script has no query to step through. Add a SELECT.'
        : `Query ${q.index} did not run: ${q.error?.shown ?? q.error?.message ?? ''}`;
      // What SHOW / DESCRIBE / EXPLAIN printed, when there is no query to show it beside.
      if (!q)
        for (const st of trace.statements)
          notRun.append(
            h('h4', { class: 'jl-statement-head' }, `line ${st.line}: ${st.header}`),
            h('pre', { class: 'jl-pre', 'data-testid': 'statement-output' }, st.error ? st.error.text : st.text),
          );
      this.visual.hidden = true;
      this.controls.setRange(0, 0);
      this.controls.show(0);
      this.header.setNotes(q ? [...trace.notes, ...q.notes] : trace.notes);
      this.settings?.setInEffect({ arrival: null, queries: trace.queries.length });
      this.settings?.refresh();
      for (const [name, p] of this.panes) paneSafe(name, p.element, () => p.setModel(null));
      this.emitChange();
      return;
    }
    notRun.hidden = !q.runtime_error;
    notRun.textContent = failureText(q);
    this.visual.hidden = false;
    // Built in the worker (engine/worker.ts); its time there is reported as joinlab:model.
    const model = built?.model;
    if (!model) {
      this.model = null;
      this.controls.setBusy(false);
      notRun.hidden = false;
      notRun.textContent = `This trace could not be drawn (${built?.error ?? 'no model'}).`;
      this.visual.hidden = true;
      console.error(`JoinLab: the view model could not be built: ${built?.error}`);
      return;
    }
    const now = performance.now();
    performance.measure('joinlab:model', { start: now - (built?.ms ?? 0), end: now });
    // (How long the worker took to post it and the page to join it: README "Page".)
    performance.measure('joinlab:model-post', { start: now - (built?.postMs ?? 0), end: now });
    performance.measure('joinlab:model-join', { start: now - (built?.joinMs ?? 0), end: now });
    this.header.setNotes([...trace.notes, ...q.notes]);
    this.settings?.setInEffect({ arrival: arrivalInEffect([...trace.notes, ...q.notes]), queries: trace.queries.length });
    this.settings?.refresh();
    const ranks = built?.ranks ?? null;
    if (model.steps.length <= BIG_STEPS && !ranks) {
      this.model = model;
      this.fetching = new Set();
      this.element.removeAttribute('data-steps-pending');
      for (const [name, p] of this.panes) paneSafe(name, p.element, () => p.setModel(model));
      this.adopted(model, keepStep, true);
      return;
    }
    // A big model: the panes take it over a few tasks (no long main-thread task: a task stops
    // taking panes once PANE_TASK_MS have gone), and nothing is drawn until every pane has it
    // (the controls wait until then: adopted's setRange ends the wait). The step is drawn in
    // the last task when it has time left, else in the next frame. The result table takes it
    // last, once its ranks have come (they follow the model: Built.ranks).
    this.model = null;
    this.controls.setBusy(true);
    const seq = this.runSeq;
    const order = [...this.panes.filter(([name]) => name !== 'result'), ...this.panes.filter(([name]) => name === 'result')];
    let ranked = !ranks;
    let k = 0;
    const next = (): void => {
      if (seq !== this.runSeq || this.trace !== trace || this.queryIndex !== i) return;
      const t0 = performance.now();
      while (k < order.length) {
        const [name, pane] = order[k];
        if (name === 'result' && !ranked && ranks) {
          void ranks.then(() => {
            ranked = true;
            nextTask(next);
          });
          return;
        }
        k++;
        paneSafe(name, pane.element, () => pane.setModel(model));
        if (performance.now() - t0 >= PANE_TASK_MS) break;
      }
      if (k < order.length) {
        nextTask(next);
        return;
      }
      this.model = model;
      this.fetching = new Set();
      this.element.removeAttribute('data-steps-pending');
      this.adopted(model, keepStep, performance.now() - t0 < PANE_TASK_MS);
    };
    nextTask(next);
  }

  /** After the panes took `model`: the tab, the step range, and the step shown (`now`: drawn at
   * once, else in the next frame). */
  private adopted(model: QueryModel, keepStep: boolean, now: boolean): void {
    // Generated rows: show the data pane first, unless a person has picked a tab.
    if (this.tabs && !this.tabs.picked) this.tabs.select(DataPane.hasGenerated(model) ? DATA_TAB : 0);
    this.controls.setRange(model.steps.length, model.dataSteps, model.first);
    const total = model.steps.length;
    const pos = keepStep && this.pos >= 0 ? this.pos : model.first;
    this.pos = 0;
    if (total === 0) {
      this.header.showNoData();
      this.controls.show(0);
      this.emitChange();
      return;
    }
    this.goTo(Math.min(Math.max(model.first, pos), total), now);
  }

  /** Shows step `pos` (1-based). Drawing happens in the next animation frame, once per frame. */
  goTo(pos: number, force = false): void {
    const m = this.model;
    if (!m || !m.steps.length) return;
    pos = Math.min(Math.max(m.first, pos), m.steps.length);
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
    if (!this.model) return;
    const t0 = performance.now();
    const pos = this.pos;
    // A big model's steps come a block at a time: the step is drawn once its blocks are here.
    this.waiting = this.model.lazy !== null && !this.drawAnyway && !this.stepsHere(this.model, pos);
    // Until it is drawn, the step waits for its steps (tests wait for this to go: helpers.ts `settled`).
    if (this.waiting) {
      this.element.setAttribute('data-steps-pending', '');
      return;
    }
    this.drawAnyway = false;
    // Each part fails on its own: a bug in one pane must not take the page down.
    for (const [name, p] of this.panes) paneSafe(name, p.element, () => p.show(pos));
    this.element.removeAttribute('data-steps-pending');
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

  private emitChange(): void {
    this.opts.onChange?.(this.shareState);
  }

  /** Whether the steps position `pos` draws (it and the steps table's neighbours) are held;
   * if not, they are asked of the worker and the step is drawn when they come. The next block
   * is fetched ahead once the step is past the middle of its block. */
  private stepsHere(m: QueryModel, pos: number): boolean {
    const need = missingBlocks(m, pos - STEPS_AROUND, pos + STEPS_AROUND);
    if (need.length) {
      this.fetchBlocks(m, need);
      return false;
    }
    const ahead = missingBlocks(m, pos + STEP_BLOCK / 2, pos + STEP_BLOCK / 2);
    const behind = missingBlocks(m, pos - STEP_BLOCK / 2, pos - STEP_BLOCK / 2);
    if (ahead.length || behind.length) this.fetchBlocks(m, [...ahead, ...behind]);
    return true;
  }

  /** Asks the worker for `blocks` of `m`'s steps (each once); the step shown is drawn when the
   * blocks it waits for have come (`waiting`). */
  private fetchBlocks(m: QueryModel, blocks: number[]): void {
    const lazy = m.lazy;
    const script = this.traceScript;
    if (!lazy || script === null) return;
    for (const blk of blocks) {
      if (this.fetching.has(blk)) continue;
      this.fetching.add(blk);
      const from = blk * STEP_BLOCK;
      this.engine
        .steps(script, lazy.query, from, Math.min(m.steps.length, from + STEP_BLOCK))
        .then(
          (steps) => {
            if (steps) fillSteps(m, from, steps);
            return !!steps;
          },
          (e: unknown) => {
            console.error(`JoinLab: steps ${from + 1}–${from + STEP_BLOCK} could not be fetched`, e);
            return false;
          },
        )
        .then((ok) => {
          if (this.model !== m) return;
          this.fetching.delete(blk);
          if (!ok) this.drawAnyway = true;
          if (this.waiting && this.frame === null && (!ok || missingBlocks(m, this.pos - STEPS_AROUND, this.pos + STEPS_AROUND).length === 0)) this.frame = requestAnimationFrame(() => this.draw());
        });
    }
  }
}

/** Runs `fn` in a task of its own soon (a message to itself: no timer's minimum delay). */
function nextTask(fn: () => void): void {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => {
    ch.port1.close();
    fn();
  };
  ch.port2.postMessage(null);
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

/** What the worker draws once the run is over: ` of 1,000,000 steps` (as the run's last progress
 * message said; nothing for a run too short to send one). */
function builtWhat(p: RunProgress | null): string {
  return p && p.steps ? ` of ${p.steps.toLocaleString('en-US')} steps` : '';
}

/** " · step 40,960 of 100,000" (" · query 2 of 3, step …" for several queries) for the running line. */
function runningWhere(p: RunProgress | null): string {
  if (!p || !p.steps) return p && p.queries > 1 ? ` · query ${p.query} of ${p.queries}` : '';
  const q = p.queries > 1 ? `query ${p.query} of ${p.queries}, ` : '';
  return ` · ${q}step ${p.step.toLocaleString('en-US')} of ${p.steps.toLocaleString('en-US')}`;
}

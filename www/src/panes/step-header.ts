// Around the step: the query's notes (what the planner chose and how rows arrive), the step
// sentence, why rows left an operator's state at this step (state TTL, a retraction), which input
// holds the join's watermark back, the simulated processing-time clock, and the timeline's
// legend. Its elements sit in different places of the layout (layout.ts puts them there).

import { h } from '../dom';
import { operatorName, type QueryModel, STEP_BLOCK, sidesOf, stepAt, waitingAt } from '../model';
import { settingAt } from '../settings';
import { heldBackMatters, LANE_COLORS } from '../timeline';
import { clockFor, formatDate, formatDuration, formatTime } from '../time';
import { gapText } from './data';
import { withLookups } from './lookup-words';
import type { Pane } from './pane';

/** Rows-left lines under the sentence; the rest are in the state pane and the events. */
const MAX_WHY = 8;

/** The sentences of steps `from` … `to` − 1 of `m` (indexes of `m.steps`), null when they can no
 * longer be had (another run replaced the trace). */
export type SentencesOf = (m: QueryModel, from: number, to: number) => Promise<string[] | null>;

export class StepHeader implements Pane {
  /** The step sentence (and where a failure of the header is reported). */
  readonly element: HTMLParagraphElement;
  /** Why state left at this step (state TTL, retractions), under the sentence. */
  readonly why: HTMLUListElement;
  /** Which input holds the join's watermark back, and since when. */
  readonly held: HTMLParagraphElement;
  /** The query's `# note:` lines (fallbacks, multi-way join planning, arrival order). */
  readonly notes: HTMLDivElement;
  /** The simulated processing-time clock at the step. */
  readonly procTime: HTMLSpanElement;
  readonly legend: HTMLElement;
  private model: QueryModel | null = null;
  /** The position shown. */
  private pos = -1;
  /** Sentences a big run left out (its steps' `summary` is empty), by step index, as `sentencesOf`
   * made them; and the blocks asked for. */
  private readonly made = new Map<number, string>();
  private readonly asked = new Set<number>();

  /** `getScript`: the editor's script (the processing-time setting in effect at the query);
   * `sentencesOf`: the engine's sentences of steps a big run left without (the crates' `Sentences`). */
  constructor(
    private readonly getScript: () => string,
    private readonly sentencesOf: SentencesOf | null = null,
  ) {
    this.element = h('p', { class: 'jl-sentence', 'data-testid': 'step-sentence', 'aria-live': 'polite', role: 'status' });
    this.why = h('ul', { class: 'jl-why', 'data-testid': 'step-why', hidden: true });
    this.held = h('p', { class: 'jl-held', 'data-testid': 'held-back', hidden: true });
    this.notes = h('div', { class: 'jl-query-notes', 'data-testid': 'query-notes', hidden: true });
    this.procTime = h('span', { class: 'jl-proctime', 'data-testid': 'proc-time' });
    this.legend = h('div', { class: 'jl-legend', 'aria-hidden': 'true' });
  }

  setModel(model: QueryModel | null): void {
    if (model !== this.model) {
      this.made.clear();
      this.asked.clear();
    }
    this.model = model;
    if (model) {
      this.renderLegend(model);
      return;
    }
    this.element.textContent = '';
    this.procTime.textContent = '';
    this.held.hidden = true;
    this.legend.replaceChildren();
  }

  show(pos: number): void {
    const m = this.model;
    if (!m) return;
    const step = stepAt(m, pos);
    if (!step) return;
    this.pos = pos;
    const made = step.summary || this.made.get(step.index);
    if (made === undefined) this.ask(m, pos);
    // (until the engine's sentence comes: the step's own line)
    const summary = made === undefined ? `${step.text} …` : withLookups(m, pos, made);
    this.element.toggleAttribute('data-pending', made === undefined);
    this.element.textContent = step.kind === 'end' || step.kind === 'start' ? capitalize(summary) : summary;
    this.renderWhy(m, pos);
    this.renderHeld(m, pos);
    this.renderProcTime(m, pos);
  }

  /** Asks the engine for the sentences of the block of steps around position `pos` (a data step
   * of a big run, whose sentence the run left out; a block as the model's steps come), and shows
   * the step's when they come. */
  private ask(m: QueryModel, pos: number): void {
    const block = Math.floor((pos - 1) / STEP_BLOCK);
    if (!this.sentencesOf || this.asked.has(block)) return;
    this.asked.add(block);
    const from = block * STEP_BLOCK;
    this.sentencesOf(m, from, Math.min(m.steps.length, from + STEP_BLOCK)).then(
      (texts) => {
        if (this.model !== m || !texts) return;
        // (step index i + 1 is the model's step i)
        texts.forEach((t, k) => this.made.set(from + k + 1, t));
        if (this.pos > from && this.pos <= from + texts.length) this.show(this.pos);
      },
      (e: unknown) => {
        this.asked.delete(block);
        console.error(`JoinLab: the sentences of steps ${from + 1}–${from + STEP_BLOCK} could not be made`, e);
      },
    );
  }

  /** While playing fast: the sentence is not announced at every step; afterwards it is announced once. */
  setQuiet(quiet: boolean): void {
    const was = this.element.getAttribute('aria-live') === 'off';
    this.element.setAttribute('aria-live', quiet ? 'off' : 'polite');
    if (was && !quiet) {
      // Announce the step the play stopped at (a live region speaks a change, so change it).
      const text = this.element.textContent ?? '';
      this.element.textContent = '';
      requestAnimationFrame(() => {
        if (!this.element.textContent) this.element.textContent = text;
      });
    }
  }

  /** The sentence of a query that ran on no rows. */
  showNoData(): void {
    this.element.textContent = 'No data: the script inserts no rows, so nothing arrives.';
  }

  /** The query's notes: what the planner chose and why (a window join that is not one, a
   *  multi-way join), then, quieter, how the rows arrive. */
  setNotes(all: string[]): void {
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
    const clock = clockFor(m.zone, m.ltz);
    const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '+∞' : formatTime(clock(ms)));
    for (const e of stepAt(m, pos)?.events ?? []) {
      // An interval join's rows leave when a cleanup timer fires: its `interval_cleanup` says
      // which timer, at which time of the join, and which rows it padded.
      if (e.type === 'interval_cleanup' && e.rows > 0) {
        if (items.length === MAX_WHY) {
          items.push(h('li', { class: 'jl-muted' }, '… more in the state pane and the events of this step.'));
          break;
        }
        const side = sidesOf(m, e.op).find((s) => s.side === e.side)?.label ?? e.side;
        items.push(
          h(
            'li',
            { class: e.padded.length ? 'jl-why-padded' : undefined },
            h('strong', {}, 'State: '),
            `${e.rows} ${side} row${e.rows === 1 ? '' : 's'} (key ${e.key.join(', ')}) left the ${operatorName(m, e.op)}'s state: `,
            e.timer_ms !== null && e.timer_ms !== undefined ? `its key's cleanup timer ${time(e.timer_ms)} fired at the join's time ${time(e.time_ms)}` : `a probe found ${e.rows === 1 ? 'it' : 'them'} expired at the join's time ${time(e.time_ms)}`,
            e.padded.length ? ` — never joined, so padded with NULLs: ${e.padded.map((r) => `[${r.join(', ')}]`).join(' ')}.` : '.',
          ),
        );
        continue;
      }
      if (e.type !== 'state_expire' || e.cause === 'window_fired' || e.cause === 'interval_passed') continue;
      if (items.length === MAX_WHY) {
        items.push(h('li', { class: 'jl-muted' }, '… more in the state pane and the events of this step.'));
        break;
      }
      const ttl = e.cause === 'ttl';
      const where = [e.side !== 'key' ? `${e.side} side` : '', e.key.length ? `key ${e.key.join(', ')}` : ''].filter(Boolean).join(', ');
      items.push(
        h(
          'li',
          { class: ttl ? 'jl-why-ttl' : undefined },
          h('strong', {}, ttl ? 'State TTL: ' : 'State: '),
          // The reason's words, without the "state TTL: " the heading already says.
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
    // A windowed join's watermark held back matters only while a window waits for it.
    if (!held || !join || stepAt(m, pos)?.kind === 'end' || !heldBackMatters(m, pos)) {
      this.held.hidden = true;
      return;
    }
    const at = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? 'none yet' : Number.isFinite(v) ? formatTime(v) : '+∞');
    const wmOf = (table: string) => m.sourceWatermarks.find((s) => s.label === table)?.values[pos];
    const by = wmOf(held.by);
    const others = [...new Set(m.sourceWatermarks.map((s) => s.label))].filter((t) => t !== held.by);
    const ahead = others.map((t) => ({ t, v: wmOf(t) })).filter((o) => o.v !== undefined && !Number.isNaN(o.v));
    const lead = ahead.reduce<{ t: string; v: number } | null>((a, o) => (o.v !== undefined && (!a || o.v > a.v) ? { t: o.t, v: o.v } : a), null);
    // An interval join's watermark is its time held back by its bound: its time is what the input holds.
    const iv = m.interval && m.interval.op === join.op ? m.interval : null;
    const joinWm = iv ? iv.time[pos] : join.values[pos];
    const steps = pos - held.since + 1;
    const gap = lead && by !== undefined && Number.isFinite(lead.v) && Number.isFinite(by) ? lead.v - by : null;
    const parts = [
      h('strong', {}, iv ? "Join's time held back" : 'Join watermark held back'),
      ` by ${held.by}`,
      steps > 1 ? ` for ${steps} steps (since step ${held.since})` : '',
      joinWm === undefined || Number.isNaN(joinWm)
        ? `: it has none yet, since ${held.by} has sent no watermark yet`
        : `: it stays at ${at(joinWm)}, the watermark of ${held.by}${by === undefined || Number.isNaN(by) ? ' (none yet)' : ''}`,
      lead ? `, while ${lead.t} is at ${at(lead.v)}${gap !== null && gap > 0 ? ` (${gapText(gap).replace(/^\+/, '')} ahead)` : ''}` : '',
      m.windows.length
        ? `. Windows cannot fire until ${held.by} moves on.`
        : iv
          ? `. No cleanup timer fires and no row is padded until ${held.by} moves on${iv.delay > 0 ? `; the join's output watermark is ${formatDuration(iv.delay)} further back (${at(join.values[pos])})` : ''}.`
          : m.temporal && m.temporal.op === join.op
            ? temporalHeld(m, pos, held.by)
            : '.',
    ];
    this.held.replaceChildren(...parts);
    this.held.dataset.by = held.by;
    this.held.dataset.since = String(held.since);
    this.held.classList.toggle('jl-held-long', steps > 1);
    this.held.hidden = false;
  }

  /** The simulated processing-time clock at the step, on the session zone's wall clock. */
  private renderProcTime(m: QueryModel, pos: number): void {
    const ms = stepAt(m, pos)?.proc_time_ms;
    if (ms === undefined || ms === null) {
      this.procTime.textContent = '';
      return;
    }
    const clock = clockFor(m.zone, true);
    const t = clock(ms);
    const first = clock(m.steps[0]?.proc_time_ms ?? ms);
    const sameDay = formatDate(t) === formatDate(first) && Math.abs(t - first) < 86_400_000;
    const setting = settingAt(this.getScript(), 'proctime', m.query.line);
    this.procTime.textContent = `processing time ${sameDay ? formatTime(t, true) : `${formatDate(t)} ${formatTime(t, true)}`}`;
    this.procTime.title =
      `The simulated processing-time clock at this step: ${formatDate(t)} ${formatTime(t)} (${m.zone}). ` +
      `It is what PROCTIME() reads and what state TTL counts; SET 'joinlab.proctime-step' = '${setting}' ` +
      (setting === 'event-time' ? 'makes it follow the largest event time seen.' : 'moves it that much per step.');
  }

  /** What the timeline's marks mean, only the marks this query's timeline has: a swatch per
   *  lane, late rows, watermarks, windows, emitted rows and retractions (hollow diamonds). */
  private renderLegend(m: QueryModel): void {
    // A colour goes through the CSSOM (the CSP forbids style="" attributes, not style writes).
    const sw = (cls: string, background = '') => {
      const s = h('span', { class: `jl-swatch ${cls}` });
      if (background) s.style.background = background;
      return s;
    };
    const item = (mark: string, ...children: (HTMLElement | string)[]) => h('span', { 'data-mark': mark }, ...children);
    const items: HTMLElement[] = m.lanes.map((l, i) => item('row', sw('jl-sw-row', LANE_COLORS[i % LANE_COLORS.length]), `${l.table} row (arrival number)`));
    const iv = m.interval;
    const late = m.lanes.some((l) => l.rows.some((r) => r.late));
    if (!iv && late) items.push(item('late', sw('jl-sw-late'), 'late row (dropped)'));
    if (iv?.lateRows) items.push(item('late', sw('jl-sw-late'), 'late row (probed, not kept)'));
    const watermarks = m.sourceWatermarks.some((s) => s.values.some((v) => Number.isFinite(v))) || (m.joinWatermark?.values.some((v) => Number.isFinite(v)) ?? false);
    if (watermarks) items.push(item('watermark', sw('jl-sw-wm'), 'watermark'));
    if (iv?.rowtime) {
      items.push(item('band', sw('jl-sw-band'), 'times the row can join'));
      items.push(item('until', sw('jl-sw-until'), 'stays until (its time + bound + 1 ms)'));
      items.push(item('timer', sw('jl-sw-timer'), "its key's cleanup timer"));
      if (iv.delay > 0) items.push(item('jointime', sw('jl-sw-jointime'), "join's time (timers fire at it)"));
    }
    if (m.temporal && m.extent) {
      items.push(item('version', sw('jl-sw-version'), 'version (valid until the next one)'));
      items.push(item('cut', sw('jl-sw-cut'), 'AS OF cut of a probe row'));
      items.push(item('wait', sw('jl-sw-wait'), 'probe row waiting for the watermark'));
      items.push(item('deleted', sw('jl-sw-deleted'), 'version deleted (-D)'));
    }
    if (m.idle.length) items.push(item('idle', sw('jl-sw-idle'), 'idle source (left out of the join’s watermark)'));
    if (m.windows.length) {
      items.push(item('window-open', sw('jl-sw-open'), 'window open'));
      if (m.windows.some((w) => w.firePos !== null)) items.push(item('window-fired', sw('jl-sw-fired'), 'fired'), item('window-fires', sw('jl-sw-firemark'), 'fires at this step'));
    }
    if (m.windowLanes.length > 1) items.push(h('span', {}, 'a lane per windowed operator, the sources’ side first'));
    if (m.held.some((x, p) => x && p > x.since)) items.push(item('held', sw('jl-sw-held'), 'join watermark held back'));
    if (m.outputs.some((o) => o.kind === '+I' || o.kind === '+U')) items.push(item('out', sw('jl-sw-out'), 'emitted row'));
    if (m.outputs.some((o) => o.kind === '-U' || o.kind === '-D')) items.push(item('retraction', sw('jl-sw-retract'), 'retraction (-U / -D)'));
    this.legend.replaceChildren(...items);
  }
}

/**
 * A temporal join held back: how many probe rows wait for the input holding it, when that input
 * last sent a row, and what would let the join go on without it.
 */
function temporalHeld(m: QueryModel, pos: number, by: string): string {
  const t = m.temporal;
  if (!t) return '.';
  const n = t.probes.filter((r) => waitingAt(r, pos)).length;
  if (n === 0) return '.';
  const lane = m.lanes.find((l) => l.table === by);
  let last = 0;
  for (const r of lane?.rows ?? []) if (r.pos <= pos) last = r.pos;
  const quiet = last > 0 && pos - last >= 2 ? ` ${by} has sent no row since step ${last}: a table that stops updating holds its watermark, and the join's with it` : '';
  const option = m.trace.dialect === 'confluent' ? 'sql.tables.scan.idle-timeout' : 'table.exec.source.idle-timeout';
  return (
    `. ${n} row${n === 1 ? '' : 's'} of ${t.probeTable} wait${n === 1 ? 's' : ''} in the temporal join until ${by} moves on.` +
    (quiet ? `${quiet}; '${option}' would mark it idle and let the join go on without it.` : '')
  );
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// The events of the current step, in causal order (the row at its source, watermarks, window
// assignment, state changes, fires, emits, the sink's rows): the step "expanded". Drawn only
// while its disclosure is open, so stepping stays cheap.

import { h } from '../dom';
import type { QueryModel } from '../model';
import { shortWindow } from '../timeline';
import { clockFor, formatTime } from '../time';
import type { Event } from '../trace';
import type { Pane } from './pane';

const MAX_EVENTS = 300;

export class EventsPane implements Pane {
  readonly element: HTMLDetailsElement;
  private readonly list: HTMLOListElement;
  private readonly summary: HTMLElement;
  private model: QueryModel | null = null;
  private pos = 0;

  constructor() {
    this.list = h('ol', { class: 'jl-events' });
    this.summary = h('summary', {}, 'Events of this step');
    this.element = h('details', { class: 'jl-events-box' }, this.summary, this.list);
    this.element.addEventListener('toggle', () => this.render());
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.list.replaceChildren();
  }

  show(pos: number): void {
    this.pos = pos;
    const n = this.model?.steps[pos - 1]?.events.length ?? 0;
    this.summary.textContent = `Events of this step, in causal order (${n})`;
    if (this.element.open) this.render();
  }

  private render(): void {
    const m = this.model;
    if (!m || !this.element.open) return;
    const events = m.steps[this.pos - 1]?.events ?? [];
    const op = (id: number) => {
      const o = m.query.operators.find((x) => x.id === id);
      return o ? `${o.kind}${o.table ? ` ${o.table}` : ''} (#${id})` : `operator #${id}`;
    };
    const clock = clockFor(m.zone, m.ltz);
    const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '+inf' : formatTime(clock(ms)));
    const items = events.slice(0, MAX_EVENTS).map((e) => h('li', { class: `jl-ev jl-ev-${e.type}` }, describe(e, op, time)));
    if (events.length > MAX_EVENTS) items.push(h('li', { class: 'jl-muted' }, `… ${events.length - MAX_EVENTS} more events`));
    this.list.replaceChildren(...items);
  }
}

const row = (kind: string, r: string[]) => `${kind}[${r.join(', ')}]`;
const key = (k: string[]) => (k.length ? `key ${k.join(', ')}` : 'no key');

/** One event in words; `time` writes an event's epoch milliseconds (null: +inf) on the display clock. */
export function describe(e: Event, op: (id: number) => string, time: (ms: number | null | undefined) => string = (ms) => (ms === null || ms === undefined ? '+inf' : formatTime(ms))): string {
  switch (e.type) {
    case 'source_row':
      return `${op(e.op)} reads ${row(e.kind, e.row)}`;
    case 'watermark':
      return `${op(e.op)}: watermark advances to ${e.text}`;
    case 'input_watermark':
      return `${op(e.op)}: input ${e.input + 1} watermark ${e.text}; its own watermark stays${e.held_by ? `, held back by ${e.held_by}` : ''}`;
    case 'window_assign':
      return `${op(e.op)} assigns the row to ${e.windows.map((w) => shortWindow(w.label)).join(', ')}`;
    case 'state_insert':
      return `${op(e.op)} stores it on the ${e.side} side (${key(e.key)}${e.window ? `, window ${shortWindow(e.window.label)}` : ''}): ${e.rows_in_state} row${e.rows_in_state === 1 ? '' : 's'} there now`;
    case 'state_expire':
      return `${op(e.op)} frees ${e.rows} ${e.side} row${e.rows === 1 ? '' : 's'} (${key(e.key)}${e.window ? `, window ${shortWindow(e.window.label)}` : ''}): ${e.reason}`;
    case 'window_fire':
      return `${op(e.op)} fires window ${shortWindow(e.window.label)} for ${key(e.key)}: ${e.left_rows} left, ${e.right_rows} right row${e.right_rows === 1 ? '' : 's'}`;
    case 'late_drop':
      return `${op(e.op)} drops the ${e.side} row ${row('', e.row)} as late: window ${shortWindow(e.window.label)} has fired`;
    case 'interval_probe':
      return (
        `${op(e.op)}: the ${e.side} row ${row('', e.row)} (${key(e.key)}, time ${time(e.time_ms)}) meets the other side's rows of times [${time(e.from_ms)}, ${time(e.to_ms)}]: ` +
        `${e.matched} joined; ` +
        (e.cached
          ? `kept until the join's time passes ${time((e.expires_ms ?? 1) - 1)} (its key's cleanup timer ${time(e.timer_ms)})`
          : 'late (the join\'s time is past its range): not kept')
      );
    case 'interval_cleanup':
      return (
        `${op(e.op)}: ${e.timer_ms === null || e.timer_ms === undefined ? 'a probe found them expired' : `the cleanup timer ${time(e.timer_ms)} fires`} at the join's time ${time(e.time_ms)}: ` +
        `${e.rows} ${e.side} row${e.rows === 1 ? '' : 's'} of ${key(e.key)} leave${e.rows === 1 ? 's' : ''} the state` +
        (e.padded.length ? `, padded with NULLs as never joined: ${e.padded.map((r) => row('', r)).join(' ')}` : '') +
        (e.next_timer_ms !== null && e.next_timer_ms !== undefined ? `; next timer ${time(e.next_timer_ms)}` : '')
      );
    case 'aggregated': {
      const group = `${e.key.length ? `group ${e.key.join(', ')}` : 'the one group'}${e.window ? ` in window ${shortWindow(e.window.label)}` : ''}`;
      const results = (r: string[] | null | undefined) => (r ? `[${r.join(', ')}]` : 'none');
      const verb = e.kind === '+I' || e.kind === '+U' ? 'adds' : 'retracts';
      if (e.before == null && e.after != null) return `${op(e.op)} ${verb} ${row(e.kind, e.row)}: ${group} starts with ${results(e.after)}`;
      if (e.after == null) return `${op(e.op)} ${verb} ${row(e.kind, e.row)}: ${group} is empty now and goes (its last result ${results(e.before)} is retracted)`;
      if (!e.emitted) return `${op(e.op)} ${verb} ${row(e.kind, e.row)}: ${group} still gives ${results(e.after)}, nothing to send`;
      return `${op(e.op)} ${verb} ${row(e.kind, e.row)}: ${group} changes from ${results(e.before)} to ${results(e.after)}`;
    }
    case 'null_time_drop':
      return `${op(e.op)} drops ${row('', e.row)}: its time attribute is NULL`;
    case 'filtered':
      return `${op(e.op)} filters out ${row('', e.row)}`;
    case 'unchanged':
      return `${op(e.op)} drops ${row('', e.row)}: ${key(e.key)} already holds the same row, nothing changed`;
    case 'emit':
      return `${op(e.op)} emits ${row(e.kind, e.row)}`;
    case 'output':
      return `the sink receives ${row(e.kind, e.row)}`;
    case 'source_end':
      return `${op(e.op)}: the input ends`;
  }
}

// The Settings pane: arrival order, end of input, session time zone, the processing-time clock
// and state TTL. Each control shows the script's SET statements and writes them back, so the
// script stays the truth. Positional settings are read and written for the query shown (the
// SET in effect above it).

import { h } from '../dom';
import { type ArrivalInEffect, readSetting, type SettingName, writeSetting } from '../settings';

const PROC_STEPS = ['1 s', '500 ms', '10 s', '1 min', '0 ms', 'event-time'];
const TTLS = ['5 s', '10 s', '1 min', '10 min', '1 h', '1 d'];
const DURATION = /^\s*\d+\s*(ms|milli|millis|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?|d|days?)?\s*$/i;

const ZONES = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Sydney'];

/** Numbers the settings' ids (a page may hold several playgrounds). */
let settingIds = 0;

export class SettingsPane {
  readonly element: HTMLElement;
  private readonly arrival: HTMLSelectElement;
  private readonly mode: HTMLSelectElement;
  private readonly zone: HTMLInputElement;
  private readonly procStep: HTMLInputElement;
  private readonly ttl: HTMLInputElement;
  private readonly procHelp: HTMLSpanElement;
  /** What the engine did, from the last trace: the arrival it used, how many queries ran. */
  private effect: { arrival: ArrivalInEffect | null; queries: number } = { arrival: null, queries: 0 };
  /** Says when the arrival in effect is not the one asked for (no WATERMARK…). */
  private readonly arrivalNote: HTMLSpanElement;

  constructor(
    private readonly setScript: (s: string) => void,
    private readonly getScript: () => string,
    /** The script line of the query shown (positional settings are those in effect there). */
    private readonly queryLine: () => number | null = () => null,
    /** Runs the script under both arrival orders and shows them side by side (null: no button). */
    onCompareArrival: (() => void) | null = null,
  ) {
    const change = (name: SettingName, value: string) => {
      const next = writeSetting(this.getScript(), name, value, this.queryLine());
      if (next !== this.getScript()) this.setScript(next);
    };
    this.arrival = h(
      'select',
      { 'aria-describedby': 'jl-arrival-help' },
      h('option', { value: 'by-time' }, 'by event time'),
      h('option', { value: 'as-written' }, 'as written'),
    );
    this.arrival.addEventListener('change', () => change('arrival', this.arrival.value));
    this.arrivalNote = h('span', { class: 'jl-arrival-effect', 'data-testid': 'arrival-in-effect' });
    this.mode = h(
      'select',
      {},
      h('option', { value: 'both' }, 'open, then ended (both)'),
      h('option', { value: 'unbounded' }, 'never ends (unbounded)'),
      h('option', { value: 'bounded' }, 'sources finish (bounded)'),
    );
    this.mode.addEventListener('change', () => change('mode', this.mode.value));
    const list = h('datalist', { id: `jl-zones-${Math.random().toString(36).slice(2)}` }, ...ZONES.map((z) => h('option', { value: z })));
    this.zone = h('input', { type: 'text', list: list.id, spellcheck: 'false', autocomplete: 'off' });
    const commitZone = () => {
      const v = this.zone.value.trim();
      if (v) change('zone', v);
    };
    this.zone.addEventListener('change', commitZone);
    this.zone.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') commitZone();
    });
    const textSetting = (name: SettingName, label: string, options: string[], valid: (v: string) => boolean, empty: string | null) => {
      const list = h('datalist', { id: `jl-${name}-${Math.random().toString(36).slice(2)}` }, ...options.map((v) => h('option', { value: v })));
      const input = h('input', { type: 'text', list: list.id, spellcheck: 'false', autocomplete: 'off', 'data-setting': name, 'aria-label': label });
      const commit = () => {
        const v = input.value.trim();
        if (!v && empty !== null) {
          // Cleared: back to the default, written only where a SET is in effect.
          if (readSetting(this.getScript(), name, this.queryLine()) !== '') change(name, empty);
          return;
        }
        if (!valid(v)) {
          input.setCustomValidity('a duration such as 1 s, 500 ms, 10 min');
          input.reportValidity();
          return;
        }
        input.setCustomValidity('');
        change(name, v);
      };
      input.addEventListener('change', commit);
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') commit();
      });
      return { input, list };
    };
    const proc = textSetting('proctime', 'Processing time', PROC_STEPS, (v) => DURATION.test(v) || /^event-time$/i.test(v), null);
    this.procStep = proc.input;
    const ttl = textSetting('ttl', 'State TTL', TTLS, (v) => DURATION.test(v), '0 ms');
    this.ttl = ttl.input;
    this.ttl.placeholder = 'none (kept forever)';
    this.procHelp = h('span', {});
    let compareArrival: HTMLElement | null = null;
    if (onCompareArrival) {
      const b = h('button', { type: 'button', class: 'jl-btn', 'data-testid': 'compare-arrival', title: 'Run this script with the rows by event time and as written, and show both results side by side' }, 'Compare arrival orders');
      b.addEventListener('click', onCompareArrival);
      compareArrival = h('div', { class: 'jl-setting' }, h('span', { class: 'jl-setting-name' }), b, h('span', { class: 'jl-muted jl-small' }, 'The same script both ways, side by side (the editor keeps your setting).'));
    }
    // The label names the control; the help text describes it (aria-describedby), so a screen
    // reader's name for the control is the setting's name, not the whole paragraph.
    const row = (label: string, control: HTMLElement, help: string | HTMLElement) => {
      const id = control.id || `jl-setting-${++settingIds}`;
      control.id = id;
      control.setAttribute('aria-describedby', `${id}-help`);
      return h('div', { class: 'jl-setting' }, h('label', { class: 'jl-setting-name', for: id }, label), control, h('span', { class: 'jl-muted jl-small', id: `${id}-help` }, help));
    };
    this.element = h(
      'details',
      // Open, except on a phone (the step's view comes first there).
      { class: 'jl-settings', open: typeof matchMedia !== 'function' || !matchMedia('(max-width: 760px)').matches },
      h('summary', {}, 'Settings'),
      h('p', { class: 'jl-muted jl-small' }, 'Each setting is a SET statement in the script: changing one edits the script.', this.procHelp),
      row('Arrival order', this.arrival, h('span', {}, this.arrivalNote, "SET 'joinlab.arrival': by-time merges the tables by event time; as-written keeps the script's order.")),
      compareArrival,
      row('End of input', this.mode, "SET 'joinlab.mode': both shows the open stream, then one more step ends the input."),
      row('Session time zone', this.zone, "SET 'sql.local-time-zone': how TIMESTAMP_LTZ values and windows are read and printed."),
      row(
        'Processing time',
        this.procStep,
        "SET 'joinlab.proctime-step': how far the simulated processing-time clock (PROCTIME(), state TTL) moves per step, e.g. 1 s, 500 ms; event-time follows the largest event time seen.",
      ),
      row('State TTL', this.ttl, "SET 'sql.state-ttl': a regular join forgets a row not written for this long (processing time); empty keeps state forever."),
      list,
      proc.list,
      ttl.list,
    );
    this.refresh();
  }

  /** What the last run did (the playground calls this with each query's trace). */
  setInEffect(effect: { arrival: ArrivalInEffect | null; queries: number }): void {
    this.effect = effect;
  }

  /** Shows the values the script sets now (and the arrival the engine used, when it differs). */
  refresh(): void {
    const s = this.getScript();
    const asked = readSetting(s, 'arrival');
    const eff = this.effect.arrival;
    const asWritten = this.arrival.options[1];
    if (eff && eff.value !== asked) {
      // The script asks for by-time, but a table has no WATERMARK: the rows arrived as written.
      this.arrival.value = eff.value;
      asWritten.textContent = eff.value === 'as-written' && eff.reason ? `as written (${eff.reason})` : 'as written';
      this.arrival.setAttribute('data-overridden', '');
      this.arrivalNote.textContent = `In effect: ${eff.value === 'as-written' ? `as written${eff.reason ? ` (${eff.reason})` : ''}` : 'by event time'}, although the script asks for ${asked === 'by-time' ? 'by event time (the default)' : 'as written'}. `;
    } else {
      this.arrival.value = asked;
      asWritten.textContent = 'as written';
      this.arrival.removeAttribute('data-overridden');
      this.arrivalNote.textContent = '';
    }
    const line = this.queryLine();
    this.mode.value = readSetting(s, 'mode', line);
    if (document.activeElement !== this.zone) this.zone.value = readSetting(s, 'zone', line);
    if (document.activeElement !== this.procStep) this.procStep.value = readSetting(s, 'proctime', line);
    if (document.activeElement !== this.ttl) {
      const v = readSetting(s, 'ttl', line);
      this.ttl.value = /^\s*0+\s*[a-z]*\s*$/i.test(v) ? '' : v;
    }
    const q = this.queryLine();
    // The queries that ran (a subquery's SELECT line or a table's `WITH (` is not a query).
    const several = this.effect.queries > 1;
    this.procHelp.textContent = several && q ? ` A SET applies to the queries below it: these are the settings of the query at line ${q}.` : '';
  }
}

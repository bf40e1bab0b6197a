// The Settings pane: arrival order, end of input and session time zone. Each control shows the
// script's SET statements and writes them back, so the script stays the truth.

import { h } from './dom';
import { readSetting, type SettingName, writeSetting } from './settings';

const ZONES = ['UTC', 'America/Los_Angeles', 'America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Asia/Shanghai', 'Asia/Tokyo', 'Australia/Sydney'];

export class SettingsPane {
  readonly element: HTMLElement;
  private readonly arrival: HTMLSelectElement;
  private readonly mode: HTMLSelectElement;
  private readonly zone: HTMLInputElement;

  constructor(
    private readonly setScript: (s: string) => void,
    private readonly getScript: () => string,
  ) {
    const change = (name: SettingName, value: string) => {
      const next = writeSetting(this.getScript(), name, value);
      if (next !== this.getScript()) this.setScript(next);
    };
    this.arrival = h(
      'select',
      { 'aria-describedby': 'jl-arrival-help' },
      h('option', { value: 'by-time' }, 'by event time'),
      h('option', { value: 'as-written' }, 'as written'),
    );
    this.arrival.addEventListener('change', () => change('arrival', this.arrival.value));
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
    const row = (label: string, control: HTMLElement, help: string) =>
      h('label', { class: 'jl-setting' }, h('span', { class: 'jl-setting-name' }, label), control, h('span', { class: 'jl-muted jl-small' }, help));
    this.element = h(
      'details',
      { class: 'jl-settings', open: true },
      h('summary', {}, 'Settings'),
      h('p', { class: 'jl-muted jl-small' }, 'Each setting is a SET statement in the script: changing one edits the script.'),
      row('Arrival order', this.arrival, "SET 'joinlab.arrival': by-time merges the tables by event time; as-written keeps the script's order."),
      row('End of input', this.mode, "SET 'joinlab.mode': both shows the open stream, then one more step ends the input."),
      row('Session time zone', this.zone, "SET 'sql.local-time-zone': how TIMESTAMP_LTZ values and windows are read and printed."),
      list,
    );
    this.refresh();
  }

  /** Shows the values the script sets now. */
  refresh(): void {
    const s = this.getScript();
    this.arrival.value = readSetting(s, 'arrival');
    this.mode.value = readSetting(s, 'mode');
    if (document.activeElement !== this.zone) this.zone.value = readSetting(s, 'zone');
  }
}

// "What if" for the row of the step shown (issue 19): drop it, duplicate it, move it one data
// line earlier or later, or move its event time by 1 s, 1 min or 1 h (behind the watermark, say),
// or make its table's watermark delay that much shorter or longer. Each button edits the script
// (www/src/what-if.ts: the editor stays the truth, the share link carries the change), the script
// runs again, and the pane says what the
// edit changed in the changelog — the rows that appeared and vanished (a row whose kind changed
// is both) — with Undo, which puts the script back. Buttons are plain buttons: keyboard first.

import { h } from '../dom';
import { type QueryModel, stepAt } from '../model';
import { changelogDiff, delayText, editableRow, editRow, type RowEdit, shiftRowTime, watermarkDelay, withWatermarkDelay } from '../what-if';
import type { Pane } from './pane';

/** How many rows of each list the summary shows. */
const SHOWN = 6;

const EDITS: [RowEdit, string][] = [
  ['drop', 'Drop it'],
  ['duplicate', 'Duplicate it'],
  ['earlier', 'One line earlier'],
  ['later', 'One line later'],
];

export class WhatIf implements Pane {
  readonly element: HTMLDivElement;
  private readonly buttons: HTMLButtonElement[];
  private readonly time: HTMLSpanElement;
  private readonly delay: HTMLSpanElement;
  private readonly delayNow: HTMLSpanElement;
  private readonly unit: HTMLSelectElement;
  /** The amount the time and delay buttons move by. */
  private readonly unitGroup: HTMLLabelElement;
  private readonly out: HTMLDivElement;
  private model: QueryModel | null = null;
  private pos = -1;
  /** An edit made, waiting for its run: the changelog before it, the script to undo to, its words. */
  private pending: { before: string[]; undo: string; label: string } | null = null;

  constructor(
    private readonly getDoc: () => string,
    private readonly setDoc: (script: string) => void,
    /** The script the shown model was run from (null: none). */
    private readonly ranScript: () => string | null,
    /** The event-time column of a table (null: it has none). */
    private readonly rowtimeOf: (table: string) => string | null,
  ) {
    this.unit = h(
      'select',
      { class: 'jl-what-if-unit', 'data-testid': 'what-if-unit' },
      h('option', { value: '1000' }, '1 s'),
      h('option', { value: '60000', selected: true }, '1 min'),
      h('option', { value: '3600000' }, '1 h'),
    );
    const button = (text: string, id: string, click: () => void) => {
      const b = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': id }, text);
      b.addEventListener('click', click);
      return b;
    };
    const by = () => Number(this.unit.value);
    this.time = h(
      'span',
      { role: 'group', 'aria-label': 'its event time', class: 'jl-what-if-buttons' },
      'its time',
      button('earlier', 'what-if-time-earlier', () => this.shift(-by())),
      button('later', 'what-if-time-later', () => this.shift(by())),
    );
    this.unitGroup = h('label', { class: 'jl-what-if-buttons' }, 'by ', this.unit);
    this.delayNow = h('span', { 'data-testid': 'what-if-delay-now' });
    this.delay = h(
      'span',
      { role: 'group', 'aria-label': "its table's watermark delay", class: 'jl-what-if-buttons' },
      "its table's watermark delay",
      this.delayNow,
      button('shorter', 'what-if-delay-shorter', () => this.setDelay(-by())),
      button('longer', 'what-if-delay-longer', () => this.setDelay(by())),
    );
    this.buttons = EDITS.map(([edit, text]) => button(text, `what-if-${edit}`, () => this.apply(edit)));
    this.out = h('div', { class: 'jl-what-if-out', role: 'status', 'aria-live': 'polite', 'data-testid': 'what-if-out', hidden: true });
    this.element = h(
      'div',
      { class: 'jl-what-if', hidden: true },
      h('span', { class: 'jl-what-if-label' }, 'What if this row were…'),
      h('span', { role: 'group', 'aria-label': 'What if this row were', class: 'jl-what-if-buttons' }, ...this.buttons),
      this.unitGroup,
      this.time,
      this.delay,
      this.out,
    );
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.pos = -1;
    const p = this.pending;
    if (!p) return;
    if (!model) {
      // the edited script did not run (its error is shown below the editor): Undo stays at hand
      const undo = this.undoButton(p.undo);
      this.out.replaceChildren(h('strong', {}, `${p.label}. `), 'The edited script did not run. ', undo);
      this.out.hidden = false;
      this.element.hidden = false;
      return;
    }
    this.pending = null;
    const d = changelogDiff(p.before, model.outputs.map((o) => o.text));
    const list = (rows: string[]) => (rows.length > SHOWN ? `${rows.slice(0, SHOWN).join(', ')} and ${rows.length - SHOWN} more` : rows.join(', '));
    const undo = this.undoButton(p.undo);
    const said =
      d.appeared.length + d.vanished.length === 0
        ? 'The changelog is the same.'
        : [d.vanished.length ? `${d.vanished.length} changelog row${d.vanished.length === 1 ? '' : 's'} vanished: ${list(d.vanished)}.` : '', d.appeared.length ? `${d.appeared.length} appeared: ${list(d.appeared)}.` : ''].filter(Boolean).join(' ');
    this.out.replaceChildren(h('strong', {}, `${p.label}. `), h('span', { 'data-testid': 'what-if-diff' }, said), ' ', undo);
    this.out.hidden = false;
    this.element.hidden = false;
  }

  /** Undo: the script before the edit, run again. */
  private undoButton(script: string): HTMLButtonElement {
    const undo = h('button', { type: 'button', class: 'jl-btn jl-small', 'data-testid': 'what-if-undo' }, 'Undo');
    undo.addEventListener('click', () => {
      this.pending = null;
      this.out.hidden = true;
      this.setDoc(script);
    });
    return undo;
  }

  show(pos: number): void {
    this.pos = pos;
    const line = this.line();
    const editable = line !== null && editableRow(this.getDoc(), line);
    for (const b of this.buttons) b.hidden = !editable;
    this.time.hidden = !editable || this.timeShifted(1000) === null;
    const table = this.table();
    const d = table && line !== null ? watermarkDelay(this.getDoc(), table) : null;
    this.delay.hidden = !d;
    this.unitGroup.hidden = this.time.hidden && this.delay.hidden;
    this.delayNow.textContent = d ? ` (now ${delayText(d.ms)})` : '';
    this.element.hidden = !editable && !d && this.out.hidden;
  }

  /** The script line of the row shown, when the editor still holds the script that ran. */
  private line(): number | null {
    const m = this.model;
    const step = m ? stepAt(m, this.pos) : undefined;
    if (!m || step?.kind !== 'row' || !step.line || this.ranScript() !== this.getDoc()) return null;
    return step.line;
  }

  /** The table of the row shown. */
  private table(): string | null {
    const m = this.model;
    return (m ? stepAt(m, this.pos)?.table : null) ?? null;
  }

  /** Its table's watermark delay made `deltaMs` longer (shorter when negative; not below 0). */
  private setDelay(deltaMs: number): void {
    const table = this.table();
    const line = this.line();
    const script = this.getDoc();
    const d = table ? watermarkDelay(script, table) : null;
    if (!table || !d || line === null) return;
    const ms = Math.max(0, d.ms + deltaMs);
    const next = ms === d.ms ? null : withWatermarkDelay(script, table, ms);
    if (next === null) return;
    this.run(next, `${table}'s watermark delay ${delayText(d.ms)} → ${delayText(ms)}`, line);
  }

  /** The script with the row's event time moved by `deltaMs`, or null. */
  private timeShifted(deltaMs: number): string | null {
    const m = this.model;
    const line = this.line();
    const table = m ? stepAt(m, this.pos)?.table : null;
    const rowtime = table ? this.rowtimeOf(table) : null;
    return line === null || !rowtime ? null : shiftRowTime(this.getDoc(), line, rowtime, deltaMs);
  }

  private shift(deltaMs: number): void {
    const next = this.timeShifted(deltaMs);
    const line = this.line();
    if (next === null || line === null) return;
    const unit = this.unit.selectedOptions[0]?.textContent ?? '';
    this.run(next, `Its time moved ${unit} ${deltaMs < 0 ? 'earlier' : 'later'}`, line);
  }

  private apply(edit: RowEdit): void {
    const m = this.model;
    const line = this.line();
    const script = this.getDoc();
    if (!m || line === null) return;
    const next = editRow(script, line, edit);
    if (next === null) return;
    const words: Record<RowEdit, string> = { drop: 'Dropped', duplicate: 'Duplicated', earlier: 'Moved one line earlier', later: 'Moved one line later' };
    this.run(next, words[edit], line);
  }

  /** Runs the edited script `next`, keeping what the difference is taken against. */
  private run(next: string, what: string, line: number): void {
    const m = this.model;
    if (!m) return;
    const row = stepAt(m, this.pos)?.text ?? '';
    this.pending = { before: m.outputs.map((o) => o.text), undo: this.getDoc(), label: `${what}: ${row} (line ${line})` };
    this.out.hidden = false;
    this.out.replaceChildren(h('span', { class: 'jl-muted' }, 'Running the edited script…'));
    this.setDoc(next);
  }
}

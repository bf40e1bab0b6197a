// "What if" for the row of the step shown (issue 19): drop it, duplicate it, move it one row
// earlier or later, or move its event time by 1 s, 1 min or 1 h (behind the watermark, say),
// or make its table's watermark delay that much shorter or longer, or let quiet sources go idle
// (an idle timeout set or removed). Dragging a row on the timeline moves its time (or, with no
// times, its place in the input) the same way. Each edit is an edit of the script
// (www/src/what-if.ts: the editor stays the truth, the share link carries the change), the script
// runs again, and the pane says what the edit changed in the changelog — the rows that appeared
// and vanished (a row whose kind changed is both); the changelog pane marks the rows that appeared
// — with Undo, which puts the script back. Buttons are plain buttons: keyboard first.

import { h } from '../dom';
import { type QueryModel, stepAt } from '../model';
import { changelogDiff, delayText, editable, editAt, IDLE_TIMEOUT, idleTimeout, lateCopyAt, moveAt, movedRows, type RowAt, type RowEdit, shiftAt, toggleIdleTimeout, watermarkDelay, withWatermarkDelay } from '../what-if';
import { formatTime } from '../time';
import type { Pane } from './pane';

/** How many rows of each list the summary shows. */
const SHOWN = 6;

const EDITS: [RowEdit, string][] = [
  ['drop', 'Drop it'],
  ['duplicate', 'Duplicate it'],
  ['earlier', 'One row earlier'],
  ['later', 'One row later'],
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
  private readonly idle: HTMLButtonElement;
  private readonly late: HTMLButtonElement;
  private model: QueryModel | null = null;
  private pos = -1;
  /** An edit made, waiting for its run: the changelog before it, the script to undo to, its words. */
  private pending: { before: { text: string; pos: number }[]; steps: number; undo: string; label: string } | null = null;

  constructor(
    private readonly getDoc: () => string,
    private readonly setDoc: (script: string) => void,
    /** The script the shown model was run from (null: none). */
    private readonly ranScript: () => string | null,
    /** The event-time column of a table (null: it has none). */
    private readonly rowtimeOf: (table: string) => string | null,
    /** Told the indices of the changelog rows an edit made appear (null: no edit to show). */
    private readonly onDiff: (appeared: number[] | null, model: QueryModel | null) => void = () => undefined,
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
    this.idle = button('', 'what-if-idle', () => this.toggleIdle());
    this.late = button('Add a late copy', 'what-if-late-copy', () => this.addLate());
    this.late.title = "A copy of this row right after it, its time 1 s behind its table's watermark then";
    this.buttons = EDITS.map(([edit, text]) => button(text, `what-if-${edit}`, () => this.apply(edit)));
    this.out = h('div', { class: 'jl-what-if-out', role: 'status', 'aria-live': 'polite', 'data-testid': 'what-if-out', hidden: true });
    this.element = h(
      'div',
      { class: 'jl-what-if', hidden: true },
      h('span', { class: 'jl-what-if-label' }, 'What if this row were…'),
      h('span', { role: 'group', 'aria-label': 'What if this row were', class: 'jl-what-if-buttons' }, ...this.buttons, this.late),
      this.unitGroup,
      this.time,
      this.delay,
      this.idle,
      this.out,
    );
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.pos = -1;
    const p = this.pending;
    if (!p || !model) this.onDiff(null, null);
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
    const d = changelogDiff(
      p.before.map((o) => o.text),
      model.outputs.map((o) => o.text),
    );
    // (A row dropped or added renumbers the steps after it: then steps are not compared.)
    const moved = model.dataSteps === p.steps ? movedRows(p.before, model.outputs) : [];
    this.onDiff(d.appearedAt, model);
    const list = (rows: string[]) => (rows.length > SHOWN ? `${rows.slice(0, SHOWN).join(', ')} and ${rows.length - SHOWN} more` : rows.join(', '));
    const undo = this.undoButton(p.undo);
    const movedText = moved.length
      ? `${d.appeared.length + d.vanished.length ? 'Of the others, ' : 'The same rows, but '}${moved.length} came out at another step: ${list(moved.map((r) => `${r.text} at step ${r.to} (was ${r.from})`))}.`
      : '';
    const said =
      d.appeared.length + d.vanished.length + moved.length === 0
        ? 'The changelog is the same.'
        : [d.vanished.length ? `${d.vanished.length} changelog row${d.vanished.length === 1 ? '' : 's'} vanished: ${list(d.vanished)}.` : '', d.appeared.length ? `${d.appeared.length} appeared: ${list(d.appeared)}.` : '', movedText].filter(Boolean).join(' ');
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
    const at = this.at();
    const canEdit = at !== null && editable(this.getDoc(), at);
    for (const b of this.buttons) b.hidden = !canEdit;
    this.time.hidden = !canEdit || this.timeShifted(1000) === null;
    this.late.hidden = this.time.hidden || this.lateDelta() === null;
    const table = this.table();
    const d = table && this.line() !== null ? watermarkDelay(this.getDoc(), table) : null;
    this.delay.hidden = !d;
    this.unitGroup.hidden = this.time.hidden && this.delay.hidden;
    this.delayNow.textContent = d ? ` (now ${delayText(d.ms)})` : '';
    // Idleness matters where an operator waits for the smaller of several inputs' watermarks.
    const m = this.model;
    const idleMatters = !!m && this.line() !== null && m.lanes.length > 1 && m.lanes.some((l) => this.rowtimeOf(l.table) !== null);
    const cur = idleMatters ? idleTimeout(this.getDoc()) : null;
    const on = !!cur && !/^\s*0\s*(ms|s)?\s*$/i.test(cur.value);
    this.idle.hidden = !idleMatters;
    this.idle.textContent = on ? `Wait for quiet sources (remove the idle timeout of ${cur?.value})` : `Let quiet sources go idle after ${IDLE_TIMEOUT}`;
    this.idle.title = on ? 'Remove the SET of table.exec.source.idle-timeout: every source holds back the joins it feeds until it sends rows again' : `SET 'table.exec.source.idle-timeout' = '${IDLE_TIMEOUT}': a source without rows for that long (processing time, a second per step) is marked idle and the joins it feeds stop waiting for it`;
    this.element.hidden = !canEdit && !d && !idleMatters && this.out.hidden;
  }

  /** Whether the row of step `pos` can be dragged on the timeline: its time can move (`time`), or
   * its place among the rows (`arrival`, a run with no times). */
  canDrag(pos: number, axis: 'time' | 'arrival'): boolean {
    const was = this.pos;
    this.pos = pos;
    const at = this.at();
    const ok = at !== null && editable(this.getDoc(), at) && (axis === 'arrival' || this.timeShifted(1000) !== null);
    this.pos = was;
    return ok;
  }

  /** The row of step `pos` dragged on the timeline by `delta`: display-clock ms (`time`) or rows (`arrival`). */
  dragged(pos: number, delta: number, axis: 'time' | 'arrival'): void {
    this.pos = pos;
    const at = this.at();
    if (at === null || !delta) return;
    if (axis === 'time') {
      const next = this.timeShifted(delta);
      if (next !== null) this.run(next, `Dragged ${shiftText(delta)}`, at.line);
      return;
    }
    const next = moveAt(this.getDoc(), at, delta);
    if (next !== null) this.run(next, `Dragged ${Math.abs(delta)} row${Math.abs(delta) === 1 ? '' : 's'} ${delta < 0 ? 'earlier' : 'later'} in the input`, at.line);
  }

  /** The script line of the row shown, when the editor still holds the script that ran. */
  private line(): number | null {
    const m = this.model;
    const step = m ? stepAt(m, this.pos) : undefined;
    if (!m || step?.kind !== 'row' || !step.line || this.ranScript() !== this.getDoc()) return null;
    return step.line;
  }

  /** Where the row shown is written: its line, and its place among the rows read from that line. */
  private at(): RowAt | null {
    const m = this.model;
    const line = this.line();
    const mark = m?.rowsByPos[this.pos];
    if (!m || line === null || !mark) return null;
    const same = m.lanes[mark.lane].rows.filter((r) => r.line === line);
    return { line, index: same.indexOf(mark), count: same.length };
  }

  /** How far back a copy of the row goes to be 1 s behind its table's watermark after the row
   * arrived (display-clock ms); null when the table has no watermark then. */
  private lateDelta(): { delta: number; wm: number; table: string } | null {
    const m = this.model;
    const mark = m?.rowsByPos[this.pos];
    if (!m || !mark || mark.x === null) return null;
    const table = m.lanes[mark.lane].table;
    const wm = m.sourceWatermarks.find((w) => w.label === table)?.values[this.pos];
    if (wm === undefined || !Number.isFinite(wm)) return null;
    return { delta: Math.min(wm, mark.x) - mark.x - 1000, wm, table };
  }

  /** A late copy of the row added after it. */
  private addLate(): void {
    const at = this.at();
    const l = this.lateDelta();
    const rowtime = l ? this.rowtimeOf(l.table) : null;
    const mark = this.model?.rowsByPos[this.pos];
    if (at === null || !l || !rowtime || !mark || mark.x === null) return;
    const next = lateCopyAt(this.getDoc(), at, rowtime, l.delta);
    if (next !== null) this.run(next, `Added a late copy at ${formatTime(mark.x + l.delta)} (1 s behind ${l.table}'s watermark ${formatTime(l.wm)})`, at.line);
  }

  /** The idle timeout set, or removed. */
  private toggleIdle(): void {
    const line = this.line();
    if (line === null) return;
    const cur = idleTimeout(this.getDoc());
    const next = toggleIdleTimeout(this.getDoc());
    const on = idleTimeout(next);
    this.run(next, on ? `Quiet sources go idle after ${on.value}` : `The idle timeout (${cur?.value ?? ''}) removed`, line);
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
    const at = this.at();
    const table = this.table();
    const rowtime = table ? this.rowtimeOf(table) : null;
    return at === null || !rowtime ? null : shiftAt(this.getDoc(), at, rowtime, deltaMs);
  }

  private shift(deltaMs: number): void {
    const next = this.timeShifted(deltaMs);
    const line = this.line();
    if (next === null || line === null) return;
    const unit = this.unit.selectedOptions[0]?.textContent ?? '';
    this.run(next, `Its time moved ${unit} ${deltaMs < 0 ? 'earlier' : 'later'}`, line);
  }

  private apply(edit: RowEdit): void {
    const at = this.at();
    if (at === null) return;
    const next = editAt(this.getDoc(), at, edit);
    if (next === null) return;
    const words: Record<RowEdit, string> = { drop: 'Dropped', duplicate: 'Duplicated', earlier: 'Moved one row earlier', later: 'Moved one row later' };
    this.run(next, words[edit], at.line);
  }

  /** Runs the edited script `next`, keeping what the difference is taken against. */
  private run(next: string, what: string, line: number): void {
    const m = this.model;
    if (!m) return;
    const row = stepAt(m, this.pos)?.text ?? '';
    this.pending = { before: m.outputs.map((o) => ({ text: o.text, pos: o.pos })), steps: m.dataSteps, undo: this.getDoc(), label: `${what}: ${row} (line ${line})` };
    this.out.hidden = false;
    this.out.replaceChildren(h('span', { class: 'jl-muted' }, 'Running the edited script…'));
    this.setDoc(next);
  }
}

/** A time shift in words: `30 s later`, `2 min earlier`, `1.5 s later`. */
function shiftText(ms: number): string {
  const a = Math.abs(ms);
  const t = a % 3_600_000 === 0 ? `${a / 3_600_000} h` : a % 60_000 === 0 ? `${a / 60_000} min` : a % 1000 === 0 ? `${a / 1000} s` : `${a} ms`;
  return `${t} ${ms < 0 ? 'earlier' : 'later'}`;
}

// The timeline as a table (the accessible equivalent of the drawing): one row per step with
// the arriving row, its event time, the watermarks it raised, windows fired, rows emitted and
// late rows. Only the steps around the current one are in the DOM, so a 10,000-step trace
// steps as fast as a short one.

import { h, scrollBox } from '../dom';
import { outStart, type QueryModel } from '../model';
import { shortWindow } from '../timeline';
import { clockFor, formatTime } from '../time';
import type { Pane } from './pane';

const AROUND = 25;

export class StepsTable implements Pane {
  readonly element: HTMLElement;
  private readonly tbody: HTMLTableSectionElement;
  private readonly note: HTMLParagraphElement;
  private model: QueryModel | null = null;

  constructor(private readonly goTo: (pos: number) => void) {
    this.tbody = h('tbody');
    this.note = h('p', { class: 'jl-muted jl-caption' });
    const head = h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['step', 'input', 'event time', 'processing time', 'row', 'watermarks', 'windows fired', 'emitted', 'notes'].map((c) => h('th', { scope: 'col' }, c)),
      ),
    );
    this.element = h(
      'div',
      { class: 'jl-pane-body' },
      this.note,
      h('div', { class: 'jl-scroll', ...scrollBox('Timeline table') }, h('table', { class: 'jl-table jl-steps', 'aria-label': 'Steps of the timeline' }, head, this.tbody)),
    );
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.tbody.replaceChildren();
  }

  show(pos: number): void {
    const m = this.model;
    if (!m) return;
    const M = m.steps.length;
    const from = Math.max(m.first, pos - AROUND);
    const to = Math.min(M, pos + AROUND);
    const start = m.startInfo ? ' (and the job start before step 1)' : '';
    this.note.textContent = from > m.first || to < M ? `Steps ${Math.max(1, from)} to ${to} of ${M}${from === 0 ? start : ''} (around the current step).` : `All ${M} steps${start}.`;
    const frag = document.createDocumentFragment();
    const proc = clockFor(m.zone, true);
    for (let p = from; p <= to; p++) {
      const i = p === 0 ? m.startInfo : m.info[p - 1];
      // (A big model's steps around the step are fetched before it is drawn: playground.ts.)
      const s = i?.step;
      if (!i || !s) continue;
      const emitted = m.outEnd[p] - outStart(m, p);
      const notes: string[] = [];
      if (i.row?.late) notes.push(i.row.late.point ? `✕ late: its time was behind the watermark; dropped by the ${i.row.late.by}` : `✕ late: window ${shortWindow(i.row.late.window)} had already fired; dropped${i.row.late.by === 'WindowJoin' ? '' : ` by the ${i.row.late.by}`}`);
      const iv = i.row?.interval;
      if (iv && !iv.cached) notes.push(`✕ late: the join's time had passed its range; it probed (${iv.matched} joined) and is not kept`);
      if (i.row?.dropped) notes.push(`dropped: ${i.row.dropped}`);
      let padded = 0;
      for (let o = outStart(m, p); o < m.outEnd[p]; o++) if (m.outputs[o].padded) padded++;
      const t = m.temporal;
      if (t && p > 0) {
        for (const r of t.waitsAt[p] ?? []) notes.push(`#${r.pos} waits until the join's watermark reaches ${formatTime(r.time)}${r.late ? ' (late)' : ''}`);
        const rel = t.releasedAt[p] ?? [];
        if (rel.length) {
          const n = (o: string) => rel.filter((r) => r.outcome === o).length;
          const parts = [n('joined') && `${n('joined')} joined`, n('padded') && `${n('padded')} padded (no version)`, n('dropped') && `${n('dropped')} dropped (no version)`].filter(Boolean);
          notes.push(`released ${rel.map((r) => `#${r.pos}`).join(', ')}: ${parts.join(', ')}`);
        }
      }
      for (const span of m.idle) {
        if (span.from === p) notes.push(`${span.table} idle`);
        if (span.to === p) notes.push(`${span.table} active again`);
      }
      if (s.kind === 'start') notes.push('the VALUES rows, emitted as the job starts (before any table row)');
      if (padded) notes.push(`${padded} row${padded === 1 ? '' : 's'} padded with NULLs`);
      if (i.freed) {
        const ttl = s.events.some((e) => e.type === 'state_expire' && e.cause === 'ttl');
        notes.push(`${i.freed} state row${i.freed === 1 ? '' : 's'} freed${ttl ? ' (state TTL)' : ''}`);
      }
      const stepCell = h('button', { type: 'button', class: 'jl-step-link', 'aria-current': p === pos ? 'step' : undefined }, s.kind === 'start' ? 'start' : String(p));
      stepCell.addEventListener('click', () => this.goTo(p));
      const tr = h(
        'tr',
        { class: p === pos ? 'jl-current' : p > pos ? 'jl-future' : undefined, 'data-testid': 'steps-row', 'data-pos': p },
        h('th', { scope: 'row' }, stepCell),
        h('td', {}, s.kind === 'start' ? 'job start (VALUES)' : s.kind === 'end' ? 'end of input' : s.kind === 'watermark' ? `watermark ${s.table ?? ''}` : (s.table ?? '')),
        h('td', { class: 'jl-mono' }, i.row?.x != null ? formatTime(i.row.x) : '—'),
        h('td', { class: 'jl-mono' }, s.proc_time_ms != null ? formatTime(proc(s.proc_time_ms), true) : ''),
        h('td', { class: 'jl-mono' }, s.kind === 'row' ? `${s.row_kind ?? '+I'}[${s.values.join(', ')}]` : ''),
        h('td', { class: 'jl-mono' }, s.watermarks.map((w) => w.replace(/^wm /, '')).join('; ')),
        h('td', {}, i.fired.map(shortWindow).join(', ')),
        h('td', { class: 'jl-num' }, emitted ? String(emitted) : ''),
        h('td', { class: i.late || iv?.cached === false ? 'jl-late-text' : undefined }, notes.join('; ')),
      );
      frag.append(tr);
    }
    this.tbody.replaceChildren(frag);
  }
}

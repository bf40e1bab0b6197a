// The changelog so far: the rows the sink received, grouped under the step that produced them
// (`# step 4: RightTable +I[…]`, as `joinlab run` prints them), drawn as a table the way the
// Flink SQL client shows a changelog: an `op` column and the query's column headers (each row a
// small grid of the same column widths, in ch of the monospace values: no one grid of thousands
// of rows to lay out again at every step). Each row's element has
// data-testid="changelog-row" and exactly the CLI's text (the brackets and commas are there,
// visually hidden, so copying a row gives `+I[…]`); clicking it goes to its step.
// Stepping adds or removes only the groups in between, so a step costs what changed. At most a
// bounded window of groups ending at the shown step is drawn (changelog-window.ts: 500 groups,
// about 2,000 rows); a control above them says how many earlier steps and rows are not drawn and
// draws more on request, so a slider jump across 10^5 steps builds a few hundred groups, not 10^5.
// A retraction and the row that replaces it (the engine's `OutRow.partner` / `pair`: a
// NULL-padded row and its joined row, a -U and its +U) are drawn as a pair, with a line saying
// which input row caused it and which stored rows it involves (each a link to its step).

import { h } from '../dom';
import { type OutputRow, outStart, type QueryModel, stepHead, stepName, type UnnestFan, versionsAt } from '../model';
import { updatingBadge } from './badges';
import { formatTime } from '../time';
import type { Pane } from './pane';
import { breakable } from './result';
import { groupCounts, WINDOW_ROWS, windowAt, windowGroupsFromUrl } from './changelog-window';

/** Rows drawn per step at first (a 10,000-row window can emit thousands at once); more on request. */
const FIRST_ROWS = 100;
const MORE_ROWS = 2000;
/** Groups a task builds when the window is drawn afresh (a jump): the rest follow, a chunk a task. */
const CHUNK = 100;

export class ChangelogPane implements Pane {
  readonly element: HTMLElement;
  /** Whether the result is updating or append-only (in the card's heading). */
  readonly mode: HTMLSpanElement;
  private readonly list: HTMLOListElement;
  /** The column headers (`op`, then the query's columns), the table's first row. */
  private readonly head: HTMLLIElement;
  private readonly empty: HTMLParagraphElement;
  /** What -U / +U / -D mean, shown when the result is updating. */
  private readonly updatingNote: HTMLParagraphElement;
  private model: QueryModel | null = null;
  /** Rendered groups, in step order. */
  private groups: { pos: number; el: HTMLLIElement }[] = [];
  private shownPos = 0;
  private current: HTMLLIElement | null = null;
  private scrollPending = false;
  /** Per position, the steps with rows up to it (changelog-window.ts). */
  private gc: Int32Array = new Int32Array(0);
  /** The window's bounds now: groups and rows (the control raises them). */
  private limitGroups: number;
  private limitRows = WINDOW_ROWS;
  private readonly baseGroups = windowGroupsFromUrl();
  /** Groups drawn at most for now: after a jump the window fills CHUNK groups a task (scheduleFill()). */
  private cap = Number.POSITIVE_INFINITY;
  private filling: ReturnType<typeof setTimeout> | null = null;
  /** Above the groups: how many earlier steps and rows are not drawn, and a button to draw more. */
  private readonly earlier: HTMLLIElement;
  private readonly earlierText: HTMLSpanElement;
  private readonly earlierButton: HTMLButtonElement;
  /** The rows a What if edit made appear (issue 19), marked until the next run; null: none. */
  private fresh: Set<number> | null = null;

  constructor(
    private readonly goTo: (pos: number) => void,
    /** Called with the index of the row under the pointer or focus (null when none). */
    private readonly onHover: (index: number | null) => void = () => undefined,
  ) {
    this.list = h('ol', { class: 'jl-changelog', 'aria-label': 'Changelog rows so far' });
    this.head = h('li', { class: 'jl-cl-head', 'data-testid': 'changelog-head', 'aria-hidden': 'true' });
    this.empty = h('p', { class: 'jl-muted', text: 'No rows emitted yet.' });
    this.limitGroups = this.baseGroups;
    this.earlierText = h('span', { 'data-testid': 'changelog-earlier-text' });
    this.earlierButton = h('button', { type: 'button', class: 'jl-btn jl-more', 'data-testid': 'changelog-earlier-more' });
    this.earlier = h('li', { class: 'jl-cl-earlier', 'data-testid': 'changelog-earlier', hidden: true }, this.earlierText, ' ', this.earlierButton);
    this.earlierButton.addEventListener('click', () => this.drawEarlier());
    this.mode = h('span', { class: 'jl-card-badge', 'data-testid': 'changelog-mode' });
    this.updatingNote = h('p', { class: 'jl-muted jl-caption', 'data-testid': 'changelog-updating', hidden: true });
    this.element = h('div', { class: 'jl-pane-body' }, this.updatingNote, this.empty, this.list);
    // One listener for every row and step link: a row goes to the step that emitted it.
    this.list.addEventListener('click', (e) => {
      const t = e.target as HTMLElement;
      const goto = t.closest('[data-goto]')?.getAttribute('data-goto');
      if (goto) {
        this.goTo(Number(goto));
        return;
      }
      if (!t.closest('.jl-row, .jl-step-link')) return;
      const at = t.closest('.jl-group')?.getAttribute('data-step');
      if (at != null && at !== '') this.goTo(Number(at));
    });
    const hover = (e: Event) => {
      const row = (e.target as HTMLElement).closest('.jl-row');
      const i = row?.getAttribute('data-index');
      this.onHover(i ? Number(i) : null);
      // A paired row lights up its partner.
      for (const el of this.list.querySelectorAll('.jl-partner-hover')) el.classList.remove('jl-partner-hover');
      const partner = row?.getAttribute('data-partner');
      if (partner) this.list.querySelector(`.jl-row[data-index="${partner}"]`)?.classList.add('jl-partner-hover');
    };
    this.list.addEventListener('mouseover', hover);
    this.list.addEventListener('focusin', hover);
    this.list.addEventListener('mouseleave', () => this.onHover(null));
    this.list.addEventListener('focusout', () => this.onHover(null));
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.mode.replaceChildren(...(model ? [updatingBadge(model.updating, 'The result')] : []));
    const op = model?.rootOp;
    const retracting = !!model && model.outputs.some((o) => o.kind !== '+I');
    this.updatingNote.hidden = !model || !(model.updating || retracting);
    this.updatingNote.textContent = model
      ? `An updating result${op ? ` (${op.kind} at the top of the plan)` : ''}: a -U or -D row takes back a row sent before (its "takes back" link goes to it), and +U sends the row that replaces it. A sink that is not a changelog (a Kafka topic in append mode) could not take it.`
      : '';
    this.groups = [];
    this.shownPos = -1;
    this.current = null;
    this.gc = model ? groupCounts(model) : new Int32Array(0);
    this.limitGroups = this.baseGroups;
    this.limitRows = WINDOW_ROWS;
    this.cap = Number.POSITIVE_INFINITY;
    this.earlier.hidden = true;
    const names = model?.query.schema.map((f) => f.name) ?? [];
    this.list.style.setProperty('--jl-cl-cols', model ? columnWidths(model, names) : 'auto');
    this.head.replaceChildren(
      h('span', { class: 'jl-cl-op', title: 'The row kind: +I insert, -U / +U update before / after, -D delete' }, 'op'),
      ...names.map((n, i) => h('span', { class: 'jl-cl-v', title: model?.query.schema[i].type }, ...breakable(n))),
    );
    this.list.replaceChildren(this.head, this.earlier);
  }

  /** Marks the rows (indices into the model's outputs) a What if edit made appear; null clears. Set
   * before the model it belongs to (its groups are drawn with the marks). */
  markNew(indices: number[] | null): void {
    this.fresh = indices?.length ? new Set(indices) : null;
  }

  /** The control's click: draw as many earlier groups again (and rows), keeping the view where it is. */
  private drawEarlier(): void {
    this.limitGroups += this.baseGroups;
    this.limitRows += WINDOW_ROWS;
    this.cap = Number.POSITIVE_INFINITY;
    this.show(this.shownPos, false);
    if (this.earlier.hidden) this.groups[0]?.el.querySelector<HTMLElement>('.jl-step-link')?.focus();
  }

  show(pos: number, scroll = true): void {
    const m = this.model;
    if (!m) return;
    let w = windowAt(m, this.gc, pos, Math.min(this.limitGroups, this.cap), this.limitRows, FIRST_ROWS);
    const first = this.groups[0];
    const last = this.groups[this.groups.length - 1];
    if (!first || first.pos > pos || last.pos < w.lo) {
      // A jump past the whole window (or a first draw): nothing drawn stays. The groups nearest
      // the step are drawn now, the earlier ones CHUNK a task after it (scheduleFill()), so a jump's task
      // builds CHUNK groups, not the whole window.
      this.groups = [];
      this.list.replaceChildren(this.head, this.earlier);
      if (Math.min(this.limitGroups, this.cap) > CHUNK && this.gc[pos] - w.hiddenGroups > CHUNK) {
        this.cap = CHUNK;
        w = windowAt(m, this.gc, pos, CHUNK, this.limitRows, FIRST_ROWS);
        this.scheduleFill();
      }
    }
    // Remove groups after pos and before the window; add the missing ones at both ends.
    while (this.groups.length && this.groups[this.groups.length - 1].pos > pos) this.groups.pop()?.el.remove();
    let drop = 0;
    while (drop < this.groups.length && this.groups[drop].pos < w.lo) this.groups[drop++].el.remove();
    if (drop) this.groups.splice(0, drop);
    /** The groups of positions from..to, in a fragment (one insertion into the list). */
    const build = (from: number, to: number): { added: { pos: number; el: HTMLLIElement }[]; frag: DocumentFragment } => {
      const added: { pos: number; el: HTMLLIElement }[] = [];
      const frag = document.createDocumentFragment();
      for (let p = from; p <= to; p++) {
        const a = outStart(m, p);
        const b = m.outEnd[p];
        if (b > a) {
          const el = this.group(m, p, a, b);
          added.push({ pos: p, el });
          frag.append(el);
        }
      }
      return { added, frag };
    };
    if (!this.groups.length) {
      const { added, frag } = build(w.lo, pos);
      this.groups = added;
      this.list.append(frag);
    } else {
      const head = this.groups[0];
      if (w.lo < head.pos) {
        const { added, frag } = build(w.lo, head.pos - 1);
        head.el.before(frag);
        this.groups = added.concat(this.groups);
      }
      const tail = this.groups[this.groups.length - 1];
      const from = Math.max(tail.pos, this.shownPos) + 1;
      if (from <= pos) {
        const { added, frag } = build(from, pos);
        this.list.append(frag);
        for (const g of added) this.groups.push(g);
      }
    }
    this.showEarlier(w.hiddenGroups, w.hiddenRows);
    this.shownPos = pos;
    this.current?.classList.remove('jl-current');
    const now = this.groups[this.groups.length - 1];
    this.current = now && now.pos === pos ? now.el : null;
    this.current?.classList.add('jl-current');
    this.empty.hidden = this.groups.length > 0;
    this.head.hidden = this.groups.length === 0;
    // Scroll in the next frame, when layout is clean again (reading offsetTop now would force it).
    if (scroll && now && !this.scrollPending) {
      this.scrollPending = true;
      requestAnimationFrame(() => {
        this.scrollPending = false;
        const g = this.groups[this.groups.length - 1];
        if (g) this.list.scrollTop = g.el.offsetTop - this.list.offsetTop - this.head.offsetHeight - 4;
      });
    }
  }

  /** After a jump: one more CHUNK of the window in a task of its own, until the window is full. */
  private scheduleFill(): void {
    if (this.filling !== null) return;
    const model = this.model;
    this.filling = setTimeout(() => {
      this.filling = null;
      if (this.model !== model) return;
      if (this.cap >= this.limitGroups) {
        this.cap = Number.POSITIVE_INFINITY;
        return;
      }
      this.cap += CHUNK;
      this.show(this.shownPos, false);
      if (this.cap < this.limitGroups) this.scheduleFill();
      else this.cap = Number.POSITIVE_INFINITY;
    }, 0);
  }

  /** The control above the groups: what is not drawn (none: hidden). */
  private showEarlier(groups: number, rows: number): void {
    this.earlier.hidden = groups === 0;
    if (!groups) return;
    const n = (x: number) => x.toLocaleString('en-US');
    const more = Math.min(groups, this.baseGroups);
    this.earlierText.textContent = `${n(groups)} earlier step${groups === 1 ? '' : 's'} with rows (${n(rows)} row${rows === 1 ? '' : 's'}) not drawn.`;
    this.earlierButton.textContent = `Draw ${n(more)} earlier step${more === 1 ? '' : 's'}`;
  }

  private group(m: QueryModel, pos: number, from: number, to: number): HTMLLIElement {
    const step = stepHead(m, pos);
    const head = h(
      'button',
      { class: 'jl-step-link', type: 'button', title: `Go to ${stepName(m, pos)}` },
      step?.kind === 'start' ? '# at job start' : step?.kind === 'end' ? `# end of input (step ${pos})` : `# step ${pos}: ${step?.text ?? ''}`,
    );
    const rows = h('ul', { class: 'jl-rows' });
    const rowButton = (i: number) => {
      const o = m.outputs[i];
      const paired = o.partner >= 0;
      const fresh = this.fresh?.has(i) ?? false;
      return h(
        'button',
        {
          type: 'button',
          class: `jl-row jl-kind-${kindClass(o.kind)}${paired ? ' jl-paired' : ''}${fresh ? ' jl-what-if-new' : ''}`,
          'data-testid': 'changelog-row',
          'data-index': i,
          'data-partner': paired ? o.partner : undefined,
          'data-what-if': fresh ? 'new' : undefined,
          title: `${fresh ? 'New since the What if edit. ' : ''}Emitted at step ${pos}${o.lineage.length ? `; made of the input rows of step${o.lineage.length > 1 ? 's' : ''} ${o.lineage.join(', ')}` : ''}`,
        },
        ...rowCells(o, m.query.schema.length),
      );
    };
    /** For a -U / -D: which earlier row it takes back (a link to that row's step). */
    const retractTag = (i: number): HTMLElement | null => {
      const o = m.outputs[i];
      if (o.retracts < 0) return null;
      const t = m.outputs[o.retracts];
      return h(
        'button',
        { type: 'button', class: 'jl-step-link jl-retracts', 'data-goto': t.pos, 'data-testid': 'retracts', title: `${o.kind} takes back ${t.text}, sent at ${stepName(m, t.pos)}` },
        `takes back #${t.index + 1} (${stepName(m, t.pos)})`,
      );
    };
    const add = (a: number, b: number) => {
      // Never cut a pair in two.
      if (b < to && m.outputs[b - 1]?.partner === b) b++;
      for (let i = a; i < b; i++) {
        const o = m.outputs[i];
        if (o.unnest) {
          // The rows an UNNEST made of one input row: one group, each row tagged with its element.
          const fan = o.unnest.fan;
          let j = i;
          const items: HTMLElement[] = [];
          for (; j < b && m.outputs[j].unnest?.fan === fan; j++) {
            const u = m.outputs[j].unnest;
            const pos = u ? fan.elements[u.element].position : null;
            items.push(
              h(
                'li',
                {},
                rowButton(j),
                retractTag(j),
                h('span', { class: 'jl-unnest-element', 'data-testid': 'unnest-element' }, pos == null ? 'padded: no element' : `element ${pos}`),
              ),
            );
          }
          rows.append(h('li', { class: 'jl-fanout', 'data-testid': 'changelog-fanout' }, unnestCaption(m, fan), h('ul', { class: 'jl-rows jl-fanout-rows' }, ...items)));
          i = j - 1;
          continue;
        }
        if (o.partner === i + 1 && o.pairKind && i + 1 < b) {
          // A retraction and the row right after it that replaces it.
          rows.append(
            h('li', { class: `jl-pair jl-pair-${o.pairKind}`, 'data-testid': 'changelog-pair', 'data-pair': o.pairKind }, rowButton(i), retractTag(i), rowButton(i + 1), pairCaption(m, o, m.outputs[i + 1], pos)),
          );
          i++;
          continue;
        }
        const li = h('li', {}, rowButton(i), retractTag(i));
        if (o.padded) li.append(paddedCaption(m, o, pos));
        if (o.temporal) li.append(temporalCaption(m, o));
        // A pair whose rows are apart: the caption goes with the replacing row.
        if (o.partner >= 0 && o.partner < i) {
          const r = m.outputs[o.partner];
          li.classList.add('jl-pair-far');
          if (r.pairKind) li.append(pairCaption(m, r, o, pos));
        }
        rows.append(li);
      }
      if (b < to) {
        const more = h('button', { type: 'button', class: 'jl-btn jl-more' }, `Show ${Math.min(MORE_ROWS, to - b)} more of ${to - b} rows at this step`);
        more.addEventListener('click', () => {
          more.parentElement?.remove();
          add(b, Math.min(to, b + MORE_ROWS));
        });
        rows.append(h('li', {}, more));
      }
    };
    add(from, Math.min(to, from + FIRST_ROWS));
    return h('li', { class: 'jl-group', 'data-step': pos }, head, rows);
  }
}

/**
 * Why a retraction and its replacement came out together: the input row of this step that caused
 * them, and the stored input rows they involve (links to their steps).
 */
function pairCaption(m: QueryModel, r: OutputRow, a: OutputRow, pos: number): HTMLElement {
  const step = stepHead(m, pos);
  const link = (p: number): HTMLElement => {
    const s = stepHead(m, p);
    const text = s ? (s.kind === 'end' ? 'the end of input' : s.text) : `step ${p}`;
    return h('button', { type: 'button', class: 'jl-step-link jl-lineage-link', 'data-goto': p, title: `Go to ${stepName(m, p)}` }, `${text} (${stepName(m, p)})`);
  };
  const rowsOf = (lineage: number[]): (HTMLElement | string)[] => {
    const ps = [...new Set(lineage)].filter((p) => p !== pos).sort((x, y) => x - y);
    const out: (HTMLElement | string)[] = [];
    ps.slice(0, 4).forEach((p, i) => {
      if (i) out.push(i === ps.length - 1 ? ' and ' : ', ');
      out.push(link(p));
    });
    if (ps.length > 4) out.push(` and ${ps.length - 4} more`);
    return out;
  };
  const cause: (HTMLElement | string)[] = step?.kind === 'end' ? ['The end of input'] : step?.kind === 'start' ? ['The job’s start'] : [h('span', { class: 'jl-mono' }, step?.text ?? `Step ${pos}`)];
  const parts: (HTMLElement | string)[] = [];
  switch (r.pairKind) {
    case 'matched': {
      const waiting = rowsOf(r.lineage);
      parts.push(...cause, ' matches ', ...(waiting.length ? waiting : ['a stored row']), `: the row padded with NULLs is retracted (${r.kind}) and replaced by the joined row (${a.kind}).`);
      break;
    }
    case 'unmatched': {
      const gone = rowsOf(r.lineage.filter((l) => !a.lineage.includes(l)));
      const kept = rowsOf(a.lineage);
      parts.push(...cause, ' takes away ', ...(gone.length ? gone : ['its match']));
      if (kept.length) parts.push(', the match of ', ...kept);
      parts.push(`: the joined row is retracted (${r.kind}) and the row is padded with NULLs again (${a.kind}).`);
      break;
    }
    case 'update': {
      const old = rowsOf(r.lineage);
      parts.push(...cause, ' updates ', ...(old.length ? old : ['the row']), `: ${r.kind} retracts the old row, ${a.kind} adds the new one.`);
      break;
    }
    default:
      parts.push(...cause, `: ${r.kind} retracts a row and ${a.kind} replaces it.`);
  }
  return h('span', { class: 'jl-pair-why', 'data-testid': 'pair-why' }, ...parts);
}

/**
 * What made a group of rows: one input row (a link to its step) that an UNNEST fanned out into
 * one row per element of its collection, or kept once padded with NULLs (LEFT JOIN ... ON TRUE).
 */
function unnestCaption(m: QueryModel, fan: UnnestFan): HTMLElement {
  const input = `${fan.table ? `${fan.table} ` : ''}${fan.kind}[${fan.input.join(', ')}]`;
  const src: HTMLElement =
    fan.inputPos !== null
      ? h('button', { type: 'button', class: 'jl-step-link jl-lineage-link', 'data-goto': fan.inputPos, 'data-testid': 'unnest-input', title: `Go to ${stepName(m, fan.inputPos)}` }, `${input} (${stepName(m, fan.inputPos)})`)
      : h('span', { class: 'jl-mono', 'data-testid': 'unnest-input' }, input);
  const n = fan.elements.length;
  const what = fan.padded
    ? `: ${fan.size == null ? 'its collection is NULL' : fan.size === 0 ? 'its collection is empty' : "no element passes the join's condition"}, so LEFT JOIN keeps it once, padded with NULLs.`
    : ` fans out into ${n} row${n === 1 ? '' : 's'}, one per element of its collection${fan.size !== null && fan.size !== n ? ` that passes the join's condition (of ${fan.size})` : ''}.`;
  return h('span', { class: 'jl-pair-why jl-unnest-why', 'data-testid': 'unnest-why' }, 'UNNEST: ', src, what);
}

/**
 * Why an interval join emitted a row padded with NULLs at this step: the join's time passed the
 * cleanup timer of the input row (a link to its step) that never joined, or that row was late
 * and joined nothing.
 */
function paddedCaption(m: QueryModel, o: OutputRow, pos: number): HTMLElement {
  const p = o.padded;
  const step = stepHead(m, pos);
  if (!p) return h('span');
  const of = p.of;
  const s = stepHead(m, of.pos);
  const row = h('button', { type: 'button', class: 'jl-step-link jl-lineage-link', 'data-goto': of.pos, title: `Go to step ${of.pos}` }, `${s?.text ?? `step ${of.pos}`} (step ${of.pos})`);
  const t = (v: number | null) => (v === null ? '?' : Number.isFinite(v) ? formatTime(v) : '+∞');
  const cause: (HTMLElement | string)[] = step?.kind === 'end' ? ['The end of input (watermark +inf)'] : [h('span', { class: 'jl-mono' }, step?.text ?? `Step ${pos}`)];
  const parts: (HTMLElement | string)[] = p.late
    ? [row, " arrives late (the join's time had passed its range) and joins nothing: it is not kept, so it comes out padded with NULLs at once."]
    : p.timer !== null
      ? [...cause, ` lifts the join's time to ${t(p.at)}, past the cleanup timer ${t(p.timer)} of `, row, ': it never joined, so it leaves the state padded with NULLs.']
      : [...cause, ` finds `, row, ` expired (the join's time is ${t(p.at)}): it never joined, so it leaves the state padded with NULLs.`];
  return h('span', { class: 'jl-pair-why jl-padded-why', 'data-testid': 'padded-why' }, ...parts);
}

/**
 * A temporal join's output row: its probe row (a link to its step), how long it waited for the
 * join's watermark, and the version it met AS OF its time (a link), or why there was none.
 */
function temporalCaption(m: QueryModel, o: OutputRow): HTMLElement {
  const r = o.temporal;
  const t = m.temporal;
  if (!r || !t) return h('span');
  const t2 = (v: number | null) => (v === null ? '?' : Number.isFinite(v) ? formatTime(v) : '+∞');
  const link = (p: number, testid: string): HTMLElement => {
    const s = stepHead(m, p);
    return h('button', { type: 'button', class: 'jl-step-link jl-lineage-link', 'data-goto': p, 'data-testid': testid, title: `Go to step ${p}` }, `${s?.text ?? `step ${p}`} (step ${p})`);
  };
  const probe = r.lineage.length === 1 ? link(r.lineage[0], 'temporal-probe') : h('span', { class: 'jl-mono', 'data-testid': 'temporal-probe' }, `[${r.row.join(', ')}]`);
  const parts: (HTMLElement | string)[] = [probe];
  parts.push(
    r.late
      ? ` arrived late (the join's watermark was already ${t2(r.wmBefore)}) and waited for the next advance; at ${stepName(m, o.pos)} the watermark reached ${t2(r.releaseWm)}`
      : ` waited until the join's watermark reached its time ${t2(r.time)}${r.releaseWm !== null && r.releaseWm !== r.time ? ` (at ${stepName(m, o.pos)} it reached ${t2(r.releaseWm)})` : ''}`,
  );
  const v = r.version;
  const vlink = (x: NonNullable<typeof v>) => (x.lineage.length === 1 ? link(x.lineage[0], 'temporal-version') : h('span', { class: 'jl-mono', 'data-testid': 'temporal-version' }, `[${x.row.join(', ')}]`));
  if (r.outcome === 'joined' && v) {
    const until = versionsAt(t, v.keyText, o.pos).find((x) => x.v === v)?.until ?? null;
    parts.push(`; AS OF ${t2(r.time)} it joined `, vlink(v), `, valid from ${t2(v.time)}${until === null ? '' : ` until ${t2(until)}`}.`);
  } else if (r.miss === 'deleted' && v) {
    parts.push(`; AS OF ${t2(r.time)} the version of ${r.keyText} is the delete `, vlink(v), ` at ${t2(v.time)}: no version, so it comes out padded with NULLs.`);
  } else if (r.miss === 'condition' && v) {
    parts.push(`; AS OF ${t2(r.time)} the version is `, vlink(v), ', but the rest of the ON condition rejects it: padded with NULLs.');
  } else {
    parts.push(`; AS OF ${t2(r.time)} ${t.versionTable} has no version of ${r.keyText}: no version, so it comes out padded with NULLs.`);
  }
  return h('span', { class: 'jl-pair-why jl-temporal-why', 'data-testid': 'temporal-why' }, ...parts);
}

/** The widest value a column is sized for (a longer one wraps inside its cell), in characters. */
const MAX_COL_CH = 28;
/** Rows read to size the columns (the first ones: enough to see every column's usual width). */
const SIZE_ROWS = 20_000;

/** The columns' widths: `op`, then each column as wide as its name or its widest value (capped). */
function columnWidths(m: QueryModel, names: string[]): string {
  const widths = names.map((n) => Math.min(MAX_COL_CH, n.length));
  const rows = m.outputs.length < SIZE_ROWS ? m.outputs : m.outputs.slice(0, SIZE_ROWS);
  for (const o of rows)
    o.row.forEach((v, i) => {
      if (i < widths.length && v.length > widths[i]) widths[i] = Math.min(MAX_COL_CH, v.length);
    });
  return ['calc(2ch + 14px)', ...widths.map((w) => `calc(${w + 1}ch + 12px)`)].join(' ');
}

/**
 * A row's cells: its kind, then one cell per column. The separators of the CLI's text (`[`, `, `,
 * `]`) stay in the cells, visually hidden, so the element's text is exactly the CLI's. A row whose
 * values do not rebuild its text (never expected) is one cell across the columns.
 */
function rowCells(o: OutputRow, columns: number): HTMLElement[] {
  const sep = (t: string) => h('span', { class: 'jl-cl-sep' }, t);
  if (o.row.length !== columns || `${o.kind}[${o.row.join(', ')}]` !== o.text) return [h('span', { class: 'jl-cl-whole' }, o.text)];
  const cells = [h('span', { class: 'jl-cl-op' }, o.kind, sep('['))];
  o.row.forEach((v, i) => cells.push(h('span', { class: v === 'NULL' ? 'jl-cl-v jl-null' : 'jl-cl-v' }, v, sep(i === o.row.length - 1 ? ']' : ', '))));
  if (!o.row.length) cells[0].append(sep(']'));
  return cells;
}

export function kindClass(kind: string): string {
  return kind === '+I' ? 'insert' : kind === '-U' ? 'update-before' : kind === '+U' ? 'update-after' : 'delete';
}

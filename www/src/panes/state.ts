// The operator state after the current step.
//
// * At the top, per stateful operator: how many rows it holds now, its peak, and a sparkline of
//   its size over all steps (from the trace's `Step.state`, drawn at once); with several
//   stateful operators, their total; with several queries in the script, every query's total
//   side by side (the same data through a chain of binary joins and through one MultiJoin).
// * Below, per operator: the rows it holds per key (and window), one column per side (`left` /
//   `right`, a MultiJoin's input tables, a ChangelogNormalize's latest row per key) — the
//   operators that feed joins (aggregations, Top-N, deduplication and their window forms) have
//   their own tables, in state-ops.ts —, with what
//   the engine knows about each row (`×2` copies, `matches: N` on outer sides: 0 means the row
//   is out padded with NULLs). These come from the engine's `stateAt` (a re-run up to the step,
//   in the worker), latest request wins.
// * The rows that left the state at this step, and why (window fired, retracted, state TTL).

import { h, scrollBox } from '../dom';
import { operator, operatorName, type QueryModel, sidesOf, type StateSeries, stateSeriesOf, stepAt, type TemporalProbe, type TemporalVersion, versionsAt, waitingAt } from '../model';
import { shortWindow } from '../timeline';
import { formatDate, formatTime } from '../time';
import type { EventOf, StateGroup, StateSummary } from '../trace';
import { updatingBadge } from './badges';
import { OP_STATE_KINDS, opStateTable } from './state-ops';
import { ptfStateView } from './ptf-state';
import { storeTable } from './lookup-store';
import type { Pane } from './pane';

const MAX_GROUPS = 200;
const MAX_ROWS = 20;
/** Rows-left lines listed one by one; the rest of a step's are summed up. */
const MAX_FREED = 10;
const SPARK_W = 160;
const SPARK_H = 26;
const SVG = 'http://www.w3.org/2000/svg';

export type StateFetcher = (query: number, steps: number) => Promise<StateSummary[]>;

/** A sparkline of a series, with a marker that moves with the step. */
class Sparkline {
  readonly element: SVGSVGElement;
  private readonly marker: SVGCircleElement;
  private readonly cursor: SVGLineElement;
  private readonly y: (v: number) => number;
  private readonly x: (p: number) => number;

  constructor(
    private readonly rows: Int32Array,
    max: number,
    label: string,
  ) {
    const M = rows.length - 1;
    this.x = (p) => (M <= 1 ? SPARK_W / 2 : 1 + ((p - 1) / (M - 1)) * (SPARK_W - 2));
    this.y = (v) => SPARK_H - 2 - (max > 0 ? (v / max) * (SPARK_H - 4) : 0);
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', `0 0 ${SPARK_W} ${SPARK_H}`);
    svg.setAttribute('width', String(SPARK_W));
    svg.setAttribute('height', String(SPARK_H));
    svg.setAttribute('class', 'jl-spark');
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', label);
    // A step function, at most one point per pixel column (the largest value in it).
    let d = '';
    let lastX = -1;
    let colMax = 0;
    for (let p = 1; p <= M; p++) {
      const px = Math.round(this.x(p));
      if (px !== lastX) {
        if (lastX >= 0) d += `L${lastX} ${this.y(colMax).toFixed(1)}`;
        d += `${d ? 'L' : 'M'}${px} ${this.y(lastX >= 0 ? colMax : rows[p]).toFixed(1)}`;
        lastX = px;
        colMax = rows[p];
      } else colMax = Math.max(colMax, rows[p]);
    }
    if (lastX >= 0) d += `L${lastX} ${this.y(colMax).toFixed(1)}`;
    const base = document.createElementNS(SVG, 'line');
    base.setAttribute('x1', '0');
    base.setAttribute('x2', String(SPARK_W));
    base.setAttribute('y1', String(SPARK_H - 1.5));
    base.setAttribute('y2', String(SPARK_H - 1.5));
    base.setAttribute('class', 'jl-spark-base');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    path.setAttribute('class', 'jl-spark-line');
    this.cursor = document.createElementNS(SVG, 'line');
    this.cursor.setAttribute('y1', '0');
    this.cursor.setAttribute('y2', String(SPARK_H));
    this.cursor.setAttribute('class', 'jl-spark-cursor');
    this.marker = document.createElementNS(SVG, 'circle');
    this.marker.setAttribute('r', '2.5');
    this.marker.setAttribute('class', 'jl-spark-dot');
    svg.append(base, path, this.cursor, this.marker);
    this.element = svg;
  }

  show(pos: number): void {
    const p = Math.min(Math.max(1, pos), this.rows.length - 1);
    const x = this.x(p).toFixed(1);
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
    this.marker.setAttribute('cx', x);
    this.marker.setAttribute('cy', this.y(this.rows[p] ?? 0).toFixed(1));
  }
}

interface SummaryLine {
  series: StateSeries;
  now: HTMLElement;
  spark: Sparkline;
}

export class StatePane implements Pane {
  readonly element: HTMLElement;
  private readonly summary: HTMLDivElement;
  private readonly compare: HTMLDivElement;
  private readonly freed: HTMLDivElement;
  private readonly body: HTMLDivElement;
  private model: QueryModel | null = null;
  private lines: SummaryLine[] = [];
  private compareLines: SummaryLine[] = [];
  private pos = 0;
  private inFlight = false;
  private wanted: number | null = null;
  private generation = 0;

  constructor(
    private readonly fetch: StateFetcher,
    /** Switches the playground to another query of the script (0-based). */
    private readonly selectQuery: (i: number) => void = () => undefined,
    /** Goes to a step (the PTF view's links to the rows that filled its lists). */
    private readonly goTo: ((pos: number) => void) | null = null,
  ) {
    this.summary = h('div', { class: 'jl-state-summary', 'data-testid': 'state-summary' });
    this.compare = h('div', { class: 'jl-state-compare', 'data-testid': 'state-compare', hidden: true });
    this.freed = h('div', { class: 'jl-state-freed', 'data-testid': 'state-freed', hidden: true });
    this.body = h('div', { class: 'jl-state', ...scrollBox('Operator state') });
    this.element = h('div', { class: 'jl-pane-body', 'data-testid': 'state-pane', 'aria-live': 'off' }, this.summary, this.compare, this.freed, this.body);
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.generation++;
    this.wanted = null;
    this.body.replaceChildren();
    this.lines = [];
    this.compareLines = [];
    this.summary.replaceChildren();
    this.compare.replaceChildren();
    this.compare.hidden = true;
    this.freed.hidden = true;
    if (!model) return;
    this.buildSummary(model);
    this.buildCompare(model);
  }

  show(pos: number): void {
    const m = this.model;
    if (!m) return;
    this.pos = pos;
    for (const l of [...this.lines, ...this.compareLines]) {
      const p = Math.min(pos, l.series.rows.length - 1);
      l.now.textContent = String(l.series.rows[p] ?? 0);
      l.spark.show(p);
    }
    this.renderFreed(m, pos);
    const sizes = stepAt(m, pos)?.state ?? [];
    this.render(sizes, false);
    this.wanted = pos;
    void this.pump();
  }

  private buildSummary(m: QueryModel): void {
    const series = m.stateSeries;
    if (!series.length) {
      this.summary.append(h('p', { class: 'jl-muted', text: 'This query has no stateful operator.' }));
      return;
    }
    const max = Math.max(1, ...series.map((s) => s.peak), series.length > 1 ? m.stateTotal.peak : 0);
    const rows: HTMLElement[] = [];
    const line = (s: StateSeries, name: Node[], cls: string) => {
      const now = h('span', { class: 'jl-num jl-state-now' });
      const spark = new Sparkline(s.rows, max, `${name.map((n) => n.textContent).join(' ')}: state rows over the steps`);
      this.lines.push({ series: s, now, spark });
      rows.push(
        h(
          'tr',
          { class: cls, 'data-op': s.op },
          h('th', { scope: 'row' }, ...name),
          h('td', { class: 'jl-num' }, now),
          h('td', { class: 'jl-num jl-state-peak', title: s.peakPos ? `first reached at step ${s.peakPos}` : undefined }, s.peakPos ? `${s.peak} (step ${s.peakPos})` : '0'),
          h('td', {}, spark.element),
        ),
      );
    };
    for (const s of series) {
      const o = operator(m, s.op);
      line(s, [h('span', {}, operatorName(m, s.op)), ...(o ? [updatingBadge(o.updating)] : [])], 'jl-state-line');
    }
    if (series.length > 1) line(m.stateTotal, [h('span', {}, 'all operators')], 'jl-state-total');
    this.summary.append(
      h(
        'table',
        { class: 'jl-table jl-state-sizes' },
        h('caption', {}, 'State rows held, over the steps'),
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'operator'), h('th', { scope: 'col', class: 'jl-num' }, 'now'), h('th', { scope: 'col', class: 'jl-num' }, 'peak'), h('th', { scope: 'col' }, 'over the steps'))),
        h('tbody', {}, ...rows),
      ),
    );
  }

  /** Every query of the script that ran, with its total state: the same data, other plans. */
  private buildCompare(m: QueryModel): void {
    // Each query's total state and its last data step's state: the worker's (read off its packed
    // trace), else off the trace's steps (the query shown: its model's series, as a big model does
    // not hold all its steps).
    const states =
      m.queryStates ??
      m.trace.queries
        .filter((q) => !q.error && q.steps.length)
        .map((q) => ({
          index: q.index,
          total: q === m.query ? m.stateTotal : stateSeriesOf(q.end ? [...q.steps, q.end] : q.steps, q.start ?? null).total,
          last: (q === m.query ? m.steps[m.dataSteps - 1] : q.steps[q.steps.length - 1])?.state ?? [],
        }));
    if (states.length < 2) return;
    const all = states.flatMap((x) => {
      const q = m.trace.queries[x.index - 1];
      return q ? [{ q, total: q.index === m.query.index ? m.stateTotal : x.total, last: x.last }] : [];
    });
    const max = Math.max(1, ...all.map((a) => a.total.peak));
    const rows = all.map(({ q, total, last }) => {
      const kinds = new Map<string, number>();
      for (const s of last) {
        const k = q.operators.find((o) => o.id === s.op)?.kind ?? '?';
        kinds.set(k, (kinds.get(k) ?? 0) + 1);
      }
      const ops = [...kinds].map(([k, n]) => (n > 1 ? `${n} × ${k}` : k)).join(', ') || 'no state';
      const now = h('span', { class: 'jl-num' });
      const spark = new Sparkline(total.rows, max, `query ${q.index}: state rows over the steps`);
      this.compareLines.push({ series: total, now, spark });
      const current = q.index === m.query.index;
      const pick = h('button', { type: 'button', class: 'jl-step-link', disabled: current, title: current ? 'The query shown' : `Show query ${q.index}` }, `query ${q.index}`);
      pick.addEventListener('click', () => this.selectQuery(q.index - 1));
      return h(
        'tr',
        { class: current ? 'jl-current' : undefined, 'data-query': q.index },
        h('th', { scope: 'row' }, pick),
        h('td', { class: 'jl-small' }, ops),
        h('td', { class: 'jl-num' }, now),
        h('td', { class: 'jl-num jl-state-peak' }, String(total.peak)),
        h('td', {}, spark.element),
      );
    });
    this.compare.append(
      h(
        'table',
        { class: 'jl-table jl-state-sizes' },
        h('caption', {}, 'Every query of the script, all its operators together (same data, same steps)'),
        h(
          'thead',
          {},
          h('tr', {}, h('th', { scope: 'col' }, 'query'), h('th', { scope: 'col' }, 'stateful operators'), h('th', { scope: 'col', class: 'jl-num' }, 'now'), h('th', { scope: 'col', class: 'jl-num' }, 'peak'), h('th', { scope: 'col' }, 'over the steps')),
        ),
        h('tbody', {}, ...rows),
      ),
    );
    this.compare.hidden = false;
  }

  /** The rows that left the state at this step, and why. */
  private renderFreed(m: QueryModel, pos: number): void {
    const items: HTMLElement[] = [];
    let more = 0;
    let moreRows = 0;
    const moreReasons = new Set<string>();
    for (const e of stepAt(m, pos)?.events ?? []) {
      if (e.type !== 'state_expire') continue;
      if (items.length >= MAX_FREED) {
        // A window firing frees thousands of groups at once: the rest in one line.
        more++;
        moreRows += e.rows;
        moreReasons.add(shortReason(e));
        continue;
      }
      const where = [e.side !== 'key' ? e.side : '', e.key.length ? `key ${e.key.join(', ')}` : '', e.window ? `window ${shortWindow(e.window.label)}` : ''].filter(Boolean).join(', ');
      items.push(
        h(
          'li',
          { class: e.cause === 'ttl' ? 'jl-freed-ttl' : undefined },
          h('strong', {}, `${operatorName(m, e.op)}: ${e.rows} row${e.rows === 1 ? '' : 's'} left`),
          where ? ` (${where})` : '',
          ` — ${e.reason}`,
        ),
      );
    }
    if (more) items.push(h('li', { class: 'jl-muted' }, `… and ${more} more groups, ${moreRows} row${moreRows === 1 ? '' : 's'} (${[...moreReasons].join(', ')})`));
    this.freed.hidden = items.length === 0;
    this.freed.replaceChildren(...(items.length ? [h('p', { class: 'jl-caption' }, 'Left the state at this step:'), h('ul', {}, ...items)] : []));
  }

  private async pump(): Promise<void> {
    if (this.inFlight || this.wanted === null || !this.model) return;
    const pos = this.wanted;
    const gen = this.generation;
    this.wanted = null;
    this.inFlight = true;
    try {
      // The engine re-runs the query `pos` steps (the end of input is one more than the data
      // steps) with the driver that wrote the trace, so it agrees with the sizes in `Step.state`.
      const full = await this.fetch(this.model.query.index - 1, pos);
      if (gen === this.generation && pos === this.pos && this.wanted === null && this.model) this.render(full, true);
    } catch {
      // The sizes stay on screen; the error pane reports engine failures.
    } finally {
      this.inFlight = false;
      if (gen === this.generation) void this.pump();
    }
  }

  private render(state: StateSummary[], full: boolean): void {
    const m = this.model;
    if (!m) return;
    const out: Node[] = [];
    for (const s of state) {
      const o = operator(m, s.op);
      out.push(
        h(
          'h4',
          { class: 'jl-state-op', 'data-op': s.op },
          `${operatorName(m, s.op)} holds ${s.rows} row${s.rows === 1 ? '' : 's'}`,
          o ? updatingBadge(o.updating) : '',
          o ? h('span', { class: 'jl-muted jl-small jl-op-label' }, o.label) : '',
        ),
      );
      // A process table function's state comes from the trace's calls: no re-run needed.
      if (o?.kind === 'ProcessTableFunction' && m.ptf?.op === o.id) {
        out.push(...ptfStateView(m, this.pos, this.goTo));
        continue;
      }
      // A lookup join's store is rebuilt by the model from the trace's changes: no re-run needed.
      const store = o?.kind === 'LookupJoin' ? m.lookups.find((v) => v.op === o.id) : undefined;
      if (store) {
        out.push(...storeTable(store, this.pos, this.goTo));
        continue;
      }
      if (!full) {
        if (s.rows) out.push(h('p', { class: 'jl-muted', text: 'Loading the rows…' }));
        continue;
      }
      if (!s.groups.length) continue;
      out.push(...stateTable(m, s, this.pos));
    }
    this.body.replaceChildren(...out);
  }
}

/**
 * Why rows left, for the line that sums up a step's many groups: the reason's words, except a
 * TTL reason, whose details (when each key was last written) differ from group to group.
 */
function shortReason(e: EventOf<'state_expire'>): string {
  return e.cause === 'ttl' ? 'state TTL' : e.reason;
}

/** One operator's state: a row per (window,) key, a column per side. */
function stateTable(m: QueryModel, s: StateSummary, pos: number): Node[] {
  const o = operator(m, s.op);
  if (o?.kind === 'IntervalJoin') return intervalTable(m, s);
  if (o?.kind === 'TemporalJoin' && m.temporal?.op === o.id) return temporalTable(m, s, pos);
  if (o && OP_STATE_KINDS.has(o.kind)) return opStateTable(m, o, s) ?? [];
  // Every side of the operator, also those that hold nothing yet (shown as —).
  const sides = sidesOf(m, s.op, [...new Set(s.groups.map((g) => g.side))]);
  const windowed = s.groups.some((g) => g.window);
  // Rows of the table: (window, key) in the engine's order (insertion), windows by time.
  const rows = new Map<string, { window: StateGroup['window']; key: string[]; bySide: Map<string, StateGroup> }>();
  const groups = windowed
    ? [...s.groups].sort((a, b) => (a.window?.start_ms ?? 0) - (b.window?.start_ms ?? 0) || (a.window?.end_ms ?? 0) - (b.window?.end_ms ?? 0))
    : s.groups;
  for (const g of groups) {
    const k = `${g.window?.label ?? ''}|${g.key.join('\u0001')}`;
    let r = rows.get(k);
    if (!r) {
      r = { window: g.window ?? null, key: g.key, bySide: new Map() };
      rows.set(k, r);
    }
    r.bySide.set(g.side, g);
  }
  const tbody = h('tbody');
  const list = [...rows.values()];
  for (const r of list.slice(0, MAX_GROUPS)) {
    tbody.append(
      h(
        'tr',
        { 'data-key': r.key.join(', ') },
        windowed ? h('td', {}, r.window ? shortWindow(r.window.label) : '—') : null,
        h('th', { scope: 'row', class: 'jl-mono' }, r.key.join(', ') || '()'),
        ...sides.map((sd) => h('td', { 'data-side': sd.side }, cell(r.bySide.get(sd.side)))),
      ),
    );
  }
  const sideHead = (sd: { side: string; label: string }, i: number) => {
    const named = sd.side !== sd.label;
    return h(
      'th',
      { scope: 'col', class: `jl-side jl-side-${i % 2 ? 'right' : 'left'}` },
      sd.side === 'key' ? 'rows' : sd.side,
      named && sd.side !== 'key' ? h('span', { class: 'jl-muted jl-small' }, ` · ${sd.label}`) : '',
    );
  };
  const thead = h('thead', {}, h('tr', {}, windowed ? h('th', { scope: 'col' }, 'window') : null, h('th', { scope: 'col' }, 'key'), ...sides.map(sideHead)));
  const out: Node[] = [h('table', { class: 'jl-table jl-state-table', 'data-op': s.op }, thead, tbody)];
  if (list.length > MAX_GROUPS) out.push(h('p', { class: 'jl-muted', text: `… and ${list.length - MAX_GROUPS} more keys` }));
  return out;
}

/**
 * An interval join's state: a line per row it keeps, by key and side, with the engine's notes as
 * columns: until (the join's time from which the row is gone), timer (its key's cleanup timer,
 * which removes it), and on an outer side whether it has joined (else it is padded with NULLs
 * when it leaves).
 */
function intervalTable(m: QueryModel, s: StateSummary): Node[] {
  const sides = sidesOf(m, s.op, [...new Set(s.groups.map((g) => g.side))]);
  const label = new Map(sides.map((sd) => [sd.side, sd.label]));
  // The rows of a key together, the left side first; keys in the engine's order (first seen).
  const keys = new Map<string, StateGroup[]>();
  for (const g of s.groups) {
    const k = g.key.join('\u0001');
    keys.set(k, [...(keys.get(k) ?? []), g]);
  }
  const order = (side: string) => sides.findIndex((sd) => sd.side === side);
  const notes = new Map(s.groups.map((g) => [g, g.rows.map((_, i) => parseIntervalNote(g.row_notes?.[i] ?? ''))]));
  const outer = [...notes.values()].some((ns) => ns.some((n) => n.joined !== null));
  // Times print as the CLI prints them, without the timeline's date.
  const day = m.extent ? `${formatDate(m.extent.from)} ` : '';
  const stamp = (t: string | null) => (t === null ? '' : h('span', { class: 'jl-mono', title: t }, day && t.startsWith(day) ? t.slice(day.length) : t));
  const tbody = h('tbody');
  let shown = 0;
  for (const groups of [...keys.values()].slice(0, MAX_GROUPS)) {
    groups.sort((a, b) => order(a.side) - order(b.side));
    const lines = groups.flatMap((g) => g.rows.slice(0, MAX_ROWS).map((r, i) => ({ g, r, n: notes.get(g)?.[i] ?? parseIntervalNote('') })));
    lines.forEach(({ g, r, n }, i) => {
      shown++;
      tbody.append(
        h(
          'tr',
          { 'data-testid': 'state-row', 'data-key': g.key.join(', '), 'data-side': g.side, class: i === 0 ? 'jl-key-first' : undefined },
          i === 0 ? h('th', { scope: 'row', class: 'jl-mono', rowspan: lines.length }, g.key.join(', ') || '()') : null,
          h('td', { class: `jl-side-${order(g.side) % 2 ? 'right' : 'left'}` }, g.side, label.get(g.side) && label.get(g.side) !== g.side ? h('span', { class: 'jl-muted jl-small' }, ` · ${label.get(g.side)}`) : ''),
          h('td', { class: 'jl-mono' }, `[${r.join(', ')}]`),
          h('td', { 'data-testid': 'row-until' }, stamp(n.until)),
          h('td', { 'data-testid': 'row-timer' }, stamp(n.timer)),
          outer
            ? h(
                'td',
                { 'data-testid': 'row-joined' },
                n.joined === null
                  ? ''
                  : h(
                      'span',
                      { class: `jl-note${n.joined ? '' : ' jl-note-padded'}`, title: n.joined ? 'It joined: it will not be padded' : 'Padded with NULLs when it leaves, unless a row of the other side joins it first' },
                      n.joined ? 'joined' : 'not joined yet',
                    ),
              )
            : null,
          n.rest ? h('td', { class: 'jl-muted jl-small' }, n.rest) : null,
        ),
      );
    });
  }
  const thead = h(
    'thead',
    {},
    h(
      'tr',
      {},
      h('th', { scope: 'col' }, 'key'),
      h('th', { scope: 'col' }, 'side'),
      h('th', { scope: 'col' }, 'row'),
      h('th', { scope: 'col', title: "The join's time from which the row is gone: its time + its side's bound + 1 ms" }, 'until'),
      h('th', { scope: 'col', title: "Its key's cleanup timer (one per key and side): when it fires, the rows past their time leave" }, 'timer'),
      outer ? h('th', { scope: 'col' }, 'joined') : null,
    ),
  );
  const out: Node[] = [
    h(
      'p',
      { class: 'jl-caption jl-muted', 'data-testid': 'interval-state-note' },
      "Each row stays until the join's time (the smaller of both inputs' watermarks) reaches ",
      h('em', {}, 'until'),
      ": its time plus its side's bound plus 1 ms. Its key's cleanup timer (one per key and side, set for the oldest row) is what removes it, so it may leave later than that.",
      outer ? ' On an outer side, a row that has not joined by then comes out padded with NULLs.' : '',
    ),
    h('table', { class: 'jl-table jl-state-table jl-interval-state', 'data-op': s.op }, thead, tbody),
  ];
  const total = s.groups.reduce((n, g) => n + g.rows.length, 0);
  if (total > shown) out.push(h('p', { class: 'jl-muted', text: `… and ${total - shown} more rows` }));
  return out;
}

/**
 * A temporal join's state after step `pos`: the probe rows waiting per key, each with the
 * watermark it needs (its AS OF time), and the versions per key with the time each is valid from
 * and until (the key's next version). The rows are the engine's (`stateAt`); the times and steps
 * come from the model's view of the same rows (their `temporal_wait` / `temporal_version`
 * events), the engine's note beside them.
 */
function temporalTable(m: QueryModel, s: StateSummary, pos: number): Node[] {
  const t = m.temporal;
  if (!t) return [];
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const wm = m.joinWatermark?.values[Math.min(pos, m.joinWatermark.values.length - 1)] ?? Number.NaN;
  const at = (v: number | null) => (v === null || Number.isNaN(v) ? '—' : Number.isFinite(v) ? formatTime(v) : '+∞');
  const stepLink = (p: number) => h('span', { class: 'jl-small', 'data-testid': 'arrived' }, `step ${p}`);
  const waitRows: HTMLElement[] = [];
  const versionRows: HTMLElement[] = [];
  const usedP = new Set<TemporalProbe>();
  const usedV = new Set<TemporalVersion>();
  for (const g of s.groups.slice(0, MAX_GROUPS)) {
    const key = g.key.join(', ');
    g.rows.slice(0, MAX_ROWS).forEach((row, i) => {
      const note = g.row_notes?.[i] ?? '';
      if (g.side === 'left') {
        const r = t.probes.find((x) => !usedP.has(x) && x.keyText === key && waitingAt(x, pos) && same(x.row, row));
        if (r) usedP.add(r);
        waitRows.push(
          h(
            'tr',
            { 'data-testid': 'temporal-waiting', 'data-key': key },
            h('th', { scope: 'row', class: 'jl-mono' }, key || '()'),
            h('td', { class: 'jl-mono' }, `${r?.kind ?? ''}[${row.join(', ')}]`),
            h('td', { class: 'jl-mono', 'data-testid': 'waits-for' }, r ? at(r.time) : ''),
            h('td', {}, r ? stepLink(r.pos) : ''),
            h('td', { class: 'jl-small' }, r?.late ? h('span', { class: 'jl-note jl-note-padded' }, 'late: the watermark had passed it') : ''),
            h('td', { class: 'jl-muted jl-small', 'data-testid': 'row-note' }, note),
          ),
        );
      } else {
        const list = versionsAt(t, key, pos);
        const hit = list.find((x) => !usedV.has(x.v) && (x.v.leftPos === null || x.v.leftPos > pos) && same(x.v.row, row));
        if (hit) usedV.add(hit.v);
        const v = hit?.v;
        versionRows.push(
          h(
            'tr',
            { 'data-testid': 'temporal-version', 'data-key': key, 'data-kind': v?.kind ?? '' },
            h('th', { scope: 'row', class: 'jl-mono' }, key || '()'),
            h('td', { class: 'jl-mono' }, `${v?.kind ?? ''}[${row.join(', ')}]`),
            h('td', { class: 'jl-mono', 'data-testid': 'valid-from' }, v ? (v.ends ? `deleted at ${at(v.time)}` : at(v.time)) : ''),
            h('td', { class: 'jl-mono', 'data-testid': 'valid-until' }, hit ? (hit.until === null ? 'a newer version' : at(hit.until)) : ''),
            h('td', {}, v ? stepLink(v.pos) : ''),
            h('td', { class: 'jl-muted jl-small', 'data-testid': 'row-note' }, note),
          ),
        );
      }
    });
  }
  const head = (...cols: string[]) => h('thead', {}, h('tr', {}, ...cols.map((c) => h('th', { scope: 'col' }, c))));
  const out: Node[] = [
    h(
      'p',
      { class: 'jl-caption jl-muted', 'data-testid': 'temporal-state-note' },
      `Each row of ${t.probeTable} waits, per key, until the join's watermark (the smaller of both inputs'; now ${at(wm)}) reaches its AS OF time; then it joins the version of ${t.versionTable} valid at that time${t.outer ? ', or comes out padded with NULLs when there is none' : ''}. `,
      'A version is valid from its time until the key’s next version. When the watermark passes a newer version, the older ones can no longer be joined and leave the state.',
    ),
    h('h5', { class: 'jl-state-sub' }, `Waiting rows of ${t.probeTable} (left)`),
    waitRows.length
      ? h('table', { class: 'jl-table jl-state-table jl-temporal-waiting', 'data-op': s.op }, head('key', 'row', 'waits for the watermark to reach', 'arrived', '', 'engine note'), h('tbody', {}, ...waitRows))
      : h('p', { class: 'jl-muted jl-small', 'data-testid': 'no-waiting' }, 'No row waits.'),
    h('h5', { class: 'jl-state-sub' }, `Versions of ${t.versionTable} (right)`),
    versionRows.length
      ? h('table', { class: 'jl-table jl-state-table jl-temporal-versions', 'data-op': s.op }, head('key', 'row', 'valid from', 'until', 'arrived', 'engine note'), h('tbody', {}, ...versionRows))
      : h('p', { class: 'jl-muted jl-small' }, 'No version held.'),
  ];
  if (s.groups.length > MAX_GROUPS) out.push(h('p', { class: 'jl-muted', text: `… and ${s.groups.length - MAX_GROUPS} more keys` }));
  return out;
}

/** `until 2024-01-01 14:00:00.001, timer 2024-01-01 14:00:00.001, not joined yet`. */
function parseIntervalNote(note: string): { until: string | null; timer: string | null; joined: boolean | null; rest: string } {
  let until: string | null = null;
  let timer: string | null = null;
  let joined: boolean | null = null;
  const rest: string[] = [];
  for (const part of note.split(/,\s*/).filter(Boolean)) {
    const m = /^(until|timer)\s+(.*)$/.exec(part.trim());
    if (m?.[1] === 'until') until = m[2];
    else if (m?.[1] === 'timer') timer = m[2];
    else if (part.trim() === 'joined') joined = true;
    else if (part.trim() === 'not joined yet') joined = false;
    else rest.push(part.trim());
  }
  return { until, timer, joined, rest: rest.join(', ') };
}

/** The rows of one side for one key, each with what the engine notes about it. */
function cell(g: StateGroup | undefined): HTMLElement | string {
  if (!g || !g.rows.length) return h('span', { class: 'jl-muted' }, '—');
  const ul = h('ul', { class: 'jl-state-rows' });
  g.rows.slice(0, MAX_ROWS).forEach((r, i) => {
    const note = g.row_notes?.[i] ?? '';
    const li = h('li', { 'data-testid': 'state-row' }, `[${r.join(', ')}]`);
    for (const n of note.split(/;\s*|,\s*(?=matches:|×)/).filter(Boolean)) {
      const padded = /^matches:\s*0$/.test(n.trim());
      li.append(
        ' ',
        h(
          'span',
          {
            class: `jl-note${padded ? ' jl-note-padded' : ''}`,
            'data-testid': 'row-note',
            title: /^matches/.test(n)
              ? padded
                ? 'No row of the other side matches it: the join emitted it padded with NULLs'
                : 'Rows of the other side that match it (an outer side of the join counts them to know when to pad with NULLs)'
              : /^×/.test(n)
                ? 'The state holds this many copies of the row'
                : undefined,
          },
          n.trim(),
        ),
      );
      if (padded) li.append(h('span', { class: 'jl-muted jl-small' }, ' padded with NULLs'));
    }
    ul.append(li);
  });
  if (g.rows.length > MAX_ROWS) ul.append(h('li', { class: 'jl-muted' }, `… ${g.rows.length - MAX_ROWS} more`));
  return ul;
}

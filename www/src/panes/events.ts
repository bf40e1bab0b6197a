// The events of the current step, in causal order (the row at its source, watermarks, window
// assignment, state changes, fires, emits, the sink's rows): the step "expanded". Drawn only
// while its disclosure is open, so stepping stays cheap.

import { h } from '../dom';
import { keyText, type OpMeta, opMeta, type QueryModel, type ResultCol, resultsText, resultValue, sourceTableOf, stepAt } from '../model';
import { shortWindow } from '../timeline';
import { clockFor, formatTime } from '../time';
import type { Event, EventOf, OperatorInfo, Step } from '../trace';
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
    const n = (this.model ? stepAt(this.model, pos) : undefined)?.events.length ?? 0;
    this.summary.textContent = `Events of this step, in causal order (${n})`;
    if (this.element.open) this.render();
  }

  private render(): void {
    const m = this.model;
    if (!m || !this.element.open) return;
    const events = stepAt(m, this.pos)?.events ?? [];
    const op = (id: number) => {
      const o = m.query.operators.find((x) => x.id === id);
      return o ? `${o.kind}${o.table ? ` ${o.table}` : ''} (#${id})` : `operator #${id}`;
    };
    const clock = clockFor(m.zone, m.ltz);
    const time = (ms: number | null | undefined) => (ms === null || ms === undefined ? '+inf' : formatTime(clock(ms)));
    const step = stepAt(m, this.pos);
    const items = events.slice(0, MAX_EVENTS).map((e, index) => h('li', { class: `jl-ev jl-ev-${e.type}` }, describe(e, op, time, step ? { m, step, index } : undefined)));
    if (events.length > MAX_EVENTS) items.push(h('li', { class: 'jl-muted' }, `… ${events.length - MAX_EVENTS} more events`));
    if (step) for (const text of silentOps(m, step)) items.push(h('li', { class: 'jl-ev jl-ev-silent jl-muted', 'data-testid': 'silent-op' }, text));
    this.list.replaceChildren(...items);
  }
}

const row = (kind: string, r: string[]) => `${kind}[${r.join(', ')}]`;
const key = (k: string[]) => (k.length ? `key ${k.join(', ')}` : 'no key');

/** The event's place in its step, for the operators whose events need what comes around them. */
export interface EventContext {
  m: QueryModel;
  step: Step;
  /** Its index in `step.events`. */
  index: number;
}

/**
 * One event in words; `time` writes an event's epoch milliseconds (null: +inf) on the display
 * clock. With `cx`, the events of aggregations, Top-Ns and deduplications are told with their
 * column names and what the steps before say (the row a deduplication replaces, a window
 * aggregation's stage), and the rows a Top-N at the root sends say which rank changes.
 */
export function describe(
  e: Event,
  op: (id: number) => string,
  time: (ms: number | null | undefined) => string = (ms) => (ms === null || ms === undefined ? '+inf' : formatTime(ms)),
  cx?: EventContext,
): string {
  const special = cx ? describeOp(e, op, time, cx) : null;
  if (special !== null) return special;
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
    case 'unnest':
      return unnestText(op(e.op), {
        kind: e.kind,
        input: row(e.kind, e.row),
        size: e.size ?? null,
        padded: e.padded,
        elements: e.produced.map((u) => ({ position: u.position ?? null, text: row(e.kind, u.row) })),
      });
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
    case 'source_idle':
      return e.idle
        ? `${op(e.op)} is idle: no row for longer than the idle timeout (seen by the check at processing time ${formatTime(e.at_ms, true)}), so the operators that join it leave its watermark out`
        : `${op(e.op)} is active again: its watermark counts again`;
    case 'ptf_call': {
      const what = e.timer
        ? `onTimer: its timer ${e.timer.name ? `'${e.timer.name}' ` : ''}at ${time(e.timer.time_ms)} fires`
        : `eval for the ${e.side ?? 'table'} row ${row(e.kind ?? '', e.row ?? [])}`;
      const state = e.state.map((s) => `${s.name} = ${s.value}`).join(', ');
      const timers = e.timers.map((t) => `${t.name ? `'${t.name}' ` : ''}${time(t.time_ms)}`).join(', ');
      return (
        `${op(e.op)}, partition ${e.key.join(', ') || '()'}: ${what}${e.late ? " (late: behind the operator's watermark, it reaches eval all the same)" : ''}; ` +
        `${e.why ?? (e.emitted ? `${plural(e.emitted, 'row')} emitted` : 'nothing emitted')}. ` +
        `State now: ${state || 'empty'}${timers ? `; timers ${timers}` : ''}`
      );
    }
    case 'lookup': {
      if (e.function) {
        // a Confluent search function: one output row carrying the rows found (trace v7)
        const hits = e.found.map((m) => `(${m.row.join(', ')}${m.score != null ? `, score ${m.score}` : ''})`).join(', ');
        const what = e.null_key ? 'a NULL search value finds nothing' : e.found.length ? `found ${hits}` : 'no match';
        return (
          `${op(e.op)}: ${e.function} searches ${e.table} for the value ${e.key.join(', ')} (input row ${row(e.kind, e.row)}): ${what}` +
          `; 1 row emitted with search_results = [${e.found.length ? plural(e.found.length, 'row') : 'empty'}]` +
          (e.roles ? ` (${e.roles})` : '') +
          '; a later change of the table never revises it'
        );
      }
      const found = e.found.filter((m) => m.joined);
      const what = e.null_key
        ? 'a NULL key finds nothing'
        : `${plural(e.found.length, 'row')} found${e.found.length !== found.length ? ` (${found.length} pass the rest of the ON condition)` : ''}`;
      return (
        `${op(e.op)} looks up ${key(e.key)} in ${e.table} for ${row(e.kind, e.row)}: ${what}` +
        (e.padded ? '; padded with NULLs (LEFT JOIN)' : `; ${plural(e.emitted, 'row')} emitted`) +
        '; a later change of the table never revises them'
      );
    }
    case 'lookup_store': {
      const change = { added: 'goes into', replaced: "replaces its key's row in", removed: 'leaves', absent: 'is not in (nothing changes in)' }[e.change];
      return `${op(e.op)}: ${row(e.kind, e.row)} ${change} the store of ${e.table}; ${plural(e.rows, 'row')} there now (nothing is emitted)`;
    }
    case 'temporal_wait':
      return (
        `${op(e.op)}: the probe row ${row(e.kind, e.row)} (${key(e.key)}, AS OF ${time(e.time_ms)}) waits until the join's watermark reaches ${time(e.time_ms)}` +
        (e.watermark_ms == null ? ' (no watermark yet)' : ` (it is ${time(e.watermark_ms)})`) +
        (e.late ? "; it is late: the watermark has passed its time, so it waits for the next advance and joins what cleanup left" : '') +
        `; ${plural(e.waiting, 'probe row')} of the key wait${e.waiting === 1 ? 's' : ''}`
      );
    case 'temporal_version':
      if (e.dropped) return `${op(e.op)}: ${row(e.kind, e.row)} of ${key(e.key)} is dropped before the join (a -U changes nothing: the +U that follows is the new version)`;
      return (
        (e.ends
          ? `${op(e.op)}: ${row(e.kind, e.row)} deletes ${key(e.key)} at ${time(e.time_ms)}: no version from then until the next one`
          : `${op(e.op)} stores a version of ${key(e.key)} valid from ${time(e.time_ms)}: ${row(e.kind, e.row)}`) +
        (e.replaced ? ' (it overwrites the version of the same time: the later arrival wins)' : '') +
        (e.late ? " (late: the join's watermark has passed its time; kept all the same)" : '') +
        `; ${plural(e.versions, 'version')} of the key held`
      );
    case 'temporal_release': {
      const head = `${op(e.op)}: the join's watermark ${time(e.watermark_ms)} reached the probe row ${row(e.kind, e.row)} (AS OF ${time(e.time_ms)})`;
      const v = e.version;
      const met = v ? `the version valid at ${time(e.time_ms)} is ${row(v.kind, v.row)} (from ${time(v.time_ms)})` : `${key(e.key)} has no version at or before ${time(e.time_ms)}`;
      if (e.outcome === 'joined') return `${head}: ${met}; it joins it (${e.kind})`;
      const why = e.miss === 'deleted' ? `${met}, a delete` : e.miss === 'condition' ? `${met}, but the rest of the ON condition rejects it` : met;
      return `${head}: ${why}; ${e.outcome === 'padded' ? 'it comes out padded with NULLs (LEFT)' : 'nothing comes out (INNER)'}`;
    }
  }
}

/** Produced rows listed in an UNNEST's sentence; the rest are counted. */
const MAX_FANOUT = 20;

/**
 * An UNNEST's fan-out in words: `Correlate orders (#1) unnests orders +I[o1, [a, b]]: 2 elements
 * → +I[o1, a] (element 1), +I[o1, b] (element 2)`; an empty or NULL collection gives no row, or
 * under LEFT JOIN one row padded with NULLs.
 */
export function unnestText(
  who: string,
  f: { kind: string; input: string; size: number | null; padded: boolean; elements: { position: number | null; text: string }[] },
): string {
  const head = `${who} unnests ${f.input}`;
  const n = f.elements.length;
  const rows = (els: typeof f.elements) =>
    els.slice(0, MAX_FANOUT).map((x) => (x.position == null ? x.text : `${x.text} (element ${x.position})`)).join(', ') + (els.length > MAX_FANOUT ? `, … ${els.length - MAX_FANOUT} more` : '');
  const none = f.size == null ? 'the collection is NULL: no element' : f.size === 0 ? 'the collection is empty: no element' : `${plural(f.size, 'element')}, none passes the join's condition`;
  if (f.padded) return `${head}: ${none}; LEFT JOIN keeps the row once, padded with NULLs → ${rows(f.elements)}`;
  if (n === 0) return `${head}: ${none}, so no row comes out`;
  const passing = f.size != null && n < f.size ? ` (${n} pass the join's condition)` : '';
  return `${head}: ${plural(f.size ?? n, 'element')}${passing} → ${rows(f.elements)}`;
}

/** `COUNT(*) 1 → 2 (order_count)`, or `COUNT(*) = 2 (order_count)` when it did not change. */
function resultChange(r: ResultCol | undefined, before: string | undefined, after: string): string {
  if (before === undefined || before === after) return resultValue(r, after);
  if (!r) return `${before} → ${after}`;
  if (!r.call) return `${r.name} ${before} → ${after}`;
  return r.named ? `${r.call} ${before} → ${after} (${r.name})` : `${r.call} ${before} → ${after}`;
}

function changesText(meta: OpMeta, before: string[] | null | undefined, after: string[]): string {
  return after.map((v, i) => resultChange(meta.results[i], before?.[i], v)).join(', ');
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The rows an operator emitted right after event `index` (until its next fire or watermark). */
function emitsAfter(step: Step, index: number, op: number): string[][] {
  const out: string[][] = [];
  for (const x of step.events.slice(index + 1)) {
    if ((x.type === 'window_fire' || x.type === 'watermark') && x.op === op) break;
    if (x.type === 'emit' && x.op === op) out.push(x.row);
  }
  return out;
}

/** The operator whose rows the result shows (the root, under Calcs that only pick columns:
 *  `OperatorInfo.picks`), and per result column the column of that operator it is. */
function resultOp(m: QueryModel): { o: OperatorInfo; cols: number[] } | null {
  let o = m.rootOp;
  let cols: number[] | null = null;
  for (let n = 0; o && n < 16; n++) {
    const picks = o.picks;
    if (!picks || o.inputs.length !== 1) break;
    cols = cols === null ? [...picks] : cols.map((c) => picks[c] ?? -1);
    o = m.query.operators.find((x) => x.id === o?.inputs[0]) ?? null;
  }
  if (!o) return null;
  return { o, cols: cols ?? o.columns.map((_, i) => i) };
}

/** A Top-N's row sent to the sink: which rank it takes or gives up, or that it enters or leaves. */
function rankOutput(e: EventOf<'output'>, cx: EventContext): string | null {
  const ro = resultOp(cx.m);
  if (!ro || ro.o.kind !== 'Rank') return null;
  const meta = opMeta(cx.m.query, ro.o);
  const at = meta.rankSelected ? ro.cols.indexOf(meta.select.length - 1) : -1;
  const bare = (r: string[]) => (at >= 0 ? r.filter((_, i) => i !== at) : r);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
  const outs = cx.step.events.filter((x): x is EventOf<'output'> => x.type === 'output');
  const row = `[${bare(e.row).join(', ')}]`;
  const top = `Top-${meta.rankEnd ?? 1}`;
  const adds = e.kind === '+I' || e.kind === '+U';
  const other = outs.find((x) => x !== e && (x.kind === '+I' || x.kind === '+U') !== adds && same(bare(x.row), bare(e.row)));
  if (at < 0) return adds ? `${row} enters the ${top}` : `${row} leaves the ${top}`;
  const r = e.row[at];
  if (adds) return other ? `${row} moves from rank ${other.row[at]} to rank ${r}` : `${row} takes rank ${r}`;
  return other ? `${row} gives up rank ${r} (it moves to rank ${other.row[at]})` : `${row} gives up rank ${r} and leaves the ${top}`;
}

const SIDE_WORDS: Record<string, [string, string]> = {
  slice: ['accumulator', 'accumulators'],
  partial: ['partial result', 'partial results'],
  buffer: ['buffered row', 'buffered rows'],
  ranked: ['ranked row', 'ranked rows'],
  kept: ['kept row', 'kept rows'],
  group: ['group', 'groups'],
  partition: ['row', 'rows'],
  key: ['row', 'rows'],
};

/** The events of aggregations, Top-Ns and deduplications (null: the plain text will do). */
function describeOp(e: Event, op: (id: number) => string, time: (ms: number | null | undefined) => string, cx: EventContext): string | null {
  const { m } = cx;
  if (e.type === 'output') {
    const r = rankOutput(e, cx);
    return r ? `the sink receives ${row(e.kind, e.row)}: ${r}` : null;
  }
  if (e.type === 'unnest') {
    const f = m.unnestOf.get(e);
    if (!f) return null;
    return unnestText(op(e.op), { ...f, input: `${f.table ? `${f.table} ` : ''}${row(f.kind, f.input)}` });
  }
  if (e.type === 'source_row' || e.type === 'source_end' || e.type === 'source_idle' || e.type === 'null_time_drop' || e.type === 'interval_probe' || e.type === 'interval_cleanup' || e.type === 'input_watermark' || e.type.startsWith('temporal_')) return null;
  const o = m.query.operators.find((x) => x.id === e.op);
  if (!o) return null;
  const meta = opMeta(m.query, o);
  const kt = (k: string[]) => keyText(meta, k);
  const of = (k: string[]) => (kt(k) ? ` of ${kt(k)}` : '');
  const win = (w: { label: string } | null | undefined) => (w ? ` window ${shortWindow(w.label)}` : '');
  const r = (x: string[]) => `[${x.join(', ')}]`;
  switch (o.kind) {
    case 'GroupAggregate':
      if (e.type === 'aggregated') {
        const group = e.key.length ? `group ${kt(e.key)}` : 'the one group (no GROUP BY key)';
        const verb = e.kind === '+I' || e.kind === '+U' ? 'adds' : 'retracts';
        const head = `${op(e.op)} ${verb} ${row(e.kind, e.row)}`;
        if (e.before == null && e.after != null) return `${head}: ${group} is new: ${resultsText(meta, e.after)}${e.emitted ? '; it sends +I' : ''}`;
        if (e.after == null) return `${head}: ${group} is empty now and goes: its result ${r(e.before ?? [])} is retracted (-D)`;
        if (!e.emitted) return `${head}: ${group} still gives ${resultsText(meta, e.after)}, nothing to send`;
        return `${head}: ${group}: ${changesText(meta, e.before, e.after)}; it sends -U of the old result, +U of the new one`;
      }
      if (e.type === 'state_expire') return `${op(e.op)} frees ${e.key.length ? `group ${kt(e.key)}` : 'its group'}: ${e.reason}`;
      return null;
    case 'WindowAggregate':
      switch (e.type) {
        case 'aggregated': {
          const stage = m.events.aggStage.get(e) ?? 'row';
          const where = `${meta.sliced ? 'slice' : 'window'} ${shortWindow(e.window?.label ?? '')}${of(e.key)}`;
          const after = e.after ?? [];
          if (stage === 'merge') return `${op(e.op)}, global stage: merges the local partial result (${resultsText(meta, e.row)}) into ${where}: ${changesText(meta, e.before, after)}`;
          if (stage === 'local') return `${op(e.op)}, local stage: folds ${r(e.row)} into its partial result for ${where}: ${changesText(meta, e.before, after)}`;
          return `${op(e.op)} folds ${row(e.kind === '+I' ? '' : e.kind, e.row)} into ${where}: ${changesText(meta, e.before, after)}`;
        }
        case 'state_insert': {
          const at = meta.sliced ? ` slice ${shortWindow(e.window?.label ?? '')}` : win(e.window);
          if (e.side === 'partial') return `${op(e.op)}: the local stage hands its partial result (${resultsText(meta, e.row)}) for${at}${of(e.key)} to the global stage`;
          return `${op(e.op)} buffers ${r(e.row)} for${at}${of(e.key)} (${plural(e.rows_in_state, 'row')} buffered there): it is aggregated when the watermark passes a buffered window's end (Flink flushes its buffer then)`;
        }
        case 'window_fire': {
          const rows = emitsAfter(cx.step, cx.index, e.op);
          const res = rows[0] ? resultsText(meta, rows[0].slice(meta.keys.length, meta.keys.length + meta.results.length)) : '';
          return `${op(e.op)} fires${win(e.window)}${of(e.key)} at watermark ${time(e.watermark_ms)}: ${res || 'the window is empty, nothing is emitted'}`;
        }
        case 'late_drop':
          return e.side === 'partial'
            ? `${op(e.op)}, global stage: drops the local partial result (${resultsText(meta, e.row)}) of the rows of step ${e.lineage.join(', ')} as late: window ${shortWindow(e.window.label)} had fired (watermark ${time(e.watermark_ms)})`
            : `${op(e.op)} drops ${r(e.row)} as late: window ${shortWindow(e.window.label)} had fired (watermark ${time(e.watermark_ms)})`;
        case 'state_expire': {
          const w = SIDE_WORDS[e.side] ?? ['row', 'rows'];
          return `${op(e.op)} frees ${e.rows === 1 ? `the ${w[0]}` : `${e.rows} ${w[1]}`}${of(e.key)} for${meta.sliced ? ` slice ${shortWindow(e.window?.label ?? '')}` : win(e.window)}: ${e.reason}`;
        }
        default:
          return null;
      }
    case 'Rank':
      if (e.type === 'state_insert') return `${op(e.op)} keeps ${r(e.row)} in the Top-${meta.rankEnd ?? 'N'} state${of(e.key)} (${plural(e.rows_in_state, 'row')}, ORDER BY ${meta.orderBy})`;
      if (e.type === 'filtered') {
        const cols = meta.rankSelected ? meta.select.slice(0, -1) : meta.select;
        const k = meta.keys.map((n) => e.row[cols.indexOf(n)]);
        return `${op(e.op)}: ${r(e.row)} does not make the Top-${meta.rankEnd ?? 'N'}${k.every((v) => v !== undefined) && k.length ? of(k) : ''} (ORDER BY ${meta.orderBy}): not kept`;
      }
      if (e.type === 'state_expire') return `${op(e.op)} drops ${plural(e.rows, 'row')}${of(e.key)}: ${e.reason}`;
      return null;
    case 'Deduplicate':
      if (e.type === 'state_insert') {
        const prev = m.events.dedupPrev.get(e);
        if (meta.keep === 'first' && meta.rowtime)
          return prev
            ? `${op(e.op)} holds ${r(e.row)} as the first row${of(e.key)} instead of the later ${r(prev)}: it is emitted when the watermark reaches its time`
            : `${op(e.op)} holds ${r(e.row)} as the first row${of(e.key)} so far: it is emitted when the watermark reaches its time`;
        const forKey = kt(e.key) ? ` for ${kt(e.key)}` : '';
        return prev
          ? `${op(e.op)} replaces the row kept${forKey}: ${r(prev)} → ${r(e.row)} (it sends -U of the old row, +U of the new one)`
          : `${op(e.op)} keeps ${r(e.row)}: the first row${of(e.key)} (it sends +I)`;
      }
      if (e.type === 'late_drop')
        return `${op(e.op)} drops ${r(e.row)} as late: its time ${time(e.window.start_ms)} is behind the watermark ${time(e.watermark_ms)}, so the first row of its key is already decided`;
      if (e.type === 'unchanged') return `${op(e.op)} drops ${r(e.row)}: the row kept${kt(e.key) ? ` for ${kt(e.key)}` : ''} is the same, nothing to send`;
      if (e.type === 'state_expire') return `${op(e.op)} forgets the row kept${kt(e.key) ? ` for ${kt(e.key)}` : ''}: ${e.reason}`;
      return null;
    case 'WindowRank':
    case 'WindowDeduplicate': {
      const what = o.kind === 'WindowRank' ? 'ranked' : 'deduplicated';
      switch (e.type) {
        case 'state_insert':
          return `${op(e.op)} buffers ${r(e.row)} for${win(e.window)}${of(e.key)} (${plural(e.rows_in_state, 'row')} buffered): ${what} when the window fires`;
        case 'window_fire': {
          const rows = emitsAfter(cx.step, cx.index, e.op);
          if (o.kind === 'WindowRank')
            return `${op(e.op)} fires${win(e.window)}${of(e.key)} at watermark ${time(e.watermark_ms)}: ${plural(e.left_rows, 'candidate row')} ranked by ${meta.orderBy}; ${rows.length ? `ranks ${meta.rankStart ?? 1}–${(meta.rankStart ?? 1) + rows.length - 1} come out` : 'no row in the rank range'}`;
          return `${op(e.op)} fires${win(e.window)}${of(e.key)} at watermark ${time(e.watermark_ms)}: it emits the ${meta.keep ?? 'first'} row by ${meta.orderBy || 'time'}${rows[0] ? ` ${r(rows[0])}` : ''}`;
        }
        case 'emit': {
          if (o.kind === 'WindowDeduplicate') return `${op(e.op)} emits ${row(e.kind, e.row)}: the row it kept`;
          let rank = meta.rankSelected ? e.row[e.row.length - 1] : '';
          if (!rank) {
            // the n-th emit after its fire is ranked rank start + n
            let n = 0;
            for (let i = cx.index - 1; i >= 0; i--) {
              const x = cx.step.events[i];
              if (x.type === 'window_fire' && x.op === e.op) break;
              if (x.type === 'emit' && x.op === e.op) n++;
            }
            rank = String((meta.rankStart ?? 1) + n);
          }
          return `${op(e.op)} emits ${row(e.kind, e.row)}: rank ${rank}`;
        }
        case 'late_drop':
          return `${op(e.op)} drops ${r(e.row)} as late: window ${shortWindow(e.window.label)} had fired (watermark ${time(e.watermark_ms)})`;
        case 'state_expire': {
          const w = SIDE_WORDS[e.side] ?? ['row', 'rows'];
          return `${op(e.op)} frees ${plural(e.rows, w[0], w[1])}${of(e.key)} for${win(e.window)}: ${e.reason}`;
        }
        default:
          return null;
      }
    }
    default:
      return null;
  }
}

/**
 * Operators the step's row reached that recorded nothing: a deduplication that ignores a row
 * (older than the kept one, or its key's first row already decided) has no event of its own.
 */
export function silentOps(m: QueryModel, step: Step): string[] {
  if (step.kind !== 'row' || step.events.some((e) => e.type === 'filtered' || e.type === 'null_time_drop')) return [];
  const out: string[] = [];
  for (const o of m.query.operators) {
    if (o.kind !== 'Deduplicate' || sourceTableOf(m.query.operators, o.id) !== step.table) continue;
    if (step.events.some((e) => 'op' in e && e.op === o.id)) continue;
    const meta = opMeta(m.query, o);
    const rootDedup = m.rootOp?.id === o.id || (m.rootOp?.kind === 'Calc' && m.rootOp.inputs[0] === o.id);
    // a row that came out: the deduplication sent it (proctime keep-first emits without storing)
    if (step.output.length && !(rootDedup && meta.keep === 'first' && meta.rowtime)) continue;
    const why =
      meta.keep === 'last'
        ? 'its time is older than the row kept for its key'
        : meta.rowtime
          ? "its key's first row is already emitted, or an earlier row is pending"
          : 'its key already had its first row';
    out.push(`${o.kind} (#${o.id}) records nothing: it ignores the row (${why})`);
  }
  return out;
}

// The plan: the query's operators (each with its changelog mode: updating or append-only), its
// notes, its EXPLAIN text, and what EXPLAIN / DESCRIBE statements of the script printed.

import { h, scrollBox } from '../dom';
import { inputName, modeReason, type QueryModel } from '../model';
import { formatDuration } from '../time';
import type { OperatorInfo } from '../trace';
import { updatingBadge } from './badges';
import type { Pane } from './pane';

export class PlanPane implements Pane {
  readonly element: HTMLElement;

  constructor() {
    this.element = h('div', { class: 'jl-pane-body jl-plan' });
  }

  setModel(model: QueryModel | null): void {
    if (!model) {
      this.element.replaceChildren();
      return;
    }
    const q = model.query;
    const parts: Node[] = [];
    const notes = [...model.trace.notes, ...q.notes];
    if (notes.length) parts.push(h('ul', { class: 'jl-notes' }, ...notes.map((n) => h('li', {}, n.replace(/^# note: /, '')))));
    // The operators as a tree from the result down to the sources.
    const byId = new Map(q.operators.map((o) => [o.id, o]));
    const consumed = new Set(q.operators.flatMap((o) => o.inputs));
    const tree = h('ul', { class: 'jl-op-tree', 'data-testid': 'operators' });
    const add = (id: number, depth: number, parent: HTMLElement) => {
      const o = byId.get(id);
      if (!o || depth > 30) return;
      const what = o.table ? '' : o.inputs.length ? ` ← ${inputName(model, o.id)}` : '';
      const why = modeReason(q, o);
      const badge = updatingBadge(o.updating);
      if (why) badge.title = `${o.kind} is ${why}`;
      const li = h(
        'li',
        { 'data-op': o.id, 'data-kind': o.kind },
        h('span', { class: 'jl-op-kind' }, o.kind),
        ' ',
        badge,
        h('span', { class: 'jl-muted jl-small' }, o.table ? ` ${o.table}` : what),
        why ? h('div', { class: 'jl-small jl-mode-why', 'data-testid': 'mode-reason' }, `${o.updating ? 'Updating' : 'Append-only'}: ${why.replace(/^(updating|append-only): /, '')}`) : null,
        h('div', { class: 'jl-mono jl-op-label' }, readableBounds(o)),
        o.kind === 'IntervalJoin' ? intervalBounds(model, o) : null,
        o.kind === 'TemporalJoin' ? temporalKeys(model, o) : null,
      );
      parent.append(li);
      if (o.inputs.length) {
        const sub = h('ul', {});
        li.append(sub);
        for (const i of o.inputs) add(i, depth + 1, sub);
      }
    };
    for (const o of q.operators) if (!consumed.has(o.id)) add(o.id, 0, tree);
    parts.push(h('h4', {}, 'Operators (the result at the top, the sources at the bottom)'), tree, h('h4', {}, 'EXPLAIN'));
    parts.push(h('pre', { class: 'jl-pre', ...scrollBox('EXPLAIN output') }, q.plan || '(no plan)'));
    for (const s of model.trace.statements) {
      parts.push(h('h4', {}, `line ${s.line}: ${s.header}`));
      parts.push(h('pre', { class: 'jl-pre', ...scrollBox(`Output of line ${s.line}`) }, s.error ? s.error.text : s.text));
    }
    this.element.replaceChildren(...parts);
  }

  /** The plan is the same at every step. */
  show(): void {}
}

/** The label, with an interval join's bounds (`OperatorInfo.interval`) also in words: `leftLowerBound=-14400000 (−4 h)`. */
export function readableBounds(o: OperatorInfo): string {
  const iv = o.interval;
  if (!iv) return o.label;
  const words = (k: string, v: number) => `${k}=${v} (${formatDuration(v)})`;
  return o.label.replace(`leftLowerBound=${iv.lower_ms}`, words('leftLowerBound', iv.lower_ms)).replace(`leftUpperBound=${iv.upper_ms}`, words('leftUpperBound', iv.upper_ms));
}

/** An interval join's bounds in words: which times of each side a row joins, how far its output watermark lags. */
function intervalBounds(m: QueryModel, o: OperatorInfo): HTMLElement | null {
  const b = m.interval && m.interval.op === o.id && m.interval.lower !== null && m.interval.upper !== null ? { lower: m.interval.lower, upper: m.interval.upper, rowtime: m.interval.rowtime } : o.interval ? { lower: o.interval.lower_ms, upper: o.interval.upper_ms, rowtime: o.interval.rowtime } : null;
  if (!b) return null;
  const [l, r] = [inputName(m, o.inputs[0]), inputName(m, o.inputs[1])];
  const d = formatDuration;
  // left.time − right.time ∈ [lower, upper]: a left row at t joins right rows of [t − upper, t − lower].
  const range = (lo: number, hi: number) => `[t${lo === 0 ? '' : lo < 0 ? ` − ${d(-lo)}` : ` + ${d(lo)}`}, t${hi === 0 ? '' : hi < 0 ? ` − ${d(-hi)}` : ` + ${d(hi)}`}]`;
  const clock = b.rowtime ? 'event time' : 'processing time';
  const delay = b.rowtime && b.upper >= b.lower ? Math.max(-b.lower, b.upper, 0) : 0;
  const text =
    b.upper < b.lower
      ? `Bounds: ${l} time − ${r} time ∈ [${d(b.lower)}, ${d(b.upper)}] (${clock}): an empty interval, so no row can join.`
      : `Bounds: ${l} time − ${r} time ∈ [${d(b.lower)}, ${d(b.upper)}] (${clock}). A row of ${l} at t joins the rows of ${r} of times ${range(-b.upper, -b.lower)}; ` +
        `a row of ${r} at t joins the rows of ${l} of times ${range(b.lower, b.upper)}. ` +
        (b.rowtime ? (delay > 0 ? `Its output watermark is held back by ${d(delay)}, the larger bound.` : 'Its output watermark is not held back.') : '');
  return h('p', { class: 'jl-small jl-interval-bounds', 'data-testid': 'interval-bounds' }, text);
}

/** A temporal join's keys and time attributes in words (`OperatorInfo.temporal`). */
function temporalKeys(m: QueryModel, o: OperatorInfo): HTMLElement | null {
  const t = o.temporal;
  if (!t) return null;
  const [l, r] = [inputName(m, o.inputs[0]), inputName(m, o.inputs[1])];
  const eq = t.probe_keys.map((k, i) => `${l}.${k} = ${r}.${t.version_keys[i] ?? '?'}`).join(' AND ');
  return h(
    'div',
    { class: 'jl-small jl-temporal-keys', 'data-testid': 'temporal-keys' },
    h(
      'p',
      {},
      `FOR SYSTEM_TIME AS OF ${l}.${t.probe_time}: each row of ${l} (the probe side) joins the version of ${r} (the versioned side) valid at its ${t.probe_time}. `,
      `Keys: ${eq}; ${r}'s primary key is ${t.primary_key.join(', ')}; its versions are ordered by ${r}.${t.version_time} (a version is valid from its ${t.version_time} until the key's next one). `,
      `A probe row waits until the join's watermark (the smaller of both inputs') reaches its ${t.probe_time}. `,
      t.outer ? 'LEFT: a probe row without a version comes out padded with NULLs.' : 'INNER: a probe row without a version is dropped.',
      t.ttl_ms != null ? ` State retention: ${formatDuration(t.ttl_ms)} (table.exec.state.ttl).` : '',
    ),
    h(
      'dl',
      { class: 'jl-temporal-dl' },
      h('dt', {}, 'probe keys'),
      h('dd', { class: 'jl-mono', 'data-testid': 'probe-keys' }, t.probe_keys.join(', ')),
      h('dt', {}, 'version keys'),
      h('dd', { class: 'jl-mono', 'data-testid': 'version-keys' }, t.version_keys.join(', ')),
      h('dt', {}, 'probe time (AS OF)'),
      h('dd', { class: 'jl-mono', 'data-testid': 'probe-time' }, t.probe_time),
      h('dt', {}, 'version time'),
      h('dd', { class: 'jl-mono', 'data-testid': 'version-time' }, t.version_time),
    ),
  );
}

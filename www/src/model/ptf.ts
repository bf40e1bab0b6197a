// The model of a process table function (a `ProcessTableFunction` operator): every `eval` /
// `onTimer` call (the trace's `ptf_call` events) with the partition's state entries after it, what
// the call changed, its timers, its `why` sentence and the changelog rows it emitted. List entries
// (`[78.0, 80.0]`, as Java prints a List) are followed element by element, so each element knows
// the step whose row added it: that is how an emitted verdict is linked to the rows that filled
// its lists.

import type { EventOf, OperatorInfo, Step } from '../trace';
import type { OutputRow, PtfCall, PtfEntryView, PtfItem, PtfView } from './types';

type ToX = (ms: number | null | undefined) => number | null;

/** `[78.0, 80.0]` → `['78.0', '80.0']` (top-level commas only); null when the value is not a list. With
 *  `{`, `}`: a map as Java prints one (`{1=1, 5=2}` → `['1=1', '5=2']`). */
export function parseList(value: string, open = '[', close = ']'): string[] | null {
  const v = value.trim();
  if (!v.startsWith(open) || !v.endsWith(close)) return null;
  const inner = v.slice(1, -1).trim();
  if (!inner) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '[' || c === '(' || c === '{') depth++;
    else if (c === ']' || c === ')' || c === '}') depth--;
    if (c === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  out.push(cur.trim());
  return out;
}

/**
 * The lists nested in a map or a tuple entry (`{end=(start, [78.0, 80.0], [85.0])}`, a window buffer
 * per key), by path (`end/1`): followed like top-level lists, so a timer that emits a buffer and
 * removes it links its row to the rows that filled it.
 */
export function nestedLists(value: string, path = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const v = value.trim();
  const map = v.startsWith('{') ? parseList(v, '{', '}') : null;
  const tuple = v.startsWith('(') ? parseList(v, '(', ')') : null;
  if (map) {
    for (const e of map) {
      let depth = 0;
      let at = -1;
      for (let i = 0; i < e.length && at < 0; i++) {
        const c = e[i];
        if ('[({'.includes(c)) depth++;
        else if ('])}'.includes(c)) depth--;
        else if (c === '=' && depth === 0) at = i;
      }
      if (at >= 0) for (const [k, l] of nestedLists(e.slice(at + 1), `${path}/${e.slice(0, at)}`)) out.set(k, l);
    }
  } else if (tuple) {
    tuple.forEach((e, i) => {
      for (const [k, l] of nestedLists(e, `${path}/${i}`)) out.set(k, l);
    });
  } else if (path) {
    const list = parseList(v);
    if (list) out.set(path, list);
  }
  return out;
}

/** An entry that holds epoch milliseconds (`windowStartMillis`, `lastSeenMs`): its value as a time. */
function timeOf(name: string, value: string, toX: ToX): number | null {
  if (!/(millis|ms|time|timestamp)$/i.test(name) || !/^-?\d{11,}$/.test(value.trim())) return null;
  return toX(Number(value));
}

/** The function's name from the operator's label: `ProcessTableFunction(invocation=[SensorFusionPtf(...)], …`. */
export function ptfName(o: OperatorInfo): string {
  return ptfFunction(o) ?? 'the PTF';
}

/** The function's name from the label, null when the label does not say. */
export function ptfFunction(o: OperatorInfo): string | null {
  return /invocation=\[([A-Za-z_$][\w$]*)/.exec(o.label)?.[1] ?? null;
}

/**
 * Follows one list entry through a call: the longest tail of the old list that the new one starts
 * with was kept, what comes before it in the old list was dropped, what follows it in the new list
 * was added by this call (a buffer that grows, is cleared, or slides).
 */
function followList(prev: PtfItem[], next: string[], step: number | null): { items: PtfItem[]; dropped: PtfItem[] } {
  for (let i = 0; i <= prev.length; i++) {
    const kept = prev.slice(i);
    if (kept.length <= next.length && kept.every((it, j) => it.text === next[j])) {
      return { items: [...kept, ...next.slice(kept.length).map((text) => ({ text, step }))], dropped: prev.slice(0, i) };
    }
  }
  return { items: next.map((text) => ({ text, step })), dropped: prev };
}

/** The process table function's calls, step by step (a pass of model/build.ts: `step` for each
 * position in order, 0 the job's start; `outputs` and `outEnd` are the changelog as the build
 * makes it, up to the step), or null when the query has none. */
export function ptfPass(ops: OperatorInfo[], outputs: OutputRow[], outEnd: Int32Array, toX: ToX): { step(p: number, s: Step): void; done(): PtfView } | null {
  const op = ops.find((o) => o.kind === 'ProcessTableFunction');
  if (!op) return null;
  const calls: PtfCall[] = [];
  const callsAt: PtfCall[][] = [];
  const byKey = new Map<string, PtfCall[]>();
  const names: string[] = [];
  const callOf = new Map<number, PtfCall>();

  const step = (p: number, step: Step): void => {
    const here: PtfCall[] = [];
    for (const e of step.events) {
      if (e.type !== 'ptf_call' || e.op !== op.id) continue;
      here.push(callOf_(e, p));
    }
    callsAt[p] = here;
    // The step's changelog rows, to the calls that emitted them, in order. When a Calc above
    // filters (fewer rows reach the sink than were emitted) and one call emitted, they are its.
    const outs: number[] = [];
    for (let i = p > 0 ? outEnd[p - 1] : 0; i < outEnd[p]; i++) outs.push(i);
    const emitting = here.filter((c) => c.emitted > 0);
    const total = emitting.reduce((n, c) => n + c.emitted, 0);
    if (emitting.length === 1 || total !== outs.length) {
      if (emitting.length) emitting[0].outputs = outs;
    } else {
      let i = 0;
      for (const c of emitting) {
        c.outputs = outs.slice(i, i + c.emitted);
        i += c.emitted;
      }
    }
    for (const c of emitting) {
      for (const o of c.outputs) {
        callOf.set(o, c);
        // The emitted row is made of the rows in the lists it was computed from.
        const out = outputs[o];
        if (out && c.madeOf.length) out.lineage = [...new Set([...out.lineage, ...c.madeOf])].sort((a, b) => a - b);
      }
    }
  };
  return { step, done: () => ({ op: op.id, name: ptfName(op), sides: op.sides, keys: [...byKey.keys()], names, calls, callsAt, byKey, callOf }) };

  function callOf_(e: EventOf<'ptf_call'>, p: number): PtfCall {
    const keyText = e.key.join(', ');
    const history = byKey.get(keyText) ?? [];
    const prev = history[history.length - 1] ?? null;
    const rowStep = e.lineage.length === 1 ? e.lineage[0] : e.row ? p : null;
    const entries: PtfEntryView[] = e.state.map((s) => {
      if (!names.includes(s.name)) names.push(s.name);
      const before = prev?.entries.find((x) => x.name === s.name) ?? null;
      const list = parseList(s.value);
      let items: PtfItem[] | null = null;
      let dropped: PtfItem[] = [];
      if (list) {
        const followed = followList(before?.items ?? [], list, rowStep);
        items = followed.items;
        dropped = followed.dropped;
      }
      // Lists inside a map or tuple: followed per path (not drawn one by one; they give lineage).
      const nested = new Map<string, PtfItem[]>();
      const follows: { items: PtfItem[]; dropped: PtfItem[] }[] = [];
      if (!list) {
        const now = nestedLists(s.value);
        const old = before?.nested ?? new Map<string, PtfItem[]>();
        for (const path of new Set([...old.keys(), ...now.keys()])) {
          const f = followList(old.get(path) ?? [], now.get(path) ?? [], rowStep);
          if (now.has(path)) nested.set(path, f.items);
          follows.push(f);
        }
      } else if (items) follows.push({ items, dropped });
      return {
        name: s.name,
        value: s.value,
        before: before?.value ?? null,
        changed: before ? before.value !== s.value : true,
        items,
        dropped,
        time: timeOf(s.name, s.value, toX),
        nested,
        follows,
      };
    });
    // Entries the call removed (cleared state): their old values are gone.
    for (const b of prev?.entries ?? []) {
      if (!entries.some((x) => x.name === b.name))
        entries.push({ name: b.name, value: '', before: b.value, changed: true, items: b.items ? [] : null, dropped: b.items ?? [], time: null, nested: new Map(), follows: [...b.nested.values()].map((d) => ({ items: [], dropped: d })) });
    }
    const tkey = (t: { name?: string | null; time_ms: number }) => `${t.name ?? ''}@${t.time_ms}`;
    const prevTimers = new Set((prev?.timers ?? []).map((t) => `${t.name ?? ''}@${t.timeMs}`));
    const nowTimers = new Set(e.timers.map(tkey));
    const timers = e.timers.map((t) => ({ name: t.name ?? null, time: toX(t.time_ms) ?? t.time_ms, timeMs: t.time_ms, added: !prevTimers.has(tkey(t)) }));
    const timersGone = (prev?.timers ?? []).filter((t) => !nowTimers.has(`${t.name ?? ''}@${t.timeMs}`)).map((t) => ({ name: t.name, time: t.time }));
    // What an emitted row is computed from: the lists the call emptied (the closed buffer), else
    // the lists as they stand after the call; and the call's own row.
    // When the call emptied a buffer (a list whose old elements all left: a window emitted and
    // cleared, a map entry removed), the emitted rows are made of what was in it; otherwise of the
    // lists as they stand after the call (a sliding list).
    const madeOf = new Set<number>();
    if (e.emitted > 0) {
      const follows = entries.flatMap((x) => x.follows);
      const emptied = follows.filter((f) => f.dropped.length > 0 && f.items.every((it) => it.step === rowStep));
      for (const f of emptied.length ? emptied : follows) for (const it of emptied.length ? f.dropped : f.items) if (it.step !== null) madeOf.add(it.step);
      for (const l of e.lineage) madeOf.add(l);
    }
    const call: PtfCall = {
      op: e.op,
      pos: p,
      key: e.key,
      keyText,
      side: e.side ?? null,
      kind: e.kind ?? null,
      row: e.row ?? null,
      lineage: e.lineage,
      timer: e.timer ? { name: e.timer.name ?? null, time: toX(e.timer.time_ms) ?? e.timer.time_ms } : null,
      time: toX(e.time_ms),
      watermark: toX(e.watermark_ms),
      late: e.late,
      entries,
      timers,
      timersGone,
      emitted: e.emitted,
      why: e.why ?? null,
      madeOf: [...madeOf].sort((a, b) => a - b),
      outputs: [],
    };
    history.push(call);
    byKey.set(keyText, history);
    calls.push(call);
    return call;
  }
}

/** Each partition's latest call at or before step `pos`, in first-seen order of the keys. */
export function ptfStateAt(v: PtfView, pos: number): PtfCall[] {
  const out: PtfCall[] = [];
  for (const k of v.keys) {
    const list = v.byKey.get(k) ?? [];
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].pos <= pos) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) out.push(list[lo - 1]);
  }
  return out;
}

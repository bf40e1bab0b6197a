// Operators in words: an operator by id, its name (`Join`, `Join (operator 2)`), what flows out
// of it (`orders ⋈ Product`), and the sides of its state with what each holds.

import type { OperatorInfo } from '../trace';
import { ptfFunction } from './ptf';
import type { QueryModel } from './types';

/** An operator by id. */
export function operator(m: QueryModel, id: number): OperatorInfo | undefined {
  return m.query.operators.find((o) => o.id === id);
}

/** `Join`, or `Join (operator 2)` when the query has several operators of that kind. */
export function operatorName(m: QueryModel, id: number): string {
  const o = operator(m, id);
  if (!o) return `operator ${id}`;
  const same = m.query.operators.filter((x) => x.kind === o.kind).length;
  // A process table function by its function's name: `ProcessTableFunction SensorFusionPtf`.
  const fn = o.kind === 'ProcessTableFunction' ? ptfFunction(o) : null;
  const kind = fn ? `${o.kind} ${fn}` : o.kind;
  return same > 1 ? `${kind} (operator ${id})` : kind;
}

/** What flows out of an operator, in words: its table, or the tables it joins (`orders ⋈ Product`). */
export function inputName(m: QueryModel, id: number, depth = 0): string {
  const o = operator(m, id);
  if (!o || depth > 20) return `operator ${id}`;
  if (o.table) return o.table;
  if (!o.inputs.length) return o.kind;
  if (o.inputs.length > 1) return o.inputs.map((i) => inputName(m, i, depth + 1)).join(' ⋈ ');
  return inputName(m, o.inputs[0], depth + 1);
}

/**
 * The sides of a stateful operator's state, in input order (`OperatorInfo.sides`: `left` and
 * `right` of a binary join, the inputs of a MultiJoin, `key` of a ChangelogNormalize), each with
 * what it holds in words; then any side `seen` in the state that the operator does not list.
 */
export function sidesOf(m: QueryModel, id: number, seen: string[] = []): { side: string; label: string }[] {
  const o = operator(m, id);
  const out = (o?.sides ?? []).map((side, i) => ({
    side,
    label: o?.role === 'normalize' ? `latest row per key of ${inputName(m, id)}` : o && i < o.inputs.length ? inputName(m, o.inputs[i]) : side,
  }));
  for (const s of seen) if (!out.some((x) => x.side === s)) out.push({ side: s, label: s });
  return out;
}

// The steps of a big model, held by the page a block at a time (issue 16: steps kept in the
// worker and fetched by range). The worker keeps every step of the trace it ran; a model of more
// than LAZY_STEPS steps crosses to the page with only its first and last blocks of steps
// (engine/split.ts), the other positions of `model.steps` are holes, and the playground fetches
// the blocks a position needs before drawing it (`missingBlocks`, then `fillSteps`). What the
// panes read of a step they may not hold — its kind and its `# step` text, for the changelog's
// group heads and links — is in `heads` and the lanes' row marks (`stepHead`). A model that is
// not lazy holds every step (`lazy` null).

import type { Event, Step, StepKind } from '../trace';
import type { QueryModel, UnnestFan } from './types';

/** Steps per block, the unit fetched from the worker. */
export const STEP_BLOCK = 1000;

/** A model with more steps than this crosses without most of them. */
export const LAZY_STEPS = 20_000;

/** Where an event is: its step's index in `model.steps` (-1: the start step) and its index there. */
export type At = [number, number];

/** The event-keyed notes of the model (aggregation stages, deduplication's previous rows, UNNEST
 * fan-outs) by where their events are: applied to an event when its step arrives. */
export interface NotesAt {
  aggStage: [At, 'row' | 'local' | 'merge'][];
  dedupPrev: [At, string[] | null][];
  /** The fan-out by its index in `model.unnests`. */
  unnestOf: [At, number][];
}

/** One step's notes: its event index and the note. */
export interface StepNotes {
  aggStage: [number, 'row' | 'local' | 'merge'][];
  dedupPrev: [number, string[] | null][];
  /** The fan-out by its index in `model.unnests`. */
  unnestOf: [number, number][];
}

export interface LazySteps {
  /** The query's index in the trace (what the worker is asked for). */
  query: number;
  /** loaded[b]: steps b·STEP_BLOCK … (b+1)·STEP_BLOCK − 1 (indexes of `model.steps`) are held. */
  loaded: Uint8Array;
  /** Kind and text of each step that is not a table's row (whose row mark has its text). */
  heads: Map<number, { kind: StepKind; text: string }>;
  /** The notes of the steps not held yet, by step index. */
  notes: Map<number, StepNotes>;
}

/** The skeleton's notes by step index (-1: the start step). */
export function notesByStep(notes: NotesAt): Map<number, StepNotes> {
  const out = new Map<number, StepNotes>();
  const of = (si: number) => {
    let n = out.get(si);
    if (!n) out.set(si, (n = { aggStage: [], dedupPrev: [], unnestOf: [] }));
    return n;
  };
  for (const [[si, i], v] of notes.aggStage) of(si).aggStage.push([i, v]);
  for (const [[si, i], v] of notes.dedupPrev) of(si).dedupPrev.push([i, v]);
  for (const [[si, i], f] of notes.unnestOf) of(si).unnestOf.push([i, f]);
  return out;
}

/** Puts one step's notes on its events (the model's event-keyed maps). */
export function applyNotes(m: QueryModel, s: Step, n: StepNotes): void {
  for (const [i, v] of n.aggStage) note(m.events.aggStage, s.events[i], v);
  for (const [i, v] of n.dedupPrev) note(m.events.dedupPrev, s.events[i], v);
  for (const [i, f] of n.unnestOf) {
    const fan: UnnestFan | undefined = m.unnests[f];
    if (fan) note(m.unnestOf, s.events[i], fan);
  }
}

/** The blocks not held that positions `from` … `to` (1-based, clamped) need. */
export function missingBlocks(m: QueryModel, from: number, to: number): number[] {
  const lazy = m.lazy;
  if (!lazy) return [];
  const a = Math.max(1, from) - 1;
  const b = Math.min(m.steps.length, to) - 1;
  const out: number[] = [];
  for (let blk = Math.floor(a / STEP_BLOCK); blk <= Math.floor(b / STEP_BLOCK) && b >= a; blk++) if (!lazy.loaded[blk]) out.push(blk);
  return out;
}

/** Puts `steps` (indexes `from` … of `model.steps`, as the worker sent them) into the model, with
 * the links to them (the steps table's rows, the event-keyed notes), and marks their blocks held. */
export function fillSteps(m: QueryModel, from: number, steps: Step[]): void {
  const lazy = m.lazy;
  for (let k = 0; k < steps.length; k++) {
    const si = from + k;
    if (si >= m.steps.length) break;
    const s = steps[k];
    m.steps[si] = s;
    const info = m.info[si];
    if (info) info.step = s;
    if (si < m.dataSteps && m.query.steps.length > si) m.query.steps[si] = s;
    const n = lazy?.notes.get(si);
    if (n) {
      applyNotes(m, s, n);
      lazy?.notes.delete(si);
    }
  }
  if (!lazy) return;
  const end = from + steps.length;
  for (let blk = Math.floor(from / STEP_BLOCK); blk * STEP_BLOCK < end; blk++) {
    const a = blk * STEP_BLOCK;
    const b = Math.min(m.steps.length, a + STEP_BLOCK);
    if (a >= from && b <= end) lazy.loaded[blk] = 1;
  }
}

function note<V>(map: Map<Event, V>, e: Event | undefined, v: V): void {
  if (e) map.set(e, v);
}

/** Kind and `# step` text of position `pos`, whether or not the page holds its step. */
export function stepHead(m: QueryModel, pos: number): { kind: StepKind; text: string } | undefined {
  const s = pos === 0 ? m.start : m.steps[pos - 1];
  if (s) return s;
  const head = m.lazy?.heads.get(pos);
  if (head) return head;
  const row = m.rowsByPos[pos];
  return row ? { kind: 'row', text: row.text } : undefined;
}

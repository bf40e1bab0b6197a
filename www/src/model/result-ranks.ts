// Each changelog row's place in the result table's order, computed once with the model (in the
// worker, model/build.ts): the rank of its materialized line (`[v1, v2]`, the row's text without
// its kind) among all the distinct lines the query ever emits, in UTF-16 code-unit order (how
// Java's String.compareTo sorts the oracle's materialized blocks). With it the result table
// (result-table.ts) never sorts: the rows present after a step are the ranks whose count is
// above zero, read in rank order, so a slider jump costs what it applies, not a sort of 10^5 lines.

import type { OutputRow } from './types';

export interface ResultRanks {
  /** rank[i]: the rank of outputs[i]'s materialized line. */
  rank: Int32Array;
  /** The number of distinct lines (ranks run from 0 to count - 1). */
  count: number;
}

/** The materialized line of a changelog row: its text without the kind (`+I[…]` → `[…]`). */
export function lineOf(o: OutputRow): string {
  return o.text.slice(2);
}

/**
 * The ranks of `outputs`' lines. `sorted`: the query's materialized result as the trace gives it
 * (its lines in the same order), when there is one: for a result nothing is taken back from, it
 * holds every line emitted, so the distinct lines are read off it in order instead of sorted
 * (checked as it goes: it must be in order and hold exactly the lines emitted, else they are sorted).
 */
export function resultRanks(outputs: readonly OutputRow[], sorted: readonly string[] | null = null): ResultRanks {
  let appendOnly = true;
  for (let i = 0; i < outputs.length && appendOnly; i++) if (outputs[i].kind !== '+I') appendOnly = false;
  const read = appendOnly && sorted ? ranksOff(outputs, sorted) : null;
  if (read) return read;
  const ids = new Map<string, number>();
  const id = new Int32Array(outputs.length);
  const lines: string[] = [];
  outputs.forEach((o, i) => {
    const line = lineOf(o);
    let k = ids.get(line);
    if (k === undefined) {
      k = lines.length;
      ids.set(line, k);
      lines.push(line);
    }
    id[i] = k;
  });
  const rankOf = sortedRanks(lines, ids);
  const rank = new Int32Array(outputs.length);
  for (let i = 0; i < outputs.length; i++) rank[i] = rankOf[id[i]];
  return { rank, count: lines.length };
}

/** Each distinct line's rank, by sorting them (strings in code-unit order: the engine's fast path, no comparator). */
function sortedRanks(lines: string[], ids: Map<string, number>): Int32Array {
  const rankOf = new Int32Array(lines.length);
  lines
    .slice()
    .sort()
    .forEach((line, r) => {
      rankOf[ids.get(line) ?? 0] = r;
    });
  return rankOf;
}

/** The ranks of `outputs`' lines read off `sorted` (lines in order, repeats allowed), or null when
 * it is out of order or its distinct lines are not exactly the lines emitted (each line emitted
 * is one of them, and each of them is emitted). One map, from `sorted`'s lines to their ranks. */
function ranksOff(outputs: readonly OutputRow[], sorted: readonly string[]): ResultRanks | null {
  const rankOf = new Map<string, number>();
  let r = 0;
  let prev: string | null = null;
  for (const line of sorted) {
    if (prev !== null && line === prev) continue;
    if (prev !== null && !(prev < line)) return null;
    rankOf.set(line, r++);
    prev = line;
  }
  const rank = new Int32Array(outputs.length);
  const seen = new Uint8Array(r);
  let distinct = 0;
  for (let i = 0; i < outputs.length; i++) {
    const k = rankOf.get(lineOf(outputs[i]));
    if (k === undefined) return null;
    rank[i] = k;
    if (!seen[k]) {
      seen[k] = 1;
      distinct++;
    }
  }
  return distinct === r ? { rank, count: r } : null;
}

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

export function resultRanks(outputs: readonly OutputRow[]): ResultRanks {
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
  // Default sort: strings in code-unit order (the engine's fast path, no comparator).
  const sorted = lines.slice().sort();
  const rankOf = new Int32Array(lines.length);
  sorted.forEach((line, r) => {
    rankOf[ids.get(line) ?? 0] = r;
  });
  const rank = new Int32Array(outputs.length);
  for (let i = 0; i < outputs.length; i++) rank[i] = rankOf[id[i]];
  return { rank, count: lines.length };
}

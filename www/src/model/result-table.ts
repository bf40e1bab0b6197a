// The result table after a step: the changelog applied (+I/+U add a row, -U/-D remove one), as
// `[v1, v2]` lines sorted as the oracle sorts its materialized blocks. After the last data step
// it is the trace's `materialized_unbounded`; after the end of input, `materialized_bounded`.

import type { QueryModel } from './types';

export interface ResultRow {
  /** `[v1, v2]`, the oracle's materialized line. */
  text: string;
  row: string[];
}

/** Cached forward, so stepping is cheap; going back starts over. */
export class ResultTable {
  private pos = 0;
  private applied = 0;
  private rows = new Map<string, { row: string[]; count: number }>();
  private sorted: ResultRow[] | null = [];
  /** Retractions of a row the table did not hold, as the engine's materialization words them. */
  private absent: string[] = [];

  constructor(private readonly model: QueryModel) {}

  at(p: number): ResultRow[] {
    const end = this.model.outEnd[Math.max(0, Math.min(p, this.model.outEnd.length - 1))];
    if (end < this.applied) {
      this.rows.clear();
      this.absent = [];
      this.applied = 0;
      this.sorted = null;
    }
    for (let i = this.applied; i < end; i++) {
      const o = this.model.outputs[i];
      // `+I[…]` without its kind is the oracle's materialized line.
      const text = o.text.slice(2);
      const cur = this.rows.get(text);
      if (o.kind === '+I' || o.kind === '+U') {
        if (cur) cur.count++;
        else this.rows.set(text, { row: o.row, count: 1 });
      } else if (cur) {
        cur.count--;
        if (cur.count === 0) this.rows.delete(text);
      } else this.absent.push(`# WARNING retraction of absent row ${o.text}`);
      this.sorted = null;
    }
    this.applied = end;
    this.pos = p;
    if (!this.sorted) {
      const out: ResultRow[] = [];
      // Default sort: UTF-16 code-unit order, as Java's String.compareTo sorts the oracle's lines.
      const keys = [...this.rows.keys()].sort();
      for (const k of keys) {
        const r = this.rows.get(k);
        if (r) for (let i = 0; i < r.count; i++) out.push({ text: k, row: r.row });
      }
      this.sorted = out;
    }
    return this.sorted;
  }

  /** After the last `at(p)`: the retractions that found no row (e.g. an updating probe row looked
   * up again found another store row than its `+I` did). */
  get warnings(): string[] {
    return this.absent;
  }

  get step(): number {
    return this.pos;
  }
}

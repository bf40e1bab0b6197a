// The result table after a step: the changelog applied (+I/+U add a row, -U/-D remove one), as
// `[v1, v2]` lines sorted as the oracle sorts its materialized blocks. After the last data step
// it is the trace's `materialized_unbounded`; after the end of input, `materialized_bounded`.
//
// Moving costs what changed, in either direction, and never sorts: every line has its rank in
// the table's order from the model (`outRank`, result-ranks.ts); the table keeps a count per
// rank in a Fenwick tree, so the i-th row is found in O(log n). Going forward applies the rows
// in between; going back undoes them (each applied row remembers what it did: the line it
// created, or the retraction of an absent row it warned about), which gives exactly the table a
// replay from the start gives. A slider jump across 10^5 steps applies or undoes at most the
// rows in between (a few ms), instead of replaying from the start and sorting 10^5 lines.

import { lineOf, resultRanks } from './result-ranks';
import type { QueryModel } from './types';

export interface ResultRow {
  /** `[v1, v2]`, the oracle's materialized line. */
  text: string;
  row: string[];
}

/** The rows of the table at one position, read by index (drawn a slice at a time). */
export interface ResultRows {
  readonly length: number;
  /** Rows a..b-1 in the table's order. */
  slice(a: number, b: number): ResultRow[];
}

export class ResultTable {
  private pos = 0;
  /** Changelog rows applied: outputs[0..applied). */
  private applied = 0;
  private readonly rank: Int32Array;
  /** Copies of each rank's line held now. */
  private readonly count: Int32Array;
  /** Fenwick tree over `count` (1-based), for the i-th row and the total. */
  private readonly tree: Int32Array;
  private total = 0;
  /** The output whose row a rank's line shows: the insert that last made it present. */
  private readonly shownBy: Int32Array;
  /** For an insert that made its line present: the rank's previous `shownBy` (to undo it). */
  private readonly prevShownBy: Int32Array;
  /** What applying each output did: 1 it made its line present, 2 it warned (absent row). */
  private readonly did: Uint8Array;
  /** Retractions of a row the table did not hold, as the engine's materialization words them. */
  private readonly absent: string[] = [];
  private view: ResultRows | null = null;

  constructor(private readonly model: QueryModel) {
    // (a model without its ranks — they did not come after it: engine/client.ts — makes them here)
    const ranks = model.outRank && model.outRank.length === model.outputs.length ? { rank: model.outRank, count: model.rankCount } : resultRanks(model.outputs, model.query.materialized_bounded ?? model.query.materialized_unbounded ?? null);
    this.rank = ranks.rank;
    this.count = new Int32Array(ranks.count);
    this.tree = new Int32Array(ranks.count + 1);
    this.shownBy = new Int32Array(ranks.count).fill(-1);
    this.prevShownBy = new Int32Array(model.outputs.length).fill(-1);
    this.did = new Uint8Array(model.outputs.length);
  }

  /** The table after position p. */
  at(p: number): ResultRows {
    const end = this.model.outEnd[Math.max(0, Math.min(p, this.model.outEnd.length - 1))];
    if (end !== this.applied) this.view = null;
    while (this.applied < end) this.apply(this.applied++);
    while (this.applied > end) this.undo(--this.applied);
    this.pos = p;
    if (!this.view) this.view = this.snapshot();
    return this.view;
  }

  private add(r: number, d: number): void {
    this.count[r] += d;
    this.total += d;
    for (let i = r + 1; i < this.tree.length; i += i & -i) this.tree[i] += d;
  }

  private apply(i: number): void {
    const o = this.model.outputs[i];
    const r = this.rank[i];
    if (o.kind === '+I' || o.kind === '+U') {
      if (this.count[r] === 0) {
        this.prevShownBy[i] = this.shownBy[r];
        this.shownBy[r] = i;
        this.did[i] = 1;
      } else this.did[i] = 0;
      this.add(r, 1);
    } else if (this.count[r] > 0) {
      this.did[i] = 0;
      this.add(r, -1);
    } else {
      this.did[i] = 2;
      this.absent.push(`# WARNING retraction of absent row ${o.text}`);
    }
  }

  private undo(i: number): void {
    const o = this.model.outputs[i];
    const r = this.rank[i];
    if (o.kind === '+I' || o.kind === '+U') {
      this.add(r, -1);
      if (this.did[i] === 1) this.shownBy[r] = this.prevShownBy[i];
    } else if (this.did[i] === 2) this.absent.pop();
    else this.add(r, 1);
  }

  /** The rank holding row k (0-based; k < total): the first rank whose prefix count exceeds k. */
  private rankOfRow(k: number): number {
    let at = 0;
    let left = k;
    let bit = 1;
    while (bit * 2 < this.tree.length) bit *= 2;
    for (; bit > 0; bit >>= 1) {
      const next = at + bit;
      if (next < this.tree.length && this.tree[next] <= left) {
        at = next;
        left -= this.tree[next];
      }
    }
    return at;
  }

  /** Rows before rank r (the prefix count of ranks 0..r-1). */
  private rowsBefore(r: number): number {
    let s = 0;
    for (let i = r; i > 0; i -= i & -i) s += this.tree[i];
    return s;
  }

  /** A read-only view of the table as it is now (valid until the next move). */
  private snapshot(): ResultRows {
    const length = this.total;
    const outputs = this.model.outputs;
    return {
      length,
      slice: (a: number, b: number): ResultRow[] => {
        const out: ResultRow[] = [];
        const to = Math.min(b, length);
        let k = Math.max(0, a);
        while (k < to) {
          const r = this.rankOfRow(k);
          const o = outputs[this.shownBy[r]];
          const row: ResultRow = { text: lineOf(o), row: o.row };
          // This rank's copies from row k on.
          const upto = Math.min(to, this.rowsBefore(r) + this.count[r]);
          for (; k < upto; k++) out.push(row);
        }
        return out;
      },
    };
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

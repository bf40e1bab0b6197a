// Reads the engine's packed trace (crates/engine/src/trace/pack.rs; docs/trace.md "Packed"): the
// trace's values as bytes, every string stored once. The worker keeps the bytes of a load and
// decodes the header at once and each step only when it is needed (the model's build reads the
// steps one after the other, the page's step blocks a range at a time), so a run of 10^5–10^6 steps
// never lives as millions of objects. A decoded value is exactly the trace's JSON (`null` for an
// absent optional field), so the rest of the page reads it through the types of ../trace.ts.

import type { StepSource } from '../model/build';
import type { ScriptTrace, StateSummary, Step } from '../trace';

const MAGIC = 0x31504c4a; // "JLP1", little-endian

/** What a lean step has instead of the fields the model's build does not read (`leanStep`). The
 * empty list is shared by every lean step (nothing changes it). */
const LEAN: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, { summary: '', watermarks: [] });
/** What a lean step's events have instead of their texts (a watermark's, an expiry's reason):
 * nothing the model's build reads. */
const LEAN_EVENT: Record<string, unknown> = Object.assign(Object.create(null) as Record<string, unknown>, { text: '', reason: '' });
/** Per blank (LEAN, LEAN_EVENT), per shape (its field names): which fields are skipped. */
const leanMasks = new WeakMap<Record<string, unknown>, WeakMap<string[], Uint8Array>>();

/** A section of the layout: [offset, length] in bytes. */
type Section = [number, number];

/** The string table: each chunk decoded once, each string cut from it the first time it is read. */
class Strings {
  private readonly cache: (string | undefined)[];
  private readonly chunkText: (string | undefined)[] = [];
  /** Per string: its chunk's index. */
  private readonly chunkOf: Uint32Array;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly ends: Uint32Array,
    /** Per chunk: its first string id. */
    private readonly starts: number[],
    /** Per chunk: its byte end in `bytes`. */
    private readonly chunkEnds: Uint32Array,
  ) {
    this.cache = new Array(ends.length);
    this.chunkOf = new Uint32Array(ends.length);
    for (let c = 0; c < starts.length; c++) this.chunkOf.fill(c, starts[c], c + 1 < starts.length ? starts[c + 1] : ends.length);
  }

  get(id: number): string {
    const hit = this.cache[id];
    if (hit !== undefined) return hit;
    const c = this.chunkOf[id];
    let text = this.chunkText[c];
    if (text === undefined) {
      const lo = c === 0 ? 0 : this.chunkEnds[c - 1];
      text = new TextDecoder().decode(this.bytes.subarray(lo, this.chunkEnds[c]));
      this.chunkText[c] = text;
    }
    const from = id === this.starts[c] ? 0 : this.ends[id - 1];
    const s = text.substring(from, this.ends[id]);
    // (a long string — a step's sentence — is stored once per use and read once: not kept)
    if (s.length <= 96) this.cache[id] = s;
    return s;
  }
}

/** The row table: each row (an array of strings) made once and shared by every value that is it
 * (the trace's rows and keys are never changed in place by the page). */
class Rows {
  private readonly cache: (string[] | undefined)[];

  constructor(
    private readonly strings: Strings,
    private readonly ids: Uint32Array,
    private readonly ends: Uint32Array,
  ) {
    this.cache = new Array(ends.length);
  }

  get(row: number): string[] {
    const hit = this.cache[row];
    if (hit) return hit;
    const from = row === 0 ? 0 : this.ends[row - 1];
    const to = this.ends[row];
    const out = new Array<string>(to - from);
    for (let i = from; i < to; i++) out[i - from] = this.strings.get(this.ids[i]);
    this.cache[row] = out;
    return out;
  }
}

/** The lineage table: each lineage (an array of step numbers) made once and shared (never changed
 * in place by the page). */
class Lineages {
  private readonly cache: (number[] | undefined)[];

  constructor(
    private readonly items: Uint32Array,
    private readonly ends: Uint32Array,
  ) {
    this.cache = new Array(ends.length);
  }

  get(id: number): number[] {
    const hit = this.cache[id];
    if (hit) return hit;
    const out = Array.from(this.items.subarray(id === 0 ? 0 : this.ends[id - 1], this.ends[id]));
    this.cache[id] = out;
    return out;
  }
}

/** Reads values (the module doc of pack.rs) from a byte range. */
class Reader {
  p = 0;
  constructor(
    private readonly b: Uint8Array,
    private readonly strings: Strings,
    /** Per shape: its field names. */
    private readonly shapes: string[][],
    private readonly rows: Rows,
    private readonly lineages: Lineages,
  ) {}

  private varint(): number {
    const b = this.b;
    let x = b[this.p++];
    if (x < 0x80) return x;
    let v = x & 0x7f;
    let mul = 128;
    for (;;) {
      x = b[this.p++];
      v += (x & 0x7f) * mul;
      if (x < 0x80) return v;
      mul *= 128;
    }
  }

  /** Skips one value. */
  skip(): void {
    const tag = this.b[this.p++];
    switch (tag) {
      case 3:
      case 4:
      case 6:
      case 10:
      case 11:
        this.varint();
        return;
      case 5:
        this.p += 8;
        return;
      case 7: {
        const n = this.varint();
        for (let i = 0; i < n; i++) this.skip();
        return;
      }
      case 8:
        for (;;) {
          if (this.varint() === 0) return;
          this.skip();
        }
      case 9: {
        const keys = this.shapes[this.b[this.p] | (this.b[this.p + 1] << 8)];
        this.p += 2;
        for (let i = 0; i < keys.length; i++) this.skip();
        return;
      }
      default:
        if (tag > 2) throw new Error(`the packed trace is damaged (tag ${tag} at byte ${this.p - 1})`);
    }
  }

  /** Field `name` of the object here (a shaped one), without decoding the others; undefined when it has none. */
  field(name: string): unknown {
    if (this.b[this.p] !== 9) return (this.value() as Record<string, unknown> | null)?.[name];
    const keys = this.shapes[this.b[this.p + 1] | (this.b[this.p + 2] << 8)];
    this.p += 3;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === name) return this.value();
      this.skip();
    }
    return undefined;
  }

  /** The shaped object here without the fields `LEAN` names (not decoded: each is given LEAN's value). */
  lean(): unknown {
    return this.shapedWithout(LEAN, (k) => (k === 'events' ? this.leanEvents() : this.value()));
  }

  /** An `events` array whose events lack the texts no pass of the build reads (LEAN_EVENT). */
  private leanEvents(): unknown {
    if (this.b[this.p] !== 7) return this.value();
    this.p++;
    const n = this.varint();
    const a = new Array(n);
    for (let i = 0; i < n; i++) a[i] = this.shapedWithout(LEAN_EVENT, () => this.value());
    return a;
  }

  /** The shaped object here, its fields that `blank` names skipped (each given `blank`'s value),
   * the others read by `read` (given the field's name). */
  private shapedWithout(blank: Record<string, unknown>, read: (k: string) => unknown): unknown {
    if (this.b[this.p] !== 9) return this.value();
    const keys = this.shapes[this.b[this.p + 1] | (this.b[this.p + 2] << 8)];
    this.p += 3;
    let masks = leanMasks.get(blank);
    if (!masks) leanMasks.set(blank, (masks = new WeakMap()));
    let mask = masks.get(keys);
    if (!mask) {
      mask = Uint8Array.from(keys, (k) => (k in blank ? 1 : 0));
      masks.set(keys, mask);
    }
    const o: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      if (mask[i]) {
        this.skip();
        o[keys[i]] = blank[keys[i]];
      } else o[keys[i]] = read(keys[i]);
    }
    return o;
  }

  value(): unknown {
    const tag = this.b[this.p++];
    switch (tag) {
      case 0:
        return null;
      case 1:
        return false;
      case 2:
        return true;
      case 3:
        return this.varint();
      case 4:
        return -1 - this.varint();
      case 5: {
        const v = new DataView(this.b.buffer, this.b.byteOffset + this.p, 8).getFloat64(0, true);
        this.p += 8;
        return v;
      }
      case 6:
        return this.strings.get(this.varint());
      case 7: {
        const n = this.varint();
        const a = new Array(n);
        for (let i = 0; i < n; i++) a[i] = this.value();
        return a;
      }
      case 8: {
        const o: Record<string, unknown> = {};
        for (;;) {
          const k = this.varint();
          if (k === 0) return o;
          o[this.strings.get(k - 1)] = this.value();
        }
      }
      case 9: {
        const keys = this.shapes[this.b[this.p] | (this.b[this.p + 1] << 8)];
        this.p += 2;
        const o: Record<string, unknown> = {};
        for (let i = 0; i < keys.length; i++) o[keys[i]] = this.value();
        return o;
      }
      case 10:
        return this.rows.get(this.varint());
      case 11:
        return this.lineages.get(this.varint());
      default:
        throw new Error(`the packed trace is damaged (tag ${tag} at byte ${this.p - 1})`);
    }
  }
}

/** A packed script (`Session.load`'s bytes): its header and its queries' steps, read on demand. */
export class PackedTrace {
  private readonly strings: Strings;
  private readonly sections: Section[] = [];
  private readonly offsets: Uint32Array[] = [];
  private readonly shapes: string[][] = [];
  private readonly rows: Rows;
  private readonly lineages: Lineages;

  constructor(readonly bytes: Uint8Array) {
    // (the u32 sections are read through Uint32Array views, which need 4-byte alignment)
    if (bytes.byteOffset % 4) this.bytes = bytes = bytes.slice();
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 8 || dv.getUint32(0, true) !== MAGIC) throw new Error('not a packed trace');
    const n = dv.getUint32(4, true);
    for (let i = 0; i < n; i++) this.sections.push([dv.getUint32(8 + 8 * i, true), dv.getUint32(12 + 8 * i, true)]);
    const u32 = (s: Section) => new Uint32Array(bytes.buffer, bytes.byteOffset + s[0], s[1] / 4);
    const starts = [0, ...u32(this.sections[2])];
    this.strings = new Strings(this.range(this.sections[3]), u32(this.sections[1]), starts, u32(this.sections[4]));
    const raw = u32(this.sections[5]);
    // (each name as the engine's own property key: `Object.keys` gives the internalized string, so
    // storing a field does not look the name up again)
    const key = (k: string) => Object.keys({ [k]: 0 })[0];
    for (let i = 0; i < raw.length; i += 1 + raw[i]) this.shapes.push(Array.from(raw.subarray(i + 1, i + 1 + raw[i]), (k) => key(this.strings.get(k))));
    this.rows = new Rows(this.strings, u32(this.sections[6]), u32(this.sections[7]));
    this.lineages = new Lineages(u32(this.sections[8]), u32(this.sections[9]));
    for (let s = 11; s < n; s += 3) this.offsets.push(u32(this.sections[s]));
  }

  private range(s: Section): Uint8Array {
    return this.bytes.subarray(s[0], s[0] + s[1]);
  }

  /** The header: the whole trace with each query's `steps` empty (its `start` and `end` steps
   * are put back in: they are packed apart). */
  header(): ScriptTrace {
    const t = new Reader(this.range(this.sections[0]), this.strings, this.shapes, this.rows, this.lineages).value() as ScriptTrace;
    t.queries.forEach((q, qi) => {
      const s = this.sections[12 + 3 * qi];
      if (!s) return;
      const [start, end] = new Reader(this.range(s), this.strings, this.shapes, this.rows, this.lineages).value() as (Step | null)[];
      q.start = start;
      q.end = end;
    });
    return t;
  }

  /** A value packed alone (`Session.stateAt`'s answer). */
  value<T>(): T {
    return new Reader(this.range(this.sections[0]), this.strings, this.shapes, this.rows, this.lineages).value() as T;
  }

  /** The number of data steps of query `q` (0-based). */
  stepCount(q: number): number {
    return this.offsets[q]?.length ?? 0;
  }

  /** Data step `i` (0-based) of query `q`, decoded anew. */
  step(q: number, i: number): Step {
    const r = new Reader(this.range(this.sections[10 + 3 * q]), this.strings, this.shapes, this.rows, this.lineages);
    r.p = this.offsets[q][i];
    return r.value() as Step;
  }

  /** Data step `i` of query `q` without what the model's build does not read (its `summary` and
   * `watermarks` notes, its events' `text` and `reason`: empty), for a step the model does not
   * keep (nor sends: the page's steps come whole, `modelSteps`). */
  leanStep(q: number, i: number): Step {
    const r = new Reader(this.range(this.sections[10 + 3 * q]), this.strings, this.shapes, this.rows, this.lineages);
    r.p = this.offsets[q][i];
    return r.lean() as Step;
  }

  /** Data steps `from` … `to` − 1 of query `q`. */
  steps(q: number, from: number, to: number): Step[] {
    const out: Step[] = [];
    const offs = this.offsets[q];
    if (!offs) return out;
    const r = new Reader(this.range(this.sections[10 + 3 * q]), this.strings, this.shapes, this.rows, this.lineages);
    for (let i = Math.max(0, from); i < Math.min(offs.length, to); i++) {
      r.p = offs[i];
      out.push(r.value() as Step);
    }
    return out;
  }

  /** The tables of query `q`'s row steps, in first-seen order (each step's `kind` and `table`
   * read, nothing else decoded). */
  stepTables(q: number): string[] {
    const out: string[] = [];
    const offs = this.offsets[q];
    if (!offs) return out;
    const r = new Reader(this.range(this.sections[10 + 3 * q]), this.strings, this.shapes, this.rows, this.lineages);
    for (let i = 0; i < offs.length; i++) {
      r.p = offs[i];
      const kind = r.field('kind');
      r.p = offs[i];
      const table = r.field('table');
      if (kind === 'row' && typeof table === 'string' && !out.includes(table)) out.push(table);
    }
    return out;
  }

  /** Query `q`'s model steps (its data steps, then its end: `header` gives the end), as the model's
   * build reads them (model/build.ts `StepSource`), each decoded when it is read. */
  source(q: number, header: ScriptTrace): StepSource {
    const n = this.stepCount(q);
    const end = header.queries[q]?.end ?? null;
    return {
      count: n + (end ? 1 : 0),
      at: (i) => (i < n ? this.step(q, i) : (end as Step)),
      lean: (i) => (i < n ? this.leanStep(q, i) : (end as Step)),
      tables: () => {
        const t = this.stepTables(q);
        if (end?.kind === 'row' && end.table && !t.includes(end.table)) t.push(end.table);
        return t;
      },
    };
  }

  /** Model steps `from` … `to` − 1 of query `q`: its data steps, then its end (from `header`). */
  modelSteps(q: number, header: ScriptTrace, from: number, to: number): Step[] {
    const n = this.stepCount(q);
    const out = this.steps(q, from, Math.min(to, n));
    const end = header.queries[q]?.end;
    if (end && from <= n && to > n) out.push(end);
    return out;
  }

  /** Each step's `state` of query `q` (its data steps, then its end), nothing else decoded. */
  stateOf(q: number, header: ScriptTrace): StateSummary[][] {
    const out: StateSummary[][] = [];
    const offs = this.offsets[q] ?? new Uint32Array(0);
    const r = new Reader(this.range(this.sections[10 + 3 * q]), this.strings, this.shapes, this.rows, this.lineages);
    for (let i = 0; i < offs.length; i++) {
      r.p = offs[i];
      out.push((r.field('state') as StateSummary[] | undefined) ?? []);
    }
    const end = header.queries[q]?.end;
    if (end) out.push(end.state);
    return out;
  }

  /** The whole trace, every step decoded (small traces, tests). */
  all(): ScriptTrace {
    const t = this.header();
    t.queries.forEach((q, qi) => {
      q.steps = this.steps(qi, 0, this.stepCount(qi));
    });
    return t;
  }
}

/** A packed value's contents (`Session.stateAt`). */
export function unpackValue<T>(bytes: Uint8Array): T {
  return new PackedTrace(bytes).value<T>();
}

/** A packed trace, every step decoded. */
export function unpackTrace(bytes: Uint8Array): ScriptTrace {
  return new PackedTrace(bytes).all();
}

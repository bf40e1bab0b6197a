// The data pane's view of the script: generated tables are configured by the script's own text
// (a datagen table's `WITH (…)` options, a query's `/*+ OPTIONS('number-of-rows' = 'N') */`
// hint), so the editor stays the single source of truth. This module finds those places
// (skipping comments, string contents and `@` data lines) and edits them in place.

export type TokKind = 'ws' | 'comment' | 'hint' | 'string' | 'word' | 'punct' | 'data';

export interface Tok {
  kind: TokKind;
  from: number;
  to: number;
  text: string;
}

/** Whether char code `c` is whitespace as a regular expression's `\s` reads it. */
function isSpace(c: number): boolean {
  return (
    (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 5760 || (c >= 8192 && c <= 8202) || c === 8232 || c === 8233 || c === 8239 || c === 8287 || c === 12288 || c === 65279
  );
}

/** Whether char code `c` is one of `[A-Za-z_$0-9]`. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;
}

/** Where a scan stands: the next char, and whether it starts a line. */
interface ScanState {
  i: number;
  lineStart: boolean;
}

/** Scans `s` from `st` into tokens, calling `emit` for each, until the end or until `emit` returns
 * true (`st` then says where to go on). By char codes: a 10 MB script in a few hundred ms, no
 * per-character strings. */
function scan(s: string, emit: (kind: TokKind, from: number, to: number) => boolean, st: ScanState = { i: 0, lineStart: true }): void {
  let i = st.i;
  let lineStart = st.lineStart;
  const n = s.length;
  while (i < n) {
    const c = s.charCodeAt(i);
    const from = i;
    let kind: TokKind;
    if (c === 10 || c === 32 || c === 9 || c === 13) {
      while (i < n && isSpace(s.charCodeAt(i))) {
        if (s.charCodeAt(i) === 10) lineStart = true;
        i++;
      }
      kind = 'ws';
    } else if (lineStart && c === 64 /* @ */) {
      // A data line of the oracle's format: opaque to SQL.
      const nl = s.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      kind = 'data';
    } else {
      lineStart = false;
      const next = s.charCodeAt(i + 1);
      if (c === 45 /* - */ && next === 45) {
        const nl = s.indexOf('\n', i);
        i = nl < 0 ? n : nl;
        kind = 'comment';
      } else if (c === 47 /* / */ && next === 42 /* * */) {
        const end = s.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
        kind = s.charCodeAt(from + 2) === 43 /* + */ ? 'hint' : 'comment';
      } else if (c === 39 /* ' */) {
        i++;
        for (;;) {
          const q = s.indexOf("'", i);
          if (q < 0) {
            i = n;
            break;
          }
          if (s.charCodeAt(q + 1) === 39) i = q + 2;
          else {
            i = q + 1;
            break;
          }
        }
        kind = 'string';
      } else if (c === 96 /* ` */) {
        const end = s.indexOf('`', i + 1);
        i = end < 0 ? n : end + 1;
        kind = 'word';
      } else if (isWordChar(c)) {
        i++;
        while (i < n && isWordChar(s.charCodeAt(i))) i++;
        kind = 'word';
      } else {
        i++;
        kind = 'punct';
      }
    }
    if (emit(kind, from, i)) break;
  }
  st.i = i;
  st.lineStart = lineStart;
}

/** SQL tokens of a script: comments, `/*+ … *\/` hints, strings, words, punctuation, `@` lines. */
export function tokenize(s: string): Tok[] {
  const out: Tok[] = [];
  scan(s, (kind, from, to) => {
    out.push({ kind, from, to, text: s.slice(from, to) });
    return false;
  });
  return out;
}

/** A word's identifier text (backticks removed). */
const ident = (t: Tok) => (t.text.startsWith('`') ? t.text.slice(1, -1).replace(/``/g, '`') : t.text);
const strValue = (t: Tok) => t.text.slice(1, t.text.endsWith("'") && t.text.length > 1 ? -1 : undefined).replace(/''/g, "'");
const isWord = (t: Tok | undefined, w: string) => !!t && t.kind === 'word' && t.text.toUpperCase() === w;

export interface Statement {
  from: number;
  to: number;
  /** Significant tokens (no whitespace, comments, data lines; hints kept). */
  toks: Tok[];
}

/** The last scripts split, so the data pane reads a script once per text version (its
 * controls each look up a table or a hint: a 5 MB script must not be tokenized per control). */
const memo: { script: string; statements: Statement[] }[] = [];

/** Statements, split at `;` (memoized per script text; do not mutate the result). */
export function statements(script: string): Statement[] {
  const m = memo.find((x) => x.script === script);
  if (m) return m.statements;
  const sp = new Splitter(script);
  sp.step(Infinity);
  return remember(script, sp.out);
}

function remember(script: string, split: Statement[]): Statement[] {
  memo.unshift({ script, statements: split });
  if (memo.length > 2) memo.pop();
  return split;
}

/** Splits `script`'s statements into the memo a slice of about `sliceChars` at a time, one task
 * each, so that a big script is split before a pane needs it without a long task (100,000
 * INSERT lines, 8.5 MB: 200–350 ms in one task in Chromium); `cancelled` stops it. */
export function statementsInSlices(script: string, cancelled: () => boolean, sliceChars = 500_000, onDone?: (split: Statement[]) => void): void {
  const sp = new Splitter(script);
  const next = () => {
    if (cancelled() || memo.some((x) => x.script === script)) return;
    if (!sp.step(sp.at + sliceChars)) {
      setTimeout(next, 0);
      return;
    }
    remember(script, sp.out);
    onDone?.(sp.out);
  };
  setTimeout(next, 0);
}

/** A split of a script into statements that can stop between any two tokens and go on. */
class Splitter {
  readonly out: Statement[] = [];
  private cur: Tok[] = [];
  private from = -1;
  private readonly st: ScanState = { i: 0, lineStart: true };

  constructor(private readonly script: string) {}

  /** Where the split stands (a char offset). */
  get at(): number {
    return this.st.i;
  }

  /** Splits on to about char `until` (the end of the token there); true when the script is done. */
  step(until: number): boolean {
    const s = this.script;
    // only the significant tokens are made (whitespace, comments and data lines are most of a
    // script with data in it)
    scan(
      s,
      (kind, tFrom, tTo) => {
        if (kind === 'ws' || kind === 'comment' || kind === 'data') return tTo >= until;
        if (this.from < 0) this.from = tFrom;
        if (kind === 'punct' && s.charCodeAt(tFrom) === 59 /* ; */) {
          if (this.cur.length) this.out.push({ from: this.from, to: tTo, toks: this.cur });
          this.cur = [];
          this.from = -1;
        } else this.cur.push({ kind, from: tFrom, to: tTo, text: s.slice(tFrom, tTo) });
        return tTo >= until;
      },
      this.st,
    );
    if (this.st.i < s.length) return false;
    if (this.cur.length) this.out.push({ from: this.from, to: s.length, toks: this.cur });
    this.cur = [];
    return true;
  }
}

export interface OptionPair {
  key: string;
  value: string;
  /** Offsets of the pair (`'key' = 'value'`) and of the value's text inside its quotes. */
  from: number;
  to: number;
  valueFrom: number;
  valueTo: number;
}

export interface CreateTable {
  name: string;
  /** Columns written as `name TYPE` (not computed, metadata, WATERMARK or constraints). */
  physical: string[];
  /** The `WITH (` … `)` parentheses (offsets of `(` and `)`), or null. */
  withOpen: number | null;
  withClose: number | null;
  options: OptionPair[];
  stmt: Statement;
}

/** Index of the token closing the parenthesis opened at toks[i]. */
function matching(toks: Tok[], i: number): number {
  let depth = 0;
  for (let j = i; j < toks.length; j++) {
    if (toks[j].kind !== 'punct') continue;
    if (toks[j].text === '(') depth++;
    else if (toks[j].text === ')' && --depth === 0) return j;
  }
  return toks.length - 1;
}

/** A qualified name starting at toks[i]: `a.b.c` → ['a', 'b', 'c'] and the index after it. */
function qualifiedName(toks: Tok[], i: number): { parts: string[]; next: number } {
  const parts: string[] = [];
  while (i < toks.length && toks[i].kind === 'word') {
    parts.push(ident(toks[i]));
    if (toks[i + 1]?.kind === 'punct' && toks[i + 1].text === '.' && toks[i + 2]?.kind === 'word') i += 2;
    else {
      i++;
      break;
    }
  }
  return { parts, next: i };
}

/** The `CREATE TABLE` statements of a script, with their columns and WITH options. */
export function createTables(script: string): CreateTable[] {
  const out: CreateTable[] = [];
  for (const st of statements(script)) {
    const t = st.toks;
    if (!isWord(t[0], 'CREATE')) continue;
    let i = 1;
    if (isWord(t[i], 'TEMPORARY')) i++;
    if (!isWord(t[i], 'TABLE')) continue;
    i++;
    if (isWord(t[i], 'IF') && isWord(t[i + 1], 'NOT') && isWord(t[i + 2], 'EXISTS')) i += 3;
    const { parts, next } = qualifiedName(t, i);
    if (!parts.length) continue;
    i = next;
    const physical: string[] = [];
    if (t[i]?.kind === 'punct' && t[i].text === '(') {
      const close = matching(t, i);
      // Column definitions: split at the commas of depth 1.
      let start = i + 1;
      let depth = 0;
      for (let j = i + 1; j <= close; j++) {
        const x = t[j];
        if (x.kind === 'punct' && x.text === '(') depth++;
        else if (x.kind === 'punct' && x.text === ')' && j !== close) depth--;
        if (j === close || (depth === 0 && x.kind === 'punct' && x.text === ',')) {
          const def = t.slice(start, j);
          const first = def[0];
          const kw = first?.kind === 'word' ? first.text.toUpperCase() : '';
          const computed = isWord(def[1], 'AS');
          const metadata = def.some((d) => isWord(d, 'METADATA'));
          if (first && first.kind === 'word' && !computed && !metadata && !['WATERMARK', 'PRIMARY', 'CONSTRAINT'].includes(kw)) physical.push(ident(first));
          start = j + 1;
        }
      }
      i = close + 1;
    }
    // WITH ( … ) at depth 0.
    let withOpen: number | null = null;
    let withClose: number | null = null;
    const options: OptionPair[] = [];
    for (let j = i; j < t.length; j++) {
      if (isWord(t[j], 'WITH') && t[j + 1]?.kind === 'punct' && t[j + 1].text === '(') {
        const close = matching(t, j + 1);
        withOpen = t[j + 1].from;
        withClose = t[close].from;
        for (let k = j + 2; k < close; k++) {
          const a = t[k];
          const eq = t[k + 1];
          const b = t[k + 2];
          if (a.kind === 'string' && eq?.kind === 'punct' && eq.text === '=' && b?.kind === 'string') {
            options.push({ key: strValue(a).toLowerCase(), value: strValue(b), from: a.from, to: b.to, valueFrom: b.from + 1, valueTo: b.to - 1 });
            k += 2;
          }
        }
        break;
      }
    }
    out.push({ name: parts.join('.'), physical, withOpen, withClose, options, stmt: st });
  }
  return out;
}

/** Whether a trace's table name is the one a script names (`orders` for `examples.marketplace.orders` after USE). */
export function sameTable(traceName: string, written: string): boolean {
  const a = traceName.toLowerCase();
  const b = written.toLowerCase();
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

/** The CREATE TABLE of a table (the last one, as a later CREATE would fail anyway). */
export function findCreateTable(script: string, table: string): CreateTable | null {
  const all = createTables(script).filter((c) => sameTable(table, c.name));
  return all.length ? all[all.length - 1] : null;
}

/** How a table gets its rows, as far as the script says. */
export type TableOrigin = 'examples' | 'datagen' | 'quickstart' | 'avro' | 'script' | 'connector';

export function tableOrigin(script: string, table: string): TableOrigin {
  if (/^examples\./i.test(table)) return 'examples';
  const c = findCreateTable(script, table);
  if (!c) return 'script';
  const opt = (k: string) => c.options.find((o) => o.key === k)?.value;
  const connector = opt('connector');
  if (!connector) return 'script';
  if (connector.toLowerCase() !== 'datagen') return 'connector';
  if (opt('quickstart') !== undefined) return 'quickstart';
  if (opt('schema.string') !== undefined) return 'avro';
  return 'datagen';
}

/** The value of a table's WITH option, or null. */
export function tableOption(script: string, table: string, key: string): string | null {
  return findCreateTable(script, table)?.options.find((o) => o.key === key.toLowerCase())?.value ?? null;
}

const lineIndent = (script: string, at: number) => {
  const ls = script.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*/.exec(script.slice(ls))?.[0] ?? '';
};

const quote = (v: string) => `'${v.replace(/'/g, "''")}'`;

/** Offset of the first `,` between two offsets (outside comments), or -1. */
function commaBetween(s: string, from: number, to: number): number {
  for (const t of tokenize(s.slice(from, to))) if (t.kind === 'punct' && t.text === ',') return from + t.from;
  return -1;
}

function removeOption(script: string, table: string, key: string): string {
  const c = findCreateTable(script, table);
  if (!c) return script;
  const opts = c.options;
  const i = opts.findIndex((o) => o.key === key);
  if (i < 0) return script;
  const s = script;
  const o = opts[i];
  const prev = opts[i - 1];
  const next = opts[i + 1];
  const ls = s.lastIndexOf('\n', o.from - 1) + 1;
  const nl = s.indexOf('\n', o.to);
  const le = nl < 0 ? s.length : nl;
  const alone =
    s.slice(ls, o.from).trim() === '' &&
    tokenize(s.slice(o.to, le)).every((t) => t.kind === 'ws' || t.kind === 'comment' || (t.kind === 'punct' && t.text === ','));
  if (alone) {
    // The pair's whole line goes; when it was the last pair, so does the comma before it.
    let out = s.slice(0, ls) + s.slice(nl < 0 ? le : le + 1);
    if (!next && prev) {
      const comma = commaBetween(s, prev.to, ls);
      if (comma >= 0) out = out.slice(0, comma) + out.slice(comma + 1);
    }
    return out;
  }
  if (next) {
    const comma = commaBetween(s, o.to, next.from);
    let end = comma >= 0 ? comma + 1 : o.to;
    while (s[end] === ' ' || s[end] === '\t') end++;
    return s.slice(0, o.from) + s.slice(end);
  }
  if (prev) {
    const comma = commaBetween(s, prev.to, o.from);
    return s.slice(0, comma >= 0 ? comma : prev.to) + s.slice(o.to);
  }
  return s.slice(0, o.from) + s.slice(o.to);
}

/**
 * The script with a table's WITH option set (value) or removed (null); `conflicts` are options
 * removed first (e.g. `rows-per-second` when the interval is set). Unchanged when the table has
 * no WITH clause.
 */
export function writeTableOption(script: string, table: string, key: string, value: string | null, conflicts: string[] = []): string {
  key = key.toLowerCase();
  let s = script;
  for (const k of conflicts) s = removeOption(s, table, k.toLowerCase());
  if (value === null) return removeOption(s, table, key);
  const c = findCreateTable(s, table);
  if (!c || c.withOpen === null || c.withClose === null) return script;
  const cur = c.options.find((o) => o.key === key);
  if (cur) return s.slice(0, cur.valueFrom) + value.replace(/'/g, "''") + s.slice(cur.valueTo);
  const pair = `${quote(key)} = ${quote(value)}`;
  const last = c.options[c.options.length - 1];
  if (!last) return `${s.slice(0, c.withOpen + 1)}${pair}${s.slice(c.withClose)}`;
  const nl = s.indexOf('\n', last.to);
  const closeOnLaterLine = nl >= 0 && nl < c.withClose;
  if (!closeOnLaterLine) return `${s.slice(0, last.to)}, ${pair}${s.slice(last.to)}`;
  // One option per line: a comma after the last pair (before any comment), the new pair on
  // its own line below with the same indentation.
  return `${s.slice(0, last.to)},${s.slice(last.to, nl)}\n${lineIndent(s, last.from)}${pair}${s.slice(nl)}`;
}

export interface RowsHint {
  /** The table as the query names it. */
  table: string;
  value: string;
  valueFrom: number;
  valueTo: number;
}

/** The statement that starts at (or contains) a 1-based script line. */
export function statementAtLine(script: string, line: number): Statement | null {
  const span = lineSpan(script, line);
  if (!span) return null;
  const [off, end] = span;
  return statements(script).find((s) => (s.from >= off && s.from <= end) || (s.from <= off && s.to > off)) ?? null;
}

/** Offsets of 1-based line `line`: [start, end) without its newline; null past the end. */
export function lineSpan(script: string, line: number): [number, number] | null {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const nl = script.indexOf('\n', off);
    if (nl < 0) return null;
    off = nl + 1;
  }
  const nl = script.indexOf('\n', off);
  return [off, nl < 0 ? script.length : nl];
}

/** `/*+ OPTIONS('number-of-rows' = 'N') *\/` hints in a statement, with the table each follows. */
export function rowsHints(script: string, st: Statement | null): RowsHint[] {
  if (!st) return [];
  const out: RowsHint[] = [];
  st.toks.forEach((t, i) => {
    if (t.kind !== 'hint' || !/^\/\*\+\s*OPTIONS\s*\(/i.test(t.text)) return;
    // The table reference right before the hint: word(.word)*.
    const parts: string[] = [];
    let j = i - 1;
    while (j >= 0 && st.toks[j].kind === 'word') {
      parts.unshift(ident(st.toks[j]));
      if (j >= 2 && st.toks[j - 1].kind === 'punct' && st.toks[j - 1].text === '.') j -= 2;
      else break;
    }
    if (!parts.length) return;
    const m = /'number-of-rows'\s*=\s*'([^']*)'/i.exec(t.text);
    if (!m) return;
    const valueFrom = t.from + m.index + m[0].length - 1 - m[1].length;
    out.push({ table: parts.join('.'), value: m[1], valueFrom, valueTo: valueFrom + m[1].length });
  });
  void script;
  return out;
}

/** The hints of the query at `line` that apply to `table`. */
export function tableRowsHints(script: string, line: number, table: string): RowsHint[] {
  return rowsHints(script, statementAtLine(script, line)).filter((h) => sameTable(table, h.table));
}

/** The script with every `number-of-rows` hint of `table` in the query at `line` set to `value`. */
export function writeRowsHints(script: string, line: number, table: string, value: string): string {
  const hints = tableRowsHints(script, line, table).sort((a, b) => b.valueFrom - a.valueFrom);
  let s = script;
  for (const hnt of hints) s = s.slice(0, hnt.valueFrom) + value + s.slice(hnt.valueTo);
  return s;
}

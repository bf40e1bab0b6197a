// What if (issue 19): a row's data edited in the script — dropped, duplicated, moved one row
// earlier or later — so the editor stays the truth (the share link carries the change), and the
// difference the edit made to the changelog. A row can be edited when the script writes it out:
// an `@` data line or an INSERT of one row on one line (editRow: moved past the neighbouring such
// lines), or a row of an INSERT … VALUES of several rows or lines (editTuple: moved inside its
// statement). Generated rows cannot. A row's event time can be shifted too (`shiftRowTime`,
// `shiftTupleTime`), when it is a physical TIMESTAMP column written as a literal.

import { findCreateTable, lineSpan, type Statement, statementAtLine, statements, type Tok } from './script-text';

export type RowEdit = 'drop' | 'duplicate' | 'earlier' | 'later';

/** Whether line `line` holds one row alone: an `@` line, or a one-row INSERT on that line only. */
export function editableRow(script: string, line: number): boolean {
  const span = lineSpan(script, line);
  if (!span || line < 1) return false;
  const text = script.slice(span[0], span[1]).trim();
  if (text.startsWith('@')) return true;
  const st = statementAtLine(script, line);
  if (!st || st.from < span[0] || st.to > span[1]) return false;
  const words = st.toks.map((t) => t.text.toUpperCase());
  if (words[0] !== 'INSERT') return false;
  const values = words.indexOf('VALUES');
  if (values < 0) return false;
  // one top-level (…) after VALUES
  let depth = 0;
  let rows = 0;
  for (const t of st.toks.slice(values + 1)) {
    if (t.text === '(') {
      if (depth === 0) rows++;
      depth++;
    } else if (t.text === ')') depth--;
  }
  return rows === 1 && script.slice(st.to, span[1]).trim() === '';
}

/** The nearest line above (`dir` −1) or below (+1) `line` that holds a row alone. */
function neighbour(script: string, line: number, dir: -1 | 1): number | null {
  const lines = script.split('\n').length;
  for (let l = line + dir; l >= 1 && l <= lines; l += dir) if (editableRow(script, l)) return l;
  return null;
}

/** The script with the row of line `line` edited, or null when it cannot be. */
export function editRow(script: string, line: number, edit: RowEdit): string | null {
  if (!editableRow(script, line)) return null;
  const span = lineSpan(script, line);
  if (!span) return null;
  const [from, to] = span;
  const text = script.slice(from, to);
  if (edit === 'drop') {
    // the line and its newline (the last line: the newline before it)
    return to < script.length ? script.slice(0, from) + script.slice(to + 1) : script.slice(0, Math.max(0, from - 1)) + script.slice(to);
  }
  if (edit === 'duplicate') return `${script.slice(0, to)}\n${text}${script.slice(to)}`;
  const other = neighbour(script, line, edit === 'earlier' ? -1 : 1);
  if (other === null) return null;
  const os = lineSpan(script, other);
  if (!os) return null;
  const otherText = script.slice(os[0], os[1]);
  // swap the two lines (the earlier one's offsets first)
  const [a, b] = other < line ? [os, span] : [span, os];
  const [ta, tb] = other < line ? [otherText, text] : [text, otherText];
  return script.slice(0, a[0]) + tb + script.slice(a[1], b[0]) + ta + script.slice(b[1]);
}

/** Changelog rows (`+I[…]` texts) that the edit made appear or vanish, as multisets; `appearedAt`:
 * the indices in `after` of the rows that appeared. */
export function changelogDiff(before: string[], after: string[]): { appeared: string[]; vanished: string[]; appearedAt: number[] } {
  const count = new Map<string, number>();
  for (const r of before) count.set(r, (count.get(r) ?? 0) + 1);
  const appeared: string[] = [];
  const appearedAt: number[] = [];
  after.forEach((r, i) => {
    const n = count.get(r) ?? 0;
    if (n > 0) count.set(r, n - 1);
    else {
      appeared.push(r);
      appearedAt.push(i);
    }
  });
  const left = new Map(count);
  const vanished: string[] = [];
  for (const r of before) {
    const n = left.get(r) ?? 0;
    if (n > 0) {
      vanished.push(r);
      left.set(r, n - 1);
    }
  }
  return { appeared, vanished, appearedAt };
}

/** Rows that came out both before and after the edit but at another step (the k-th copy of a text
 * before paired with its k-th copy after): what an edit of timing (a watermark, idleness) changes. */
export function movedRows(before: { text: string; pos: number }[], after: { text: string; pos: number }[]): { text: string; from: number; to: number }[] {
  const at = new Map<string, number[]>();
  for (const r of before) {
    const l = at.get(r.text);
    if (l) l.push(r.pos);
    else at.set(r.text, [r.pos]);
  }
  const seen = new Map<string, number>();
  const out: { text: string; from: number; to: number }[] = [];
  for (const r of after) {
    const k = seen.get(r.text) ?? 0;
    seen.set(r.text, k + 1);
    const from = at.get(r.text)?.[k];
    if (from !== undefined && from !== r.pos) out.push({ text: r.text, from, to: r.pos });
  }
  return out;
}

/** Where the run's row is written: its step's line, and its place among the rows the run read
 * from that line (`index` of `count`: the rows of one INSERT … VALUES statement). */
export interface RowAt {
  line: number;
  index: number;
  count: number;
}

/** Whether the row can be edited (dropped, duplicated, moved, its time shifted). */
export function editable(script: string, at: RowAt): boolean {
  return (at.count === 1 && editableRow(script, at.line)) || editableTuple(script, at.line, at.index, at.count);
}

/** The script with the row edited (a line of its own, or a row of an INSERT), or null. */
export function editAt(script: string, at: RowAt, edit: RowEdit): string | null {
  if (at.count === 1 && editableRow(script, at.line)) return editRow(script, at.line, edit);
  return editableTuple(script, at.line, at.index, at.count) ? editTuple(script, at.line, at.index, edit) : null;
}

/** The script with the row's event time (column `rowtime`) moved by `deltaMs`, or null. */
export function shiftAt(script: string, at: RowAt, rowtime: string, deltaMs: number): string | null {
  if (at.count === 1 && editableRow(script, at.line)) return shiftRowTime(script, at.line, rowtime, deltaMs);
  return editableTuple(script, at.line, at.index, at.count) ? shiftTupleTime(script, at.line, at.index, rowtime, deltaMs) : null;
}

/** The script with a copy of the row added right after it, its event time moved by `deltaMs` (a
 * late row: behind its table's watermark), or null. */
export function lateCopyAt(script: string, at: RowAt, rowtime: string, deltaMs: number): string | null {
  const dup = editAt(script, at, 'duplicate');
  if (dup === null) return null;
  if (at.count === 1 && editableRow(script, at.line)) return shiftRowTime(dup, at.line + 1, rowtime, deltaMs);
  return shiftTupleTime(dup, at.line, at.index + 1, rowtime, deltaMs);
}

/** The script with the row moved `by` rows later (earlier when negative) — past as many rows
 * written on lines of their own, or inside its INSERT — or null when it cannot move that far. */
export function moveAt(script: string, at: RowAt, by: number): string | null {
  if (!by || !editable(script, at)) return null;
  const edit: RowEdit = by < 0 ? 'earlier' : 'later';
  let s = script;
  let line = at.line;
  for (let i = 0; i < Math.abs(by); i++) {
    if (at.count === 1 && editableRow(s, line)) {
      const other = neighbour(s, line, by < 0 ? -1 : 1);
      const next = other === null ? null : editRow(s, line, edit);
      if (other === null || next === null) return null;
      s = next;
      line = other;
    } else {
      const next = editTuple(s, at.line, at.index + (by < 0 ? -i : i), edit);
      if (next === null) return null;
      s = next;
    }
  }
  return s;
}

/** The idle timeout the script sets (`table.exec.source.idle-timeout`, or Confluent's
 * `sql.tables.scan.idle-timeout`): its value and the SET statement's offsets; null when none. */
export function idleTimeout(script: string): { value: string; from: number; to: number } | null {
  for (const st of statements(script)) {
    const t = st.toks;
    if (t[0]?.text.toUpperCase() !== 'SET' || t[1]?.kind !== 'string') continue;
    const key = t[1].text.slice(1, -1).toLowerCase();
    if (key !== 'table.exec.source.idle-timeout' && key !== 'sql.tables.scan.idle-timeout') continue;
    const v = t.find((x, i) => i > 1 && x.kind === 'string');
    return { value: v ? v.text.slice(1, -1) : '', from: st.from, to: st.to };
  }
  return null;
}

/** The timeout What if sets: two seconds of the simulated clock (a step is one second). */
export const IDLE_TIMEOUT = '2 s';

/** The script with its idle timeout removed, or (none set, or one of '0') set to IDLE_TIMEOUT in a
 * SET statement before its first statement. */
export function toggleIdleTimeout(script: string): string {
  const cur = idleTimeout(script);
  if (cur && !/^\s*0\s*(ms|s)?\s*$/i.test(cur.value)) {
    const end = script[cur.to] === '\n' ? cur.to + 1 : cur.to;
    return script.slice(0, cur.from) + script.slice(end);
  }
  const set = `SET 'table.exec.source.idle-timeout' = '${IDLE_TIMEOUT}';`;
  if (cur) return script.slice(0, cur.from) + set + script.slice(cur.to);
  const first = statements(script)[0]?.from ?? script.length;
  return `${script.slice(0, first)}${set}\n${script.slice(first)}`;
}

const TS = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/** `text` (a `yyyy-MM-dd HH:mm[:ss[.f…]]` timestamp) moved by `deltaMs`, written the same way
 * (milliseconds shown when it had a fraction or the move needs them); null when it is no timestamp. */
export function shiftTimestamp(text: string, deltaMs: number): string | null {
  const m = TS.exec(text.trim());
  if (!m) return null;
  const frac = m[7] ?? '';
  const ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0), +frac.padEnd(3, '0').slice(0, 3)) + deltaMs;
  if (!Number.isFinite(ms)) return null;
  const iso = new Date(ms).toISOString(); // yyyy-MM-ddTHH:mm:ss.sssZ
  if (iso.length !== 24) return null;
  const keepMs = frac.length > 0 || ms % 1000 !== 0;
  return `${iso.slice(0, 10)} ${iso.slice(11, keepMs ? 23 : 19)}`;
}

/** The script with the event time (column `rowtime`) of the row of line `line` moved by `deltaMs`,
 * or null when it cannot be: the row is not alone on its line, the column is not a physical one
 * of the table's CREATE TABLE, or its value is not a timestamp literal. */
export function shiftRowTime(script: string, line: number, rowtime: string, deltaMs: number): string | null {
  if (!editableRow(script, line)) return null;
  const span = lineSpan(script, line);
  if (!span) return null;
  const text = script.slice(span[0], span[1]);
  const at = text.trimStart();
  if (at.startsWith('@')) {
    // @TABLE [+I|-U|+U|-D] v1 | v2 | …
    const head = /^@(\S+)\s+(?:([+-][IUD])\s+)?/.exec(at);
    if (!head) return null;
    const table = findCreateTable(script, head[1]);
    const idx = table ? table.physical.findIndex((c) => sameColumn(c, rowtime)) : -1;
    if (idx < 0) return null;
    const base = span[0] + (text.length - at.length) + head[0].length;
    const fields = script.slice(base, span[1]).split('|');
    if (idx >= fields.length) return null;
    const moved = shiftTimestamp(fields[idx], deltaMs);
    if (moved === null) return null;
    const lead = fields[idx].match(/^\s*/)?.[0] ?? '';
    const trail = fields[idx].match(/\s*$/)?.[0] ?? '';
    fields[idx] = lead + moved + trail;
    return script.slice(0, base) + fields.join('|') + script.slice(span[1]);
  }
  return shiftTupleTime(script, line, 0, rowtime, deltaMs);
}

const sameColumn = (a: string, b: string) => a.replace(/`/g, '').toLowerCase() === b.replace(/`/g, '').toLowerCase();

/** An `INSERT INTO T [(c1, …)] VALUES (…), (…);` statement: its table, the columns listed (empty:
 * the table's physical columns in order) and each row's parentheses, as script offsets. */
export interface InsertValues {
  st: Statement;
  table: string;
  listed: string[];
  /** Each row's `(`…`)`: its tokens (the parentheses included) and offsets. */
  tuples: { from: number; to: number; toks: Tok[] }[];
}

/** The INSERT … VALUES statement that starts on line `line` (a row step's line), or null. */
export function insertValues(script: string, line: number): InsertValues | null {
  const span = lineSpan(script, line);
  const st = statementAtLine(script, line);
  if (!span || !st || st.from < span[0] || st.from > span[1]) return null;
  const t = st.toks;
  const up = t.map((x) => x.text.toUpperCase());
  const into = up.indexOf('INTO');
  const values = up.indexOf('VALUES');
  if (up[0] !== 'INSERT' || into < 0 || values < into || t[into + 1]?.kind !== 'word') return null;
  const table = t[into + 1].text.replace(/`/g, '');
  const listed = t.slice(into + 2, values).filter((x) => x.kind === 'word').map((x) => x.text);
  const tuples: InsertValues['tuples'] = [];
  let depth = 0;
  let open = -1;
  for (let i = values + 1; i < t.length; i++) {
    if (t[i].text === '(') {
      if (depth === 0) open = i;
      depth++;
    } else if (t[i].text === ')') {
      depth--;
      if (depth === 0 && open >= 0) {
        tuples.push({ from: t[open].from, to: t[i].to, toks: t.slice(open, i + 1) });
        open = -1;
      }
    } else if (depth === 0 && t[i].text !== ',') return null; // VALUES ROW(…), a SELECT, …: not rows written out
  }
  return tuples.length ? { st, table, listed, tuples } : null;
}

/** Whether the `index`-th row (from 0) of the INSERT at line `line` can be edited: the statement
 * writes `count` rows (the run saw that many at the line), and is not a line holding one row
 * alone (editRow's case). */
export function editableTuple(script: string, line: number, index: number, count: number): boolean {
  if (editableRow(script, line)) return false;
  const ins = insertValues(script, line);
  return !!ins && ins.tuples.length === count && index >= 0 && index < count;
}

/** The script with the `index`-th row of the INSERT at line `line` dropped, duplicated, or swapped
 * with the row before or after it in the same statement; null when it cannot be. */
export function editTuple(script: string, line: number, index: number, edit: RowEdit): string | null {
  const ins = insertValues(script, line);
  const tu = ins?.tuples;
  const me = tu?.[index];
  if (!ins || !tu || !me) return null;
  if (edit === 'drop') {
    if (tu.length === 1) {
      // the statement's only row: the statement and the line break after it
      const end = script[ins.st.to] === '\n' ? ins.st.to + 1 : ins.st.to;
      return script.slice(0, ins.st.from) + script.slice(end);
    }
    const [from, to] = index + 1 < tu.length ? [me.from, tu[index + 1].from] : [tu[index - 1].to, me.to];
    return script.slice(0, from) + script.slice(to);
  }
  if (edit === 'duplicate') {
    const sep = tu.length > 1 ? script.slice(tu[0].to, tu[1].from) : ', ';
    return script.slice(0, me.to) + sep + script.slice(me.from, me.to) + script.slice(me.to);
  }
  const other = tu[index + (edit === 'earlier' ? -1 : 1)];
  if (!other) return null;
  const [a, b] = other.from < me.from ? [other, me] : [me, other];
  return script.slice(0, a.from) + script.slice(b.from, b.to) + script.slice(a.to, b.from) + script.slice(a.from, a.to) + script.slice(b.to);
}

/** The script with the event time (column `rowtime`) of the `index`-th row of the INSERT at line
 * `line` moved by `deltaMs`; null when the column is not written as a timestamp literal. */
export function shiftTupleTime(script: string, line: number, index: number, rowtime: string, deltaMs: number): string | null {
  const ins = insertValues(script, line);
  const tuple = ins?.tuples[index];
  if (!ins || !tuple) return null;
  const table = findCreateTable(script, ins.table);
  if (!table) return null;
  const idx = ins.listed.length ? ins.listed.findIndex((c) => sameColumn(c, rowtime)) : table.physical.findIndex((c) => sameColumn(c, rowtime));
  if (idx < 0) return null;
  // the tuple's values, split at its top-level commas
  let depth = 0;
  let k = 0;
  let literal: Tok | null = null;
  for (const t of tuple.toks) {
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 1 && t.text === ',') k++;
    else if (k === idx && depth >= 1 && t.kind === 'string' && literal === null) literal = t;
  }
  if (!literal) return null;
  const inner = literal.text.slice(1, -1);
  const moved = shiftTimestamp(inner, deltaMs);
  if (moved === null) return null;
  return script.slice(0, literal.from + 1) + moved + script.slice(literal.to - 1);
}

const UNITS: [string, number][] = [
  ['DAY', 86_400_000],
  ['HOUR', 3_600_000],
  ['MINUTE', 60_000],
  ['SECOND', 1000],
];

/** The watermark delay of `table` (its `WATERMARK FOR c AS c [- INTERVAL 'n' UNIT]`), with the
 * offsets of the expression after AS; null for another form or no WATERMARK. */
export function watermarkDelay(script: string, table: string): { ms: number; col: string; from: number; to: number } | null {
  const t = findCreateTable(script, table)?.stmt.toks;
  if (!t) return null;
  const w = t.findIndex((x) => x.kind === 'word' && x.text.toUpperCase() === 'WATERMARK');
  if (w < 0 || t[w + 1]?.text.toUpperCase() !== 'FOR' || t[w + 3]?.text.toUpperCase() !== 'AS') return null;
  const col = t[w + 2]?.text ?? '';
  const expr: Tok[] = [];
  for (let i = w + 4; i < t.length && t[i].text !== ',' && t[i].text !== ')'; i++) expr.push(t[i]);
  if (!expr.length || expr[0].text !== col) return null;
  const span = { col, from: expr[0].from, to: expr[expr.length - 1].to };
  if (expr.length === 1) return { ms: 0, ...span };
  const unit = UNITS.find(([u]) => expr[4]?.text.toUpperCase().replace(/S$/, '') === u);
  const n = /^'(\d+)'$/.exec(expr[3]?.text ?? '');
  if (expr.length !== 5 || expr[1].text !== '-' || expr[2].text.toUpperCase() !== 'INTERVAL' || !unit || !n) return null;
  return { ms: Number(n[1]) * unit[1], ...span };
}

/** The script with `table`'s watermark delay set to `ms` (whole seconds, at least 0), written in
 * the largest unit that divides it; null when the clause has another form. */
export function withWatermarkDelay(script: string, table: string, ms: number): string | null {
  const d = watermarkDelay(script, table);
  if (!d || ms < 0 || ms % 1000 !== 0) return null;
  const unit = UNITS.find(([, u]) => ms % u === 0);
  const expr = ms === 0 || !unit ? d.col : `${d.col} - INTERVAL '${ms / unit[1]}' ${unit[0]}`;
  return script.slice(0, d.from) + expr + script.slice(d.to);
}

/** A delay in words (`1 min`, `90 s`, `0 s`). */
export function delayText(ms: number): string {
  if (ms % 3_600_000 === 0 && ms > 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0 && ms > 0) return `${ms / 60_000} min`;
  return `${ms / 1000} s`;
}

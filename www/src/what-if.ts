// What if (issue 19): a row's data line edited in the script — dropped, duplicated, moved one data
// line earlier or later — so the editor stays the truth (the share link carries the change), and
// the difference the edit made to the changelog. A row can be edited when its script line holds it
// alone: an `@` data line, or an INSERT of one row written on one line; other rows (INSERTs of
// many rows, generated rows) cannot be picked out of their line yet. A row's event time can be
// shifted too (`shiftRowTime`), when it is a physical TIMESTAMP column written as a literal.

import { findCreateTable, lineSpan, statementAtLine, type Tok, tokenize } from './script-text';

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

/** Changelog rows (`+I[…]` texts) that the edit made appear or vanish, as multisets. */
export function changelogDiff(before: string[], after: string[]): { appeared: string[]; vanished: string[] } {
  const count = new Map<string, number>();
  for (const r of before) count.set(r, (count.get(r) ?? 0) + 1);
  const appeared: string[] = [];
  for (const r of after) {
    const n = count.get(r) ?? 0;
    if (n > 0) count.set(r, n - 1);
    else appeared.push(r);
  }
  const left = new Map(count);
  const vanished: string[] = [];
  for (const r of before) {
    const n = left.get(r) ?? 0;
    if (n > 0) {
      vanished.push(r);
      left.set(r, n - 1);
    }
  }
  return { appeared, vanished };
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
  const same = (a: string, b: string) => a.replace(/`/g, '').toLowerCase() === b.replace(/`/g, '').toLowerCase();
  const at = text.trimStart();
  if (at.startsWith('@')) {
    // @TABLE [+I|-U|+U|-D] v1 | v2 | …
    const head = /^@(\S+)\s+(?:([+-][IUD])\s+)?/.exec(at);
    if (!head) return null;
    const table = findCreateTable(script, head[1]);
    const idx = table ? table.physical.findIndex((c) => same(c, rowtime)) : -1;
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
  // INSERT INTO T [(c1, c2, …)] VALUES (v1, v2, …);
  const toks = tokenize(text).filter((t) => t.kind !== 'ws' && t.kind !== 'comment');
  const upper = toks.map((t) => t.text.toUpperCase());
  const into = upper.indexOf('INTO');
  const values = upper.indexOf('VALUES');
  if (into < 0 || values < 0) return null;
  const table = findCreateTable(script, toks[into + 1]?.text.replace(/`/g, '') ?? '');
  if (!table) return null;
  const listed = toks.slice(into + 2, values).filter((t) => t.kind === 'word').map((t) => t.text);
  const idx = listed.length ? listed.findIndex((c) => same(c, rowtime)) : table.physical.findIndex((c) => same(c, rowtime));
  if (idx < 0) return null;
  // the tuple's values, split at top-level commas
  let depth = 0;
  let k = 0;
  let literal: (typeof toks)[number] | null = null;
  for (const t of toks.slice(values + 1)) {
    if (t.text === '(') {
      depth++;
      continue;
    }
    if (t.text === ')') {
      depth--;
      continue;
    }
    if (depth === 1 && t.text === ',') {
      k++;
      continue;
    }
    if (k === idx && depth >= 1 && t.kind === 'string' && literal === null) literal = t;
  }
  if (!literal) return null;
  const inner = literal.text.slice(1, -1);
  const moved = shiftTimestamp(inner, deltaMs);
  if (moved === null) return null;
  const from = span[0] + literal.from + 1;
  return script.slice(0, from) + moved + script.slice(from + inner.length);
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

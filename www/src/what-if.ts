// What if (issue 19): a row's data line edited in the script — dropped, duplicated, moved one data
// line earlier or later — so the editor stays the truth (the share link carries the change), and
// the difference the edit made to the changelog. A row can be edited when its script line holds it
// alone: an `@` data line, or an INSERT of one row written on one line; other rows (INSERTs of
// many rows, generated rows) cannot be picked out of their line yet.

import { statementAtLine } from './script-text';

export type RowEdit = 'drop' | 'duplicate' | 'earlier' | 'later';

/** Offsets of 1-based line `line`: [start, end) without its newline; null past the end. */
function lineSpan(script: string, line: number): [number, number] | null {
  let off = 0;
  for (let l = 1; l < line; l++) {
    const nl = script.indexOf('\n', off);
    if (nl < 0) return null;
    off = nl + 1;
  }
  const nl = script.indexOf('\n', off);
  return [off, nl < 0 ? script.length : nl];
}

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

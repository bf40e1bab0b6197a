// Painters of the output lane (every row emitted so far as a diamond, hollow for a retraction,
// the current step's larger) and of lineage: lines from the rows emitted at this step, or the
// one hovered, to the input rows they were made of.

import type { OutputRow, QueryModel } from '../model';
import { formatTime } from '../time';
import { type Frame, KeySet } from './geometry';
import { earlierOutputs } from './mark-index';
import { OUT_COLOR } from './style';

export function paintOutputs(f: Frame): void {
  const { ctx, m, L, pos } = f;
  const og = L.outLane;
  ctx.fillStyle = '#f0fdf4';
  ctx.fillRect(0, og.top, L.width, og.height);
  ctx.fillStyle = '#0f172a';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.fillText('output', 16, og.top + 12);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#64748b';
  const emitted = emittedBy(f);
  ctx.fillText(`${emitted} row${emitted === 1 ? '' : 's'}`, 16, og.top + 27);
  const stepStart = pos > 0 ? m.outEnd[pos - 1] : 0;
  // (painting the gutter only, every mark would land off the canvas)
  if (f.gutter) return;
  // Marks that would land on the same pixel are drawn once (thousands of rows per window): of the
  // rows before the step's, the first of each mark, indexed once per layout (mark-index.ts); the
  // step's own rows walked.
  const size = (Math.ceil(L.width) + 1) * 128;
  const mark = (i: number) => Math.round(f.xOfOutput(i)) * 64 + og.track[i];
  const earlier = earlierOutputs(f, m.outputs.length, Math.min(stepStart, emitted), (i) => mark(i) * 2, size);
  const drawn = new KeySet(size);
  for (let j = 0; j < earlier.length + Math.max(0, emitted - stepStart); j++) {
    const i = j < earlier.length ? earlier[j] : stepStart + (j - earlier.length);
    const o = m.outputs[i];
    const x = f.xOfOutput(i);
    const y = f.yOfOutput(i);
    const current = i >= stepStart;
    if (current && !drawn.add(mark(i) * 2 + 1)) continue;
    const s = L.dense ? 3 : current ? 6.5 : 5;
    ctx.beginPath();
    ctx.moveTo(x, y - s);
    ctx.lineTo(x + s, y);
    ctx.lineTo(x, y + s);
    ctx.lineTo(x - s, y);
    ctx.closePath();
    ctx.fillStyle = o.kind === '-U' || o.kind === '-D' ? '#fff' : OUT_COLOR;
    ctx.fill();
    ctx.strokeStyle = current ? '#052e16' : OUT_COLOR;
    ctx.lineWidth = current ? 2 : 1;
    ctx.stroke();
    if (!L.dense) f.hits.push({ x, y, r: 7, pos: o.pos, label: `${o.text} (${o.pos === 0 ? 'at job start' : `step ${o.pos}`})${paddedText(o.padded)}${elementText(o)}`, output: i });
  }
}

/** Lines from emitted rows to their input rows: the one hovered (`hover`), else this step's. */
export function paintLineage(f: Frame, hover: number | null): void {
  const { ctx, m, L, pos } = f;
  const emitted = emittedBy(f);
  const stepStart = pos > 0 ? m.outEnd[pos - 1] : 0;
  const lineage: number[] = [];
  if (hover !== null && hover < emitted) lineage.push(hover);
  else for (let i = stepStart; i < emitted && lineage.length < (L.dense ? 8 : 80); i++) lineage.push(i);
  ctx.strokeStyle = 'rgba(21, 128, 61, 0.55)';
  ctx.lineWidth = 1.25;
  for (const i of lineage) {
    const ox = f.xOfOutput(i);
    const oy = f.yOfOutput(i);
    for (const l of m.outputs[i].lineage) {
      const r = m.rowsByPos[l];
      if (!r) continue;
      const rx = f.xOfRow(r);
      const ry = f.yOfRow(r);
      ctx.beginPath();
      ctx.moveTo(ox, oy - 6);
      ctx.bezierCurveTo(ox, (oy + ry) / 2, rx, (oy + ry) / 2, rx, ry + 8);
      ctx.stroke();
    }
  }
}

/** Why an interval join emitted a row padded with NULLs. */
function paddedText(p: OutputRow['padded']): string {
  if (!p) return '';
  if (p.late) return ': padded at once, a late row that joined nothing';
  const at = p.at === null ? '' : ` at the join's time ${Number.isFinite(p.at) ? formatTime(p.at) : '+∞'}`;
  return p.timer === null
    ? `: padded with NULLs, found expired${at}`
    : `: padded with NULLs when its key's cleanup timer ${formatTime(p.timer)} fired${at}`;
}

/** Which element of which input row an UNNEST row is. */
function elementText(o: OutputRow): string {
  const u = o.unnest;
  if (!u) return '';
  const pos = u.fan.elements[u.element].position;
  const of = u.fan.inputPos !== null ? ` of row #${u.fan.inputPos}` : '';
  return pos == null ? `: UNNEST padded with NULLs (no element${of})` : `: UNNEST element ${pos}${of}`;
}

/**
 * The UNNEST fan-outs of the step in words (the timeline's accessible text): each input row
 * (by its arrival number) and the rows it fanned out into, which the lineage lines join to it.
 */
export function unnestMarksText(m: QueryModel, pos: number): string[] {
  const out: string[] = [];
  for (const f of m.unnests) {
    if (f.pos !== pos) continue;
    const input = `${f.inputPos !== null ? `#${f.inputPos} ` : ''}${f.table ? `${f.table} ` : ''}${f.kind}[${f.input.join(', ')}]`;
    const rows = f.elements.slice(0, 20).map((x) => (x.position == null ? `${x.text} (padded with NULLs)` : `${x.text} (element ${x.position})`));
    const more = f.elements.length > 20 ? `, … ${f.elements.length - 20} more` : '';
    const what = f.elements.length ? `${f.elements.length} row${f.elements.length === 1 ? '' : 's'}: ${rows.join(', ')}${more}` : `no row (${f.size == null ? 'NULL collection' : f.size === 0 ? 'empty collection' : "no element passes the join's condition"})`;
    out.push(`fan-out: ${input} → ${what}`);
  }
  return out;
}

/** Rows emitted up to and including the step. */
function emittedBy(f: Frame): number {
  return f.m.outEnd[Math.min(f.pos, f.m.outEnd.length - 1)];
}

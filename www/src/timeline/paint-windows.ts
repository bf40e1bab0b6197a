// Painters of the window lanes: one per operator that keeps windows (a window aggregation, Top-N
// or deduplication, the window join), in data-flow order, so a join over two aggregations shows
// both aggregations firing and the join firing after them. Each window is a band over its time
// range, by phase after the step (assigned: dashed; open: blue, with what it holds; fired:
// green, with what it emitted; purged: grey), a fire mark (a flag at its end) on the step it
// fires, the late rows dropped for it so far, and the operator's own watermark in its lane (the
// join's is drawn across every lane by paint-watermarks.ts). Also the same marks in words.

import { firesBy, opMeta, type QueryModel, resultName, resultValue, keyText, type WindowInfo, type WindowLane, type WindowPhase, windowCountsAt, windowPhase } from '../model';
import { formatTime } from '../time';
import { BAND_H, type Frame, GUTTER, PAD_R } from './geometry';
import { ellipsize, OUT_COLOR, shortWindow, WM_COLOR } from './style';

export function paintWindows(f: Frame): void {
  const { ctx, m, L, pos } = f;
  // An interval join's lane is drawn by paint-interval.ts.
  if (!m.windows.length) return;
  L.windowLanes.forEach((geo, i) => {
    ctx.fillStyle = i % 2 ? '#eef2f7' : '#f1f5f9';
    ctx.fillRect(0, geo.top, L.width, geo.height);
    ctx.fillStyle = '#0f172a';
    // The operator's name, smaller when it does not fit the gutter (WindowDeduplicate).
    ctx.font = '600 12px system-ui, sans-serif';
    const tw = ctx.measureText(geo.lane.title).width;
    if (tw > GUTTER - 22) ctx.font = `600 ${Math.max(8, Math.floor((12 * (GUTTER - 22)) / tw))}px system-ui, sans-serif`;
    ctx.fillText(ellipsize(ctx, geo.lane.title, GUTTER - 22), 16, geo.top + 12);
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillStyle = '#64748b';
    ctx.fillText(ellipsize(ctx, geo.lane.sub, GUTTER - 22), 16, geo.top + 27);
    // Its own watermark (the join's is drawn across all lanes).
    if (!m.joinOp || geo.lane.op !== m.joinOp.id) paintLaneWatermark(f, geo.lane, geo.top, geo.height);
    for (const w of geo.lane.windows) {
      const phase = windowPhase(w, pos);
      if (phase === 'future') continue;
      const x0 = f.clampX(f.px(w.start));
      const x1 = f.clampX(f.px(w.end));
      const y = geo.top + 8 + (geo.track.get(w) ?? 0) * (BAND_H + 4);
      paintWindow(f, geo.lane, w, phase, x0, x1, y);
    }
  });
}

/** An operator's watermark in its lane: a dashed line and its value. */
function paintLaneWatermark(f: Frame, lane: WindowLane, top: number, height: number): void {
  const { ctx, L, pos } = f;
  const v = lane.watermark?.values[Math.min(pos, lane.watermark.values.length - 1)] ?? Number.NaN;
  if (Number.isNaN(v)) return;
  const x = Number.isFinite(v) ? f.clampX(f.px(v)) : L.width - PAD_R;
  ctx.save();
  ctx.strokeStyle = WM_COLOR;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, top + 2);
  ctx.lineTo(Math.round(x) + 0.5, top + height - 2);
  ctx.stroke();
  ctx.restore();
  ctx.fillStyle = WM_COLOR;
  const label = `wm ${Number.isFinite(v) ? formatTime(v) : '+∞'}`;
  const tw = ctx.measureText(label).width;
  ctx.fillText(label, x + 4 + tw > L.width - 2 ? x - 4 - tw : x + 4, top + height - 7);
}

/** What a band says after a step, by phase and operator. */
function bandText(m: QueryModel, lane: WindowLane, w: WindowInfo, phase: WindowPhase, pos: number): string {
  const c = windowCountsAt(w, pos);
  const join = lane.kind === 'WindowJoin';
  const fires = firesBy(w, pos);
  const out = fires.reduce((n, x) => n + x.rows.length, 0);
  const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  let text: string;
  switch (phase) {
    case 'assigned':
      text = 'assigned';
      break;
    case 'open':
      text = join ? `open · ${c.left} left, ${c.right} right` : `open · ${s(c.rowsIn, 'row')} in${opMeta(m.query, m.query.operators.find((o) => o.id === lane.op) ?? m.query.operators[0]).keys.length ? `, ${s(c.keys, 'key')}` : ''}`;
      break;
    case 'fired':
    case 'purged': {
      const now = w.firePos === pos ? 'fired now' : 'fired';
      const what = join ? (phase === 'purged' ? '' : `${c.left + c.right} rows held`) : firedText(m, lane, w, pos, out);
      text = [now, what, phase === 'purged' ? (w.firePos === pos ? 'state purged' : 'purged') : ''].filter(Boolean).join(' · ');
      break;
    }
    default:
      text = '';
  }
  const late = w.lateSteps.filter((x) => x <= pos).length;
  if (late) text += ` · ${s(late, 'late row')} dropped`;
  return text;
}

/** What a fired window of an aggregation, Top-N or deduplication emitted, briefly. */
function firedText(m: QueryModel, lane: WindowLane, w: WindowInfo, pos: number, out: number): string {
  const o = m.query.operators.find((x) => x.id === lane.op);
  const fires = firesBy(w, pos);
  if (!o) return `${out} out`;
  const meta = opMeta(m.query, o);
  if (lane.kind === 'WindowAggregate' && fires.length === 1 && fires[0].rows.length === 1) {
    const vals = fires[0].rows[0].slice(meta.keys.length, meta.keys.length + meta.results.length);
    return vals.map((v, i) => `${meta.results[i] ? resultName(meta.results[i]) : 'result'} = ${v}`).join(', ');
  }
  if (lane.kind === 'WindowRank') return `${out} ranked row${out === 1 ? '' : 's'} out`;
  if (lane.kind === 'WindowDeduplicate') return `${out} kept row${out === 1 ? '' : 's'} out`;
  return `${out} row${out === 1 ? '' : 's'} out`;
}

/** The sentence a fired window's mark says (tooltip and the timeline's accessible text). */
export function fireText(m: QueryModel, lane: WindowLane, w: WindowInfo, pos: number): string {
  const o = m.query.operators.find((x) => x.id === lane.op);
  const meta = o ? opMeta(m.query, o) : null;
  const parts = firesBy(w, pos).map((fire) => {
    const key = meta ? keyText(meta, fire.key) : fire.key.join(', ');
    const forKey = key ? ` for ${key}` : '';
    if (!meta || lane.kind === 'WindowJoin') return `${fire.rows.length} joined row${fire.rows.length === 1 ? '' : 's'}${forKey}`;
    if (lane.kind === 'WindowAggregate') {
      if (!fire.rows.length) return `empty${forKey}, nothing emitted`;
      const vals = fire.rows[0].slice(meta.keys.length, meta.keys.length + meta.results.length);
      return `${vals.map((v, i) => resultValue(meta.results[i], v)).join(', ')}${forKey}`;
    }
    if (lane.kind === 'WindowRank')
      return `${fire.rows.map((r, i) => `rank ${meta.rankSelected ? r[r.length - 1] : (meta.rankStart ?? 1) + i} [${(meta.rankSelected ? r.slice(0, -1) : r).join(', ')}]`).join(', ') || 'no row in the rank range'}${forKey}`;
    if (lane.kind === 'WindowDeduplicate') return `the ${meta.keep ?? 'first'} row ${fire.rows[0] ? `[${fire.rows[0].join(', ')}]` : '(none)'}${forKey}`;
    return `${fire.rows.length} rows${forKey}`;
  });
  const first = w.fires[0];
  const wm = first ? (Number.isFinite(first.wm) ? formatTime(first.wm) : '+∞') : '?';
  return `${lane.title}${lane.sub !== 'windows' ? ` ${lane.sub}` : ''}: window ${shortWindow(w.label)} fired at step ${w.firePos} (watermark ${wm}): ${parts.join('; ')}`;
}

function paintWindow(f: Frame, lane: WindowLane, w: WindowInfo, phase: WindowPhase, x0: number, x1: number, y: number): void {
  const { ctx, m, pos } = f;
  const width = Math.max(2, x1 - x0 - 2);
  let fill = '#ffffff';
  let stroke = '#94a3b8';
  let dash: number[] = [];
  switch (phase) {
    case 'assigned':
      dash = [4, 3];
      break;
    case 'open':
      fill = '#dbeafe';
      stroke = '#2563eb';
      break;
    case 'fired':
      fill = '#dcfce7';
      stroke = OUT_COLOR;
      break;
    case 'purged':
      if (w.firePos === pos) {
        fill = '#dcfce7';
        stroke = OUT_COLOR;
      } else {
        fill = '#f1f5f9';
        stroke = '#94a3b8';
      }
      break;
    default:
      break;
  }
  if (w.slice) dash = [2, 2];
  const text = bandText(m, lane, w, phase, pos);
  ctx.save();
  ctx.fillStyle = fill;
  ctx.strokeStyle = stroke;
  ctx.lineWidth = w.firePos === pos ? 2.5 : 1.25;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.roundRect(x0 + 1, y, width, BAND_H, 4);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  ctx.fillStyle = '#0f172a';
  // The window's bounds first when they fit with the text (the axis has them otherwise).
  const full = `${shortWindow(w.label)}${w.slice ? ' (slice)' : ''}  ${text}`;
  const label = ctx.measureText(full).width <= width - 8 ? full : ellipsize(ctx, text, width - 8);
  if (label) ctx.fillText(label, x0 + 5, y + BAND_H / 2 + 0.5);
  const fired = w.firePos !== null && pos >= w.firePos;
  if (fired && w.firePos === pos) paintFireMark(ctx, x1, y);
  f.hits.push({
    x: (x0 + x1) / 2,
    y: y + BAND_H / 2,
    r: Math.max(8, Math.min(width / 2, 60)),
    // The whole band answers to the pointer (its label may be cut: the tooltip has it all).
    box: { hw: width / 2, hh: BAND_H / 2 },
    cut: label !== full,
    pos: fired && w.firePos !== null ? w.firePos : (w.openPos ?? w.assignPos),
    label: fired ? fireText(m, lane, w, pos) : `${lane.title}${lane.sub !== 'windows' ? ` ${lane.sub}` : ''}: window ${shortWindow(w.label)} ${text}`,
  });
}

/** A fire mark: a small flag at the window's end, on the step its timer fires. */
function paintFireMark(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.save();
  ctx.strokeStyle = OUT_COLOR;
  ctx.fillStyle = OUT_COLOR;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(x - 0.5, y - 5);
  ctx.lineTo(x - 0.5, y + BAND_H + 3);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(x - 0.5, y - 5);
  ctx.lineTo(x + 8, y - 2);
  ctx.lineTo(x - 0.5, y + 1);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/** The window lanes' marks of a step in words: what fired at this step, what is open. */
export function windowMarksText(m: QueryModel, pos: number): string[] {
  const out: string[] = [];
  for (const lane of m.windowLanes) {
    for (const w of lane.windows) {
      const phase = windowPhase(w, pos);
      if (w.firePos === pos) out.push(`fired: ${fireText(m, lane, w, pos)}`);
      else if (phase === 'open') out.push(`open: ${lane.title}${lane.sub !== 'windows' ? ` ${lane.sub}` : ''}: window ${shortWindow(w.label)} ${bandText(m, lane, w, phase, pos).replace(/^open · /, '')}`);
    }
    const v = lane.watermark?.values[Math.min(pos, lane.watermark.values.length - 1)];
    if (v !== undefined && !Number.isNaN(v) && !(m.joinOp && lane.op === m.joinOp.id)) out.push(`watermark: ${lane.title}${lane.sub !== 'windows' ? ` ${lane.sub}` : ''} ${Number.isFinite(v) ? formatTime(v) : '+∞'}`);
  }
  return out;
}

// Painters of watermarks: each table's in its lane (the time it has passed shaded, a dashed line
// and its value), the join's across every lane, and, when an input holds the join's watermark
// back, the time between it and the input that is ahead, hatched and labelled.

import { idleAt, type QueryModel } from '../model';
import { formatTime } from '../time';
import { AXIS_H, type Frame, GUTTER, PAD_R } from './geometry';
import { drawnInterval, intervalTimeLabel } from './paint-interval';
import { WM_COLOR } from './style';

/** A table's watermark in its lane (from the lane's top, `height` tall). */
export function paintSourceWatermark(f: Frame, table: string, top: number, height: number): void {
  const { ctx, m, L, pos } = f;
  const series = m.sourceWatermarks.find((s) => s.label === table);
  const wm = series ? series.values[Math.min(pos, series.values.length - 1)] : Number.NaN;
  if (Number.isNaN(wm) || !L.timeAxis) return;
  const x = Number.isFinite(wm) ? f.clampX(f.px(wm)) : L.width - PAD_R;
  ctx.fillStyle = 'rgba(109, 40, 217, 0.07)';
  ctx.fillRect(GUTTER, top, x - GUTTER, height);
  wmLine(ctx, x, top, top + height, 1.5, [4, 3]);
  ctx.fillStyle = WM_COLOR;
  ctx.textAlign = x > L.width - 150 ? 'right' : 'left';
  ctx.fillText(`wm ${Number.isFinite(wm) ? formatTime(wm) : '+∞'}`, x + (ctx.textAlign === 'right' ? -4 : 4), top + 8);
  ctx.textAlign = 'left';
}

/**
 * A source marked idle (`source_idle`) at this step: on its lane, after its watermark, a label
 * saying since which step, and that the operators joining it no longer wait for it.
 */
export function paintSourceIdle(f: Frame, table: string, top: number, height: number): void {
  const { ctx, m, L, pos } = f;
  const span = idleAt(m, table, pos);
  if (!span || !L.timeAxis) return;
  const series = m.sourceWatermarks.find((s) => s.label === table);
  const wm = series ? series.values[Math.min(pos, series.values.length - 1)] : Number.NaN;
  const x = Number.isNaN(wm) ? GUTTER : Number.isFinite(wm) ? f.clampX(f.px(wm)) : L.width - PAD_R;
  const label = `idle since step ${span.from}: the join no longer waits for its watermark`;
  ctx.save();
  ctx.font = `${span.from === pos ? '600 ' : ''}10.5px system-ui, sans-serif`;
  const tw = ctx.measureText(label).width;
  const lx = x + 6 + tw > L.width - PAD_R ? Math.max(GUTTER + 2, x - 6 - tw) : x + 6;
  const y = top + height - 8;
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillRect(lx - 2, y - 7, tw + 4, 14);
  ctx.fillStyle = '#92400e';
  ctx.fillText(label, lx, y);
  ctx.restore();
}

/** Idle sources at this step, in words (the timeline's accessible text). */
export function idleMarksText(m: QueryModel, pos: number): string[] {
  const out: string[] = [];
  for (const lane of m.lanes) {
    const span = idleAt(m, lane.table, pos);
    if (span) out.push(`idle: ${lane.table} since step ${span.from} (no row for longer than the idle timeout, seen at processing time ${formatTime(span.atMs)}): the join's watermark leaves it out`);
    else {
      const back = m.idle.find((s) => s.table === lane.table && s.to === pos);
      if (back) out.push(`idle: ${lane.table} is active again at step ${pos}: its watermark counts again`);
    }
  }
  return out;
}

/** A held-back join watermark: the time between it and the input that is ahead, hatched. */
/**
 * Whether holding the join's watermark back matters at `pos`: always for a join without windows
 * (its timers and probes wait), and for a windowed one only while a window waits, one that holds
 * rows and that the leading input's watermark has already passed (it would fire but for the input
 * holding the watermark back).
 */
export function heldBackMatters(m: QueryModel, pos: number): boolean {
  const held = m.held[Math.min(pos, m.held.length - 1)];
  if (!held) return false;
  if (!m.windows.length) return true;
  let lead = Number.NaN;
  for (const s of m.sourceWatermarks) {
    const w = s.values[Math.min(pos, s.values.length - 1)];
    if (s.label !== held.by && !Number.isNaN(w) && !(w <= lead)) lead = w;
  }
  if (Number.isNaN(lead)) return false;
  return m.windows.some((w) => w.openPos !== null && w.openPos <= pos && (w.firePos === null || w.firePos > pos) && lead >= w.end - 1);
}

export function paintHeldBack(f: Frame): void {
  const { ctx, m, L, pos, bottom } = f;
  const held = m.held[Math.min(pos, m.held.length - 1)];
  if (!held || !m.joinWatermark || !L.timeAxis || !heldBackMatters(m, pos)) return;
  // An interval join's own watermark is held back by its bound as well: the input holds back its time.
  const iv = joinInterval(f);
  const v = iv ? iv.time[Math.min(pos, iv.time.length - 1)] : m.joinWatermark.values[Math.min(pos, m.joinWatermark.values.length - 1)];
  let lead = Number.NaN;
  for (const s of m.sourceWatermarks) {
    const w = s.values[Math.min(pos, s.values.length - 1)];
    if (s.label !== held.by && Number.isFinite(w) && !(w <= lead)) lead = w;
  }
  const x0 = Number.isFinite(v) ? f.clampX(f.px(v)) : GUTTER;
  const x1 = Number.isFinite(lead) ? f.clampX(f.px(lead)) : Number.NaN;
  if (!Number.isFinite(x1) || x1 - x0 <= 2) return;
  ctx.save();
  ctx.fillStyle = 'rgba(217, 119, 6, 0.08)';
  ctx.fillRect(x0, AXIS_H - 4, x1 - x0, bottom - AXIS_H + 4);
  ctx.strokeStyle = 'rgba(217, 119, 6, 0.35)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.rect(x0, AXIS_H - 4, x1 - x0, bottom - AXIS_H + 4);
  ctx.clip();
  for (let x = x0 - (bottom - AXIS_H); x < x1; x += 10) {
    ctx.moveTo(x, bottom);
    ctx.lineTo(x + (bottom - AXIS_H), AXIS_H - 4);
  }
  ctx.stroke();
  ctx.restore();
  // On the line of the join watermark's own label, right-aligned in the band, after it.
  const label = `held back by ${held.by}`;
  ctx.font = '600 11px system-ui, sans-serif';
  const tw = ctx.measureText(label).width;
  const joinLabelW = ctx.measureText(iv ? intervalTimeLabel(iv, v) : `join wm ${Number.isFinite(v) ? formatTime(v) : '+∞'}`).width;
  const y = L.joinLane ? L.joinLane.top + (iv ? 11 : L.joinLane.height - 8) : AXIS_H;
  const lx = Math.min(Math.max(x1 - 4 - tw, x0 + 4 + joinLabelW + 10), L.width - PAD_R - tw - 4);
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.fillRect(lx - 2, y - 7, tw + 4, 14);
  ctx.fillStyle = '#b45309';
  ctx.fillText(label, lx, y);
  ctx.font = '11px system-ui, sans-serif';
}

/** The join's watermark: a line across every lane, labelled in the join lane. */
export function paintJoinWatermark(f: Frame): void {
  const { ctx, m, L, pos, bottom } = f;
  if (!m.joinWatermark || !L.timeAxis) return;
  const v = m.joinWatermark.values[Math.min(pos, m.joinWatermark.values.length - 1)];
  if (Number.isNaN(v)) return;
  const x = Number.isFinite(v) ? f.clampX(f.px(v)) : L.width - PAD_R;
  wmLine(ctx, x, AXIS_H - 4, bottom, 2, []);
  // An interval join's lane labels its output watermark and its time.
  if (joinInterval(f) && L.joinLane) return;
  const top = L.joinLane ? L.joinLane.top + L.joinLane.height - 8 : AXIS_H;
  const label = `join wm ${Number.isFinite(v) ? formatTime(v) : '+∞'}`;
  ctx.font = '600 11px system-ui, sans-serif';
  const tw = ctx.measureText(label).width;
  const lx = x + 4 + tw > L.width ? x - 4 - tw : x + 4;
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.fillRect(lx - 2, top - 7, tw + 4, 14);
  ctx.fillStyle = WM_COLOR;
  ctx.fillText(label, lx, top);
  ctx.font = '11px system-ui, sans-serif';
}

/** The interval join drawn, when it is the query's join (whose watermark the model holds). */
function joinInterval(f: Frame) {
  const iv = drawnInterval(f);
  return iv && f.m.joinOp && iv.op === f.m.joinOp.id ? iv : null;
}

function wmLine(ctx: CanvasRenderingContext2D, x: number, y0: number, y1: number, w: number, dash: number[]): void {
  ctx.save();
  ctx.strokeStyle = WM_COLOR;
  ctx.lineWidth = w;
  ctx.setLineDash(dash);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, y0);
  ctx.lineTo(Math.round(x) + 0.5, y1);
  ctx.stroke();
  ctx.restore();
}

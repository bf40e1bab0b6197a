// Painters of an interval join: the band of the other side's times the step's row can join (on
// the other side's lane), each kept row's eviction time (a tick: its time + its side's bound +
// 1 ms) and its key's cleanup timer (a small clock: the timer that actually fires, one per key
// and side, which may come later), the join's lane (its time, where the timers fire, and its
// output watermark, held back by the larger bound), and for a row padded with NULLs at this step
// a dashed line from the timer that released it to the output row. Everything is looked up in
// the model (build.ts's interval pass); a step costs one pass over the rows kept.

import type { IntervalInfo, IntervalRow, QueryModel } from '../model';
import { formatDuration, formatTime } from '../time';
import { AXIS_H, type Frame, GUTTER, PAD_R } from './geometry';
import { ellipsize, LANE_COLORS, WM_COLOR } from './style';

/** The interval join drawn (with event-time bounds on an event-time axis), else null. */
export function drawnInterval(f: Frame): IntervalInfo | null {
  const iv = f.m.interval;
  return iv && iv.rowtime && f.L.timeAxis ? iv : null;
}

/** `#3 orders`: a row by its arrival number and table. */
export function rowName(m: QueryModel, r: IntervalRow): string {
  return `#${r.pos}${r.lane !== null ? ` ${m.lanes[r.lane].table}` : ''}`;
}

/** The cleanup timer of a kept row's key after step `pos` (the one that fired, on the step it left). */
export function timerAt(r: IntervalRow, pos: number): number | null {
  if (r.leftPos !== null && pos >= r.leftPos) return r.leftTimer;
  let at: number | null = null;
  for (const t of r.timers) {
    if (t.pos > pos) break;
    at = t.at;
  }
  return at;
}

const short = (v: number) => (Number.isFinite(v) ? formatTime(v, true) : v > 0 ? '+∞' : '−∞');

/** On lane `li`: the band of times the rows arriving at this step can join, when `li` is their other side. */
export function paintIntervalBand(f: Frame, li: number, top: number, height: number): void {
  const iv = drawnInterval(f);
  if (!iv) return;
  const { ctx, pos } = f;
  for (const r of iv.probes[pos] ?? []) {
    if (r.otherLane !== li) continue;
    const color = LANE_COLORS[(r.lane ?? 0) % LANE_COLORS.length];
    const a = f.px(r.from);
    const b = f.px(r.to);
    const x0 = f.clampX(a);
    const x1 = f.clampX(b);
    const w = Math.max(2, x1 - x0);
    ctx.save();
    ctx.globalAlpha = 0.13;
    ctx.fillStyle = color;
    ctx.fillRect(x0, top + 2, w, height - 4);
    ctx.globalAlpha = 0.85;
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.setLineDash(r.cached ? [] : [4, 3]);
    ctx.beginPath();
    // An edge cut by the plot is left open.
    if (a >= f.clampX(a)) {
      ctx.moveTo(x0 + 0.5, top + 2);
      ctx.lineTo(x0 + 0.5, top + height - 2);
    }
    if (b <= f.clampX(b)) {
      ctx.moveTo(x0 + w - 0.5, top + 2);
      ctx.lineTo(x0 + w - 0.5, top + height - 2);
    }
    ctx.stroke();
    ctx.restore();
    // The label at the band's bottom, inside when it fits, else beside it.
    ctx.font = '600 10px system-ui, sans-serif';
    const label = `#${r.pos}${r.cached ? '' : ' (late)'} can join ${short(r.from)} – ${short(r.to)}`;
    const tw = ctx.measureText(label).width;
    const y = top + height - 8;
    let lx = x0 + 4;
    if (tw + 8 > w) lx = x1 + 4 + tw < f.L.width - PAD_R ? x1 + 4 : Math.max(GUTTER + 2, x0 - 4 - tw);
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(lx - 2, y - 6, tw + 4, 12);
    ctx.fillStyle = color;
    ctx.fillText(label, lx, y);
    ctx.font = '11px system-ui, sans-serif';
    f.hits.push({ x: (x0 + x1) / 2, y, r: Math.max(8, w / 2), pos: r.pos, label: `#${r.pos}: it can join ${f.m.lanes[li].table} rows of times [${short(r.from)}, ${short(r.to)}]` });
  }
}

/**
 * Each row the join keeps after this step (and those that leave at it), on its own lane just
 * under its mark: a line to its eviction time (a tick) and to its key's cleanup timer (a clock,
 * filled when it fires at this step). The step's own row is drawn strong, the others faint;
 * dense lanes draw the step's rows only.
 */
export function paintIntervalMarks(f: Frame): void {
  const iv = drawnInterval(f);
  if (!iv) return;
  const { ctx, m, pos, L } = f;
  for (const r of iv.cached) {
    if (r.pos > pos) break;
    if (r.leftPos !== null && r.leftPos < pos) continue;
    const mark = r.lineage.length === 1 ? m.rowsByPos[r.lineage[0]] : null;
    if (!mark || r.lane === null || r.expires === null) continue;
    const now = r.pos === pos;
    const leaving = r.leftPos === pos;
    if (L.dense && !now && !leaving) continue;
    const color = LANE_COLORS[r.lane % LANE_COLORS.length];
    const x = f.xOfRow(mark);
    const y = f.yOfRow(mark) + (L.dense ? 5 : 12);
    const xe = f.clampX(f.px(r.expires));
    const timer = timerAt(r, pos);
    const xt = timer === null ? null : Number.isFinite(timer) ? f.clampX(f.px(timer)) : L.width - PAD_R;
    ctx.save();
    ctx.globalAlpha = now || leaving ? 1 : 0.45;
    ctx.strokeStyle = color;
    ctx.lineWidth = now ? 1.5 : 1;
    // Its stay: from the row to its eviction time, then dotted on to a later timer.
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(xe, y);
    ctx.stroke();
    if (xt !== null && xt > xe + 1) {
      ctx.setLineDash([2, 2]);
      ctx.beginPath();
      ctx.moveTo(xe, y);
      ctx.lineTo(xt, y);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    // The tick: evicted from here.
    // Taller than the clock, so it shows when the timer falls on it.
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(xe, y - 7);
    ctx.lineTo(xe, y + 7);
    ctx.stroke();
    if (xt !== null) paintClock(ctx, xt, y, leaving && r.leftTimer !== null, color);
    ctx.restore();
    const name = rowName(m, r);
    f.hits.push({ x: xe, y, r: 4, pos: r.pos, label: `${name}: leaves the state once the join's time reaches ${short(r.expires)} (its time + its side's bound + 1 ms)` });
    if (xt !== null && timer !== null)
      f.hits.push({
        x: xt,
        y,
        r: 5,
        // Its clock leads to the step at which the row leaves.
        pos: r.leftPos ?? r.pos,
        label:
          r.leftPos !== null
            ? `${name}: its key's cleanup timer ${short(timer)}; it left at step ${r.leftPos}${r.padded ? ', padded with NULLs' : ''}`
            : `${name}: its key's cleanup timer ${short(timer)}`,
      });
  }
}

/** A small clock: hollow while set, filled when it fires. */
function paintClock(ctx: CanvasRenderingContext2D, x: number, y: number, fired: boolean, color: string): void {
  ctx.globalAlpha = Math.max(ctx.globalAlpha, 0.7);
  ctx.beginPath();
  ctx.arc(x, y, 4.5, 0, Math.PI * 2);
  ctx.fillStyle = fired ? WM_COLOR : '#fff';
  ctx.fill();
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = fired ? WM_COLOR : color;
  ctx.stroke();
  ctx.strokeStyle = fired ? '#fff' : color;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x, y - 3);
  ctx.moveTo(x, y);
  ctx.lineTo(x + 2.5, y);
  ctx.stroke();
}

/**
 * The interval join's lane: its name and bounds, its time (the smaller input watermark, where the
 * cleanup timers fire) and its output watermark, the first held back by the second by its
 * larger bound, drawn as an arrow between the two.
 */
export function paintIntervalLane(f: Frame): void {
  const iv = drawnInterval(f);
  const geo = f.L.joinLane;
  if (!iv || !geo || f.m.windows.length) return;
  const { ctx, m, L, pos } = f;
  ctx.fillStyle = '#f1f5f9';
  ctx.fillRect(0, geo.top, L.width, geo.height);
  ctx.fillStyle = '#0f172a';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.fillText(ellipsize(ctx, m.joinOp?.kind ?? 'IntervalJoin', GUTTER - 22), 16, geo.top + 13);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#64748b';
  ctx.font = '10.5px system-ui, sans-serif';
  ctx.fillText(ellipsize(ctx, boundsText(iv), GUTTER - 20), 16, geo.top + 28);
  ctx.font = '11px system-ui, sans-serif';
  const out = m.joinWatermark?.values[Math.min(pos, m.joinWatermark.values.length - 1)] ?? Number.NaN;
  const t = iv.time[Math.min(pos, iv.time.length - 1)];
  if (Number.isNaN(out) || Number.isNaN(t)) return;
  const xOf = (v: number) => (Number.isFinite(v) ? f.clampX(f.px(v)) : L.width - PAD_R);
  const xo = xOf(out);
  const xt = xOf(t);
  const y = geo.top + 25;
  if (iv.delay > 0 && xt - xo > 6) {
    // The delay: an arrow from the join's time back to the output watermark.
    ctx.save();
    ctx.strokeStyle = WM_COLOR;
    ctx.fillStyle = WM_COLOR;
    ctx.lineWidth = 1.25;
    ctx.beginPath();
    ctx.moveTo(xt, y);
    ctx.lineTo(xo + 5, y);
    ctx.stroke();
    ctx.beginPath();
    ctx.moveTo(xo + 1, y);
    ctx.lineTo(xo + 7, y - 3.5);
    ctx.lineTo(xo + 7, y + 3.5);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
    const label = `held back by ${formatDuration(iv.delay)}`;
    ctx.font = '10px system-ui, sans-serif';
    const tw = ctx.measureText(label).width;
    if (tw + 16 < xt - xo) {
      const lx = (xo + xt) / 2 - tw / 2;
      ctx.fillStyle = '#f1f5f9';
      ctx.fillRect(lx - 3, y - 6, tw + 6, 12);
      ctx.fillStyle = WM_COLOR;
      ctx.fillText(label, lx, y);
    }
    ctx.font = '11px system-ui, sans-serif';
  }
  // The join's time, labelled at the lane's top; the output watermark at its bottom.
  ctx.font = '600 11px system-ui, sans-serif';
  placeLabel(ctx, f, xt, geo.top + 11, intervalTimeLabel(iv, t));
  if (iv.delay > 0) placeLabel(ctx, f, xo, geo.top + geo.height - 9, `IntervalJoin output wm ${short(out)} (held back by ${formatDuration(iv.delay)})`);
  ctx.font = '11px system-ui, sans-serif';
}

/** The label of the join's time on its lane (the held-back label goes after it). */
export function intervalTimeLabel(iv: IntervalInfo, t: number): string {
  return iv.delay > 0 ? `join time ${short(t)} · timers fire here` : `join time = wm ${short(t)} (not held back)`;
}

/** A label beside a vertical line at x: to its right when it fits, else to its left. */
function placeLabel(ctx: CanvasRenderingContext2D, f: Frame, x: number, y: number, text: string): void {
  const tw = ctx.measureText(text).width;
  const lx = x + 5 + tw > f.L.width - 2 ? x - 5 - tw : x + 5;
  ctx.fillStyle = 'rgba(241,245,249,0.92)';
  ctx.fillRect(lx - 2, y - 7, tw + 4, 14);
  ctx.fillStyle = WM_COLOR;
  ctx.fillText(text, lx, y);
}

/** The join's time as a dotted line across the lanes (when the output watermark is held back). */
export function paintIntervalTime(f: Frame): void {
  const iv = drawnInterval(f);
  if (!iv || iv.delay <= 0 || !f.m.joinOp || iv.op !== f.m.joinOp.id) return;
  const t = iv.time[Math.min(f.pos, iv.time.length - 1)];
  if (Number.isNaN(t)) return;
  const { ctx, L, bottom } = f;
  const x = Number.isFinite(t) ? f.clampX(f.px(t)) : L.width - PAD_R;
  ctx.save();
  ctx.strokeStyle = WM_COLOR;
  ctx.globalAlpha = 0.8;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([1.5, 3]);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, AXIS_H - 4);
  ctx.lineTo(Math.round(x) + 0.5, bottom);
  ctx.stroke();
  ctx.restore();
}

/**
 * Rows padded with NULLs at this step (or the one hovered) by a cleanup: a dashed line from the
 * clock of the timer that released them to the output row, which sits at the join's time then.
 */
export function paintPaddedLinks(f: Frame, hover: number | null): void {
  const iv = drawnInterval(f);
  if (!iv) return;
  const { ctx, m, pos } = f;
  const end = m.outEnd[Math.min(pos, m.outEnd.length - 1)];
  const list = hover !== null && hover < end ? [hover] : Array.from({ length: end - (pos > 0 ? m.outEnd[pos - 1] : 0) }, (_, i) => (pos > 0 ? m.outEnd[pos - 1] : 0) + i);
  ctx.save();
  ctx.strokeStyle = WM_COLOR;
  ctx.lineWidth = 1.25;
  ctx.setLineDash([4, 3]);
  for (const i of list.slice(0, 40)) {
    const p = m.outputs[i]?.padded;
    if (!p || p.late || p.timer === null) continue;
    const mark = p.of.lineage.length === 1 ? m.rowsByPos[p.of.lineage[0]] : null;
    if (!mark) continue;
    const cx = Number.isFinite(p.timer) ? f.clampX(f.px(p.timer)) : f.L.width - PAD_R;
    const cy = f.yOfRow(mark) + (f.L.dense ? 5 : 12) + 5;
    const ox = f.xOfOutput(i);
    const oy = f.yOfOutput(i) - 6;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.bezierCurveTo(cx, (cy + oy) / 2, ox, (cy + oy) / 2, ox, oy);
    ctx.stroke();
  }
  ctx.restore();
}

/** `bounds −4 h … 0`, `bounds ±10 min`, `equal times`: of left time − right time, for the lane's gutter. */
export function boundsText(iv: IntervalInfo): string {
  if (iv.lower === null || iv.upper === null) return 'interval join';
  const d = (v: number) => (v === 0 ? '0' : formatDuration(v));
  if (iv.lower === 0 && iv.upper === 0) return 'equal times';
  if (iv.lower === -iv.upper) return `bounds ±${d(iv.upper)}`;
  return `bounds ${d(iv.lower)} … ${d(iv.upper)}`;
}

/** At most this many kept rows are listed in words. */
const MAX_LISTED = 40;

/**
 * What the interval-join marks of this step say, in words (the timeline's accessible text): the
 * band of each row arriving, the rows kept with their eviction time and timer, the rows that
 * leave, the padded rows and what released them, and the join's two clocks.
 */
export function intervalMarksText(m: QueryModel, pos: number): string[] {
  const iv = m.interval;
  if (!iv) return [];
  const out: string[] = [];
  const other = (r: IntervalRow) => (r.otherLane !== null ? m.lanes[r.otherLane].table : 'the other side');
  for (const r of iv.probes[pos] ?? []) {
    out.push(
      `band: ${rowName(m, r)} at ${short(r.time)} can join ${other(r)} rows of times ${short(r.from)} – ${short(r.to)}; joined ${r.matched}; ` +
        (r.cached
          ? `kept until the join's time passes ${short(r.to)}, its key's cleanup timer ${r.timers[0]?.at != null ? short(r.timers[0].at) : 'none'}`
          : "late: the join's time had passed its range, not kept"),
    );
  }
  let listed = 0;
  for (const r of iv.cached) {
    if (r.pos > pos) break;
    if (r.leftPos !== null && r.leftPos < pos) continue;
    if (r.leftPos === pos) {
      out.push(
        `left state: ${rowName(m, r)} ${r.leftTimer !== null ? `when its key's cleanup timer ${short(r.leftTimer)} fired` : 'found expired by a probe'}` +
          `${r.leftAt !== null ? ` at the join's time ${short(r.leftAt)}` : ''}${r.padded ? ', padded with NULLs (it never joined)' : ''}`,
      );
      continue;
    }
    if (listed++ >= MAX_LISTED) continue;
    const timer = timerAt(r, pos);
    out.push(`in state: ${rowName(m, r)} until ${r.expires !== null ? short(r.expires) : '?'}, timer ${timer !== null ? short(timer) : 'none'}`);
  }
  if (listed > MAX_LISTED) out.push(`… and ${listed - MAX_LISTED} more rows in state`);
  for (let i = pos > 0 ? m.outEnd[pos - 1] : 0; i < m.outEnd[pos]; i++) {
    const o = m.outputs[i];
    if (!o.padded) continue;
    const p = o.padded;
    out.push(
      p.late
        ? `padded: ${o.text} at once: ${rowName(m, p.of)} is late and joined nothing`
        : `padded: ${o.text} released at step ${o.pos}${p.timer !== null ? ` by its key's cleanup timer ${short(p.timer)}` : ''}${p.at !== null ? `, the join's time ${short(p.at)}` : ''}`,
    );
  }
  const t = iv.time[pos];
  const wm = m.joinWatermark && iv.op === m.joinOp?.id ? m.joinWatermark.values[pos] : Number.NaN;
  if (!Number.isNaN(t) && !Number.isNaN(wm))
    out.push(
      iv.delay > 0
        ? `watermarks: join time ${short(t)}; IntervalJoin output watermark ${short(wm)} (held back by ${formatDuration(iv.delay)})`
        : `watermarks: join time = IntervalJoin watermark ${short(wm)} (not held back)`,
    );
  return out;
}

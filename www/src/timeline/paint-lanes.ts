// Painters of the axis and the input lanes: one lane per table (its name, rows arrived so far,
// its watermark), its rows as marks labelled with their arrival number: filled once arrived,
// dashed while in the future or when dropped, a crossed square labelled "late" when the join
// dropped it as late, the current step's row ringed.

import { formatDate, formatTime, ticks } from '../time';
import { type RowMark, waitingAt } from '../model';
import { AXIS_H, type Frame, GUTTER } from './geometry';
import { denseLaneRows } from './mark-index';
import { paintIntervalBand } from './paint-interval';
import { paintSourceIdle, paintSourceWatermark } from './paint-watermarks';
import { ellipsize, LANE_COLORS, LATE_COLOR, lateWhy } from './style';

/** The time (or arrival-number) axis with its grid lines, the date and the clock's zone. */
export function paintAxis(f: Frame): void {
  const { ctx, m, L, px, plotW, bottom } = f;
  ctx.fillStyle = '#64748b';
  ctx.strokeStyle = '#e2e8f0';
  ctx.lineWidth = 1;
  const tk = f.gutter ? { step: 1, values: [] } : L.timeAxis ? ticks(L.from, L.to, Math.max(3, Math.floor(plotW / 110))) : ticks(L.from, L.to, Math.max(3, Math.floor(plotW / 60)));
  ctx.textAlign = 'center';
  for (const v of tk.values) {
    const x = Math.round(px(v)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, AXIS_H - 6);
    ctx.lineTo(x, bottom);
    ctx.stroke();
    const label = L.timeAxis ? formatTime(v, tk.step >= 1000) : `#${v}`;
    ctx.fillText(label, x, AXIS_H - 14);
  }
  ctx.textAlign = 'left';
  ctx.fillStyle = '#334155';
  ctx.font = '600 11px system-ui, sans-serif';
  ctx.fillText(L.timeAxis ? formatDate(m.extent?.from ?? L.from) : 'arrival order', 8, 10);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#64748b';
  ctx.fillText(L.timeAxis ? ellipsize(ctx, m.ltz ? m.zone : 'event time', GUTTER - 12) : '', 8, 24);
}

/** How far outside the canvas a row's mark may be and still show a part (its label, "late",
 * "dropped"): farther, it is not painted. */
const OFF_PLOT = 200;

/** Every input lane: background, the table's watermark, its name and count, its rows. */
export function paintLanes(f: Frame): void {
  const { ctx, m, L, pos } = f;
  m.lanes.forEach((lane, li) => {
    const geo = L.lanes[li];
    const color = LANE_COLORS[li % LANE_COLORS.length];
    ctx.fillStyle = li % 2 ? '#f8fafc' : '#ffffff';
    ctx.fillRect(0, geo.top, L.width, geo.height);
    paintSourceWatermark(f, lane.table, geo.top, geo.height);
    paintSourceIdle(f, lane.table, geo.top, geo.height);
    paintIntervalBand(f, li, geo.top, geo.height);
    ctx.fillStyle = color;
    ctx.fillRect(6, geo.top + 8, 4, geo.height - 16);
    ctx.fillStyle = '#0f172a';
    ctx.font = '600 12px system-ui, sans-serif';
    // `examples.marketplace.orders` → `orders` (the legend and the tooltips have the full name).
    const name = /^examples\./i.test(lane.table) ? lane.table.replace(/^.*\./, '') : lane.table;
    ctx.fillText(ellipsize(ctx, name, GUTTER - 22), 16, geo.top + geo.height / 2 - 6);
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillStyle = '#64748b';
    const arrived = countArrived(lane.rows, pos);
    ctx.fillText(`${arrived}/${lane.rows.length} rows`, 16, geo.top + geo.height / 2 + 8);
    // A lookup table's rows are not a stream of the job: they change a lookup join's store.
    if (geo.height >= 44 && feedsOnlyStores(f, lane.ops)) ctx.fillText(ellipsize(ctx, 'lookup table', GUTTER - 22), 16, geo.top + geo.height / 2 + 22);

    // (painting the gutter only, every mark would land off the canvas)
    if (f.gutter) return;
    if (L.dense) {
      // Dense lanes: one mark per pixel, track and state (mark-index.ts), the step's row always.
      for (const i of denseLaneRows(f, li, lane.rows, arrived, isLate)) {
        const r = lane.rows[i];
        paintRow(f, r, f.xOfRow(r), f.yOfRow(r), color);
      }
      return;
    }
    for (const r of lane.rows) {
      const x = f.xOfRow(r);
      // (zoomed in, a mark well outside the plot is clipped away: not painted)
      if (L.zoomed && (x < -OFF_PLOT || x > L.width + OFF_PLOT)) continue;
      paintRow(f, r, x, f.yOfRow(r), color);
    }
  });
}

function paintRow(f: Frame, r: RowMark, x: number, y: number, color: string): void {
  const { ctx, pos } = f;
  const future = r.pos > pos;
  const current = r.pos === pos;
  if (f.L.dense) {
    ctx.fillStyle = future ? '#cbd5e1' : isLate(r) ? LATE_COLOR : color;
    ctx.fillRect(x - 1.5, y - 1.5, 3, 3);
    if (current) {
      ctx.strokeStyle = '#0f172a';
      ctx.lineWidth = 2;
      ctx.strokeRect(x - 5, y - 5, 10, 10);
    }
    return;
  }
  const label = String(r.pos);
  const w = Math.max(18, ctx.measureText(label).width + 8);
  const h = 16;
  ctx.globalAlpha = future ? 0.28 : 1;
  if (isLate(r) && !future) {
    // A late row: a crossed square, labelled "late".
    ctx.fillStyle = '#fff';
    ctx.strokeStyle = LATE_COLOR;
    ctx.lineWidth = 1.5;
    ctx.fillRect(x - w / 2, y - h / 2, w, h);
    ctx.strokeRect(x - w / 2, y - h / 2, w, h);
    ctx.beginPath();
    ctx.moveTo(x - w / 2, y - h / 2);
    ctx.lineTo(x + w / 2, y + h / 2);
    ctx.moveTo(x + w / 2, y - h / 2);
    ctx.lineTo(x - w / 2, y + h / 2);
    ctx.stroke();
    ctx.fillStyle = LATE_COLOR;
    ctx.textAlign = 'center';
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.fillText(label, x, y);
    ctx.textAlign = 'left';
    ctx.font = '600 10px system-ui, sans-serif';
    ctx.fillText('late', x + w / 2 + 6, y);
    ctx.font = '11px system-ui, sans-serif';
  } else {
    // A probe row waiting in a temporal join for the watermark: hollow, until the step that releases it.
    const waits = !future && !!r.temporal && waitingAt(r.temporal, pos);
    ctx.beginPath();
    ctx.roundRect(x - w / 2, y - h / 2, w, h, 8);
    ctx.fillStyle = future || r.dropped || waits ? '#fff' : color;
    ctx.fill();
    ctx.strokeStyle = color;
    ctx.lineWidth = waits ? 2 : 1.25;
    if (future || r.dropped) ctx.setLineDash([3, 2]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = future || r.dropped || waits ? color : '#fff';
    ctx.textAlign = 'center';
    ctx.font = '600 11px system-ui, sans-serif';
    ctx.fillText(label, x, y + 0.5);
    ctx.font = '11px system-ui, sans-serif';
    if (r.dropped && !future) {
      ctx.fillStyle = '#475569';
      ctx.textAlign = 'left';
      ctx.font = '10px system-ui, sans-serif';
      ctx.fillText('dropped', x + w / 2 + 6, y);
      ctx.font = '11px system-ui, sans-serif';
    }
  }
  ctx.textAlign = 'left';
  ctx.globalAlpha = 1;
  if (current) {
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect(x - w / 2 - 3, y - h / 2 - 3, w + 6, h + 6, 10);
    ctx.stroke();
  }
  const iv = r.interval;
  const ivText = !iv
    ? ''
    : iv.cached
      ? ` (${iv.matched ? `joined ${iv.matched} on arrival; ` : ''}kept until the join's time passes ${formatTime(iv.to)})`
      : ` (late: the join's time had passed ${formatTime(iv.to)}; ${iv.matched ? `it joined ${iv.matched} row${iv.matched === 1 ? '' : 's'} still kept, ` : ''}not kept)`;
  const tp = r.temporal;
  const tText = !tp
    ? ''
    : waitingAt(tp, pos)
      ? ` (waits in the temporal join until its watermark reaches ${formatTime(tp.time)})`
      : tp.releasePos !== null && tp.releasePos <= pos
        ? ` (released at step ${tp.releasePos}: ${tp.outcome === 'joined' ? `joined the version of step ${tp.version?.pos ?? '?'}` : tp.outcome === 'padded' ? 'no version, padded with NULLs' : 'no version, dropped'})`
        : '';
  f.hits.push({ x, y, r: w / 2 + 2, pos: r.pos, row: true, label: `#${r.pos} ${r.text}${r.late ? ` (late: ${lateWhy(r.late)}; dropped by the ${r.late.by})` : ''}${ivText}${tText}${r.dropped ? ` (${r.dropped})` : ''}` });
}

/** Dropped as late by a window join, or late at an interval join (it probed, it was not kept). */
function isLate(r: RowMark): boolean {
  return !!r.late || r.interval?.cached === false;
}

/** Rows of a lane that have arrived by step `pos` (rows are in arrival order). */
function countArrived(rows: RowMark[], pos: number): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].pos <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether a lane's sources feed only lookup joins' stores (their second input). */
function feedsOnlyStores(f: Frame, ops: number[]): boolean {
  const all = f.m.query.operators;
  return (
    ops.length > 0 &&
    ops.every((id) => {
      const users = all.filter((o) => o.inputs.includes(id));
      return users.length > 0 && users.every((o) => o.kind === 'LookupJoin' && o.inputs[1] === id);
    })
  );
}

// Painter of the join lane: each window as a band over its time range, by phase after the step
// (assigned: dashed; open: blue, with its state rows per side; fired: green, with the rows still
// held; purged: grey), with the late rows dropped for it so far.

import { type WindowInfo, type WindowPhase, windowCountsAt, windowPhase } from '../model';
import { BAND_H, type Frame, GUTTER } from './geometry';
import { ellipsize, OUT_COLOR, shortWindow } from './style';

export function paintWindows(f: Frame): void {
  const { ctx, m, L, pos } = f;
  const geo = L.joinLane;
  // An interval join's lane is drawn by paint-interval.ts.
  if (!geo || !m.windows.length) return;
  ctx.fillStyle = '#f1f5f9';
  ctx.fillRect(0, geo.top, L.width, geo.height);
  ctx.fillStyle = '#0f172a';
  ctx.font = '600 12px system-ui, sans-serif';
  ctx.fillText(m.joinOp ? ellipsize(ctx, m.joinOp.kind, GUTTER - 22) : 'windows', 16, geo.top + 12);
  ctx.font = '11px system-ui, sans-serif';
  ctx.fillStyle = '#64748b';
  ctx.fillText('windows', 16, geo.top + 27);
  for (const w of m.windows) {
    const phase = windowPhase(w, pos);
    if (phase === 'future') continue;
    const x0 = f.clampX(f.px(w.start));
    const x1 = f.clampX(f.px(w.end));
    const y = geo.top + 8 + (geo.track.get(w) ?? 0) * (BAND_H + 4);
    paintWindow(ctx, w, phase, x0, x1, y, pos);
  }
}

function paintWindow(ctx: CanvasRenderingContext2D, w: WindowInfo, phase: WindowPhase, x0: number, x1: number, y: number, pos: number): void {
  const width = Math.max(2, x1 - x0 - 2);
  const c = windowCountsAt(w, pos);
  let fill = '#ffffff';
  let stroke = '#94a3b8';
  let text = '';
  let dash: number[] = [];
  switch (phase) {
    case 'assigned':
      dash = [4, 3];
      text = 'assigned';
      break;
    case 'open':
      fill = '#dbeafe';
      stroke = '#2563eb';
      text = `open · ${c.left} left, ${c.right} right`;
      break;
    case 'fired':
      fill = '#dcfce7';
      stroke = OUT_COLOR;
      text = `fired · ${c.left + c.right} rows held`;
      break;
    case 'purged':
      if (w.firePos === pos) {
        fill = '#dcfce7';
        stroke = OUT_COLOR;
        text = 'fired now · state purged';
      } else {
        fill = '#f1f5f9';
        stroke = '#94a3b8';
        text = 'fired · purged';
      }
      break;
    default:
      break;
  }
  const late = w.lateSteps.filter((s) => s <= pos).length;
  if (late) text += ` · ${late} late row${late === 1 ? '' : 's'} dropped`;
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
  const full = `${shortWindow(w.label)}  ${text}`;
  const label = ellipsize(ctx, full, width - 8);
  if (label) ctx.fillText(label, x0 + 5, y + BAND_H / 2 + 0.5);
}

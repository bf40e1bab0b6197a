// The timeline's colours and text helpers, shared by its painters and by the panes that name
// windows the way the timeline does.

export const LANE_COLORS = ['#2563eb', '#d9480f', '#0f766e', '#9333ea', '#b45309', '#be185d'];
export const WM_COLOR = '#6d28d9';
export const OUT_COLOR = '#15803d';
export const LATE_COLOR = '#b91c1c';

/** `[2023-11-03 12:20:00.000, 2023-11-03 12:25:00.000)` → `[12:20, 12:25)`. */
export function shortWindow(label: string): string {
  return label.replace(/\d{4}-\d{2}-\d{2} /g, '').replace(/(\d{2}:\d{2}):00\.000/g, '$1').replace(/\.000/g, '');
}

/** `text` cut to `max` pixels with an ellipsis ('' when even that does not fit). */
export function ellipsize(ctx: CanvasRenderingContext2D, text: string, max: number): string {
  if (max <= 10) return '';
  if (ctx.measureText(text).width <= max) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= max) lo = mid;
    else hi = mid - 1;
  }
  return lo ? `${text.slice(0, lo)}…` : '';
}

/** Why a row was dropped as late, in words (`window [12:00, 12:05) had fired`). */
export function lateWhy(late: { window: string; point: boolean }): string {
  return late.point ? 'its time was behind the watermark' : `window ${shortWindow(late.window)} had fired`;
}

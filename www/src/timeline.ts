// The timeline drawing: one lane per input table (rows at their event time, labelled with their
// arrival number; the table's watermark as a line with the time it has passed shaded), a lane
// for the join operator (windows as bands that open, fire and are purged; the join's
// watermark), and a lane of emitted rows with lines to the input rows they were made of.
// Late rows are drawn as a crossed square with the label "late", never by colour alone.
// Canvas, so a step of a 10,000-row trace draws within a frame; the table view is the
// accessible equivalent.

import { type QueryModel, type RowMark, type WindowInfo, windowCountsAt, windowPhase } from './model';
import { formatDate, formatTime, ticks } from './time';

export const LANE_COLORS = ['#2563eb', '#d9480f', '#0f766e', '#9333ea', '#b45309', '#be185d'];
const WM_COLOR = '#6d28d9';
const OUT_COLOR = '#15803d';
const LATE_COLOR = '#b91c1c';
const GUTTER = 118;
const PAD_R = 18;
const AXIS_H = 34;
const BAND_H = 20;

interface Hit {
  x: number;
  y: number;
  r: number;
  pos: number;
  label: string;
  /** Index of an emitted row (its lineage is drawn on hover). */
  output?: number;
}

interface Layout {
  width: number;
  height: number;
  from: number;
  to: number;
  /** Whether x is event time (else arrival number). */
  timeAxis: boolean;
  lanes: { top: number; height: number; track: Map<RowMark, number> }[];
  joinLane: { top: number; height: number; track: Map<WindowInfo, number> } | null;
  outLane: { top: number; height: number; track: Int32Array };
  dense: boolean;
}

export interface TimelineOptions {
  /** Called when a mark is clicked with the step it belongs to. */
  onPick?: (pos: number) => void;
}

export class Timeline {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly tip: HTMLDivElement;
  private model: QueryModel | null = null;
  private layout: Layout | null = null;
  private pos = 1;
  private hits: Hit[] = [];
  private hoverOutput: number | null = null;
  private resizeObs: ResizeObserver;

  constructor(private readonly opts: TimelineOptions = {}) {
    this.element = document.createElement('div');
    this.element.className = 'timeline';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Timeline of rows, watermarks and windows (the table view below lists the same steps)');
    this.tip = document.createElement('div');
    this.tip.className = 'timeline-tip';
    this.tip.hidden = true;
    this.element.append(this.canvas, this.tip);
    this.resizeObs = new ResizeObserver(() => this.relayout());
    this.resizeObs.observe(this.element);
    this.canvas.addEventListener('mousemove', (e) => this.onMove(e));
    this.canvas.addEventListener('mouseleave', () => {
      this.tip.hidden = true;
      if (this.hoverOutput !== null) {
        this.hoverOutput = null;
        this.draw(this.pos);
      }
    });
    this.canvas.addEventListener('click', (e) => {
      const h = this.hitAt(e);
      if (h) this.opts.onPick?.(h.pos);
    });
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.hoverOutput = null;
    this.relayout();
  }

  destroy(): void {
    this.resizeObs.disconnect();
  }

  private relayout(): void {
    const m = this.model;
    const width = Math.max(320, Math.floor(this.element.clientWidth || 800));
    if (!m) {
      this.layout = null;
      this.canvas.style.height = '0px';
      return;
    }
    const timeAxis = m.extent !== null;
    let from = m.extent?.from ?? 0.5;
    let to = m.extent?.to ?? Math.max(1.5, m.steps.length + 0.5);
    const span = to - from;
    from -= span * 0.04;
    to += span * 0.04;
    const plotW = width - GUTTER - PAD_R;
    const px = (v: number) => GUTTER + ((v - from) / (to - from)) * plotW;
    const xOf = (r: RowMark) => (timeAxis ? r.x : r.pos);

    const totalRows = m.lanes.reduce((n, l) => n + l.rows.length, 0);
    const dense = totalRows > 0 && plotW / totalRows < 6;
    const markW = dense ? 4 : 24;
    const maxTracks = dense ? 3 : 5;

    let top = AXIS_H;
    const lanes: Layout['lanes'] = [];
    for (const lane of m.lanes) {
      const track = new Map<RowMark, number>();
      const ends: number[] = [];
      const sorted = [...lane.rows].sort((a, b) => (xOf(a) ?? 0) - (xOf(b) ?? 0) || a.pos - b.pos);
      for (const r of sorted) {
        const x = px(xOf(r) ?? from);
        let t = ends.findIndex((e) => e < x - markW);
        if (t < 0) t = ends.length < maxTracks ? ends.length : r.pos % maxTracks;
        ends[t] = Math.max(ends[t] ?? -Infinity, x);
        track.set(r, t);
      }
      const n = Math.max(1, Math.min(maxTracks, ends.length));
      const height = 22 + n * (dense ? 9 : 22);
      lanes.push({ top, height, track });
      top += height;
    }

    let joinLane: Layout['joinLane'] = null;
    if (m.windows.length && timeAxis) {
      const track = new Map<WindowInfo, number>();
      const ends: number[] = [];
      for (const w of m.windows) {
        let t = ends.findIndex((e) => e <= w.start);
        if (t < 0) t = ends.length;
        ends[t] = w.end;
        track.set(w, t);
      }
      const n = Math.min(ends.length, 8);
      const height = 26 + n * (BAND_H + 4);
      joinLane = { top, height, track };
      top += height;
    }

    const outTrack = new Int32Array(m.outputs.length);
    const outEnds: number[] = [];
    const outMax = dense ? 4 : 6;
    m.outputs.forEach((o, i) => {
      const x = px(timeAxis ? (o.x ?? from) : o.pos);
      let t = outEnds.findIndex((e) => e < x - (dense ? 3 : 14));
      if (t < 0) t = outEnds.length < outMax ? outEnds.length : i % outMax;
      outEnds[t] = Math.max(outEnds[t] ?? -Infinity, x);
      outTrack[i] = t;
    });
    const outN = Math.max(1, Math.min(outMax, outEnds.length));
    const outLane = { top, height: 22 + outN * (dense ? 8 : 16), track: outTrack };
    top += outLane.height;

    this.layout = { width, height: top + 8, from, to, timeAxis, lanes, joinLane, outLane, dense };
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(this.layout.height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${this.layout.height}px`;
    this.draw(this.pos);
  }

  /** Draws the state after step `pos`. */
  draw(pos: number): void {
    this.pos = pos;
    const m = this.model;
    const L = this.layout;
    const ctx = this.canvas.getContext('2d');
    if (!m || !L || !ctx) return;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, L.width, L.height);
    ctx.font = '11px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    this.hits = [];

    const plotW = L.width - GUTTER - PAD_R;
    const px = (v: number) => GUTTER + ((v - L.from) / (L.to - L.from)) * plotW;
    const clampX = (v: number) => Math.min(Math.max(v, GUTTER), L.width - PAD_R);
    const xOfRow = (r: RowMark) => px((L.timeAxis ? r.x : r.pos) ?? L.from);
    const bottom = L.outLane.top + L.outLane.height;

    // Axis.
    ctx.fillStyle = '#64748b';
    ctx.strokeStyle = '#e2e8f0';
    ctx.lineWidth = 1;
    const tk = L.timeAxis ? ticks(L.from, L.to, Math.max(3, Math.floor(plotW / 110))) : ticks(L.from, L.to, Math.max(3, Math.floor(plotW / 60)));
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

    // Input lanes.
    m.lanes.forEach((lane, li) => {
      const geo = L.lanes[li];
      const color = LANE_COLORS[li % LANE_COLORS.length];
      ctx.fillStyle = li % 2 ? '#f8fafc' : '#ffffff';
      ctx.fillRect(0, geo.top, L.width, geo.height);
      // The time this table's watermark has passed.
      const series = m.sourceWatermarks.find((s) => s.label === lane.table);
      const wm = series ? series.values[Math.min(pos, series.values.length - 1)] : Number.NaN;
      if (!Number.isNaN(wm) && L.timeAxis) {
        const x = Number.isFinite(wm) ? clampX(px(wm)) : L.width - PAD_R;
        ctx.fillStyle = 'rgba(109, 40, 217, 0.07)';
        ctx.fillRect(GUTTER, geo.top, x - GUTTER, geo.height);
        this.wmLine(ctx, x, geo.top, geo.top + geo.height, 1.5, [4, 3]);
        ctx.fillStyle = WM_COLOR;
        ctx.textAlign = x > L.width - 150 ? 'right' : 'left';
        ctx.fillText(`wm ${Number.isFinite(wm) ? formatTime(wm) : '+∞'}`, x + (ctx.textAlign === 'right' ? -4 : 4), geo.top + 8);
        ctx.textAlign = 'left';
      }
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

      const trackH = L.dense ? 9 : 22;
      const drawnRows = new Set<number>();
      for (const r of lane.rows) {
        const x = xOfRow(r);
        const track = geo.track.get(r) ?? 0;
        const y = geo.top + 20 + track * trackH + (L.dense ? 2 : 4);
        if (L.dense && r.pos !== pos) {
          // Dense lanes: one mark per pixel, track and state.
          const key = (Math.round(x) * 8 + track) * 4 + (r.pos > pos ? 0 : r.late ? 2 : 1);
          if (drawnRows.has(key)) continue;
          drawnRows.add(key);
        }
        this.drawRow(ctx, r, x, y, color, pos, L.dense);
      }
    });

    // Join lane: windows as bands.
    if (L.joinLane) {
      const geo = L.joinLane;
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
        const x0 = clampX(px(w.start));
        const x1 = clampX(px(w.end));
        const y = geo.top + 8 + (geo.track.get(w) ?? 0) * (BAND_H + 4);
        this.drawWindow(ctx, w, phase, x0, x1, y, pos);
      }
    }

    // Output lane.
    const og = L.outLane;
    ctx.fillStyle = '#f0fdf4';
    ctx.fillRect(0, og.top, L.width, og.height);
    ctx.fillStyle = '#0f172a';
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillText('output', 16, og.top + 12);
    ctx.font = '11px system-ui, sans-serif';
    ctx.fillStyle = '#64748b';
    const emitted = m.outEnd[Math.min(pos, m.outEnd.length - 1)];
    ctx.fillText(`${emitted} row${emitted === 1 ? '' : 's'}`, 16, og.top + 27);
    const outStep = L.dense ? 8 : 16;
    const stepStart = pos > 0 ? m.outEnd[pos - 1] : 0;
    // Marks that would land on the same pixel are drawn once (thousands of rows per window).
    const drawn = new Set<number>();
    for (let i = 0; i < emitted; i++) {
      const o = m.outputs[i];
      const x = clampX(px(L.timeAxis ? (o.x ?? L.from) : o.pos));
      const y = og.top + 18 + og.track[i] * outStep + 4;
      const current = i >= stepStart;
      const key = (Math.round(x) * 64 + og.track[i]) * 2 + (current ? 1 : 0);
      if (drawn.has(key)) continue;
      drawn.add(key);
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
      if (!L.dense) this.hits.push({ x, y, r: 7, pos: o.pos, label: `${o.text} (step ${o.pos})`, output: i });
    }

    // A held-back join watermark: the time between it and the input that is ahead, hatched.
    const held = m.held[Math.min(pos, m.held.length - 1)];
    if (held && m.joinWatermark && L.timeAxis) {
      const v = m.joinWatermark.values[Math.min(pos, m.joinWatermark.values.length - 1)];
      let lead = Number.NaN;
      for (const s of m.sourceWatermarks) {
        const w = s.values[Math.min(pos, s.values.length - 1)];
        if (s.label !== held.by && Number.isFinite(w) && !(w <= lead)) lead = w;
      }
      const x0 = Number.isFinite(v) ? clampX(px(v)) : GUTTER;
      const x1 = Number.isFinite(lead) ? clampX(px(lead)) : Number.NaN;
      if (Number.isFinite(x1) && x1 - x0 > 2) {
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
        const joinLabelW = ctx.measureText(`join wm ${Number.isFinite(v) ? formatTime(v) : '+∞'}`).width;
        const y = L.joinLane ? L.joinLane.top + L.joinLane.height - 8 : AXIS_H;
        const lx = Math.min(Math.max(x1 - 4 - tw, x0 + 4 + joinLabelW + 10), L.width - PAD_R - tw - 4);
        ctx.fillStyle = 'rgba(255,255,255,0.9)';
        ctx.fillRect(lx - 2, y - 7, tw + 4, 14);
        ctx.fillStyle = '#b45309';
        ctx.fillText(label, lx, y);
        ctx.font = '11px system-ui, sans-serif';
      }
    }

    // Join watermark: across every lane.
    if (m.joinWatermark && L.timeAxis) {
      const v = m.joinWatermark.values[Math.min(pos, m.joinWatermark.values.length - 1)];
      if (!Number.isNaN(v)) {
        const x = Number.isFinite(v) ? clampX(px(v)) : L.width - PAD_R;
        this.wmLine(ctx, x, AXIS_H - 4, bottom, 2, []);
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
    }

    // Lineage: lines from the rows emitted at this step (or the hovered one) to their inputs.
    const lineage: number[] = [];
    if (this.hoverOutput !== null && this.hoverOutput < emitted) lineage.push(this.hoverOutput);
    else for (let i = stepStart; i < emitted && lineage.length < (L.dense ? 8 : 80); i++) lineage.push(i);
    ctx.strokeStyle = 'rgba(21, 128, 61, 0.55)';
    ctx.lineWidth = 1.25;
    for (const i of lineage) {
      const o = m.outputs[i];
      const ox = clampX(px(L.timeAxis ? (o.x ?? L.from) : o.pos));
      const oy = og.top + 18 + og.track[i] * outStep + 4;
      for (const l of o.lineage) {
        const r = m.rowsByPos[l];
        if (!r) continue;
        const geo = L.lanes[r.lane];
        const rx = xOfRow(r);
        const ry = geo.top + 20 + (geo.track.get(r) ?? 0) * (L.dense ? 9 : 22) + (L.dense ? 2 : 4);
        ctx.beginPath();
        ctx.moveTo(ox, oy - 6);
        ctx.bezierCurveTo(ox, (oy + ry) / 2, rx, (oy + ry) / 2, rx, ry + 8);
        ctx.stroke();
      }
    }
  }

  private wmLine(ctx: CanvasRenderingContext2D, x: number, y0: number, y1: number, w: number, dash: number[]): void {
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

  private drawRow(ctx: CanvasRenderingContext2D, r: RowMark, x: number, y: number, color: string, pos: number, dense: boolean): void {
    const future = r.pos > pos;
    const current = r.pos === pos;
    if (dense) {
      ctx.fillStyle = future ? '#cbd5e1' : r.late ? LATE_COLOR : color;
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
    if (r.late && !future) {
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
      ctx.beginPath();
      ctx.roundRect(x - w / 2, y - h / 2, w, h, 8);
      ctx.fillStyle = future ? '#fff' : r.dropped ? '#fff' : color;
      ctx.fill();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1.25;
      if (future || r.dropped) ctx.setLineDash([3, 2]);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = future || r.dropped ? color : '#fff';
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
    this.hits.push({ x, y, r: w / 2 + 2, pos: r.pos, label: `#${r.pos} ${r.text}${r.late ? ` (late: window ${r.late.window} had fired)` : ''}${r.dropped ? ` (${r.dropped})` : ''}` });
  }

  private drawWindow(ctx: CanvasRenderingContext2D, w: WindowInfo, phase: string, x0: number, x1: number, y: number, pos: number): void {
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

  private hitAt(e: MouseEvent): Hit | null {
    const rect = this.canvas.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    let best: Hit | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const h of this.hits) {
      const d = Math.hypot(h.x - x, h.y - y);
      if (d <= h.r + 3 && d < bestD) {
        best = h;
        bestD = d;
      }
    }
    return best;
  }

  /** Draws the lineage of one emitted row (null: the rows of the current step). */
  highlightOutput(index: number | null): void {
    if (index === this.hoverOutput) return;
    this.hoverOutput = index;
    this.draw(this.pos);
  }

  private onMove(e: MouseEvent): void {
    const h = this.hitAt(e);
    this.canvas.style.cursor = h ? 'pointer' : 'default';
    this.highlightOutput(h?.output ?? null);
    if (!h) {
      this.tip.hidden = true;
      return;
    }
    this.tip.textContent = h.label;
    this.tip.hidden = false;
    const rect = this.canvas.getBoundingClientRect();
    this.tip.style.left = `${Math.min(h.x + 10, rect.width - 260)}px`;
    this.tip.style.top = `${h.y + 12}px`;
  }
}

function countArrived(rows: RowMark[], pos: number): number {
  // Rows are in arrival order.
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].pos <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** `[2023-11-03 12:20:00.000, 2023-11-03 12:25:00.000)` → `[12:20, 12:25)`. */
export function shortWindow(label: string): string {
  return label.replace(/\d{4}-\d{2}-\d{2} /g, '').replace(/(\d{2}:\d{2}):00\.000/g, '$1').replace(/\.000/g, '');
}

function ellipsize(ctx: CanvasRenderingContext2D, text: string, max: number): string {
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

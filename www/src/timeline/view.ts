// The timeline drawing: one lane per input table (rows at their event time, labelled with their
// arrival number; the table's watermark as a line with the time it has passed shaded), a lane
// for the join operator (windows as bands that open, fire and are purged; the join's
// watermark), and a lane of emitted rows with lines to the input rows they were made of.
// Late rows are drawn as a crossed square with the label "late", never by colour alone.
// Canvas, so a step of a 10,000-row trace draws within a frame; the table view is the
// accessible equivalent. This class owns the canvas, its size and the pointer; geometry.ts
// places things and the paint-*.ts painters draw them. The mark of the step's row can be dragged
// (What if, issue 19; click a row to make its step the one shown): to another event time, or with
// no times to another place in the input; the host edits the script (the What if buttons are the
// keyboard's way to the same edits). A drag anywhere else pans a zoomed view: it never edits.

import { h } from '../dom';
import type { QueryModel } from '../model';
import type { Pane } from '../panes/pane';
import { formatTime } from '../time';
import { frame, fullRange, GUTTER, type Hit, type Layout, layoutFor, PAD_R, type XRange } from './geometry';
import { intervalMarksText, paintIntervalLane, paintIntervalMarks, paintIntervalTime, paintPaddedLinks } from './paint-interval';
import { paintAxis, paintLanes } from './paint-lanes';
import { paintLineage, paintOutputs, unnestMarksText } from './paint-outputs';
import { paintAsOfLinks, paintVersionLane, temporalMarksText } from './paint-temporal';
import { idleMarksText, paintHeldBack, paintJoinWatermark } from './paint-watermarks';
import { paintWindows, windowMarksText } from './paint-windows';

/** Band labels the focus tooltip shows at most. */
const FOCUS_LABELS = 4;

/** One zoom button's factor; the narrowest view (display-clock ms, or arrivals). */
const ZOOM_STEP = 2;
const MIN_SPAN_MS = 20;
const MIN_SPAN_ARRIVALS = 4;
/** Rows in the model from which the zoom bar is shown (before: only while zoomed). */
const ZOOM_BAR_ROWS = 100;
/** A pointer that moves this far while pressed pans the view (a shorter press is a click). */
const DRAG_PX = 4;

/** Numbers the playgrounds' timeline descriptions (ids are unique on a page of several). */
let described = 0;

/** The x axis a drag moves along: event time (display-clock ms) or arrival (rows). */
export type DragAxis = 'time' | 'arrival';

/** Times a drag snaps to (ms): the first at least SNAP_PX pixels wide at the zoom shown. */
const SNAPS = [1, 10, 100, 1000, 5000, 10_000, 30_000, 60_000, 300_000, 600_000, 1_800_000, 3_600_000, 21_600_000, 86_400_000];
const SNAP_PX = 4;

export interface TimelineOptions {
  /** Called when a mark is clicked with the step it belongs to. */
  onPick?: (pos: number) => void;
  /** Rows that can be dragged (What if): `can` says which, `drop` gets the move (ms, or rows). */
  dragRow?: { can: (pos: number, axis: DragAxis) => boolean; drop: (pos: number, delta: number, axis: DragAxis) => void };
}

export class Timeline implements Pane {
  readonly element: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly tip: HTMLDivElement;
  private model: QueryModel | null = null;
  private layout: Layout | null = null;
  private pos = 1;
  private hits: Hit[] = [];
  private hoverOutput: number | null = null;
  private resizeObs: ResizeObserver;
  /** The marks of the step in words (screen readers, tests): an interval join's, the window lanes'. */
  private readonly described: HTMLUListElement;
  private describedText = '';
  private focused = false;
  /** The part of the x axis shown (null: all of it), and the model's whole range. */
  private view: XRange | null = null;
  private full: XRange = { from: 0, to: 1 };
  private readonly zoomBar: HTMLDivElement;
  private readonly zoomText: HTMLSpanElement;
  private readonly zoomIn: HTMLButtonElement;
  private readonly zoomOut: HTMLButtonElement;
  private readonly zoomFit: HTMLButtonElement;
  /** A press on the canvas: where it began and the view then (a drag pans). */
  private press: { x: number; view: XRange; moved: boolean } | null = null;
  private frameReq: number | null = null;
  private dragged = false;
  /** A row's mark being dragged: its step, where the press began, the move so far (snapped). */
  private rowDrag: { pos: number; x: number; at: number; hit: Hit; moved: boolean; delta: number } | null = null;

  constructor(private readonly opts: TimelineOptions = {}) {
    this.element = document.createElement('div');
    this.element.className = 'timeline';
    this.canvas = document.createElement('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'Timeline of rows, watermarks and windows (the table view below lists the same steps)');
    this.tip = document.createElement('div');
    this.tip.className = 'timeline-tip';
    this.tip.hidden = true;
    const id = `jl-timeline-marks-${++described}`;
    this.described = h('ul', { id, class: 'jl-sr-only', 'data-testid': 'timeline-marks', 'aria-label': 'What the timeline marks at this step' });
    this.canvas.setAttribute('aria-describedby', id);
    // Focusable: with the keyboard's focus on it, the tooltip shows the full labels of the
    // windows' bands (a narrow band cuts its label with "…"), and ← → still step.
    this.canvas.tabIndex = 0;
    Object.defineProperty(this.canvas, 'joinlabMarkPoint', { value: (pos: number) => this.markPoint(pos) });
    this.canvas.addEventListener('focus', () => {
      this.focused = true;
      this.showFocusTip();
    });
    this.canvas.addEventListener('blur', () => {
      this.focused = false;
      this.tip.hidden = true;
    });
    // Zoom and pan (issue 16): buttons, + − 0 with the timeline focused, Ctrl + wheel around the
    // pointer, a drag or a horizontal wheel to pan; the view follows the step shown.
    const btn = (label: string, title: string, testid: string, fn: () => void, name = title) => {
      const b = h('button', { type: 'button', class: 'jl-zoom-btn', title, 'aria-label': name, 'data-testid': testid }, label);
      b.addEventListener('click', fn);
      return b;
    };
    this.zoomIn = btn('+', 'Zoom in (+)', 'timeline-zoom-in', () => this.zoomBy(1 / ZOOM_STEP));
    this.zoomOut = btn('−', 'Zoom out (−)', 'timeline-zoom-out', () => this.zoomBy(ZOOM_STEP));
    // (Its accessible name starts with its visible text.)
    this.zoomFit = btn('all', 'Show the whole run (0)', 'timeline-zoom-fit', () => this.setView(null), 'all of the run (0)');
    this.zoomText = h('span', { class: 'jl-zoom-text', 'data-testid': 'timeline-zoom-range', 'aria-live': 'polite' });
    this.zoomBar = h('div', { class: 'jl-zoom', role: 'group', 'aria-label': 'Timeline zoom' }, this.zoomOut, this.zoomIn, this.zoomFit, this.zoomText);
    this.zoomBar.hidden = true;
    this.canvas.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.rowDrag) {
        // A drag given up: nothing is edited.
        this.rowDrag = null;
        this.tip.hidden = true;
        this.draw(this.pos);
        e.preventDefault();
        e.stopPropagation();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === '+' || e.key === '=') this.zoomBy(1 / ZOOM_STEP);
      else if (e.key === '-' || e.key === '_') this.zoomBy(ZOOM_STEP);
      else if (e.key === '0') this.setView(null);
      else return;
      e.preventDefault();
      e.stopPropagation();
    });
    this.canvas.addEventListener(
      'wheel',
      (e) => {
        if (!this.model) return;
        if (e.ctrlKey || e.metaKey) {
          e.preventDefault();
          this.zoomBy(Math.exp(e.deltaY * 0.002), this.valueAt(e.clientX));
        } else if (Math.abs(e.deltaX) > Math.abs(e.deltaY) && this.view) {
          e.preventDefault();
          this.panBy(e.deltaX);
        }
      },
      { passive: false },
    );
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const hit = this.hitAt(e);
      // Only the row of the step shown moves (click a row first): a drag elsewhere pans, never edits.
      if (hit?.row && hit.pos === this.pos && this.opts.dragRow?.can(hit.pos, this.axis())) {
        this.rowDrag = { pos: hit.pos, x: e.clientX, at: this.valueAt(e.clientX), hit, moved: false, delta: 0 };
        return;
      }
      if (!this.view) return;
      this.press = { x: e.clientX, view: this.view, moved: false };
    });
    this.canvas.addEventListener('pointermove', (e) => {
      const d = this.rowDrag;
      if (d) {
        if (!d.moved && Math.abs(e.clientX - d.x) < DRAG_PX) return;
        if (!d.moved) this.canvas.setPointerCapture(e.pointerId);
        d.moved = true;
        d.delta = this.snap(this.valueAt(e.clientX) - d.at);
        this.draw(this.pos);
        return;
      }
      const p = this.press;
      if (!p || !this.layout) return;
      if (!p.moved && Math.abs(e.clientX - p.x) < DRAG_PX) return;
      if (!p.moved) this.canvas.setPointerCapture(e.pointerId);
      p.moved = true;
      const perPx = (p.view.to - p.view.from) / this.plotWidth();
      this.setView(this.clampView({ from: p.view.from - (e.clientX - p.x) * perPx, to: p.view.to - (e.clientX - p.x) * perPx }), false);
    });
    const release = (drop: boolean) => {
      // A drag is not a click on the mark it ends over.
      if (this.press?.moved) this.dragged = true;
      this.press = null;
      const d = this.rowDrag;
      this.rowDrag = null;
      if (!d?.moved) return;
      this.dragged = true;
      this.tip.hidden = true;
      this.draw(this.pos);
      if (drop && d.delta) this.opts.dragRow?.drop(d.pos, d.delta, this.axis());
    };
    this.canvas.addEventListener('pointerup', () => release(true));
    this.canvas.addEventListener('pointercancel', () => release(false));
    this.element.append(this.zoomBar, this.canvas, this.tip, this.described);
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
    // The tooltip is fixed to the window: a scroll would leave it behind.
    window.addEventListener('scroll', this.hideTip, { capture: true, passive: true });
    this.canvas.addEventListener('click', (e) => {
      if (this.dragged) {
        this.dragged = false;
        return;
      }
      const h = this.hitAt(e);
      if (h) this.opts.onPick?.(h.pos);
    });
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.hoverOutput = null;
    this.view = null;
    if (model) this.full = fullRange(model);
    // (the page shows a step of a model with steps next: the canvas is painted then, once)
    this.relayout(!model || model.steps.length === 0);
  }

  show(pos: number): void {
    this.follow(pos);
    this.draw(pos);
  }

  /** Where the mark of step `pos`'s input row is drawn (canvas pixels), null when it is not drawn
   * (tests drag it through `canvas.joinlabMarkPoint`). */
  markPoint(pos: number): { x: number; y: number } | null {
    const hit = this.hits.find((x) => x.row && x.pos === pos);
    return hit ? { x: hit.x, y: hit.y } : null;
  }

  /** The view shown (null: the whole run). */
  get shownRange(): XRange | null {
    return this.view;
  }

  private plotWidth(): number {
    return (this.layout?.width ?? 800) - GUTTER - PAD_R;
  }

  /** The x-axis value under a pointer at `clientX` (kept inside the plot). */
  private valueAt(clientX: number): number {
    const v = this.view ?? this.full;
    const rect = this.canvas.getBoundingClientRect();
    const x = Math.min(Math.max(clientX - rect.left - GUTTER, 0), this.plotWidth());
    return v.from + (x / this.plotWidth()) * (v.to - v.from);
  }

  /** The axis a drag moves along. */
  private axis(): DragAxis {
    return this.layout?.timeAxis === false ? 'arrival' : 'time';
  }

  /** A drag's move snapped: whole rows, or the first time of SNAPS at least SNAP_PX pixels wide. */
  private snap(delta: number): number {
    if (this.axis() === 'arrival') return Math.round(delta);
    const v = this.view ?? this.full;
    const perPx = (v.to - v.from) / this.plotWidth();
    const unit = SNAPS.find((u) => u >= perPx * SNAP_PX) ?? SNAPS[SNAPS.length - 1];
    return Math.round(delta / unit) * unit;
  }

  /** A dragged row's mark where it would go, and the move in words (the tooltip). */
  private paintDrag(ctx: CanvasRenderingContext2D): void {
    const d = this.rowDrag;
    const L = this.layout;
    const m = this.model;
    const r = m?.rowsByPos[d?.pos ?? -1];
    if (!d?.moved || !L || !m || !r) return;
    const from = L.timeAxis ? r.x : r.pos;
    if (from === null) return;
    const to = from + d.delta;
    const px = (v: number) => GUTTER + ((v - L.from) / (L.to - L.from)) * this.plotWidth();
    const x = px(to);
    const y = d.hit.y;
    ctx.save();
    ctx.strokeStyle = '#0f172a';
    ctx.lineWidth = 1.5;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(px(from), y);
    ctx.lineTo(x, y);
    ctx.stroke();
    ctx.beginPath();
    ctx.roundRect(x - 12, y - 9, 24, 18, 8);
    ctx.stroke();
    ctx.restore();
    const what = L.timeAxis
      ? `${r.text}: its time to ${formatTime(to)} (${d.delta < 0 ? '−' : '+'}${moveText(Math.abs(d.delta))}); let go to run it`
      : `${r.text}: ${Math.abs(d.delta)} row${Math.abs(d.delta) === 1 ? '' : 's'} ${d.delta < 0 ? 'earlier' : 'later'} in the input; let go to run it`;
    this.tip.textContent = d.delta ? `${what} (Esc: cancel)` : `${r.text}: drag sideways to move it`;
    this.tip.hidden = false;
    const rect = this.canvas.getBoundingClientRect();
    this.tip.style.left = `${Math.round(Math.min(Math.max(4, rect.left + x + 10), innerWidth - this.tip.offsetWidth - 4))}px`;
    this.tip.style.top = `${Math.round(Math.max(4, rect.top + y + 14))}px`;
  }

  /** Zooms by `factor` (< 1: in) around `at` (default: the current step's row when it is in
   * view, so that the buttons and keys zoom in on it; else the view's middle). */
  private zoomBy(factor: number, at?: number): void {
    if (!this.model) return;
    const v = this.view ?? this.full;
    const step = this.stepX();
    const c = at ?? (step !== null && step >= v.from && step <= v.to ? step : (v.from + v.to) / 2);
    const fullSpan = this.full.to - this.full.from;
    const min = this.layout?.timeAxis === false ? MIN_SPAN_ARRIVALS : MIN_SPAN_MS;
    const span = Math.min(fullSpan, Math.max(Math.min(min, fullSpan), (v.to - v.from) * factor));
    if (span >= fullSpan) {
      this.setView(null);
      return;
    }
    const k = (c - v.from) / (v.to - v.from);
    this.setView(this.clampView({ from: c - k * span, to: c - k * span + span }));
  }

  /** Pans by `dx` pixels (positive: later). */
  private panBy(dx: number): void {
    const v = this.view;
    if (!v) return;
    const d = (dx / this.plotWidth()) * (v.to - v.from);
    this.setView(this.clampView({ from: v.from + d, to: v.to + d }), false);
  }

  /** `v` moved inside the whole range (its span kept). */
  private clampView(v: XRange): XRange {
    const span = v.to - v.from;
    const from = Math.min(Math.max(v.from, this.full.from), this.full.to - span);
    return { from, to: from + span };
  }

  /** Shows `view` (null: the whole run); `now`: lay out at once, else in the next frame (a drag). */
  private setView(view: XRange | null, now = true): void {
    this.view = view && view.to - view.from < this.full.to - this.full.from ? view : null;
    if (now) {
      this.relayout();
      return;
    }
    this.frameReq ??= requestAnimationFrame(() => {
      this.frameReq = null;
      this.relayout();
    });
  }

  /** Where step `pos`'s row sits on the x axis (its time, or its arrival), null when the step is
   * not a row or the row has no time. */
  private stepX(pos = this.pos): number | null {
    const r = this.model?.rowsByPos[pos];
    const x = r ? (this.layout?.timeAxis ? r.x : r.pos) : null;
    return x ?? null;
  }

  /** Zoomed in, the view pans to keep the step's row in sight. */
  private follow(pos: number): void {
    const v = this.view;
    const m = this.model;
    if (!v || !m || pos === this.pos) return;
    const x = this.stepX(pos);
    if (x === null || (x >= v.from && x <= v.to)) return;
    const span = v.to - v.from;
    this.view = this.clampView({ from: x - span / 2, to: x + span / 2 });
    this.relayout(false);
  }

  /** The zoom bar: shown for a trace of many rows or while zoomed in; says what part is shown. */
  private showZoomBar(): void {
    const m = this.model;
    const L = this.layout;
    const rows = m ? m.lanes.reduce((n, l) => n + l.rows.length, 0) : 0;
    this.zoomBar.hidden = !m || !L || (!this.view && rows < ZOOM_BAR_ROWS);
    if (this.zoomBar.hidden || !L) return;
    const v = this.view ?? this.full;
    const fmt = (x: number) => (L.timeAxis ? formatTime(x) : `#${Math.max(0, Math.round(x))}`);
    const share = (this.full.to - this.full.from) / (v.to - v.from);
    this.zoomText.textContent = this.view ? `${fmt(v.from)} – ${fmt(v.to)} (${share >= 10 ? Math.round(share) : share.toFixed(1)}× zoom; drag to pan)` : `the whole run, ${fmt(v.from)} – ${fmt(v.to)}${L.dense ? ' (rows drawn one mark per pixel: zoom in to see each)' : ''}`;
    this.zoomOut.disabled = !this.view;
    this.zoomFit.disabled = !this.view;
    const min = L.timeAxis ? MIN_SPAN_MS : MIN_SPAN_ARRIVALS;
    this.zoomIn.disabled = v.to - v.from <= min;
  }

  private readonly hideTip = (): void => {
    this.tip.hidden = true;
  };

  destroy(): void {
    this.resizeObs.disconnect();
    window.removeEventListener('scroll', this.hideTip, { capture: true });
  }

  /** Draws the lineage of one emitted row (null: the rows of the current step). */
  highlightOutput(index: number | null): void {
    if (index === this.hoverOutput) return;
    this.hoverOutput = index;
    this.draw(this.pos);
  }

  private relayout(draw = true): void {
    const m = this.model;
    const width = Math.max(320, Math.floor(this.element.clientWidth || 800));
    if (!m) {
      this.layout = null;
      this.canvas.style.height = '0px';
      this.showZoomBar();
      return;
    }
    this.layout = layoutFor(m, width, this.view);
    this.showZoomBar();
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(this.layout.height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${this.layout.height}px`;
    if (draw) this.draw(this.pos);
  }

  /** Draws the state after step `pos`, back to front. */
  private draw(pos: number): void {
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
    if (!this.view) paintAll(frame(ctx, m, L, pos, this.hits), this.hoverOutput);
    else {
      // Zoomed in: the plot is painted clipped to its box, then the gutter (the lanes' names and
      // counts) with every mark moved off the canvas, so no mark outside the view lands on it.
      ctx.save();
      ctx.beginPath();
      ctx.rect(GUTTER, 0, L.width - GUTTER, L.height);
      ctx.clip();
      paintAll(frame(ctx, m, L, pos, this.hits), this.hoverOutput);
      ctx.restore();
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, 0, GUTTER, L.height);
      ctx.clip();
      ctx.clearRect(0, 0, GUTTER, L.height);
      const gutter = frame(ctx, m, { ...L, from: L.to + (L.to - L.from) * 1e6, to: L.to + (L.to - L.from) * 2e6 }, pos, [], true);
      paintAll(gutter, null);
      ctx.restore();
      // Marks outside the view cannot be hovered or clicked.
      this.hits = this.hits.filter((x) => x.x >= GUTTER - 2 && x.x <= L.width + 2);
    }
    this.paintDrag(ctx);
    this.describe(m, pos);
    if (this.focused && !this.rowDrag) this.showFocusTip();
  }

  /** The full labels of the bands whose drawn label is cut (a few; the pointer shows any), under the timeline. */
  private showFocusTip(): void {
    if (!this.focused || !this.canvas.matches(':focus-visible')) return;
    const cut = this.hits.filter((x) => x.box && x.cut).map((x) => x.label);
    const shown = cut.slice(0, FOCUS_LABELS);
    if (cut.length > shown.length) shown.push(`… and ${cut.length - shown.length} more (hover a band to read it)`);
    const text = shown.join('\n');
    if (!text) {
      this.tip.hidden = true;
      return;
    }
    this.tip.textContent = text;
    this.tip.hidden = false;
    // The timeline's box (it may scroll the canvas inside it), not the canvas.
    const rect = this.element.getBoundingClientRect();
    const th = this.tip.offsetHeight;
    const top = rect.bottom + 4 + th <= innerHeight ? rect.bottom + 4 : Math.max(4, rect.top + 4);
    this.tip.style.left = `${Math.round(Math.max(4, rect.left + 8))}px`;
    this.tip.style.top = `${Math.round(top)}px`;
  }

  /** The step's marks in words: an interval join's, a temporal join's, the window lanes' (fires, open windows), idle sources. */
  private describe(m: QueryModel, pos: number): void {
    const lines = [...(m.interval ? intervalMarksText(m, pos) : []), ...(m.temporal ? temporalMarksText(m, pos) : []), ...(m.windowLanes.length ? windowMarksText(m, pos) : []), ...idleMarksText(m, pos), ...(m.unnests.length ? unnestMarksText(m, pos) : [])];
    const text = lines.join('\n');
    if (text === this.describedText) return;
    this.describedText = text;
    this.described.replaceChildren(...lines.map((l) => h('li', {}, l)));
  }

  private hitAt(e: MouseEvent): Hit | null {
    const rect = this.canvas.getBoundingClientRect();
    const x = e.clientX - rect.left;
    const y = e.clientY - rect.top;
    let best: Hit | null = null;
    let bestD = Number.POSITIVE_INFINITY;
    for (const h of this.hits) {
      // A box (a band) is hit anywhere inside it, at a distance that lets a row mark on it win.
      const d = h.box ? (Math.abs(h.x - x) <= h.box.hw && Math.abs(h.y - y) <= h.box.hh ? h.r : Number.POSITIVE_INFINITY) : Math.hypot(h.x - x, h.y - y);
      if (d <= h.r + 3 && d < bestD) {
        best = h;
        bestD = d;
      }
    }
    return best;
  }

  private onMove(e: MouseEvent): void {
    if (this.rowDrag?.moved) return;
    const h = this.hitAt(e);
    this.canvas.style.cursor = h?.row && h.pos === this.pos && this.opts.dragRow?.can(h.pos, this.axis()) ? 'grab' : h ? 'pointer' : 'default';
    this.highlightOutput(h?.output ?? null);
    if (!h) {
      this.tip.hidden = true;
      return;
    }
    this.tip.textContent = h.label;
    this.tip.hidden = false;
    // Fixed to the window (the timeline's box clips and scrolls): beside the mark, kept on screen.
    const rect = this.canvas.getBoundingClientRect();
    const tw = this.tip.offsetWidth;
    const th = this.tip.offsetHeight;
    let left = rect.left + h.x + 10;
    if (left + tw > innerWidth - 4) left = Math.max(4, rect.left + h.x - 10 - tw);
    let top = rect.top + h.y + 12;
    if (top + th > innerHeight - 4) top = Math.max(4, rect.top + h.y - 12 - th);
    this.tip.style.left = `${Math.round(left)}px`;
    this.tip.style.top = `${Math.round(top)}px`;
  }
}

/** Every painter, back to front. */
function paintAll(f: ReturnType<typeof frame>, hoverOutput: number | null): void {
  paintAxis(f);
  paintLanes(f);
  paintIntervalMarks(f);
  paintWindows(f);
  paintIntervalLane(f);
  paintVersionLane(f);
  paintOutputs(f);
  paintHeldBack(f);
  paintIntervalTime(f);
  paintJoinWatermark(f);
  paintLineage(f, hoverOutput);
  paintPaddedLinks(f, hoverOutput);
  paintAsOfLinks(f);
}

/** A time span in words: `30 s`, `2 min`, `1 h`, `250 ms`. */
function moveText(ms: number): string {
  if (ms >= 3_600_000 && ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

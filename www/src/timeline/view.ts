// The timeline drawing: one lane per input table (rows at their event time, labelled with their
// arrival number; the table's watermark as a line with the time it has passed shaded), a lane
// for the join operator (windows as bands that open, fire and are purged; the join's
// watermark), and a lane of emitted rows with lines to the input rows they were made of.
// Late rows are drawn as a crossed square with the label "late", never by colour alone.
// Canvas, so a step of a 10,000-row trace draws within a frame; the table view is the
// accessible equivalent. This class owns the canvas, its size and the pointer; geometry.ts
// places things and the paint-*.ts painters draw them.

import { h } from '../dom';
import type { QueryModel } from '../model';
import type { Pane } from '../panes/pane';
import { frame, type Hit, type Layout, layoutFor } from './geometry';
import { intervalMarksText, paintIntervalLane, paintIntervalMarks, paintIntervalTime, paintPaddedLinks } from './paint-interval';
import { paintAxis, paintLanes } from './paint-lanes';
import { paintLineage, paintOutputs, unnestMarksText } from './paint-outputs';
import { paintAsOfLinks, paintVersionLane, temporalMarksText } from './paint-temporal';
import { idleMarksText, paintHeldBack, paintJoinWatermark } from './paint-watermarks';
import { paintWindows, windowMarksText } from './paint-windows';

/** Band labels the focus tooltip shows at most. */
const FOCUS_LABELS = 4;

/** Numbers the playgrounds' timeline descriptions (ids are unique on a page of several). */
let described = 0;

export interface TimelineOptions {
  /** Called when a mark is clicked with the step it belongs to. */
  onPick?: (pos: number) => void;
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
    this.canvas.addEventListener('focus', () => {
      this.focused = true;
      this.showFocusTip();
    });
    this.canvas.addEventListener('blur', () => {
      this.focused = false;
      this.tip.hidden = true;
    });
    this.element.append(this.canvas, this.tip, this.described);
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
      const h = this.hitAt(e);
      if (h) this.opts.onPick?.(h.pos);
    });
  }

  setModel(model: QueryModel | null): void {
    this.model = model;
    this.hoverOutput = null;
    this.relayout();
  }

  show(pos: number): void {
    this.draw(pos);
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

  private relayout(): void {
    const m = this.model;
    const width = Math.max(320, Math.floor(this.element.clientWidth || 800));
    if (!m) {
      this.layout = null;
      this.canvas.style.height = '0px';
      return;
    }
    this.layout = layoutFor(m, width);
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(width * dpr);
    this.canvas.height = Math.round(this.layout.height * dpr);
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${this.layout.height}px`;
    this.draw(this.pos);
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
    const f = frame(ctx, m, L, pos, this.hits);
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
    paintLineage(f, this.hoverOutput);
    paintPaddedLinks(f, this.hoverOutput);
    paintAsOfLinks(f);
    this.describe(m, pos);
    if (this.focused) this.showFocusTip();
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
    const h = this.hitAt(e);
    this.canvas.style.cursor = h ? 'pointer' : 'default';
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
